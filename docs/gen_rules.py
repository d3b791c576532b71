"""Write docs/rules.md and its Spanish twin docs/rules.es.md from the rules catalog
(wingspan_rules.rules.CATALOG; the Spanish from the package's catalog of translations).

Run from anywhere:   python docs/gen_rules.py           (rewrites both pages)
                     python docs/gen_rules.py --check   (exit 1 if either page is out of date)

Both pages are generated: edit the catalog, the translations or this script, never the Markdown by
hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

from wingspan_rules.classic.rules import MAX_TOKENS, ClassicRules
from wingspan_rules.engine.rules import Rules
from wingspan_rules.oceania.rules import OceaniaRules
from wingspan_rules.pocket.rules import PocketRules
from wingspan_rules.rules import CATALOG, Rule

OUT = Path(__file__).resolve().parent / "rules.md"
OUT_ES = Path(__file__).resolve().parent / "rules.es.md"

# Headings for the id groups (the first two parts of an id); groups appear in catalog order.
GROUP_TITLES = {
    "core": "Decisions (every ruleset)",
    "pocket.setup": "Pocket: setup",
    "pocket.turn": "Pocket: the turn",
    "pocket.play-bird": "Pocket: playing a bird",
    "pocket.pay": "Pocket: paying a cost",
    "pocket.draw": "Pocket: drawing cards",
    "pocket.supply": "Pocket: the supply",
    "pocket.deck": "Pocket: food decks",
    "pocket.lay-eggs": "Pocket: laying eggs",
    "pocket.eggs": "Pocket: egg limits",
    "pocket.powers": "Pocket: using powers",
    "pocket.power": "Pocket: brown powers",
    "pocket.green": "Pocket: green powers",
    "pocket.end": "Pocket: the end of the game",
    "pocket.score": "Pocket: scoring",
    "classic.setup": "Classic: setup",
    "classic.turn": "Classic: the turn",
    "classic.round": "Classic: rounds",
    "classic.mat": "Classic: the player mat",
    "classic.powers": "Classic: using powers",
    "classic.play-bird": "Classic: playing a bird",
    "classic.feeder": "Classic: the birdfeeder",
    "classic.draw": "Classic: drawing cards",
    "classic.tray": "Classic: the bird tray",
    "classic.deck": "Classic: decks",
    "classic.lay-eggs": "Classic: laying eggs",
    "classic.resources": "Classic: gaining resources",
    "classic.power": "Classic: bird powers",
    "classic.goal": "Classic: round goals",
    "classic.end": "Classic: the end of the game",
    "classic.score": "Classic: scoring",
    "classic.variant": "Classic: variants",
    "classic.supply": "Classic: the supply",
    "classic.house": "Classic: house corrections",
    "oceania.components": "Oceania: the components",
    "oceania.cards": "Oceania: cards and discard piles",
    "oceania.play-bird": "Oceania: playing a bird",
    "oceania.goal": "Oceania: round goals",
    "oceania.bonus": "Oceania: bonus cards",
    "oceania.setup": "Oceania: setup",
    "oceania.dice": "Oceania: the dice",
    "oceania.nectar": "Oceania: nectar",
    "oceania.score": "Oceania: scoring",
    "oceania.round": "Oceania: rounds",
    "oceania.flightless": "Oceania: flightless birds",
    "oceania.adjacency": "Oceania: adjacent birds",
    "oceania.game-end": "Oceania: game-end powers",
    "oceania.power": "Oceania: bird powers",
    "oceania.mat": "Oceania: the player mat",
    "oceania.variant": "Oceania: variants",
}

# The same headings in Spanish (rules.es.md); every group has both.
GROUP_TITLES_ES = {
    "core": "Decisiones (todos los reglamentos)",
    "pocket.setup": "Pocket: preparación",
    "pocket.turn": "Pocket: el turno",
    "pocket.play-bird": "Pocket: jugar un ave",
    "pocket.pay": "Pocket: pagar un coste",
    "pocket.draw": "Pocket: robar cartas",
    "pocket.supply": "Pocket: la reserva de aves",
    "pocket.deck": "Pocket: los mazos de comida",
    "pocket.lay-eggs": "Pocket: poner huevos",
    "pocket.eggs": "Pocket: límites de huevos",
    "pocket.powers": "Pocket: usar poderes",
    "pocket.power": "Pocket: poderes marrones",
    "pocket.green": "Pocket: poderes verdes",
    "pocket.end": "Pocket: el final de la partida",
    "pocket.score": "Pocket: la puntuación",
    "classic.setup": "Clásico: preparación",
    "classic.turn": "Clásico: el turno",
    "classic.round": "Clásico: las rondas",
    "classic.mat": "Clásico: el tablero del jugador",
    "classic.powers": "Clásico: usar poderes",
    "classic.play-bird": "Clásico: jugar un ave",
    "classic.feeder": "Clásico: el comedero",
    "classic.draw": "Clásico: robar cartas",
    "classic.tray": "Clásico: la bandeja de aves",
    "classic.deck": "Clásico: los mazos",
    "classic.lay-eggs": "Clásico: poner huevos",
    "classic.resources": "Clásico: ganar recursos",
    "classic.power": "Clásico: poderes de las aves",
    "classic.goal": "Clásico: objetivos de ronda",
    "classic.end": "Clásico: el final de la partida",
    "classic.score": "Clásico: la puntuación",
    "classic.variant": "Clásico: variantes",
    "classic.supply": "Clásico: la reserva",
    "classic.house": "Clásico: correcciones de la casa",
    "oceania.components": "Oceanía: los componentes",
    "oceania.cards": "Oceanía: cartas y pilas de descartes",
    "oceania.play-bird": "Oceanía: jugar un ave",
    "oceania.goal": "Oceanía: objetivos de ronda",
    "oceania.bonus": "Oceanía: cartas de bonificación",
    "oceania.setup": "Oceanía: preparación",
    "oceania.dice": "Oceanía: los dados",
    "oceania.nectar": "Oceanía: el néctar",
    "oceania.score": "Oceanía: la puntuación",
    "oceania.round": "Oceanía: las rondas",
    "oceania.flightless": "Oceanía: aves no voladoras",
    "oceania.adjacency": "Oceanía: aves adyacentes",
    "oceania.game-end": "Oceanía: poderes de final de partida",
    "oceania.power": "Oceanía: poderes de las aves",
    "oceania.mat": "Oceanía: el tablero del jugador",
    "oceania.variant": "Oceanía: variantes",
}

INTRO_ES = """\
# Catálogo de reglas (en español)

