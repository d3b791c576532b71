"""The rules catalog: every rule the engine enforces, in this project's words, with its source.

Ids are stable (``pocket.lay-eggs.different-cards``); violations and decisions cite them.
Sources name the seed file in ``shared/seeds`` and the section heading there.
"""

from __future__ import annotations

import attrs

from .i18n import N_, current, normalize, translate

RULEBOOK = N_("000 Wingspan Pocket rulebook")
GUIDE = N_("001 Wingspan Pocket guide")
ENGINE = N_("wingspan_rules engine")

# 004, the Spanish summary, has no headings: its parts are named here, each in English and in
# the Spanish its readers see. A rule's ``es`` names one part or more, joined by ", ", each maybe
# with the number of an item of it: "Summary 4" is the 4th bullet of the list at the top, "Setup 9"
# the 9th numbered setup step, "FAQ 3" the 3rd paragraph after the game-end one (the answers,
# counted from "No. El intercambio..."; the closing line on the publisher is not one of them);
# "Scoring" and "Game end" are single paragraphs. A bare number goes on with the part before it:
# "Setup 3, 6" is steps 3 and 6, "Setup 3, FAQ 9" step 3 and the 9th answer.
ES_PARTS = {
    "Summary": N_("Summary"),
    "Setup": N_("Setup"),
    "Scoring": N_("Scoring"),
    "Game end": N_("Game end"),
    "FAQ": N_("FAQ"),
}
ES_ITEMS = {"Summary": 6, "Setup": 12, "FAQ": 12}  # how many items a numbered part has


@attrs.frozen
class Rule:
    """A rule the engine enforces: its stable ``id``, its ``summary`` in English (the project's
    words), the ``source`` it is written in ("<seed> § <section>"), the ruleset ``option`` that
    switches this reading on, if any, and ``es``: where 004 (the Spanish summary) covers it too
    (parts of ``ES_PARTS``, maybe with items' numbers), cited when the rule is read in Spanish."""

    id: str
    summary: str
    source: str  # "<seed> § <section>"
    option: str | None = None  # the ruleset option that switches this reading on, if any
    es: str | None = None  # where 004 covers the rule: "Scoring", "Setup 9", "FAQ 5, 6", ...

    def cite(self, lang: str | None = None) -> str:
        """Where the rule is written, in ``lang`` (None: the current language): the seed's name
        and its section as headed there; in Spanish, also where 004 covers it."""
        lang = current() if lang is None else normalize(lang)
        if lang == "en":
            return self.source
        doc, _, section = self.source.partition(" § ")
        if doc.startswith("004 "):  # (``es``, if given, says more precisely where)
            return f"{translate(doc, lang)} § {_es_part(self.es or section, lang)}"
        if doc in OWN_SECTIONS:  # (this project's own documents: their sections are our words)
            section = translate(OWN_SECTIONS[doc][section], lang)
        cited = f"{translate(doc, lang)} § {section}"
        if self.es is not None:
            cited += f"; {translate(CLASSIC_ES, lang)} § {_es_part(self.es, lang)}"
        return cited

    def summary_in(self, lang: str | None = None) -> str:
        """The summary in ``lang`` (None: the current language)."""
        return translate(self.summary, lang)


def _es_items(part: str) -> list[tuple[str, int | None]]:
    """The parts of 004 that ``part`` names (see ``ES_PARTS``), each with its item's number, if any."""
    items: list[tuple[str, int | None]] = []
    for piece in part.split(", "):
        number: int | None
        if piece.isdigit() and items:
            name, number = items[-1][0], int(piece)
        else:
            name = next((n for n in ES_PARTS if piece == n or piece.startswith(n + " ")), "")
            rest = piece[len(name) + 1 :]
            if not name or rest and not rest.isdigit():
                raise KeyError(f"004 has no part {piece!r}: the parts are {', '.join(ES_PARTS)}, maybe with an item's number")
            number = int(rest) if rest else None
        if number is not None and not 1 <= number <= ES_ITEMS.get(name, 0):
            raise KeyError(f"004's part {name!r} has no item {number}")
        items.append((name, number))
    return items


def _es_part(part: str, lang: str) -> str:
    """``part`` (one part of 004 or more, see ``ES_PARTS``) with the parts' names in ``lang``."""
    words: list[str] = []
    last = None
    for name, number in _es_items(part):
        if name == last and number is not None:
            words.append(str(number))
        else:
            words.append(translate(ES_PARTS[name], lang) + ("" if number is None else f" {number}"))
        last = name
    return ", ".join(words)


def _r(id: str, summary: str, doc: str, section: str, option: str | None = None, es: str | None = None) -> Rule:
    if es is not None:
        _es_items(es)  # (a part 004 lacks is caught here, not when the rule is first cited)
    return Rule(id, summary, f"{doc} § {section}", option, es)


