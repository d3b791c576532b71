"""A position of each ruleset for the page to start from (each sets up: tests/test_web.py)."""

from __future__ import annotations

EXAMPLES: dict[str, str] = {
    "pocket": """# "I take the American Robin and then the Mallard." Is that one draw or two?
ruleset: pocket
players: 2

[p0]
flock: "Barn Owl" (eggs 1)
birds: "Blue Jay"
food: seed, fish

[p1]
flock: "Wood Duck"
birds: 2 cards
food: rodent

[table]
to play: p0
supply: "American Robin", "Mallard", empty, empty
""",
    "classic": """# "Has my Mallard room for a fourth egg, and my Killdeer for a third?" A classic table in round 2.
ruleset: classic
players: 2

[p0]
forest: "Blue Jay" (eggs 1)
grassland: "Killdeer" (eggs 2), "Eastern Bluebird"
wetland: "Mallard" (eggs 3, tucked 2)
hand: "American Robin", "Wood Duck"
food: 1 seed, 2 fruit
bonus: "Anatomist"

[p1]
forest: "Downy Woodpecker" (eggs 1)
wetland: "Common Loon"
hand: 3 cards
food: 1 fish, 1 invertebrate

[table]
round: 2
turn: 3
first player: p1
to play: p0
feeder: seed, fish, fruit, rodent
tray: "Barn Owl", "Bobolink", "House Wren"
goal scores: 3 1
""",
    "oceania": """# An Oceania table: nectar in the feeder and on the mats.
ruleset: oceania
players: 2

[p0]
forest: "Rainbow Lorikeet"
hand: "Galah", "Superb Lyrebird"
food: 1 nectar, 1 seed, 1 fruit
cubes: play-bird 0, forest 0, grassland 0, wetland 0

[p1]
grassland: "Emu"
hand: 2 cards
food: 2 nectar
cubes: play-bird 0, forest 0, grassland 0, wetland 0

[table]
round: 1
to play: p0
feeder: nectar/seed, nectar/fruit, invertebrate, fish, rodent
""",
}