<!-- Generated by docs/gen_rules.py from wingspan_rules.rules.CATALOG. Do not edit by hand. -->

Las mismas reglas que en el [catálogo en inglés](rules.md), con el resumen y la fuente en español:
es lo que dicen `wingspan_rules.CATALOG[id].summary_in("es")` y `.cite("es")`, y en la línea de
órdenes `wingspan-rules --lang es rules` (`--prefix classic.draw` para filtrar). Los identificadores
no se traducen: son los mismos en todos los idiomas, y un programa puede fiarse de ellos.

Donde el resumen en español de las reglas clásicas (004) trata una regla, la fuente cita su apartado
(«004 Resumen de las reglas de Wingspan (en español) § Preguntas frecuentes 7»); las demás citan el
reglamento o la guía donde está escrita (los apartados de 000 a 003 con su nombre en inglés, como
están impresos) o los datos y el motor del proyecto. Las opciones (variantes) y sus valores están en
el catálogo en inglés.
"""

INTRO = """\
# Rules catalog

<!-- Generated by docs/gen_rules.py from wingspan_rules.rules.CATALOG. Do not edit by hand. -->

Every rule the engine enforces has an entry here. The same list is available as
`wingspan_rules.CATALOG` (a dict from id to `Rule`) and from the command line as
`wingspan-rules rules` (`--prefix pocket.pay` to filter, `--json` for data).

**Ids.** An id is a stable dotted name: the rule system (`pocket`, or `core` for what every ruleset
shares), the part of the game, and the rule, for example `pocket.lay-eggs.different-cards`. Ids are
never renamed once released. A `Violation` in a `Verdict` and a `Decision` (its `rule` field) cite
these ids, so a program can react to a rule by id while people read the summary.

**Summaries** are written by the project in its own words; they are not quotations of any rulebook.

**Sources** say where the rule comes from, as `document § section`:

* `000 Wingspan Pocket rulebook` - the Pocket rulebook, the default reading of every rule;
* `001 Wingspan Pocket guide` - a second Pocket text; where it disagrees with the rulebook its
  reading is a variant, off by default;
* `002 Wingspan guide` - the classic base game's guide, the default reading of its rules;
* `004 Wingspan rules summary (Spanish)` - a second classic text; where it disagrees with the guide
  its reading is a variant, off by default;
* `003 Wingspan Oceania expansion rulebook` - the Oceania expansion, played on top of the classic
  game;
* `shared/data reference facts` - the published numbers of the mat, the dice and the goal board;
* `wingspan_rules engine` - rules the engine adds to make play exact where the printed rules leave
  room (how decisions work, what an exact payment is, copy powers never copying copy powers).

**Variants** are named options of a ruleset, passed to `new_game(..., options={...})` or
`wingspan-rules play --option NAME=VALUE`. The default value always follows the rulebook. A rule that
depends on an option names it in the *option* column. The Pocket options:
"""

MIDDLE = """
The advanced game (`advanced=True`) is not a variant but the rulebook's own second mode; the rules
marked "Advanced game" in their summary apply only there.