_RULES = [
    # -- generic ---------------------------------------------------------------------------
    _r("core.decision.option", "An action must answer the decision the game is waiting for, with one of its options.", ENGINE, "Decisions"),
    _r("core.decision.player", "Only the player the game is waiting for may act.", ENGINE, "Decisions"),
    _r("core.game-over", "Nothing can be done once the game is over.", ENGINE, "Decisions"),
    _r("core.forced", "A choice with a single option is made automatically; an effect that can do nothing is passed over.", ENGINE, "Decisions"),
    _r(
        "core.decision.other",
        "An action that answers another kind of decision is refused with the decision it belongs to (a bird is played at the start of a turn, not during a power).",
        ENGINE,
        "Decisions",
    ),
    _r(
        "core.action.text",
        "An action is written as its verb and, after a space, its argument: an argument of ASCII digits (a '-' may lead) is a number, "
        "anything else a word; the ruleset's verbs say which kind each verb takes.",
        ENGINE,
        "Actions",
    ),
    _r(
        "core.undo",
        "The last action can be taken back while neither it nor what followed on its own revealed anything hidden (a deck card, a die, a shuffle); history starts when a game is created or loaded.",
        ENGINE,
        "Undo",
    ),
    # -- setup -----------------------------------------------------------------------------
    _r("pocket.setup.deal", "Each player gets 6 cards; the rest are split into 4 food decks, food side up.", RULEBOOK, "Setup"),
    _r("pocket.setup.bird-supply", "Each food deck's first card is flipped bird side up and set next to that deck.", RULEBOOK, "Setup"),
    _r("pocket.setup.nest", "Each player starts with a Nest card holding 1 egg.", RULEBOOK, "Setup"),
    _r("pocket.setup.basic-birds", "Basic game: the top 2 of a player's 6 cards are turned to their bird side, the other 4 stay food.", RULEBOOK, "Setup"),
    _r("pocket.setup.advanced-birds", "Advanced game: each player picks which 2 of their 6 cards are birds.", RULEBOOK, "Setup"),
    _r("pocket.setup.goals", "Advanced game: 2 goal cards are drawn at random and each is placed on a random side.", RULEBOOK, "Setup"),
    _r("pocket.setup.first-player", "The first player is chosen at random; play goes clockwise.", RULEBOOK, "Setup"),
    # -- turn ------------------------------------------------------------------------------
    _r("pocket.turn.nest-action", "Each turn starts with exactly one of the three nest actions (a bird, two cards, or up to three eggs).", RULEBOOK, "Overview"),
    _r("pocket.turn.end", "After the brown powers the turn ends: the bird supply is refilled and the next player clockwise plays.", RULEBOOK, "End of Turn"),
    # -- playing a bird --------------------------------------------------------------------
    _r("pocket.play-bird.from-reserve", "Only a bird-side card in your reserve can be played.", RULEBOOK, "Nest Action 1: Play a Bird"),
    _r("pocket.play-bird.cost", "You play a bird only if you can pay all of its cost.", RULEBOOK, "Nest Action 1: Play a Bird"),
    _r("pocket.play-bird.right-of-flock", "A newly played bird joins the flock at its far right.", RULEBOOK, "Nest Action 1: Play a Bird"),
    _r(
        "pocket.pay.food-card",
        "Each food icon is paid with a food card from your reserve that shows that food; paid cards go food side up to the discard pile.",
        RULEBOOK,
        "Nest Action 1: Play a Bird",
    ),
    _r("pocket.pay.any-food", "The any-food icon is paid with one food card of any kind.", RULEBOOK, "Nest Action 1: Play a Bird"),
    _r("pocket.pay.two-for-one", "Any 2 food cards may pay for 1 food icon when playing a bird.", RULEBOOK, "Nest Action 1: Play a Bird"),
    _r("pocket.pay.dual-food", "A card showing two foods pays as one of them, never both.", RULEBOOK, "Reading Food Cards"),
    _r("pocket.pay.exact", "A payment covers the cost with nothing spare: each card paid covers an icon (alone or in a pair).", ENGINE, "Payment"),
    _r("pocket.pay.egg", "Each egg icon costs one egg taken off your Nest or off one of your birds; food cards never stand in for eggs.", RULEBOOK, "Nest Action 1: Play a Bird"),
    # -- drawing ---------------------------------------------------------------------------
    _r("pocket.draw.two-cards", "Draw 2 cards: any mix of face-up birds and food deck tops, into your reserve.", RULEBOOK, "Nest Action 2: Draw 2 Cards"),
    _r("pocket.draw.orientation", "A card keeps the side it was gained on for as long as it is in your reserve.", RULEBOOK, "Nest Action 2: Draw 2 Cards"),
    _r("pocket.draw.same-deck", "The next card of a food deck is available at once, so the same deck may be drawn twice.", RULEBOOK, "Nest Action 2: Draw 2 Cards"),
    _r("pocket.supply.refill-end-of-turn", "A face-up bird that was taken is replaced once the turn is over, from its neighbouring deck, not sooner.", RULEBOOK, "Nest Action 2: Draw 2 Cards"),
    _r(
        "pocket.deck.refill",
        "A food deck that runs out is rebuilt straight away by shuffling the lower half of the discard pile; with no discards, the lower half of the biggest deck is used.",
        RULEBOOK,
        "When a Food Deck Empties",
    ),
    _r(
        "pocket.supply.optional-discard",
        "Variant 'supply_reset'='food' (default): while drawing cards, 3 or more identical food cards on top of the decks may all be discarded.",
        RULEBOOK,
        "Nest Action 2: Draw 2 Cards",
        "supply_reset",
    ),
    _r(
        "pocket.supply.optional-discard-birds",
        "Variant 'supply_reset'='birds': while drawing cards, 3 or more face-up birds with the same food cost may all be discarded and replaced.",
        GUIDE,
        "Drawing and refilling cards",
        "supply_reset",
    ),
    # -- eggs ------------------------------------------------------------------------------
    _r("pocket.lay-eggs.up-to-three", "Lay up to 3 eggs; fewer, even none, if you choose or lack room.", RULEBOOK, "Nest Action 3: Lay 3 Eggs"),
    _r("pocket.lay-eggs.different-cards", "The eggs of one lay-eggs action go on different cards.", RULEBOOK, "Nest Action 3: Lay 3 Eggs"),
    _r("pocket.eggs.limit", "A bird holds at most its egg limit; the Nest holds at most 3 eggs.", RULEBOOK, "Nest Action 3: Lay 3 Eggs"),
    # -- powers ----------------------------------------------------------------------------
    _r("pocket.powers.brown-left-to-right", "After the nest action, brown powers are used from left to right, the bird just played included.", RULEBOOK, "Activating Bird Powers"),
    _r("pocket.powers.optional", "Every power is optional; skipping one also denies its benefit to other players.", RULEBOOK, "Activating Bird Powers"),
    _r("pocket.powers.green-passive", "Green powers are never activated; they work during your whole turn from the moment the bird is played.", RULEBOOK, "Activating Bird Powers"),
    _r("pocket.power.requirement", "With an arrow, the benefit is only gained by first meeting the requirement.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.either", "Parts of a power without an arrow are separate: do either or both, in any order.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.draw", "A draw takes one qualifying card into your reserve: a face-up bird or a food deck top.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.draw-specific-food", "A power drawing a specific food takes a deck top showing that food, a two-food card included.", RULEBOOK, "Bird Powers Reference"),
    _r(
        "pocket.power.draw-bird-costing",
        "A power that takes a bird costing some food needs that exact food icon in the bird's cost; an any-food icon is not enough.",
        RULEBOOK,
        "Bird Powers Reference",
    ),
    _r("pocket.power.tuck", "Tuck one card of the shown type from your reserve behind the bird; tucked cards have no limit.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.hunt", "Hunt: reveal a food deck's top card; if the bird on its back is narrower than the number it is tucked, else it is discarded.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.lay-egg", "Lay 1 egg on a card of yours (Nest or bird) that has room.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.discard", "Give up one egg (from the Nest or a bird) or one reserve card of the shown type; discarded cards go food side up.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.all-players", "Every player gains the benefit, the owner first and then in turn order.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.power.all-players-one-deck", "'From one deck': the owner picks the deck and who starts; each player in turn order then draws 1 from that deck.", RULEBOOK, "Bird Powers Reference"),
    _r(
        "pocket.power.copy-brown",
        "Copy a brown power of a bird in another player's flock and carry it out as if printed on this bird (variant 'copy_brown_from'='any' also allows your own flock).",
        RULEBOOK,
        "Bird Powers Reference",
        "copy_brown_from",
    ),
    _r("pocket.power.copy-not-copy", "A copy power never copies another copy power (that would never end).", ENGINE, "Copy powers"),
    _r("pocket.green.ignore-cost", "Pay 1 fewer of the named food in a bird's cost; never the any-food icon. Used whenever it helps.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.green.spend-as-any", "When playing birds, cards of the named food may pay for any food icon.", RULEBOOK, "Bird Powers Reference"),
    _r("pocket.green.any-in-powers", "During your turn, powers that name the food treat it as any food.", RULEBOOK, "Bird Powers Reference"),
    _r(
        "pocket.green.copy-green", "Pick one green power in another player's flock; this bird has it for the turn (chosen at the start of your turn or when played).", RULEBOOK, "Bird Powers Reference"
    ),
    # -- end and scoring -------------------------------------------------------------------
    _r("pocket.end.six-birds", "The end is triggered once any flock reaches 6 birds; the Nest card is not a bird.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.end.deck-exhaustion", "If an empty deck cannot be rebuilt (no discard pile and every other deck has 2 cards or fewer) the end is triggered.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.end.equal-turns", "Once the end is triggered, turns continue only until everyone has played equally often.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.score.birds", "Each bird in your flock scores its points.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.score.eggs", "Each egg scores 1 point, on the Nest or on a bird.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.score.tucked", "Each tucked card scores 1 point.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.score.goals", "Advanced game: each goal scores 1 point per egg on your birds of its kind; one egg may count for both goals.", RULEBOOK, "End of Game and Scoring"),
    _r("pocket.score.reserve", "Cards in the reserve score nothing.", GUIDE, "Finish the cycle, then score"),
    _r("pocket.score.tie-break", "Most points wins; a tie goes to the most reserve cards, then the tied players share the win.", RULEBOOK, "End of Game and Scoring"),
]

