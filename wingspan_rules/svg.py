"""Pictures of the table: ``board(game, seat=None)`` draws a game as an SVG document.

The picture is drawn from ``Game.view`` (the library's one statement of what a seat may see),
so it shows what ``seat`` may see and nothing more: its own hand and bonus cards by name, the
others' as counts (by name where the rules show them), every mat with its birds (name, points,
eggs against the bird's limit, nest, cached food, tucked cards, the power's colour as a band and
its words as the name's tooltip), the food each player holds, the face-up birds, and the
ruleset's table (classic and Oceania: the round, the feeder's dice, the goals and their scores,
spent nectar and cubes; Pocket: the food decks, the Nest and the goals).  ``seat=None`` draws
what every seat sees: no hand and no bonus card by name.  The decision waiting is written
at the top and its player's panel is outlined.

The drawing is the project's own: boxes and words, no pictures of the published cards.  Every
word comes from the game (card names from card text included) and is escaped, so a hostile
name cannot break the document.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from . import words
from .cards import Card
from .classic.rules import ClassicRules
from .dsl.render import power_english
from .game import Game
from .i18n import N_, _, ngettext, translate
from .pocket.rules import PocketRules
from .views import shown_hand

__all__ = ["board"]

# sizes, in user units (pixels at 100%)
WIDTH = 1000
_PAD = 16
_SLOT_W, _SLOT_H = 150, 78
_LINE = 18
_NAME_CHARS = 19  # a bird's name longer than this is cut on its box (the whole name is its tooltip)
_PER_LINE = (WIDTH - 2 * _PAD - 80) // (_SLOT_W + 6)  # places of a row drawn side by side (a longer row goes on below)

# the colours of the foods' chips, in the order of the ruleset's food table (``CardSet.foods``)
PALETTE = ("#a9744f", "#c9a93a", "#3f7fbf", "#c9444f", "#7d7d7d", "#c660b0", "#5f9f5f", "#4f9f9f")
# a bird's power colour, drawn as a band on its box
POWER_COLOURS = {"brown": "#7a4e2d", "white": "#c8c8c8", "pink": "#d9739a", "teal": "#2f8f8f", "yellow": "#d9b92b"}
_INK, _PAPER, _EDGE, _MARK = "#222222", "#fbf8f0", "#b9b2a0", "#d9822b"


class _Canvas:
    """The SVG elements drawn so far, and how far down the page they reach."""

    def __init__(self, foods: Sequence[str], cards: Mapping[str, Card], classic: bool) -> None:
        self.parts: list[str] = []
        self.cards = cards  # (a bird's facts by its name)
        self.classic = classic  # (powers in the classic game's words)
        self.y: float = _PAD
        self.colours = {food: PALETTE[i % len(PALETTE)] for i, food in enumerate(foods)}

    def text(self, x: float, y: float, words: str, size: int = 13, weight: str = "normal", fill: str = _INK, title: str | None = None) -> None:
        tip = f"<title>{escape(title)}</title>" if title else ""
        self.parts.append(f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" fill="{fill}">{tip}{escape(words)}</text>')

    def box(self, x: float, y: float, w: float, h: float, fill: str = "#ffffff", stroke: str = _EDGE, width: float = 1, dash: str = "") -> None:
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dashed}/>')

    def chip(self, x: float, y: float, food: str, count: int | None = None) -> float:
        """A food's coloured chip with its name (and count); the x after it."""
        name = "/".join(words.food(part) for part in food.split("/"))  # (a Pocket card's two foods: "fish/rodent")
        label = name if count is None else f"{count} {name}"
        w = 14 + 7.6 * len(label)
        self.parts.append(f'<rect x="{x:.0f}" y="{y - 13:.0f}" width="{w:.0f}" height="18" rx="9" fill="{self.colours.get(food, "#8a8a8a")}"/>')
        self.text(x + 6, y, label, 12, "bold", "#ffffff")
        return x + w + 6

    def points(self, name: str) -> int:
        card = self.cards.get(name)
        return 0 if card is None else card.points

    def tip(self, name: str) -> str:
        """A bird's tooltip: its name, and its power in words."""
        card = self.cards.get(name)
        power = None if card is None else card.definition.bird.power
        if card is None or power is None:
            return name
        return _("{bird} ({colour} power): {power}").format(bird=name, colour=words.colour(card.colour or ""), power=power_english(power, classic=self.classic))

    def document(self, title: str) -> str:
        height = self.y + _PAD
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0f}" viewBox="0 0 {WIDTH} {height:.0f}" '
            f'font-family="DejaVu Sans, Verdana, sans-serif" role="img" aria-label="{escape(title)}">'
        )
        return "\n".join([head, f"<title>{escape(title)}</title>", f'<rect width="{WIDTH}" height="{height:.0f}" fill="{_PAPER}"/>', *self.parts, "</svg>"]) + "\n"