The classic options. `goal_side` picks the side of the goal board; both sides are printed rules,
and the green side is the project's default although 002 sets the board up blue side up.
`draw_no_mixing`, `public_hands`, `green_ties` and `cache_when_out` carry 004's readings;
`food_tokens` (`None`, or a whole number from 1 to 1000) says how many tokens of each food the box
holds, which only `cache_when_out` uses; `house_corrections` is 002's house correction for a
forgotten power; `oceania_mats` puts the Oceania player mats in a classic game (003 allows them
without the rest of the expansion), and `grassland_row` picks the amounts of their grassland row:
"""

OUTRO = """
The Oceania options (`new_game("oceania", ...)`: the classic game with the Oceania expansion, 003).
The classic options work as in a classic game; the mats are always the Oceania mats:
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _group(rule_id: str) -> str:
    parts = rule_id.split(".")
    return parts[0] if parts[0] == "core" else ".".join(parts[:2])


def _options_table(prefix: str | tuple[str, ...], defaults: dict[str, object], choices: dict[str, tuple[object, ...]]) -> list[str]:
    lines = ["| option | default | values | rules |", "|---|---|---|---|"]
    for name, values in choices.items():
        rules = [r.id for r in CATALOG.values() if r.option == name and r.id.startswith(prefix)]
        shown = ", ".join(f"`{v!r}`" if not isinstance(v, range) else f"{v.start} to {v.stop - 1}" for v in values)
        cited = ", ".join(f"`{r}`" for r in rules) or "-"
        lines.append(f"| `{name}` | `{defaults[name]!r}` | {shown} | {cited} |")
    return lines


def _options(rules: type[Rules]) -> tuple[dict[str, object], dict[str, tuple[object, ...]]]:
    """(defaults, the listed values of the options that have a fixed list)."""
    defaults = {name: spec.default for name, spec in rules.OPTIONS.items()}
    return defaults, {name: spec.choices for name, spec in rules.OPTIONS.items() if spec.check is None}


def render() -> str:
    out = [INTRO]
    out += _options_table("pocket.", *_options(PocketRules))
    out.append(MIDDLE)
    classic_defaults, classic_choices = _options(ClassicRules)
    classic_choices["food_tokens"] = (None, range(1, MAX_TOKENS + 1))
    out += _options_table(("classic.", "oceania."), classic_defaults, classic_choices)
    out.append(OUTRO)
    oceania_defaults, oceania_choices = _options(OceaniaRules)
    oceania_choices["food_tokens"] = (None, range(1, MAX_TOKENS + 1))
    out += _options_table(("classic.", "oceania."), oceania_defaults, oceania_choices)
    out.append("")
    out.append(f"{len(CATALOG)} rules in {len(_groups())} groups.\n")
    out += _group_tables(GROUP_TITLES, "GROUP_TITLES", "| id | summary | source | option |", "en")
    return "\n".join(out).rstrip("\n") + "\n"


def _groups() -> dict[str, list[Rule]]:
    """The rules by group (the first two parts of an id), groups and rules in catalog order."""
    groups: dict[str, list[Rule]] = {}
    for rule in CATALOG.values():
        groups.setdefault(_group(rule.id), []).append(rule)
    return groups


def _group_tables(titles: dict[str, str], titles_name: str, head: str, lang: str) -> list[str]:
    """One table a group, under its heading in ``titles``: each rule's id, summary and source
    in ``lang``, and its option.  A group with no heading is refused, never shown by its id."""
    groups = _groups()
    missing = sorted(set(groups) - set(titles))
    if missing:
        raise SystemExit(f"no heading for the rule groups {missing}: add them to {titles_name}")
    out = []
    for key, rules in groups.items():
        out += [f"## {titles[key]}\n", head, "|---|---|---|---|"]
        for r in rules:
            option = f"`{r.option}`" if r.option else ""
            out.append(f"| `{r.id}` | {_cell(r.summary_in(lang))} | {_cell(r.cite(lang))} | {option} |")
        out.append("")
    return out


def render_es() -> str:
    """The Spanish page: every rule's id, summary, source and option, in catalog order."""
    out = [INTRO_ES, f"{len(CATALOG)} reglas en {len(_groups())} grupos.\n"]
    out += _group_tables(GROUP_TITLES_ES, "GROUP_TITLES_ES", "| id | resumen | fuente | opción |", "es")
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    pages = ((OUT, render()), (OUT_ES, render_es()))
    if "--check" in argv:
        stale = [out for out, text in pages if (out.read_text(encoding="utf-8") if out.exists() else "") != text]
        for out in stale:
            print(f"{out} is out of date; run python docs/gen_rules.py", file=sys.stderr)
        if stale:
            return 1
        print(f"{OUT} and {OUT_ES} are up to date")
        return 0
    for out, text in pages:
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out} ({len(CATALOG)} rules)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