CLASSIC_GUIDE = N_("002 Wingspan guide")
CLASSIC_ES = N_("004 Wingspan rules summary (Spanish)")
DATA = N_("shared/data reference facts")

_CLASSIC_RULES = [
    # -- setup -----------------------------------------------------------------------------
    _r(
        "classic.setup.deal",
        "Each player starts with 5 bird cards, 2 bonus cards and one food of each of the 5 kinds.",
        CLASSIC_GUIDE,
        "Set out the preserve and choose your starting birds",
        es="Setup 3, 6, 9",
    ),
    _r(
        "classic.setup.keep",
        "Keep any of the 5 dealt birds, discarding the rest, and give back one food for each bird kept.",
        CLASSIC_GUIDE,
        "Set out the preserve and choose your starting birds",
        es="Setup 9",
    ),
    _r("classic.setup.bonus", "Keep one of the two dealt bonus cards; both may be read while choosing birds.", CLASSIC_GUIDE, "Set out the preserve and choose your starting birds", es="Setup 10"),
    _r("classic.setup.goals", "Four goal tiles are drawn at random, each on a random face, one per round.", CLASSIC_GUIDE, "Set out the preserve and choose your starting birds", es="Setup 7"),
    _r(
        "classic.setup.feeder",
        "All five dice are rolled into the feeder and three birds are dealt face up to the tray.",
        CLASSIC_GUIDE,
        "Set out the preserve and choose your starting birds",
        es="Setup 1, 4",
    ),
    # -- rounds and turns ------------------------------------------------------------------
    _r("classic.turn.action", "A turn places one action cube: play a bird, or take the forest, grassland or wetland action.", CLASSIC_GUIDE, "Choose one action, then move the cube", es="Summary 2"),
    _r("classic.round.turns", "Rounds 1 to 4 give every player 8, 7, 6 and 5 turns.", CLASSIC_GUIDE, "Score the goal and begin the next round", es="Summary 1, Setup 3, FAQ 9"),
    _r(
        "classic.round.end",
        "At a round's end its goal is scored, the tray is emptied and refilled, and the first player moves one seat clockwise; the feeder stays as it is.",
        CLASSIC_GUIDE,
        "Score the goal and begin the next round",
        es="Summary 5",
    ),
    # -- the mat ---------------------------------------------------------------------------
    _r(
        "classic.mat.column-benefit",
        "A habitat action gives the amount printed on the first uncovered space of its row (forest 1,1,2,2,3,3; grassland 2,2,3,3,4,4; wetland 1,1,2,2,3,3).",
        DATA,
        "board.json player_mat_base",
    ),
    _r(
        "classic.mat.conversion",
        "On the 2nd, 4th and 6th spaces a habitat action may, once, trade a card for a food (forest), a food for an egg (grassland) or an egg for a card (wetland).",
        DATA,
        "board.json player_mat_base",
    ),
    _r(
        "classic.powers.brown-right-to-left",
        "After a habitat action's benefit, that row's brown powers may each be used once, from right to left.",
        CLASSIC_GUIDE,
        "Choose one action, then move the cube",
        es="Summary 4",
    ),
    # -- playing a bird --------------------------------------------------------------------
    _r("classic.play-bird.from-hand", "Only a bird card in your own hand can be played.", CLASSIC_ES, "FAQ", es="FAQ 1"),
    _r(
        "classic.play-bird.habitat",
        "A bird goes in the leftmost empty slot of a habitat printed on its card; a row holds 5 birds.",
        CLASSIC_GUIDE,
        "Set out the preserve and choose your starting birds",
        es="Summary 3",
    ),
    _r(
        "classic.play-bird.cost",
        "Pay the food shown (a '/' cost takes one of the foods, the wild icon any food); any 2 food may stand for 1, only when paying for a bird.",
        CLASSIC_ES,
        "FAQ",
        es="Summary 3, FAQ 1",
    ),
    _r("classic.play-bird.egg-cost", "Playing into the 2nd and 3rd slots of a row costs 1 egg, the 4th and 5th 2 eggs, from any of your birds.", DATA, "board.json play_bird_egg_cost_by_column"),
    _r("classic.play-bird.white-power", "A white power is used once, when its bird is played.", CLASSIC_GUIDE, "Read the bird's timing and keep its points separate", es="Summary 3"),
    # -- food, cards, eggs -----------------------------------------------------------------
    _r(
        "classic.feeder.take",
        "Food from the feeder is taken one die at a time; the invertebrate/seed die gives one of the two.",
        CLASSIC_GUIDE,
        "Keep resource mistakes and forgotten powers manageable",
    ),
    _r(
        "classic.feeder.reroll",
        "Before taking from the feeder, if every die in it shows the same face (even a single die), all five may be rerolled; the split face is a face of its own.",
        CLASSIC_GUIDE,
        "Keep resource mistakes and forgotten powers manageable",
        es="FAQ 3",
    ),
    _r("classic.feeder.refill", "An empty feeder is refilled at once by rolling all five dice.", CLASSIC_GUIDE, "Keep resource mistakes and forgotten powers manageable", es="FAQ 2"),
    _r(
        "classic.draw.tray-or-deck",
        "Cards are drawn one at a time, each from the tray or the deck top, in any mix.",
        DATA,
        "power-reference.json clarifications of the drawing birds (the tray or the deck, as you like)",
    ),
    _r(
        "classic.tray.refill",
        "Taken tray cards are replaced from the deck at the end of the turn, not during it.",
        DATA,
        "power-reference.json rulings (face-up cards are refilled only at the end of a turn)",
    ),
    _r(
        "classic.deck.reshuffle",
        "When the bird deck runs out, the discarded birds are shuffled into a new deck; the same holds for bonus cards.",
        CLASSIC_GUIDE,
        "Keep resource mistakes and forgotten powers manageable",
        es="FAQ 8",
    ),
    _r("classic.lay-eggs.limit", "Eggs go on birds with room below their egg limit; eggs that fit nowhere are lost.", CLASSIC_ES, "FAQ", es="FAQ 5, 6"),
    _r(
        "classic.supply.unlimited",
        "Food and egg supplies never run out: a missing token is replaced by a stand-in; egg limits still hold.",
        CLASSIC_GUIDE,
        "Keep resource mistakes and forgotten powers manageable",
        es="FAQ 4, 5",
    ),
    _r(
        "classic.supply.cached-card",
        "Variant 'cache_when_out' = 'discarded-card' (with 'food_tokens' set): when no token of a food is "
        "left in the supply, a bird from the discard pile is cached instead and scores 1 like cached food.",
        CLASSIC_ES,
        "FAQ",
        "cache_when_out",
        es="FAQ 11",
    ),
    _r("classic.lay-eggs.own-birds", "Eggs, whoever's action or power lays them, go only on the layer's own birds.", DATA, "power-reference.json rulings of the egg-laying pink birds"),
    _r("classic.resources.take-fewer", "Whenever you gain something you may stop short and take less.", DATA, "power-reference.json official ruling"),
    # -- powers ----------------------------------------------------------------------------
    _r("classic.powers.optional", "Every power is optional.", CLASSIC_GUIDE, "Read the bird's timing and keep its points separate"),
    _r(
        "classic.powers.pink-once",
        "A pink power answers another player's action at most once between its owner's turns.",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
        es="FAQ 12",
    ),
    _r(
        "classic.powers.pink-timing",
        "A pink power answering another player's action waits until that action is over, brown powers included, and counts what they did too "
        "(food gained by them, say); one answering a predator's success comes at once. Several go in turn order from the acting player's left.",
        DATA,
        "power-reference.json clarifications of the pink birds",
    ),
    _r("classic.power.gain", "Food from the supply never comes from the feeder; food from the feeder takes its die.", CLASSIC_GUIDE, "Read the bird's timing and keep its points separate"),
    _r("classic.power.cache", "Cached food sits on its bird as 1 point each and can never be spent.", CLASSIC_GUIDE, "Read the bird's timing and keep its points separate"),
    _r("classic.power.tuck", "A tucked card lies behind its bird as 1 point and has no other use.", CLASSIC_GUIDE, "Read the bird's timing and keep its points separate"),
    _r(
        "classic.power.predator",
        "A predator hunts by a deck card's wingspan or by rolling only the dice outside the feeder, which stay outside.",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
    ),
    _r(
        "classic.power.repeat",
        "A repeat power uses another bird's brown power of the same row again, with its own limits; it never repeats another repeat power (that could only loop or reach a bird it can pick itself).",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
    ),
    _r(
        "classic.power.move",
        "A bird may move only by its own power and only when it is rightmost in its row, to the first free slot of a habitat it can live in.",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
    ),
    _r("classic.power.second-bird", "A power that plays another bird still charges its food and egg costs, but no cube.", CLASSIC_GUIDE, "Read the bird's timing and keep its points separate"),
    _r(
        "classic.power.bonus-draw",
        "Drawing bonus cards and keeping some discards only from the new ones; bonus cards already held are kept.",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
    ),
    _r(
        "classic.power.cost",
        "What a power costs (a food, an egg, a card to discard) is paid from what the player has: food from "
        "their supply, an egg from one of their birds (another bird if the power says so), a card from their hand.",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
    ),
    _r(
        "classic.power.lay",
        "An egg-laying power lays only where it says: on birds of the nest it names (a wild nest counts as any), on other birds when it says so, and one egg per bird when it spreads several.",
        CLASSIC_GUIDE,
        "Read the bird's timing and keep its points separate",
    ),
    _r("classic.power.trade", "A trading power swaps one food of yours for one food of another kind from the supply.", ENGINE, "Classic powers"),
    _r("classic.power.discard-at-end", "Cards owed by a 'then discard' power are discarded from hand at the end of that turn.", ENGINE, "Classic powers"),
    _r("classic.power.share", "Reveal one card per player plus one; in turn order from you each takes one, and you keep the card left over.", ENGINE, "Classic powers"),
    _r(
        "classic.power.draw-filter",
        "A power that draws a bird meeting conditions takes a face-up bird that meets them; the deck's top is face down, so it cannot be checked and is not offered.",
        ENGINE,
        "Classic powers",
    ),
    _r(
        "classic.power.all-players",
        "'All players' powers give each player the benefit in turn order from the owner, or from a chosen player, or only to those with the fewest birds in a habitat.",
        ENGINE,
        "Classic powers",
    ),
    # -- goals and the end -----------------------------------------------------------------
    _r("classic.goal.blue", "Blue goal board: 1 point per counted item, at most 5.", CLASSIC_GUIDE, "Score the goal and begin the next round", "goal_side"),
    _r(
        "classic.goal.green",
        "Green goal board (default): places 1 to 3 score 4/1/0, 5/2/1, 6/3/2 and 7/4/3 by round; tied "
        "players share the points of the places they cover, rounded down, and those places are not awarded again.",
        DATA,
        "goals.json goal_board",
        "goal_side",
    ),
    _r(
        "classic.goal.green-ties-next-place",
        "Variant 'green_ties' = 'next-place': tied players share only the points of their place and the next one; the place after that goes to the next player.",
        CLASSIC_ES,
        "FAQ",
        "green_ties",
        es="FAQ 10",
    ),
    _r("classic.goal.minimum", "On either side a player needs at least one counted item to score a goal.", DATA, "goals.json goal_board"),
    _r("classic.end.after-round-4", "The game ends when round 4's goal has been scored.", CLASSIC_GUIDE, "Score the goal and begin the next round", es="Game end"),
    _r(
        "classic.score.categories",
        "Final score: bird points, bonus cards, goals, and 1 point per egg, cached food and tucked card; food and hand cards score nothing.",
        CLASSIC_GUIDE,
        "Add the six scoring categories",
        es="Scoring",
    ),
    _r("classic.score.tie-break", "Ties go to the most unused food (cached food excluded), then are shared.", CLASSIC_GUIDE, "Add the six scoring categories", es="Scoring"),
    # -- house corrections -----------------------------------------------------------------
    _r(
        "classic.house.illegal-move",
        "An illegal action is refused and changes nothing, so the player simply chooses again with the same cube.",
        CLASSIC_GUIDE,
        "Keep resource mistakes and forgotten powers manageable",
    ),
    _r(
        "classic.house.missed-power",
        "Variant 'house_corrections': a declined power may be taken back until the next player starts, provided nothing hidden was revealed since.",
        CLASSIC_GUIDE,
        "Keep resource mistakes and forgotten powers manageable",
        "house_corrections",
    ),
    # -- variants --------------------------------------------------------------------------
    _r(
        "classic.variant.draw-no-mixing",
        "Variant 'draw_no_mixing': a draw-cards action takes its cards only from the tray or only from the deck (powers that draw are not limited).",
        CLASSIC_ES,
        "FAQ",
        "draw_no_mixing",
        es="FAQ 7",
    ),
    _r("classic.variant.public-hands", "Variant 'public_hands': every player's hand is visible.", CLASSIC_ES, "Setup", "public_hands", es="Setup 12"),
    _r(
        "classic.variant.swift-start",
        "Variant 'swift_start': the 10 Swift-Start birds are shuffled into the deck (out by default).",
        CLASSIC_GUIDE,
        "Set out the preserve and choose your starting birds",
        "swift_start",
    ),
]