# the rows of a mat as the view names them: Pocket's flock, the classic habitats, and where
# Oceania's cubes go (a habitat's action, or "play-bird")
_ROWS = {"flock": N_("flock"), "play-bird": N_("play a bird")}


def _row(name: str) -> str:
    """A row of a mat, by the view's name for it, in the current language."""
    if name in _ROWS:
        return translate(_ROWS[name])
    return words.habitat(name)


def _short(name: str, chars: int = _NAME_CHARS) -> str:
    return name if len(name) <= chars else name[: chars - 1] + "…"


def _names(items: Sequence[str] | int | None) -> str:
    """Cards by name, or how many (a count another seat may see), or hidden."""
    if items is None:
        return _("hidden")
    if isinstance(items, int):
        return words.cards(items)
    return ", ".join(items) if items else _("none")


def board(game: Game, seat: int | None = None) -> str:
    """The table as ``seat`` sees it (``None``: as every seat sees it), as an SVG document."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise ValueError(_("seat must be None or 0 to {last}, not {seat!r}").format(last=game.players - 1, seat=seat))
    view: Mapping[str, Any] = game.view(0 if seat is None else seat)
    seats: list[Mapping[str, Any]] = view["players"]
    if seat is None:  # each seat as another sees it: what every seat sees
        seats = [_seats_of(game, (p + 1) % game.players)[p] for p in range(game.players)]
    rules = game.rules_class
    if issubclass(rules, PocketRules):
        slots = rules.flock_end
    elif issubclass(rules, ClassicRules):
        slots = rules.row_length
    else:
        raise ValueError(_("no picture is drawn for the {ruleset} ruleset's table").format(ruleset=game.ruleset))
    canvas = _Canvas(game.cards.foods, {c.name: c for c in game.cards.cards}, not issubclass(rules, PocketRules))
    if seat is None:
        title = _("Wingspan ({ruleset}, {n} players), {turn}, as every seat sees it")
    else:
        title = _("Wingspan ({ruleset}, {n} players), {turn}, as p{seat} sees it")
    title = title.format(ruleset=game.ruleset, n=game.players, turn=game.turn_label(), seat=seat)
    canvas.text(_PAD, canvas.y + 16, title, 18, "bold")
    canvas.y += 28
    pending = view["pending"]
    if pending is None:
        canvas.text(_PAD, canvas.y + 14, _("The game is over."), 14, "bold", _MARK)
    else:
        prompt = pending["prompt"] if seat is not None else game.pending.public_prompt if game.pending else ""
        for line in textwrap.wrap(prompt, 110)[:4]:  # (a prompt begins with the player it asks)
            canvas.text(_PAD, canvas.y + 14, line, 14, "bold", _MARK)
            canvas.y += _LINE + 2
    canvas.y += 10
    if issubclass(rules, PocketRules):
        _pocket_table(canvas, view)
    else:
        _classic_table(canvas, view)
    deciding = None if pending is None else pending["player"]
    for seat_view in seats:
        _seat(canvas, seat_view, seat, deciding, slots, view)
    return canvas.document(title)


def _seats_of(game: Game, seat: int) -> list[Mapping[str, Any]]:
    view: Mapping[str, Any] = game.view(seat)
    seats: list[Mapping[str, Any]] = view["players"]
    return seats


def _face_up(canvas: _Canvas, label: str, birds: Sequence[str | None]) -> None:
    canvas.text(_PAD, canvas.y + 14, label, 13, "bold")
    x = _PAD + 110
    for bird in birds:
        if bird is None:
            canvas.box(x, canvas.y, 170, 24, "none", _EDGE, 1, "4 3")
            canvas.text(x + 8, canvas.y + 17, _("(empty)"), 12, fill="#888888")
        else:
            canvas.box(x, canvas.y, 170, 24)
            canvas.text(x + 8, canvas.y + 17, _("{bird}  {points} pt").format(bird=_short(bird, 18), points=canvas.points(bird)), 12, title=canvas.tip(bird))
        x += 178
    canvas.y += 34


def _classic_table(canvas: _Canvas, view: Mapping[str, Any]) -> None:
    rounds = len(view["goals"])
    canvas.text(_PAD, canvas.y + 14, _("Round {n} of {rounds}").format(n=min(view["round"], rounds), rounds=rounds), 13, "bold")
    x: float = _PAD + 110
    canvas.text(x, canvas.y + 14, _("Feeder:"), 13)
    x += 56
    if not view["feeder"]:
        canvas.text(x, canvas.y + 14, _("(empty)"), 12, fill="#888888")
    for face in view["feeder"]:
        for i, part in enumerate(face.split("/")):
            x = canvas.chip(x, canvas.y + 14, part) - (4 if i == 0 and "/" in face else 0)
    discard = view["discard_size"]
    shown = _("hidden") if discard is None else discard
    decks = _("Deck: {deck}   Discard: {discard}   Bonus deck: {bonus}").format(deck=view["deck_size"], discard=shown, bonus=view["bonus_deck_size"])
    if x + 14 + 7.4 * len(decks) > WIDTH - _PAD:  # (no room beside the dice: on a line of its own)
        canvas.y += _LINE + 4
        x = _PAD + 96
    canvas.text(x + 14, canvas.y + 14, decks, 13)
    canvas.y += 28
    _face_up(canvas, _("Tray"), view["tray"])
    canvas.text(_PAD, canvas.y + 14, _("Goals"), 13, "bold")
    for r, goal in enumerate(view["goals"]):
        scored = view["goal_points"][r] if r < len(view["goal_points"]) else None
        if scored is None:
            line = _("Round {n}: {goal}").format(n=r + 1, goal=goal)
        else:
            line = _("Round {n}: {goal}   scored: {points}").format(n=r + 1, goal=goal, points=", ".join(f"p{p} {v}" for p, v in enumerate(scored)))
        canvas.text(_PAD + 110, canvas.y + 14, line, 12)
        canvas.y += _LINE
    canvas.y += 10


def _pocket_table(canvas: _Canvas, view: Mapping[str, Any]) -> None:
    x: float = _PAD
    canvas.text(x, canvas.y + 14, _("Food decks"), 13, "bold")
    x += 110
    for d, deck in enumerate(view["decks"]):
        canvas.text(x, canvas.y + 14, f"{d + 1}: {deck['size']}", 12)
        x = canvas.chip(x + 34, canvas.y + 14, deck["top"]) if deck["top"] else x + 80
        x += 8
    top = view["discard_pile"]["top"]
    canvas.text(x + 10, canvas.y + 14, _("Discard: {n}").format(n=view["discard_pile"]["size"]), 12)
    if top:
        canvas.chip(x + 90, canvas.y + 14, top)
    canvas.y += 28
    _face_up(canvas, _("Face-up birds"), view["face_up_birds"])
    if view["goals"]:
        canvas.text(_PAD, canvas.y + 14, _("Goals"), 13, "bold")
        for goal in view["goals"]:
            canvas.text(_PAD + 110, canvas.y + 14, f"{goal['goal']}: {goal['side']}", 12)
            canvas.y += _LINE
    if view["end_triggered"]:
        canvas.text(_PAD, canvas.y + 14, _("The end of the game is triggered."), 13, "bold", _MARK)
        canvas.y += _LINE
    canvas.y += 10


def _seat(canvas: _Canvas, sv: Mapping[str, Any], seat: int | None, deciding: int | None, slots: int, view: Mapping[str, Any]) -> None:
    player = sv["player"]
    mine = seat == player
    rows: Mapping[str, list[Mapping[str, Any]]] = sv["rows"]
    lines = 3 + ("spent_nectar" in sv and sv["spent_nectar"] is not None)
    places = max(slots, *(len(row) for row in rows.values()))
    bands = -(-places // _PER_LINE)  # (lines of places a row takes)
    height = 30 + lines * _LINE + len(rows) * bands * (_SLOT_H + 8) + 8
    top = canvas.y
    outline = _MARK if player == deciding else _EDGE
    canvas.box(_PAD / 2, top, WIDTH - _PAD, height, "#ffffff", outline, 3 if player == deciding else 1)
    you = _(" (you)") if mine else ""
    first = _("  first player") if view["first_player"] == player else ""
    canvas.text(_PAD, top + 22, f"p{player}{you}{first}", 16, "bold")
    y = top + 22
    if "nest_eggs" in sv:
        canvas.text(_PAD + 300, y, _("Nest: {eggs}   turns taken: {turns}").format(eggs=words.eggs(sv["nest_eggs"]), turns=sv["turns"]), 12)
    elif "cubes_used" in sv:
        canvas.text(_PAD + 300, y, _("cubes used this round: {n}").format(n=sv["cubes_used"]), 12)
    # food held (classic: tokens; Pocket: reserve food cards by their food side)
    y += _LINE + 4
    canvas.text(_PAD, y, _("Food:"), 12, "bold")
    food = sv["food"]
    if food is None:
        canvas.text(_PAD + 60, y, _("hidden"), 12, fill="#888888")
    else:
        x: float = _PAD + 60
        for kind, count in food.items():
            if count:
                x = canvas.chip(x, y, kind, count)
        if not any(food.values()):
            canvas.text(x, y, _("none"), 12)
    hand = shown_hand(sv)  # type: ignore[arg-type]  # (a ruleset's seat view, SeatView-shaped)
    y += _LINE + 2
    held = _("Reserve birds: {cards}") if "nest_eggs" in sv else _("Hand: {cards}")
    canvas.text(_PAD, y, held.format(cards=_names(hand))[:150], 12, title=None if isinstance(hand, int) or hand is None else ", ".join(hand))
    y += _LINE
    bonus = sv["bonus"]  # (the view gives another's as a count)
    if "nest_eggs" not in sv:
        canvas.text(_PAD, y, _("Bonus cards: {cards}").format(cards=_names(bonus))[:150], 12)
    if sv.get("spent_nectar") is not None:
        y += _LINE
        spent = ", ".join(f"{_row(row)} {n}" for row, n in sv["spent_nectar"].items())
        cubes = ", ".join(f"{_row(where)} {n}" for where, n in (sv["cubes"] or {}).items())
        canvas.text(_PAD, y, _("Nectar spent: {spent}.   Cubes on the actions: {cubes}").format(spent=spent, cubes=cubes), 12)
    y += 10
    for name, row in rows.items():
        canvas.text(_PAD, y + _SLOT_H / 2 + 4, _row(name), 12, "bold")
        for c in range(places):
            x = _PAD + 80 + c % _PER_LINE * (_SLOT_W + 6)
            at = y + c // _PER_LINE * (_SLOT_H + 8)
            if c >= len(row):
                canvas.box(x, at, _SLOT_W, _SLOT_H, "none", _EDGE, 1, "4 3")
                continue
            _bird(canvas, x, at, row[c])
        y += bands * (_SLOT_H + 8)
    canvas.y = top + height + 10


def _bird(canvas: _Canvas, x: float, y: float, bird: Mapping[str, Any]) -> None:
    name = bird["bird"]
    card = canvas.cards.get(name)
    canvas.box(x, y, _SLOT_W, _SLOT_H)
    if card is not None and card.colour in POWER_COLOURS:  # the power's colour, as a band on the left
        canvas.parts.append(f'<rect x="{x + 1:.0f}" y="{y + 6:.0f}" width="4" height="{_SLOT_H - 12:.0f}" fill="{POWER_COLOURS[card.colour]}"/>')
    canvas.text(x + 8, y + 17, _short(name), 12, "bold", title=canvas.tip(name))
    canvas.text(x + 8, y + 34, _("{points} pt").format(points=canvas.points(name)), 11)
    eggs = bird["eggs"]
    for e in range(min(eggs, 6)):
        canvas.parts.append(f'<ellipse cx="{x + 52 + e * 13:.0f}" cy="{y + 30:.0f}" rx="5" ry="6.5" fill="#efe6cf" stroke="#8a7a5a"/>')
    limit = "" if card is None else f"/{card.egg_limit}"
    title = _("{eggs} of {limit}").format(eggs=words.eggs(eggs), limit=card.egg_limit) if card else None
    canvas.text(x + 52 + min(eggs, 6) * 13, y + 34, f"{eggs}{limit}", 11, title=title)
    extras = [_("{nest} nest").format(nest=words.nest(card.nest))] if card is not None and card.nest else []
    if bird["tucked"]:
        extras.append(ngettext("{n} tucked", "{n} tucked", bird["tucked"]).format(n=bird["tucked"]))
    if bird.get("cached_cards"):
        extras.append(ngettext("{n} cached card", "{n} cached cards", bird["cached_cards"]).format(n=bird["cached_cards"]))
    if extras:
        canvas.text(x + 8, y + 52, ", ".join(extras), 11)
    cx = x + 8
    for food, count in bird["cached"].items():
        if count:
            cx = canvas.chip(cx, y + 70, food, count)
