"""Score sheets shared by every rule system."""

from __future__ import annotations

import attrs

from .i18n import N_, _, translate

CATEGORIES = ("birds", "eggs", "tucked", "cached", "bonus", "goals", "nectar")
# the sheet's column headings, worded in the current language when printed
HEADINGS = {
    "birds": N_("birds"),
    "eggs": N_("eggs"),
    "tucked": N_("tucked"),
    "cached": N_("cached"),
    "bonus": N_("bonus"),
    "goals": N_("goals"),
    "nectar": N_("nectar"),
    "tie-break": N_("tie-break"),
    "reserve cards": N_("reserve cards"),
    "unused food": N_("unused food"),
}


@attrs.frozen
class PlayerScore:
    """One player's points by category; ``total`` is their sum."""

    player: int
    birds: int = 0
    eggs: int = 0
    tucked: int = 0
    cached: int = 0
    bonus: int = 0
    goals: int = 0
    nectar: int = 0
    tiebreak: int = 0  # what breaks ties in this rule system (Pocket: reserve cards)
    goal_detail: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(getattr(self, c) for c in CATEGORIES)

    def breakdown(self) -> dict[str, int]:
        return {c: getattr(self, c) for c in CATEGORIES}


@attrs.frozen
class ScoreSheet:
    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    tiebreak_name: str = "tie-break"

    def __str__(self) -> str:
        """The sheet as a table, its headings in the current language."""
        cols = [c for c in CATEGORIES if any(getattr(p, c) for p in self.players)] or ["birds"]
        tiebreak = translate(HEADINGS[self.tiebreak_name]) if self.tiebreak_name in HEADINGS else self.tiebreak_name
        header = f"{_('player'):<7} " + "  ".join(f"{translate(HEADINGS[c]):>7}" for c in cols) + f"  {_('total'):>7}  " + tiebreak
        lines = [header]
        won = _("winner")
        for p in self.players:
            row = f"p{p.player:<6} " + "  ".join(f"{getattr(p, c):>7}" for c in cols)
            lines.append(row + f"  {p.total:>7}  {p.tiebreak:>5}" + (f"  {won}" if p.player in self.winners else ""))
        return "\n".join(lines)

    def to_dict(self) -> dict[str, object]:
        return {
            "players": [dict(player=p.player, **p.breakdown(), total=p.total, tiebreak=p.tiebreak) for p in self.players],
            "winners": list(self.winners),
        }


def winners(scores: list[PlayerScore]) -> tuple[int, ...]:
    """Highest total; ties broken by ``tiebreak``; a remaining tie is shared."""
    best = max((s.total, s.tiebreak) for s in scores)
    return tuple(s.player for s in scores if (s.total, s.tiebreak) == best)