OCEANIA_BOOK = N_("003 Wingspan Oceania expansion rulebook")

# The Oceania expansion (003), on top of the classic game.
_OCEANIA_RULES = [
    _r(
        "oceania.setup.mats",
        "Option 'oceania_mats': a classic game may use the Oceania player mats without the rest of the expansion.",
        OCEANIA_BOOK,
        "Setup",
        "oceania_mats",
    ),
    _r(
        "oceania.mat.amounts",
        "On the Oceania mats a habitat action gives forest 1,2,2,2,3,4 dice, grassland 1,2,2,2,3,4 eggs and wetland 1,2,2,2,3,4 cards, by the first uncovered space.",
        DATA,
        "board.json player_mat_oceania",
    ),
    _r(
        "oceania.mat.trades",
        "Oceania mat trades, each optional: forest, a card for one more die (spaces 1, 3, 4, 5); "
        "grassland, a card or a food for one more egg (spaces 1, 3, 5, and twice on space 4); "
        "wetland, an egg or a nectar for one more card (spaces 1, 3, 4, 5).",
        DATA,
        "board.json player_mat_oceania",
    ),
    _r(
        "oceania.mat.reset",
        "On the 2nd and 4th spaces of the Oceania forest and wetland rows a player may pay any one food "
        "to reset the birdfeeder (reroll every die) or the bird tray (discard the face-up birds, deal new ones).",
        OCEANIA_BOOK,
        "New Player Mat Action: Reset",
    ),
    _r(
        "oceania.mat.order",
        "A space's parts are done in the order printed: the reset, if any, first; then the trade and the food, eggs or cards.",
        OCEANIA_BOOK,
        "New Player Mat Action: Reset",
    ),
    _r(
        "oceania.setup.nectar",
        "Players keep birds and food from the 5 standard foods as usual; then every player gains 1 nectar.",
        OCEANIA_BOOK,
        "Setup",
    ),
    _r(
        "oceania.components",
        "The expansion brings 95 birds, 5 bonus cards, 4 two-sided goal tiles (8 goals), 5 dice, nectar, 5 mats and a score sheet with a nectar row.",
        OCEANIA_BOOK,
        "Components",
    ),
    _r(
        "oceania.setup.decks",
        "The Oceania birds are shuffled into the bird deck; its bonus cards and goal tiles join the base game's piles.",
        OCEANIA_BOOK,
        "Setup",
    ),
    _r("oceania.setup.dice", "All 5 base dice are replaced by the 5 Oceania dice.", OCEANIA_BOOK, "Setup"),
    _r(
        "oceania.nectar.not-wild-named",
        "A power that names a food neither takes nectar as that food nor counts a nectar die as showing it.",
        OCEANIA_BOOK,
        "Nectar",
    ),
    _r(
        "oceania.nectar.cost",
        "Some birds print nectar in their cost; two other foods may pay a nectar icon (2 for 1), and then no nectar is spent.",
        OCEANIA_BOOK,
        "Nectar",
    ),
    _r("oceania.nectar.wild-gain", "A gain of any food from the supply may take nectar.", OCEANIA_BOOK, "Nectar"),
    _r(
        "oceania.game-end.play",
        "A bird played by a game-end power pays its usual food (unspent nectar is gone by then) and may use its when-played or "
        "game-end power, no other.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r(
        "oceania.cards.bonus-discard",
        "Powers may take from the bonus discard pile (Wrybill) and from the bird discard pile, shuffled (Australian Ibis), which "
        "stays apart from the deck.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r(
        "oceania.setup.bird-sets",
        "The Oceania birds are shuffled into the base game's birds; option 'bird_sets' says which published sets are in the deck (the core set always).",
        OCEANIA_BOOK,
        "Setup",
        "bird_sets",
    ),
    _r(
        "oceania.setup.raven-option",
        "Option 'remove_ravens': as wild gains now include nectar, a table may take Chihuahuan Raven and Common Raven out of the deck.",
        OCEANIA_BOOK,
        "Nectar",
        "remove_ravens",
    ),
    _r(
        "oceania.cards.budgerigar",
        "Option 'budgerigar_power': the Budgerigar's power is brown as printed ('when-activated', default) or white as 003's appendix lists it ('when-played').",
        OCEANIA_BOOK,
        "Appendix",
        "budgerigar_power",
    ),
    _r(
        "oceania.power.give",
        "A power may give another player, of the owner's choice, one of the owner's foods or some of the cards it just drew; "
        "giving is not spending (no spent nectar) and the receiver gains what is given.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r(
        "oceania.play-bird.powers",
        "A power may play another bird: into a habitat it names or any, paying the food cost and the egg cost, or fewer eggs, or none, "
        "as it says; the bird played may use its when-played power, and at game end its game-end power too.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r(
        "oceania.power.bonus-bought",
        "A power that sells extra bonus cards for food draws its own cards first; only then does the player discard food "
        "(any kinds, one at a time, counted as spent) for more, drawn together once they stop; it keeps the number it says "
        "of all the cards drawn.",
        OCEANIA_BOOK,
        "Appendix: Bonus Card Powers (Kea)",
    ),
    _r(
        "oceania.power.keep-half",
        "A power that gains every die showing a food takes them all together, keeps half (rounded up) and hands the rest "
        "out one at a time to other players of its owner's choice; taking is offered only while a die shows the food, "
        "a reroll only when every die in the feeder is alike (and then 'stop' beside it when nothing can be taken).",
        OCEANIA_BOOK,
        "Appendix: Food-Gaining Powers (Emu)",
    ),
    _r(
        "oceania.power.look",
        "A power may look at some cards of the deck, or of the discard pile after shuffling it, keep one that meets its condition "
        "(in the hand or tucked behind the bird, or none) and discard the others.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r(
        "oceania.power.gains-any",
        "A pink power answering 'when another player gains F' (Oceania) answers any gain of that food by a player other than its owner during another player's turn, after that turn's action.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r(
        "oceania.goal.no-goal",
        "The 'no goal' side: nobody scores a goal that round, and every later round has one more turn (the cube is kept).",
        OCEANIA_BOOK,
        "End-of-Round Goals",
    ),
    _r(
        "oceania.goal.counts",
        "The Oceania goals count cubes placed on 'play a bird' this round, birds worth 3 points or fewer, birds whose beak points "
        "left or right (a card showing both counts for each; straight ahead for neither), and icons of the named foods in the "
        "costs of your birds (a '/' cost once; wild and nectar icons never).",
        OCEANIA_BOOK,
        "End-of-Round Goals",
    ),
    _r(
        "oceania.bonus.name-words",
        "In Oceania games Photographer, Cartographer and Anatomist also look for the words 003 adds (colours such as crimson and "
        "rufous; places such as Australian and Pacific; body parts such as back and wattle), words inside other words excepted.",
        OCEANIA_BOOK,
        "New words for bonus cards",
    ),
    _r(
        "oceania.bonus.data-analyst",
        "Forest, Grassland and Wetland Data Analyst count the longest run of adjacent birds in that row whose wingspans only rise "
        "or only fall; equal wingspans continue a run and a flightless bird fits any wingspan.",
        OCEANIA_BOOK,
        "Bonus cards",
    ),
    _r(
        "oceania.bonus.mechanical-engineer",
        "Mechanical Engineer counts complete sets of bowl, cavity, ground and platform nests among all your birds; each wild nest "
        "fills one place of one set.",
        OCEANIA_BOOK,
        "Bonus cards",
    ),
    _r(
        "oceania.bonus.site-selection",
        "Site Selection Expert scores each column on its own: 1 point for 2 birds with the same nest, 3 for 3; a wild nest counts "
        "once, as any nest, and columns may score with different nests.",
        OCEANIA_BOOK,
        "Bonus cards",
    ),
    _r(
        "oceania.variant.engineer-sets",
        "Option 'engineer_sets': 3 or more Mechanical Engineer sets score the top tier, 8 ('top-tier', default), or the tiers again "
        "('repeat': 3 sets = 8 + 3); the card prints one and two sets only.",
        OCEANIA_BOOK,
        "Bonus cards",
        "engineer_sets",
    ),
    _r(
        "oceania.power.tray-refresh",
        "A power that draws a face-up bird 'may reset or refill first': before drawing, the player may once discard the tray and deal 3 new birds, or fill its empty slots.",
        OCEANIA_BOOK,
        "Appendix",
    ),
    _r("oceania.setup.cubes-stay", "Action cubes stay on the action they were placed on until the round ends.", OCEANIA_BOOK, "Setup"),
    _r(
        "oceania.dice.faces",
        "The 5 Oceania dice replace the base dice; each shows invertebrate, fish, rodent, invertebrate/seed, nectar/seed and nectar/fruit.",
        DATA,
        "board.json dice oceania_faces",
    ),
    _r(
        "oceania.nectar.food",
        "Nectar is a sixth food; a power or cost that names a food is never met by nectar, and nectar on a die never counts as another food.",
        OCEANIA_BOOK,
        "Nectar",
    ),
    _r("oceania.nectar.wild", "Nectar pays any one icon of a bird's food cost, and is any food for a mat trade or reset.", OCEANIA_BOOK, "Nectar"),
    _r("oceania.nectar.no-trade-away", "Nectar may not be one of the two foods given for one icon.", OCEANIA_BOOK, "Nectar"),
    _r(
        "oceania.nectar.spent",
        "Nectar spent goes onto that row's spent-nectar space: the row a bird is played into, otherwise the row of this turn's action.",
        OCEANIA_BOOK,
        "Nectar",
    ),
    _r(
        "oceania.nectar.spoil",
        "At the end of a round, before its goal is scored, unspent nectar in a player's supply goes back to the general supply.",
        OCEANIA_BOOK,
        "Nectar",
    ),
    _r(
        "oceania.nectar.majority",
        "At the end of the game, in each habitat, the most spent nectar scores 5 and the second most 2; at least 1 nectar is needed; "
        "tied players add up the places they cover, share them rounded down, and use those places up.",
        OCEANIA_BOOK,
        "Nectar",
    ),
    _r("oceania.score.nectar", "The score sheet has a nectar row for the majorities, counted in the total.", OCEANIA_BOOK, "Components"),
    _r(
        "oceania.round.end-order",
        "At the end of a round: unspent nectar is discarded, the goal is scored, the cubes come off, the tray is dealt anew, and the first player passes on.",
        OCEANIA_BOOK,
        "Game Play",
    ),
    _r(
        "oceania.variant.nectar-ties",
        "Option 'nectar_ties' = 'next-place': after a tie, the next count still takes the next place (a tie for most leaves second place to the next player).",
        OCEANIA_BOOK,
        "Nectar",
        "nectar_ties",
    ),
    _r(
        "oceania.flightless",
        "A flightless bird's wingspan is wild: it meets every wingspan condition of a power, a goal or a bonus card, even two opposite ones.",
        OCEANIA_BOOK,
        "Flightless Birds",
    ),
    _r(
        "oceania.adjacency",
        "A bird's adjacent birds are its neighbours on the mat: left and right in its row, and above and below it in the same column.",
        OCEANIA_BOOK,
        "Adjacency",
    ),
    _r(
        "oceania.power.chosen-other",
        "A power that names another player lets its owner choose any one other player, who gets the benefit "
        "(or their part of it) even if the owner's part can do nothing, and the other way round.",
        OCEANIA_BOOK,
        "Appendix: Food-Gaining and Card-Drawing Powers",
    ),
    _r(
        "oceania.power.gain-food-action",
        "A pink power that answers another player's gain-food action, whatever food it gave, does so once that action "
        "and its brown powers are over (the card says at the end of their turn).",
        OCEANIA_BOOK,
        "Appendix: Food-Gaining Powers",
    ),
    _r(
        "oceania.game-end.powers",
        "After the last round's end steps each player uses their birds' game-end (yellow) powers once each, in the order they choose; "
        "they never trigger pink powers. Players take their turn at it from the first player, clockwise.",
        OCEANIA_BOOK,
        "Game End Powers",
    ),
    _r(
        "oceania.game-end.after-goal",
        "Game-end powers come after the round-4 goal was scored: the eggs they lay do not count for it.",
        OCEANIA_BOOK,
        "Game End Powers",
    ),
    _r(
        "oceania.variant.game-end-order",
        "Option 'game_end_order' = 'counterclockwise': players use their game-end powers from the first player the other way round (003 does not say).",
        OCEANIA_BOOK,
        "Game End Powers",
        "game_end_order",
    ),
    _r(
        "oceania.variant.grassland-row",
        "Option 'grassland_row' = 'alternative': the Oceania grassland row gives 1,2,3,3,3,4 eggs (the amounts one source prints).",
        DATA,
        "board.json player_mat_oceania grassland alternative",
        "grassland_row",
    ),
]

