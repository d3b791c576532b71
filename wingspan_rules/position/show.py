"""A game as a table for people (``wingspan-rules show``): each mat, the supply and the score.

Hidden things stay hidden: a hand is shown as ``Game.view`` shows it to the player it is shown
to (by name for their own, and for another's where the rules show it; else a count).
"""

from __future__ import annotations

from typing import Any

from .. import words
from ..engine.state import Bird
from ..i18n import N_, _, language, ngettext, normalize, pgettext, translate
from ..views import shown_hand

# the rows of a mat that are not habitats (the words the picture uses too)
_ROWS = {"flock": N_("flock")}


def _faces(word: str) -> str:
    """A food side or a die face by its card-language words ("invertebrate/seed"), each food
    in the current language."""
    return "/".join(words.food(part) for part in word.split("/"))


def _row(word: str) -> str:
    return translate(_ROWS[word]) if word in _ROWS else words.habitat(word)


def _bird(b: Bird, name: str, foods: tuple[str, ...]) -> str:
    parts = []
    if b.eggs:
        parts.append(words.eggs(b.eggs))
    for k, n in enumerate(b.cached):
        if n:
            parts.append(ngettext("{food} cached", "{food} cached", n).format(food=words.cost_food(foods[k], n)))
    if b.tucked:
        parts.append(ngettext("{n} tucked", "{n} tucked", len(b.tucked)).format(n=len(b.tucked)))
    return name + (f" ({', '.join(parts)})" if parts else "")


def _held(game: Any, p: int, player: int | None) -> str:
    """Player ``p``'s hand (Pocket: reserve birds) as ``player`` sees it, read from the view like
    every other reader: by name where the rules show it (one's own, Pocket's reserve, classic's
    ``public_hands``), else a count ("hidden" while the hands are being dealt)."""
    hand = shown_hand(game.view(player if player is not None else (p + 1) % game.players)["players"][p])
    if hand is None:
        return _("hidden")
    if isinstance(hand, int):
        return words.cards(hand)
    return ", ".join(hand) or pgettext("cards", "none")


def show(game: Any, player: int | None = None, lang: str | None = None) -> str:
    """The position as a table; ``player``: whose hand is shown by name (None: nobody's).
    ``lang``: the language of its words (None: the game's, else the current language); card
    names stay as printed."""
    voice = normalize(lang) if lang is not None else getattr(game, "lang", None)
    with language(voice):
        return _show(game, player, voice)


def _show(game: Any, player: int | None, voice: str | None) -> str:
    from ..pocket.rules import PocketRules

    st, cards = game.state, game.cards
    names = [c.name for c in cards.cards]
    pocket = issubclass(game.rules_class, PocketRules)
    pending = game.pending
    when = _("the game is over") if pending is None else game.turn_label(voice)
    lines = [_("{ruleset}, {n} players, {when}").format(ruleset=game.ruleset, n=game.players, when=when)]
    if pending is not None:
        lines.append(_("waiting for p{player}: {kind}").format(player=pending.player, kind=pending.kind) + (f" [{pending.source}]" if pending.source else ""))
    sheet = game.score()
    none = pgettext("food", "none")
    for p, seat in enumerate(st.seats):
        held = _held(game, p, player)
        score = sheet.players[p].total
        lines.append("")
        if pocket:
            food = ", ".join(_faces(cards.cards[c].food_kind) for c in seat.food_cards) or none
            lines.append(
                _("p{player}  birds in reserve: {birds}; food: {food}; nest: {eggs}; score so far {score}").format(
                    player=p, birds=held, food=food, eggs=words.eggs(seat.nest_eggs), score=score
                )
            )
            lines.append(f"  {_row('flock'):<10} | " + "; ".join(_bird(b, names[b.card], ()) for b in seat.flock))
            continue
        rs = game.rules_class
        food = ", ".join(words.cost_food(rs.foods[k], n) for k, n in enumerate(seat.food) if n) or none
        lines.append(
            _("p{player}  hand: {hand}; food: {food}; bonus cards: {bonus}; cubes used: {cubes}; score so far {score}").format(
                player=p, hand=held, food=food, bonus=len(seat.bonus), cubes=seat.cubes_used, score=score
            )
        )
        for h, row in enumerate(seat.rows):
            lines.append(f"  {_row(rs.habitats[h]):<10} | " + "; ".join(_bird(b, names[b.card], rs.foods) for b in row))
        if any(getattr(seat, "spent_nectar", ())):  # (seats that keep spent nectar)
            spent = ", ".join(f"{words.habitat(rs.habitats[h])} {n}" for h, n in enumerate(seat.spent_nectar))
            lines.append("  " + _("nectar spent: {spent}").format(spent=spent))
    lines.append("")
    empty_place = pgettext("place", "empty")
    if pocket:
        decks = ", ".join(_("{n} (top {food})").format(n=len(d), food=_faces(cards.cards[d[-1]].food_kind)) if d else pgettext("deck", "empty") for d in st.decks)
        lines.append(_("decks: {decks}").format(decks=decks))
        lines.append(_("supply: {birds}").format(birds=", ".join(names[c] if c >= 0 else empty_place for c in st.face_up)))
        if st.goals:
            lines.append(_("goals: {goals}").format(goals=", ".join(cards.goals[g.goal].sides[g.side].name for g in st.goals)))
    else:
        rs = game.rules_class
        lines.append(_("feeder: {dice}").format(dice=", ".join(_faces(rs.dice.names[f]) for f in st.feeder) or pgettext("feeder", "empty")))
        lines.append(_("tray: {birds}").format(birds=", ".join(names[c] if c >= 0 else empty_place for c in st.tray)))
        lines.append(_("deck: {deck} cards; discard pile: {discard} cards").format(deck=len(st.deck), discard=len(st.discard)))
        for r, g in enumerate(st.goals):
            scored = st.goal_points[r] if r < len(st.goal_points) else None
            got = " (" + ", ".join(f"p{p} {n}" for p, n in enumerate(scored)) + ")" if scored is not None else ""
            lines.append(_("goal of round {round}: {goal}").format(round=r + 1, goal=cards.goals[g.goal].sides[g.side].name) + got)
    return "\n".join(lines) + "\n"
