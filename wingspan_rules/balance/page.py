"""A balance report as one self-contained HTML page: inline CSS, the plots as inline SVG drawn
by matplotlib (the [report] extra), and the tables.  Every name on the page comes from card
files anyone may write, so each is escaped (``html.escape`` in the page; matplotlib escapes the
text it writes into an SVG, and reads no mathematics in it here).  The page is worded in the
current language (``i18n``), and its ``<html lang>`` says which.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..i18n import _, current, ngettext, pgettext, translate
from ..words import foods
from .report import FEW, MIN_PLAYS, TERMS, BalanceReport, BirdStats, Interval, Judgement, span
from .runners import MissingExtra

NEW_COLOUR = "#c0392b"
DECK_COLOUR = "#34495e"
PART_COLOURS = ("#2c7fb8", "#7fcdbb", "#fdae61", "#d7191c", "#984ea3")
PARTS = ("printed", "eggs", "cached", "tucked", "power")


def _part(part: str) -> str:
    """A part of a play's points (``PARTS``), as the legend names it, in the current language."""
    words = {
        "printed": pgettext("points of a play", "printed"),
        "eggs": pgettext("points of a play", "eggs"),
        "cached": pgettext("points of a play", "cached"),
        "tucked": pgettext("points of a play", "tucked"),
        "power": pgettext("points of a play", "power"),
    }
    return words[part]


CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { font-size: 1.6rem; margin-bottom: 0.2rem; }
h2 { font-size: 1.3rem; margin-top: 2.5rem; border-bottom: 2px solid #ddd; padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin-top: 1.5rem; }
.run { color: #555; }
.method { font-size: 0.9rem; color: #444; }
.verdict { font-size: 1.05rem; padding: 0.6rem 0.9rem; border-left: 6px solid #999; background: #f6f6f6; }
.verdict.stronger { border-color: #c0392b; background: #fdf0ee; }
.verdict.weaker { border-color: #2471a3; background: #eef5fb; }
.verdict.within { border-color: #7d8c2f; background: #f5f8ea; }
table { border-collapse: collapse; margin: 0.6rem 0; font-size: 0.9rem; }
th, td { padding: 0.25rem 0.6rem; border-bottom: 1px solid #e3e3e3; text-align: left; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.new td { font-weight: 600; color: #c0392b; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.85rem; color: #555; }
footer { margin-top: 3rem; font-size: 0.8rem; color: #777; }
"""


def plotting() -> Any:
    """matplotlib's ``Figure``; MissingExtra (naming the [report] extra) when it is not installed."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingExtra(_('the HTML report\'s plots need matplotlib: pip install "wingspan_rules[report]"')) from None
    return Figure


def _rc() -> Any:
    import matplotlib

    # text as SVG text (escaped by matplotlib), no "$...$" read as mathematics in a bird's name,
    # and ids and metadata that do not change from run to run
    return matplotlib.rc_context({"svg.fonttype": "none", "text.parse_math": False, "svg.hashsalt": "wingspan-rules-balance", "font.size": 9})


def _svg(figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = out.getvalue()
    text = text[text.index("<svg") :]
    return re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.DOTALL)


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _interval(i: Interval, percent: bool = False) -> str:
    if percent:
        return span(f"{i.value:.1%}", f"{i.low:.1%}", f"{i.high:.1%}")
    return span(f"{i.value:.1f}", f"{i.low:.1f}", f"{i.high:.1f}")


def _lift(i: Interval) -> str:
    return span(f"{100 * i.value:+.1f}", f"{100 * i.low:+.1f}", f"{100 * i.high:+.1f}")


def _values(b: BirdStats) -> list[int]:
    return [points for points, times in b.seen for _time in range(times)]


def _rows(report: BalanceReport, judgement: Judgement) -> list[BirdStats]:
    """The birds a new bird's plots show: itself and the deck birds it was compared with (or,
    when it was compared with none, the deck's birds of its cost), by the verdict's measure."""
    bird = report.bird(judgement.bird)
    names = set(judgement.compared)
    group = [b for b in report.birds if b.name in names] if names else report.group(bird.name)
    by_draws = judgement.measure == "plays per draw"
    return sorted([*group, bird], key=lambda b: (b.played.value if by_draws else b.points.value, b.name))


def _forest(report: BalanceReport, judgement: Judgement) -> str:
    """Three panels, a row a bird: points per play, plays per draw and win lift, each with its
    95% interval; the new bird in red, the median of the birds compared dashed."""
    Figure = plotting()
    rows = _rows(report, judgement)
    figure = Figure(figsize=(10.5, 1.3 + 0.24 * len(rows)), layout="constrained")
    axes = figure.subplots(1, 3, sharey=True)
    ys = list(range(len(rows)))
    panels: Sequence[tuple[str, Any, float]] = (
        (_("points per play"), lambda b: b.points if b.plays >= 2 else None, 1.0),
        (_("plays per draw (%)"), lambda b: b.played if b.draws else None, 100.0),
        (_("win lift (percentage points)"), lambda b: b.lift if b.plays else None, 100.0),
    )
    deck_rows = [b for b in rows if not b.new]
    for panel, (ax, (title, pick, scale)) in enumerate(zip(axes, panels, strict=True)):
        for y, b in zip(ys, rows, strict=True):
            i = pick(b)
            if i is None:
                continue
            colour = NEW_COLOUR if b.new else DECK_COLOUR
            ax.errorbar([i.value * scale], [y], xerr=[[max(0.0, i.value - i.low) * scale], [max(0.0, i.high - i.value) * scale]], fmt="o", color=colour, ms=4 if not b.new else 6, capsize=2, lw=1)
        shown = [pick(b) for b in deck_rows]
        known = sorted(i.value * scale for i in shown if i is not None)
        if known:
            middle = known[len(known) // 2] if len(known) % 2 else (known[len(known) // 2 - 1] + known[len(known) // 2]) / 2
            ax.axvline(middle, color="#888", ls="--", lw=1)
        if panel == 2:  # (the win lift: 0 is no lift)
            ax.axvline(0, color="#bbb", lw=0.8)
        ax.set_title(title)
        ax.grid(axis="x", color="#eee")
    axes[0].set_yticks(ys, [b.name for b in rows])
    for label, b in zip(axes[0].get_yticklabels(), rows, strict=True):
        if b.new:
            label.set_color(NEW_COLOUR)
            label.set_fontweight("bold")
    axes[0].set_ylim(-0.7, len(rows) - 0.3)
    return _svg(figure)


def _spread(report: BalanceReport, judgement: Judgement) -> str:
    """Where a play's points come from: the new bird's points per play as a box beside the pooled
    plays of the deck birds compared, and the mean parts of a play (printed, eggs, ...)."""
    Figure = plotting()
    bird = report.bird(judgement.bird)
    group = [b for b in _rows(report, judgement) if not b.new]
    pooled = [v for b in group for v in _values(b)]
    figure = Figure(figsize=(10.5, 2.6), layout="constrained")
    box, parts = figure.subplots(1, 2, gridspec_kw={"width_ratios": (1, 1.3)})
    data = [(_values(bird), bird.name, NEW_COLOUR), (pooled, _("the birds compared"), DECK_COLOUR)]
    data = [d for d in data if d[0]]
    if data:
        try:
            drawn = box.boxplot([d[0] for d in data], orientation="horizontal", widths=0.5, patch_artist=True)
        except TypeError:  # (matplotlib before 3.10)
            drawn = box.boxplot([d[0] for d in data], vert=False, widths=0.5, patch_artist=True)
        for patch, (_data, _name, colour) in zip(drawn["boxes"], data, strict=True):
            patch.set_facecolor("white")
            patch.set_edgecolor(colour)
        box.set_yticks(range(1, len(data) + 1), [d[1] for d in data])
    box.set_title(_("points a play brought"))
    box.grid(axis="x", color="#eee")
    plays = sum(b.plays for b in group)
    means = [sum(getattr(b, part) * b.plays for b in group) / plays if plays else 0.0 for part in PARTS]
    own = [getattr(bird, part) for part in PARTS]
    for y, values in ((1, own), (0, means)):
        left = 0.0
        for value, colour, part in zip(values, PART_COLOURS, PARTS, strict=True):
            parts.barh([y], [value], left=[left], color=colour, label=_part(part) if y == 1 else None, height=0.55)
            left += value
    parts.set_yticks([0, 1], [_("the birds compared (mean)"), bird.name])
    parts.set_title(_("the parts of a play's points (mean)"))
    parts.legend(loc="lower right", fontsize=8, ncols=5, frameon=False, bbox_to_anchor=(1.0, -0.45))
    parts.grid(axis="x", color="#eee")
    for ax in (box, parts):
        for label in ax.get_yticklabels():
            if label.get_text() == bird.name:
                label.set_color(NEW_COLOUR)
                label.set_fontweight("bold")
    return _svg(figure)


def _overview(report: BalanceReport) -> str:
    """Every bird played often enough: points per play against cost, the new birds named."""
    Figure = plotting()
    figure = Figure(figsize=(10.5, 3.6), layout="constrained")
    ax = figure.subplots()
    measured = [b for b in report.birds if b.plays >= MIN_PLAYS and not b.new]
    for i, b in enumerate(measured):
        jitter = ((i * 37) % 21 - 10) / 40  # (spread the dots of one cost, the same every run)
        ax.plot([b.cost + jitter], [b.points.value], "o", color=DECK_COLOUR, alpha=0.45, ms=4)
    for b in (report.bird(name) for name in report.new):
        if not b.plays:
            continue
        ax.errorbar([b.cost], [b.points.value], yerr=[[max(0.0, b.points.value - b.points.low)], [max(0.0, b.points.high - b.points.value)]], fmt="*", color=NEW_COLOUR, ms=11, capsize=3)
        ax.annotate(b.name, (b.cost, b.points.value), xytext=(8, 4), textcoords="offset points", color=NEW_COLOUR, fontweight="bold")
    costs = sorted({b.cost for b in report.birds})
    ax.set_xticks(costs, [foods(c) for c in costs])
    ax.set_xlim(costs[0] - 0.6, costs[-1] + 1.0)  # (room for a new bird's name at the right)
    ax.set_ylabel(_("points per play"))
    ax.set_title(_("points per play by cost: the deck's birds played {times} times or more (grey), the new birds (red, with 95% intervals)").format(times=MIN_PLAYS))
    ax.grid(axis="y", color="#eee")
    return _svg(figure)


def _facts(b: BirdStats, games: int) -> str:
    rows = [
        (_("drawn"), ngettext("in {drawn} of {games} games", "in {drawn} of {games} games", games).format(drawn=b.games_drawn, games=games), _interval(b.drawn, True)),
        (
            _("played"),
            _("{times} in {draws}").format(times=ngettext("{n} time", "{n} times", b.plays).format(n=b.plays), draws=ngettext("{n} draw", "{n} draws", b.draws).format(n=b.draws)),
            _("{share} of draws").format(share=_interval(b.played, True)),
        ),
    ]
    if b.plays:
        rows += [
            (
                _("points per play"),
                ngettext("{n} play", "{n} plays", b.plays).format(n=b.plays),
                _interval(b.points) if b.plays > 1 else _("{value} (one play: no interval)").format(value=f"{b.points.value:.1f}"),
            ),
            (
                _("of which"),
                "",
                _("printed {printed}, eggs {eggs}, cached {cached}, tucked {tucked}, power {power}").format(
                    printed=f"{b.printed:.1f}", eggs=f"{b.eggs:.1f}", cached=f"{b.cached:.1f}", tucked=f"{b.tucked:.1f}", power=f"{b.power:.1f}"
                ),
            ),
            (_("its power also gained"), "", _("{gains} food and cards a play").format(gains=f"{b.gains:.1f}")),
            (_("win rate, played it"), "", _interval(b.win_played, True)),
            (_("win rate, did not"), "", _interval(b.win_not, True)),
            (_("win lift"), "", _("{lift} percentage points").format(lift=_lift(b.lift))),
        ]
    cells = "".join(f"<tr><th>{_e(a)}</th><td>{_e(n)}</td><td class='n'>{_e(v)}</td></tr>" for a, n, v in rows)
    return f"<table class='facts'>{cells}</table>"


def _group_table(report: BalanceReport, name: str) -> str:
    bird = report.bird(name)
    group = sorted(report.group(name), key=lambda b: (-b.points.value, b.name))
    heads = (_("bird"), _("games drawn"), _("plays"), _("plays per draw (95%)"), _("points per play (95%)"), _("win lift (95%, points)"))
    lines = ["<tr>" + "".join(f"<th>{_e(h)}</th>" for h in heads) + "</tr>"]
    for b in [bird, *group]:
        points = _interval(b.points) if b.plays > 1 else (f"{b.points.value:.1f}" if b.plays else "")
        lift = _lift(b.lift) if b.plays else ""
        played = _interval(b.played, True) if b.draws else ""
        lines.append(
            f"<tr class='{'new' if b.new else 'deck'}'><td>{_e(b.name)}</td><td class='n'>{b.games_drawn}</td><td class='n'>{b.plays}</td>"
            f"<td class='n'>{_e(played)}</td><td class='n'>{_e(points)}</td><td class='n'>{_e(lift)}</td></tr>"
        )
    return f"<table class='group'>{''.join(lines)}</table>"


def page(report: BalanceReport) -> str:
    """The report as one HTML page (plots inline), in the current language."""
    plotting()
    with _rc():
        overview = _overview(report)
        sections = []
        verdict = _("verdict")
        for n, name in enumerate(report.new):
            b = report.bird(name)
            judgement = report.verdict(name)
            figures = ""
            if judgement.compared or report.group(name):
                group = judgement.group or ngettext("the deck’s {cost}-food birds", "the deck’s {cost}-food birds", b.cost).format(cost=b.cost)
                beside = _("{name} (red) beside {group}: each dot is a bird’s estimate, each bar its 95% interval; the dashed line is the median of the deck’s birds shown.").format(
                    name=name, group=group
                )
                spread = _(
                    "The points each play of {name} brought, beside every play of the birds compared (box: the middle half, whiskers: the rest but outliers), and the mean parts of a play."
                ).format(name=name)
                figures = f"<figure>{_forest(report, judgement)}<figcaption>{_e(beside)}</figcaption></figure><figure>{_spread(report, judgement)}<figcaption>{_e(spread)}</figcaption></figure>"
            few = ""
            if 0 < b.plays < FEW and judgement.measure == "points per play":
                said = ngettext("From only {n} plays: more games would make it surer.", "From only {n} plays: more games would make it surer.", b.plays)
                few = f"<p class='note'>{_e(said.format(n=b.plays))}</p>"
            kind = ngettext("({cost}-food bird)", "({cost}-food bird)", b.cost).format(cost=b.cost)
            heading = ngettext("The deck’s {cost}-food birds", "The deck’s {cost}-food birds", b.cost).format(cost=b.cost)
            sections.append(
                f"<section class='bird' id='bird-{n}'><h2>{_e(name)} <small>{_e(kind)}</small></h2>"
                f"<p class='verdict {_e(judgement.kind)}'><strong>{_e(verdict)}</strong>: {_e(judgement.words)}</p>"
                f"{_facts(b, report.games)}{few}{figures}"
                f"<h3>{_e(heading)}</h3>{_group_table(report, name)}</section>"
            )
    method = "".join(f"<li>{_e(translate(words))}</li>" for words in TERMS)
    title = _("Balance report: {birds}").format(birds=", ".join(report.new))
    top = _("Balance report")
    return (
        f"<!DOCTYPE html>\n<html lang='{_e(current())}'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
        f"<style>{CSS}</style></head><body><h1>{_e(top)}</h1><p class='run'>{_e(report.heading())}</p>"
        f"<ul class='method'>{method}</ul>"
        f"<figure>{overview}</figure>{''.join(sections)}"
        f"<footer>wingspan-rules {_e(__version__)}, cards balance (docs/balance.md)</footer></body></html>\n"
    )