CATALOG: dict[str, Rule] = {rule.id: rule for rule in _RULES + _CLASSIC_RULES + _OCEANIA_RULES}

# The sections of this project's own documents, which are our words and so are translated (the
# seeds' sections are cited as headed there).  Every rule citing one of these documents names
# a section listed here: a new one is added here, with its translation, or the catalog raises.
OWN_SECTIONS: dict[str, dict[str, str]] = {
    ENGINE: {
        "Decisions": N_("Decisions"),
        "Actions": N_("Actions"),
        "Undo": N_("Undo"),
        "Payment": N_("Payment"),
        "Classic powers": N_("Classic powers"),
        "Copy powers": N_("Copy powers"),
    },
    DATA: {
        "board.json player_mat_base": N_("board.json player_mat_base"),
        "board.json play_bird_egg_cost_by_column": N_("board.json play_bird_egg_cost_by_column"),
        "board.json player_mat_oceania": N_("board.json player_mat_oceania"),
        "board.json dice oceania_faces": N_("board.json dice oceania_faces"),
        "board.json player_mat_oceania grassland alternative": N_("board.json player_mat_oceania grassland alternative"),
        "goals.json goal_board": N_("goals.json goal_board"),
        "power-reference.json clarifications of the drawing birds (the tray or the deck, as you like)": N_(
            "power-reference.json clarifications of the drawing birds (the tray or the deck, as you like)"
        ),
        "power-reference.json rulings (face-up cards are refilled only at the end of a turn)": N_(
            "power-reference.json rulings (face-up cards are refilled only at the end of a turn)"
        ),
        "power-reference.json rulings of the egg-laying pink birds": N_("power-reference.json rulings of the egg-laying pink birds"),
        "power-reference.json official ruling": N_("power-reference.json official ruling"),
        "power-reference.json clarifications of the pink birds": N_("power-reference.json clarifications of the pink birds"),
    },
}
_unlisted = sorted(
    f"{r.id}: {r.source}"
    for r in CATALOG.values()
    if (doc_section := r.source.partition(" § "))[0] in OWN_SECTIONS and doc_section[2] not in OWN_SECTIONS[doc_section[0]]
)
if _unlisted:
    raise ValueError(f"rules cite sections of our own documents that OWN_SECTIONS does not list: {_unlisted}")


def rule(rule_id: str) -> Rule:
    return CATALOG[rule_id]
