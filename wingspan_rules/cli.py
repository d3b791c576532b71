"""The ``wingspan-rules`` command: play, setup, show, check, score, cards and rules.

Exit codes: 0 success (or a legal action), 1 an illegal action, 2 bad input.
Bad input never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import __version__
from .actions import Action
from .arena import arena, report
from .bots import BOTS, Bot, bot
from .cards import RULESETS_WITH_CARDS, Card, CardSet, card_set, compile_sources, told_ruleset, vocabulary_for
from .dsl.diagnostics import DslError, suggest
from .dsl.vocabulary import OCEANIA, Vocabulary
from .game import Game, StateError, load, new_game, setup
from .i18n import LANGUAGES, N_, LanguageError, _, from_environment, language, ngettext, normalize, translate
from .position import PositionError
from .position.show import show
from .record import RecordError, read_record
from .rules import CATALOG
from .rulesets import ruleset as rules_of
from .savefile import MAX_TEXT
from .verdict import IllegalAction, Verdict


class BadInput(Exception):
    """Input the command cannot use; printed as one message with exit code 2."""


def random_game(game: Game, seed: int, steps: int | None = None, out: Any = None, seats: Sequence[Bot] | None = None) -> int:
    """Play uniformly random legal actions (or each seat's bot's, ``seats``); print each one
    when ``out`` is given."""
    chooser = random.Random(seed)
    done = 0
    while not game.is_over and (steps is None or done < steps):
        pending = game.pending
        assert pending is not None
        action = chooser.choice(pending.options) if seats is None else seats[pending.player].choose(game)
        if out is not None:
            current = game.current_player
            lead = f"p{current} {game.turn_label()}" if pending.kind in ("nest-action", "action") else "   "
            src = f" [{pending.source}]" if pending.source else ""
            who = "" if pending.player == current else f" (p{pending.player})"
            print(f"{lead:>16}  {pending.kind}{src}{who}: {action}", file=out)
        events = game.apply(action)
        if out is not None:
            for event in events:
                print(f"{'':>16}    {event}", file=out)
        done += 1
    return done


def _parse_options(pairs: list[str], advanced: bool) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if advanced:
        options["advanced"] = True
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadInput(_("option '{pair}' must look like name=value").format(pair=pair))
        # plain words for JSON-like values: true/false, null, whole numbers; anything else is text
        lowered = value.lower()
        if lowered in ("true", "false", "null"):
            options[key] = {"true": True, "false": False, "null": None}[lowered]
        elif re.fullmatch(r"-?[0-9]+", value):
            options[key] = int(value)
        elif "," in value or key == "bird_sets":  # a list option: names joined by commas ("core,oceania")
            options[key] = [part.strip() for part in value.split(",")]
        else:
            options[key] = value
    return options


def _write(path: str, text: str) -> None:
    """Write ``text`` to a file; BadInput when it cannot be written."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise BadInput(_("cannot write {path}: {why}").format(path=path, why=err.strerror)) from None


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record, checking each action and event; exit 0 if all agree, 1 if not."""
    try:
        text = Path(args.record).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise BadInput(_("cannot read {path}: {why}").format(path=args.record, why=getattr(err, "strerror", None) or err)) from None
    try:
        game = read_record(text)
    except RecordError as err:
        print(f"{args.record}: {err}")
        return 1
    if args.seat is not None:
        if not 0 <= args.seat < game.players:
            raise BadInput(_("--seat must be 0 to {last}, not {seat}").format(last=game.players - 1, seat=args.seat))
        print(game.record(args.seat), end="")
        return 0
    actions = sum(1 for e in game.events() if e.kind == "action")
    print(ngettext("replayed {n} action: every action legal and every event as recorded", "replayed {n} actions: every action legal and every event as recorded", actions).format(n=actions))
    print(_("final score") if game.is_over else _("score so far ({turn})").format(turn=game.turn_label()))
    print(game.score())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    if args.steps is not None and args.steps < 0:
        raise BadInput(_("--steps must be 0 or more, not {steps}").format(steps=args.steps))
    if args.seat is not None and not 0 <= args.seat < args.players:
        raise BadInput(_("--seat must be 0 to {last}, not {seat}").format(last=args.players - 1, seat=args.seat))
    try:
        game = new_game(args.ruleset, args.players, args.seed, _parse_options(args.option, args.advanced))
    except ValueError as err:
        raise BadInput(str(err)) from None
    out = None if args.quiet else sys.stdout
    random_game(game, args.seed, args.steps, out, _seats(args.bots, args.players, args.seed))
    if args.save:
        _write(args.save, game.to_json())
        print(ngettext("saved the game after {n} step to {path}", "saved the game after {n} steps to {path}", game.state.steps).format(n=game.state.steps, path=args.save))
    if args.record:
        _write(args.record, game.record(args.seat))
        print(ngettext("wrote the record of {n} step to {path}", "wrote the record of {n} steps to {path}", game.state.steps).format(n=game.state.steps, path=args.record))
    print()
    print(_("final score") if game.is_over else _("score so far"))
    print(game.score())
    return 0


def _bot_names(text: str, players: int) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise BadInput(_("--bots names one bot for every seat, or one for all: {wanted} names, not {given}").format(wanted=players, given=len(names)))
    for name in names:
        if name not in BOTS:
            raise BadInput(_("unknown bot '{name}'; known: {known}").format(name=name[:40], known=", ".join(BOTS)))
    return names


def _seats(text: str | None, players: int, seed: int) -> list[Bot] | None:
    if text is None:
        return None
    return [bot(name, seed * players + i) for i, name in enumerate(_bot_names(text, players))]


def cmd_arena(args: argparse.Namespace) -> int:
    names = _bot_names(args.bots, args.players)
    if args.workers is not None and args.workers < 1:
        raise BadInput(_("--workers must be 1 or more, not {n}").format(n=args.workers))

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():  # a bar redrawn in place
            width = 30
            filled = width * done // total
            games = _("{done}/{total} games").format(done=done, total=total)
            print(f"\r[{'#' * filled}{'.' * (width - filled)}] {games}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done * 10 // total != (done - 1) * 10 // total:  # (a log: a line every tenth)
            print(_("{done}/{total} games").format(done=done, total=total), file=sys.stderr, flush=True)

    try:
        standings = arena(args.ruleset, args.players, names, args.games, args.seed, _parse_options(args.option, False), args.workers, progress)
    except ValueError as err:
        raise BadInput(str(err)) from None
    print(
        _("{games} games of {ruleset}, {players} players, seeds {first} to {last} (the bots take turns at the seats)").format(
            games=args.games, ruleset=args.ruleset, players=args.players, first=args.seed, last=args.seed + args.games - 1
        )
    )
    print(report(standings))
    return 0


def _load(path: str, seed: int = 0) -> Game:
    """The game in a file: a saved game (JSON) or a position (docs/positions.md, the hidden
    cards dealt from ``seed``); BadInput (exit 2) for anything either reader refuses."""
    try:
        with open(path, "rb") as file:
            # one byte past the limit is enough to know the file is too large to be a save
            raw = file.read(MAX_TEXT + 1)
    except OSError as err:
        raise BadInput(_("cannot read {path}: {why}").format(path=path, why=err.strerror)) from None
    if len(raw) > MAX_TEXT:
        raise BadInput(_("{path}: not a saved game: the file is larger than {limit} bytes").format(path=path, limit=f"{MAX_TEXT:,}"))
    if not path.endswith(".json") and not raw.lstrip().startswith(b"{"):  # not JSON: a position
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput(_("{path}: neither a saved game nor a position: the file is not UTF-8 text").format(path=path)) from None
        try:
            return setup(text, seed)
        except PositionError as err:
            raise BadInput(f"{path}: {err}".replace("<position>", path)) from None
    try:
        return load(raw)  # bytes: load checks that they are UTF-8
    except StateError as err:
        raise BadInput(f"{path}: {err}") from None


# The names a text argument may take, by verb.  A verb not listed here (or a number) is
# left to ``Game.check``, which says why it is illegal.
_NAME_DOMAINS: dict[str, tuple[str, ...]] = {
    "play": ("card",), "keep-bird": ("card",), "take-bird": ("card",), "copy": ("card",),
    "pay": ("food",), "tuck": ("card", "food"), "discard": ("card", "food"),
    "egg": ("nest", "card"), "pay-egg": ("nest", "card"), "discard-egg": ("nest", "card"),
    "clear-supply": ("food", "cost"), "first": ("player",),
}  # fmt: skip
_DOMAIN_WORDS = {"card": N_("a bird name"), "food": N_("a food side"), "nest": N_("'nest'"), "cost": N_("a cost like 0-0-1-0-0-1-0"), "player": N_("a player such as p0")}  # fmt: skip
_COST_KEY = re.compile(r"\d+(-\d+){6}")


def read_action(game: Game, text: str) -> Action:
    """Action text, checked for form: BadInput when it cannot be an action of this game at all
    (unknown verb, wrong kind of argument, no card, food or player by that name)."""
    try:
        action = game.parse_action(text)
    except ValueError as err:
        raise BadInput(_("cannot read action '{text}': {why}").format(text=text, why=err)) from None
    if game.ruleset != "pocket":
        return _read_by_space(game, text, action)
    domains = _NAME_DOMAINS.get(action.verb)
    if domains is None or not isinstance(action.arg, str):
        return action
    word = action.arg
    known: list[str] = []
    for domain in domains:
        if domain == "card":
            known += list(game.cards.by_name)
        elif domain == "food":
            known += sorted({c.food_kind for c in game.cards.cards})
        elif domain == "nest":
            known.append("nest")
        elif domain == "player":
            known += [f"p{i}" for i in range(game.players)]
    if word in known or ("cost" in domains and _COST_KEY.fullmatch(word)):
        return action
    wanted = _or([translate(_DOMAIN_WORDS[d]) for d in domains])
    raise BadInput(_needs(text, action.verb, wanted, word, suggest(word, known)))


def _read_by_space(game: Game, text: str, action: Action) -> Action:
    """An action is readable if the game's action space holds it; otherwise say what its verb
    takes (bird names, foods, bonus cards, habitats or players) and suggest the nearest."""
    try:
        game.action_index(action)
        return action
    except ValueError:
        pass
    values = sorted({str(a.arg) for a in game.action_space() if a.verb == action.verb and a.arg is not None})
    if not values:
        return action  # a verb without argument: its form was checked by parse_action
    kinds = []
    rules = rules_of(game.ruleset)  # the game's own tables: a variant may have other foods
    for kind, words in (
        (_("a bird name"), set(game.cards.by_name)),
        (_("a bonus card name"), {b.name for b in game.cards.bonuses}),
        (_("a food"), set(rules.foods)),
        (_("a habitat"), set(rules.habitats)),
        (_("a player such as p0"), {f"p{i}" for i in range(game.players)}),
    ):
        if words & set(values):
            kinds.append(kind)
    wanted = _or(kinds) or _("one of {values}").format(values=", ".join(values[:6]))
    raise BadInput(_needs(text, action.verb, wanted, str(action.arg), suggest(str(action.arg), values)))


def _or(words: list[str]) -> str:
    """Words joined by "or" in the current language."""
    return _(" or ").join(words)


def _needs(text: str, verb: str, wanted: str, word: str, hint: str | None) -> str:
    """Why an action's argument names nothing its verb takes, with the nearest name if any."""
    if hint:
        return _("cannot read action '{text}': '{verb}' needs {wanted}, and there is none called '{word}'; {hint}").format(text=text, verb=verb, wanted=wanted, word=word, hint=hint)
    return _("cannot read action '{text}': '{verb}' needs {wanted}, and there is none called '{word}'").format(text=text, verb=verb, wanted=wanted, word=word)


def cmd_check(args: argparse.Namespace) -> int:
    game = _load(args.state, args.seed)
    if args.player is not None and not 0 <= args.player < game.players:
        raise BadInput(_("--player must be 0 to {last} in this {players}-player game, not {player}").format(last=game.players - 1, players=game.players, player=args.player))
    texts = [t.strip() for t in args.action.split(";") if t.strip()]
    if not texts:
        raise BadInput(_("no action given"))
    actions = [read_action(game, text) for text in texts]  # unreadable text: exit 2 before any verdict
    shown = None
    # which listed actions are answers the game took on its own (the only option) is settled
    # for the whole sequence first: such an answer may also read as a legal next choice
    _index, _verdict, already = game.read_sequence(actions)
    for i, (text, action) in enumerate(zip(texts, actions, strict=True)):
        pending = game.pending
        label = f"{text}: " if len(texts) > 1 else ""
        if i < len(already) and already[i]:
            print(label + _("legal, already done: it was the only option, so the game took it  (rule core.forced)"))
            continue
        verdict = game.check(action, args.player)
        if pending is not None and (pending.player, pending.kind, pending.source) != shown:
            # say who is to act whenever a sequence of actions moves on to another decision maker or kind
            shown = (pending.player, pending.kind, pending.source)
            print(_("waiting for p{player}: {kind}").format(player=pending.player, kind=pending.kind) + (f" [{pending.source}]" if pending.source else ""))
        if not verdict.legal:
            print(label + _("illegal"))
            for v in verdict.violations:
                print(f"  [{v.rule_id}] {v.message}")
                print("      " + _("rule: {summary}").format(summary=CATALOG[v.rule_id].summary_in()))
                print("      " + _("source: {source}").format(source=v.source))
            _print_option_notes(verdict)
            if pending is not None:
                print("  " + _("legal now: {actions}").format(actions=", ".join(str(o) for o in game.legal_actions())))
            return 1
        print(label + (_("legal  (rule {rule})").format(rule=pending.rule) if pending else _("legal")))
        _print_option_notes(verdict)
        if args.events:  # do it, and say what it did (as the asking player sees it)
            for event in game.apply(action):
                print(f"    {event.describe(args.player)}")
        else:
            game.apply(action)
    # where the actions leave the game: the decision next, the table (--show), a save (--save)
    after = game.pending
    if after is None:
        print(_("then the game is over"))
    else:
        print(_("then waiting for p{player}: {kind}").format(player=after.player, kind=after.kind) + (f" [{after.source}]" if after.source else ""))
    if args.show:
        print(show(game, args.player), end="")
    if args.save is not None:
        _write(args.save, game.to_json())
        print(_("saved the game to {path}").format(path=args.save))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .web import serve
    except ImportError as err:
        raise BadInput(str(err)) from None
    if not 0 < args.port < 65536:
        raise BadInput(_("--port must be 1 to 65535, not {port}").format(port=args.port))
    print(_("the dispute page is at {address} (Ctrl-C stops it)").format(address=f"http://{args.host}:{args.port}/"), flush=True)
    serve(args.host, args.port)
    return 0


def cmd_lsp(args: argparse.Namespace) -> int:
    try:
        from .lsp.server import main as serve_lsp  # (needs the [lsp] extra)
    except ImportError as err:
        raise BadInput(str(err)) from None
    return int(serve_lsp())


def cmd_setup(args: argparse.Namespace) -> int:
    game = _load(args.position, args.seed)
    print(show(game), end="")
    if args.save:
        _write(args.save, game.to_json())
        print("\n" + _("saved the game to {path}").format(path=args.save))
    return 0


def cmd_show_game(args: argparse.Namespace) -> int:
    game = _load(args.game, args.seed)
    if args.player is not None and not 0 <= args.player < game.players:
        raise BadInput(_("--player must be 0 to {last} in this {players}-player game, not {player}").format(last=game.players - 1, players=game.players, player=args.player))
    if args.svg is not None:
        from .svg import board

        _write(args.svg, board(game, args.player))
        if args.player is None:
            print(_("wrote {path}: the table as every seat sees it").format(path=args.svg))
        else:
            print(_("wrote {path}: the table as p{player} sees it").format(path=args.svg, player=args.player))
    elif args.position:
        print(game.position(), end="")
    else:
        print(show(game, args.player), end="")
    return 0


def _print_option_notes(verdict: Verdict) -> None:
    """Where the verdict depends on a rule-reading option: the value played, and the verdict
    under each other value that changes it."""
    for note in verdict.options:
        for line in note.lines():
            print("  " + line)


def cmd_score(args: argparse.Namespace) -> int:
    game = _load(args.state, args.seed)
    sheet = game.score()
    if args.json:
        print(json.dumps(sheet.to_dict(), indent=2))
    else:
        print(_("final score") if game.is_over else _("score so far (the game is not over)"))
        print(sheet)
    return 0


def _lint_paths(paths: Sequence[str]) -> list[tuple[str, str]]:
    sources = []
    for raw in paths:
        path = Path(raw)
        files = sorted(path.glob("*.wsp")) if path.is_dir() else [path]
        if path.is_dir() and not files:
            raise BadInput(_("{path} holds no .wsp card files").format(path=raw))
        for f in files:
            try:
                sources.append((str(f), f.read_text(encoding="utf-8")))
            except OSError as err:
                raise BadInput(_("cannot read {path}: {why}").format(path=f, why=err.strerror)) from None
            except UnicodeDecodeError:
                raise BadInput(_("{path} is not a text file").format(path=f)) from None
    return sources


def _vocabulary(sources: list[tuple[str, str]], ruleset: str | None) -> Vocabulary:
    """The vocabulary to check card files with: named, or told by the blocks they use."""
    try:
        return vocabulary_for(sources, ruleset)
    except ValueError as err:
        raise BadInput(str(err)) from None


def cmd_lint(args: argparse.Namespace) -> int:
    sources = _lint_paths(args.paths)
    try:
        cards = compile_sources(sources, _vocabulary(sources, args.ruleset))
    except DslError as err:
        print(err.render(), file=sys.stderr)
        return 2
    if cards.bonuses:
        found = _("{cards} cards, {goals} goals and {bonuses} bonus cards").format(cards=len(cards.cards), goals=len(cards.goals), bonuses=len(cards.bonuses))
    else:
        found = _("{cards} cards and {goals} goals").format(cards=len(cards.cards), goals=len(cards.goals))
    print(_("ok: {found} in {files} file(s)").format(found=found, files=len(sources)))
    return 0


def _format_sources(paths: Sequence[str]) -> list[tuple[str, Path | None, str]]:
    """(name, path, text) of each card file to format, read as UTF-8 with its line breaks as
    they are; path None for '-' (standard input).  A folder means each of its .wsp files."""
    sources: list[tuple[str, Path | None, str]] = []
    seen: set[Path] = set()
    for raw in paths:
        if raw == "-":
            if any(path is None for _name, path, _text in sources):
                raise BadInput(_("'-' (standard input) may be given once"))
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
            sources.append(("<stdin>", None, _utf8(data, "standard input")))
            continue
        path = Path(raw)
        files = sorted(path.glob("*.wsp")) if path.is_dir() else [path]
        if path.is_dir() and not files:
            raise BadInput(_("{path} holds no .wsp card files").format(path=raw))
        for f in files:
            if f.resolve() in seen:
                continue
            seen.add(f.resolve())
            try:
                sources.append((str(f), f, _utf8(f.read_bytes(), str(f))))
            except OSError as err:
                raise BadInput(_("cannot read {path}: {why}").format(path=f, why=err.strerror)) from None
    return sources


def _utf8(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(_("{path} is not a UTF-8 text file").format(path=name)) from None


def _replace_file(path: Path, text: str) -> None:
    """Write ``text`` over a file at once: into a new file beside it (the same permissions),
    then put in its place, so that the file is never seen half written."""
    import os
    import stat
    import tempfile

    target = path.resolve()  # (a link stays a link: the file it names is rewritten)
    mode = stat.S_IMODE(target.stat().st_mode)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text.encode("utf-8"))
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _diff_lines(text: str) -> list[str]:
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1] + "\n\\ No newline at end of file\n")
    return lines


def _stdout_raw(text: str) -> None:
    """Print text as it is, its line breaks untranslated."""
    sys.stdout.flush()
    if hasattr(sys.stdout, "buffer"):
        sys.stdout.buffer.write(text.encode("utf-8"))
        sys.stdout.buffer.flush()
    else:
        sys.stdout.write(text)


def cmd_format(args: argparse.Namespace) -> int:
    import difflib

    from .dsl.format import FormatError, format_text

    sources = _format_sources(args.paths)
    vocabulary = _vocabulary([(name, text) for name, _path, text in sources], args.ruleset)
    dry = args.check or args.diff
    changed = unchanged = failed = 0
    for name, path, text in sources:
        try:
            formatted = format_text(text, vocabulary, name)
        except DslError as err:
            print(err.render(), file=sys.stderr)
            failed += 1
            continue
        except FormatError as err:
            print("wingspan-rules: " + _("error: {why}").format(why=err), file=sys.stderr)
            failed += 1
            continue
        if path is None and not dry:
            _stdout_raw(formatted)
        if formatted == text:
            unchanged += 1
            continue
        if args.diff:
            _stdout_raw("".join(difflib.unified_diff(_diff_lines(text), _diff_lines(formatted), name, name)))
        if path is not None and not dry:
            try:
                _replace_file(path, formatted)
            except OSError as err:
                print("wingspan-rules: " + _("error: {why}").format(why=_("cannot write {path}: {why}").format(path=name, why=err.strerror)), file=sys.stderr)
                failed += 1
                continue
        changed += 1
        print((_("would reformat {path}") if dry else _("reformatted {path}")).format(path=name), file=sys.stderr)
    if dry:
        reformatted = ngettext("{n} file would be reformatted", "{n} files would be reformatted", changed)
        left = ngettext("{n} file would be left unchanged", "{n} files would be left unchanged", unchanged)
    else:
        reformatted = ngettext("{n} file reformatted", "{n} files reformatted", changed)
        left = ngettext("{n} file left unchanged", "{n} files left unchanged", unchanged)
    done = [
        reformatted.format(n=changed) if changed else "",
        left.format(n=unchanged) if unchanged else "",
        ngettext("{n} file with errors left as it was", "{n} files with errors left as they were", failed).format(n=failed) if failed else "",
    ]
    print(", ".join(part for part in done if part), file=sys.stderr)
    if failed:
        return 2
    return 1 if args.check and changed else 0


def _find_card(cards: CardSet, name: str) -> Card:
    if name in cards.by_name:
        return cards.by_name[name]
    lowered = {n.lower(): c for n, c in cards.by_name.items()}
    if name.lower() in lowered:
        return lowered[name.lower()]
    hint = suggest(name, cards.by_name)
    if hint:
        raise BadInput(_("no card named '{name}'; {hint}").format(name=name, hint=hint))
    raise BadInput(_("no card named '{name}'").format(name=name))


def cmd_show(args: argparse.Namespace) -> int:
    if len(args.what) > 2:
        raise BadInput(_("cards show takes a card name, or a card file and a name"))
    if len(args.what) == 2:  # a card of a file, not of a shipped deck
        sources = _lint_paths(args.what[:1])
        try:
            cards = compile_sources(sources, _vocabulary(sources, args.ruleset))
        except DslError as err:
            print(err.render(), file=sys.stderr)
            return 2
        card = _find_card(cards, args.what[1])
        print(card.english)
        print(card.dsl)
        return 0
    ruleset = args.ruleset or "pocket"
    name = args.what[0]
    cards = _ruleset_cards(ruleset)
    try:
        card = _find_card(cards, name)
    except BadInput as err:
        # the name may belong to another ruleset's deck: say which
        others = [r for r in RULESETS_WITH_CARDS if r != ruleset and name.lower() in {n.lower() for n in card_set(r).by_name}]
        if others:
            raise BadInput(_("no {ruleset} card named '{name}'; it is a {other} card: add --ruleset {other}").format(ruleset=ruleset, name=name, other=others[0])) from None
        raise err
    print(card.english)
    print(card.dsl)
    return 0


def _ruleset_cards(ruleset: str) -> CardSet:
    try:
        return card_set(ruleset)
    except ValueError as err:
        raise BadInput(str(err)) from None


def card_facts(card: Card) -> dict[str, Any]:
    from .dsl.render import power_dsl, power_english

    power = card.definition.bird.power
    return {
        "name": card.name,
        "food_side": list(card.foods),
        "food_cost": dict(zip(card_set("pocket").foods, card.cost, strict=True)) | {"any": card.any_food},
        "egg_cost": card.egg_cost,
        "points": card.points,
        "egg_limit": card.egg_limit,
        "wingspan_cm": card.wingspan,
        "power_colour": card.colour,
        "power_dsl": power_dsl(power) if power is not None else None,
        "power": power_english(power) if power is not None else None,
    }


def classic_card_facts(card: Card) -> dict[str, Any]:
    """A classic bird under the field names of the published card facts."""
    from .dsl.render import power_dsl, power_english
    power = card.definition.bird.power
    return {
        "name": card.name,
        "set": card.card_set,
        "swift_start": card.swift_start,
        "habitats": list(card.habitats),
        # every food of the published facts, nectar included (a classic card costs none)
        "food_cost": {food: 0 for food in OCEANIA.foods} | dict(zip(OCEANIA.foods, card.cost, strict=False)) | {"wild": card.any_food},
        "food_cost_mode": "or" if card.cost_alternative else "and",
        "points": card.points,
        "nest": card.nest,
        "egg_limit": card.egg_limit,
        "wingspan_cm": card.wingspan,
        "flightless": card.wingspan is None,
        "predator": card.predator,
        "flocking": card.flocking,
        "power_colour": card.colour,
        "power": power_english(power, classic=True) if power is not None else None,
        "power_dsl": power_dsl(power) if power is not None else None,
    }


def cmd_export(args: argparse.Namespace) -> int:
    cards = _ruleset_cards(args.ruleset)
    facts = classic_card_facts if args.ruleset in ("classic", "oceania") else card_facts
    print(json.dumps([facts(c) for c in cards.cards], indent=1))
    return 0


def cmd_try(args: argparse.Namespace) -> int:
    """Play random games with new card files shuffled into the chosen ruleset's deck."""
    from .cards import ruleset_text

    sources = _lint_paths(args.paths)
    ruleset = args.ruleset or told_ruleset(sources)
    vocabulary = _vocabulary(sources, ruleset)
    shipped = {"pocket": ["pocket"], "classic": ["classic"], "oceania": ["classic", "oceania"]}.get(ruleset, [])
    try:
        new_cards = compile_sources(sources, vocabulary)
        # clashes with the shipped names, by file
        compile_sources([s for deck_name in shipped for s in ruleset_text(deck_name)] + sources, vocabulary)
    except DslError as err:
        print(err.render(), file=sys.stderr)
        return 2
    extra = "\n".join(text for _name, text in sources)
    if args.advanced and ruleset != "pocket":
        raise BadInput(_("--advanced is a Wingspan Pocket option"))
    options = _parse_options(args.option, args.advanced)
    if "extra_card_text" in options:
        raise BadInput(_("the new cards are the files given: --option extra_card_text is not taken"))
    options["extra_card_text"] = extra
    played = {c.name: 0 for c in new_cards.cards}
    activated = {c.name: 0 for c in new_cards.cards}
    try:
        for seed in range(args.games):
            game = new_game(ruleset, args.players, seed, options)
            chooser = random.Random(seed)
            while not game.is_over:
                pending = game.pending
                assert pending is not None
                action = chooser.choice(pending.options)
                if action.verb.startswith("play") and action.arg in played:
                    played[str(action.arg)] += 1
                # a power's activation is the optional decision that opens it (a game-end power: its name)
                if pending.source in activated and pending.rule.endswith(".powers.optional") and action.verb != "skip":
                    activated[str(pending.source)] += 1
                elif action.verb == "game-end" and action.arg in activated:
                    activated[str(action.arg)] += 1
                game.apply(action)
    except (ValueError, DslError) as err:
        raise BadInput(str(err)) from None
    chosen = "".join(f", {pair.strip()}" for pair in args.option)
    new = ngettext("{n} new card", "{n} new cards", len(new_cards.cards)).format(n=len(new_cards.cards))
    if ruleset == "pocket":
        games = _("{games} random {players}-player games{options} with {new} in the deck")
    else:
        games = _("{games} random {players}-player {ruleset} games{options} with {new} in the deck")
    print(games.format(games=args.games, players=args.players, ruleset=ruleset, options=chosen, new=new))
    for name in played:
        times = ngettext("played {n} time", "played {n} times", played[name]).format(n=played[name])
        used = ngettext("power used {n} time", "power used {n} times", activated[name]).format(n=activated[name])
        print(f"  {name}: {times}, {used}")
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """A balance report of the birds of new card files: bots play games with them in the deck (docs/balance.md)."""
    import time

    from .balance import Bar, MissingExtra, Stopped, balance, html, import_ray, require_plots
    from .cards import ruleset_text

    if args.games < 1:
        raise BadInput(_("--games must be 1 or more, not {n}").format(n=args.games))
    if args.workers is not None and args.workers < 1:
        raise BadInput(_("--workers must be 1 or more, not {n}").format(n=args.workers))
    if args.simulations < 1:
        raise BadInput(_("--simulations must be 1 or more, not {n}").format(n=args.simulations))
    if args.batch is not None and args.batch < 1:
        raise BadInput(_("--batch must be 1 or more, not {n}").format(n=args.batch))
    try:  # (a missing extra is said before any game is played)
        if args.report is not None:
            require_plots()
        if args.ray is not None:
            import_ray()
    except MissingExtra as err:
        raise BadInput(str(err)) from None
    sources = _lint_paths(args.paths)
    ruleset = args.ruleset or told_ruleset(sources)
    vocabulary = _vocabulary(sources, ruleset)
    shipped = {"pocket": ["pocket"], "classic": ["classic"], "oceania": ["classic", "oceania"]}.get(ruleset, [])
    try:
        compile_sources(sources, vocabulary)
        compile_sources([s for deck_name in shipped for s in ruleset_text(deck_name)] + sources, vocabulary)  # (clashes with the deck's names, by file)
    except DslError as err:
        print(err.render(), file=sys.stderr)
        return 2
    options = _parse_options(args.option, False)
    began = time.monotonic()
    try:
        found = balance(
            "\n".join(text for _name, text in sources), ruleset, args.players, args.games, args.bots, args.seed, options,
            args.workers, args.ray, None if args.quiet else Bar(sys.stderr), args.simulations, args.batch,
        )  # fmt: skip
    except Stopped as err:
        print("wingspan-rules: " + _("{why}: no report").format(why=err), file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("wingspan-rules: " + _("stopped: no report"), file=sys.stderr)
        return 130
    except (ValueError, ConnectionError) as err:
        raise BadInput(str(err)) from None
    spent = time.monotonic() - began
    if not args.quiet:
        print(_("{games} games in {seconds} s: {rate} games a second").format(games=args.games, seconds=f"{spent:.1f}", rate=f"{args.games / spent:.2f}"), file=sys.stderr)
    if args.report is not None:
        _write(args.report, html(found))
        if not args.quiet:
            print(_("wrote the report with its plots to {path}").format(path=args.report), file=sys.stderr)
    print(found.to_json() if args.json else found.text())
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    rules = [r for r in CATALOG.values() if args.prefix is None or r.id.startswith(args.prefix)]
    if args.json:
        print(json.dumps([{"id": r.id, "summary": r.summary_in(), "source": r.cite(), "option": r.option} for r in rules], indent=1, ensure_ascii=False))
        return 0
    for r in rules:
        print(f"{r.id}\n    {r.summary_in()}\n    " + _("source: {source}").format(source=r.cite()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="wingspan-rules", description=_("Wingspan rules: play, check, score, and card tools."))
    parser.add_argument("--version", action="version", version=f"wingspan-rules {__version__}", help=_("show program's version number and exit"))
    parser.add_argument("--lang", metavar="LANG", help=_("the language to speak: en or es (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en); may stand anywhere"))
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help=_("play a seeded random game, printing each step and the score"))
    play.add_argument("--ruleset", default="pocket")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--advanced", action="store_true")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_("a rule variant, e.g. supply_reset=birds, or a list: bird_sets=core,oceania"))
    play.add_argument("--steps", type=int, default=None, help=_("stop after this many actions"))
    play.add_argument("--save", metavar="FILE", help=_("write the game (as Game.to_json) to FILE"))
    play.add_argument("--quiet", action="store_true", help=_("print only the score"))
    play.add_argument("--record", metavar="FILE", help=_("write the game record (actions and events) to FILE"))
    play.add_argument("--seat", type=int, default=None, help=_("with --record: the record as this player sees it"))
    play.add_argument("--bots", default=None, metavar="A,B,...", help=_("the bots that play, one a seat or one for all: random, greedy, search (default: random moves from --seed)"))
    play.set_defaults(func=cmd_play)

    arena_ = sub.add_parser("arena", help=_("bots against each other: each bot's win rate and mean score with 95%% intervals"))
    arena_.add_argument("--ruleset", default="classic")
    arena_.add_argument("--players", type=int, default=2)
    arena_.add_argument("--bots", required=True, metavar="A,B,...", help=_("one bot a seat (random, greedy, search); they take turns at the seats"))
    arena_.add_argument("--games", type=int, default=100)
    arena_.add_argument("--seed", type=int, default=0, help=_("game k is dealt from seed + k"))
    arena_.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    arena_.add_argument("--workers", type=int, default=None, help=_("processes to play on (default: every core)"))
    arena_.set_defaults(func=cmd_arena)

    replay_ = sub.add_parser("replay", help=_("replay a game record, checking every action and event; exit 0 if all agree, 1 if not"))
    replay_.add_argument("record", metavar="RECORD")
    replay_.add_argument("--seat", type=int, default=None, help=_("print the record as this player sees it instead"))
    replay_.set_defaults(func=cmd_replay)

    seed_help = _("for a position: the seed that deals what it leaves out (default 0)")
    setup_ = sub.add_parser("setup", help=_("set up a game from a position file (docs/positions.md) and show it"))
    setup_.add_argument("position", metavar="POSITION")
    setup_.add_argument("--save", metavar="STATE.json", help=_("write the game (as Game.to_json) to this file"))
    setup_.add_argument("--seed", type=int, default=0, help=seed_help)
    setup_.set_defaults(func=cmd_setup)

    show_ = sub.add_parser("show", help=_("show a saved game or a position as a table"))
    show_.add_argument("game", metavar="STATE.json|POSITION")
    show_.add_argument("--player", type=int, default=None, help=_("show this player's hand by name"))
    show_.add_argument("--position", action="store_true", help=_("print the game as a position instead"))
    show_.add_argument("--svg", metavar="OUT.svg", default=None, help=_("draw the table as an SVG picture into OUT.svg (as --player sees it)"))
    show_.add_argument("--seed", type=int, default=0, help=seed_help)
    show_.set_defaults(func=cmd_show_game)

    check = sub.add_parser("check", help=_("is ACTION legal in the saved game or position? exit 0 legal, 1 illegal, 2 bad input"))
    check.add_argument("state", metavar="STATE.json|POSITION")
    check.add_argument("--seed", type=int, default=0, help=seed_help)
    check.add_argument("action", metavar="ACTION", help=_("action text, e.g. 'play Blue Jay'; several separated by ';'"))
    check.add_argument("--player", type=int, default=None, help=_("the player asking (default: whoever must act)"))
    check.add_argument("--events", action="store_true", help=_("do each legal action and print the events it caused (what --player may see)"))
    check.add_argument("--show", action="store_true", help=_("after the actions, show the table (as --player sees it)"))
    check.add_argument("--save", metavar="STATE.json", default=None, help=_("after the actions, save the game to STATE.json"))
    check.set_defaults(func=cmd_check)

    serve = sub.add_parser("serve", help=_("run the dispute page (the [web] extra): paste a position, choose an action, read the verdict"))
    serve.add_argument("--host", default="127.0.0.1", help=_("the address to listen on (default 127.0.0.1: this machine only)"))
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(func=cmd_serve)

    lsp = sub.add_parser("lsp", help=_("run the language server for card files and positions (the [lsp] extra) over stdin and stdout: docs/editors.md"))
    lsp.add_argument("--stdio", action="store_true", help=_("speak over stdin and stdout (the only way it speaks; editors pass it)"))
    lsp.set_defaults(func=cmd_lsp)

    score = sub.add_parser("score", help=_("score a saved game or a position"))
    score.add_argument("state", metavar="STATE.json|POSITION")
    score.add_argument("--seed", type=int, default=0, help=seed_help)
    score.add_argument("--json", action="store_true")
    score.set_defaults(func=cmd_score)

    cards = sub.add_parser("cards", help=_("card tools: lint, format, show, export, try, balance"))
    csub = cards.add_subparsers(dest="cards_command", required=True)
    lint = csub.add_parser("lint", help=_("check card files and report every error"))
    lint.add_argument("paths", nargs="+", metavar="PATH")
    lint.add_argument("--ruleset", default=None, help=_("pocket or classic (default: told by the blocks used)"))
    lint.set_defaults(func=cmd_lint)
    format_ = csub.add_parser(
        "format",
        help=_("rewrite card files in the canonical layout, keeping their comments"),
        description=_(
            "Rewrite each card file in canonical card text (what the renderer writes: fields in order, "
            "powers in canonical form), keeping every comment; a file that does not compile is reported "
            "as cards lint reports it and left as it was. Exit codes: 0 done (or, with --check, nothing "
            "to change), 1 with --check: some file would change, 2 a file with errors or bad input."
        ),
    )
    format_.add_argument("paths", nargs="+", metavar="FILE", help=_("card files or folders of them (a folder: each .wsp file in it); - reads standard input and prints the result"))
    format_.add_argument("--check", action="store_true", help=_("write nothing; list the files that would change and exit 1 if any would (default: rewrite them)"))
    format_.add_argument("--diff", action="store_true", help=_("write nothing; print what would change as a unified diff (default: rewrite the files)"))
    format_.add_argument("--ruleset", default=None, help=_("pocket, classic or oceania (default: told by the blocks used, as cards lint tells it)"))
    format_.set_defaults(func=cmd_format)
    show = csub.add_parser("show", help=_("show a card in English and in the card language: NAME of a shipped deck, or FILE NAME"))
    show.add_argument("what", nargs="+", metavar="[FILE] NAME")
    show.add_argument("--ruleset", default=None, help=_("pocket (default for a name), classic or oceania (a file: told by its blocks)"))
    show.set_defaults(func=cmd_show)
    export = csub.add_parser("export", help=_("print a ruleset's cards as JSON"))
    export.add_argument("ruleset")
    export.set_defaults(func=cmd_export)
    trial = csub.add_parser(
        "try",
        help=_("play random games with new cards added to the deck"),
        description=_("Play seeded random games (seeds 0, 1, ...) with the cards of PATH shuffled into the ruleset's deck, and count how often each new card was played and its power used."),
    )
    trial.add_argument("paths", nargs="+", metavar="PATH", help=_("card files holding the new cards"))
    trial.add_argument("--games", type=int, default=50, help=_("games to play (default: %(default)s)"))
    trial.add_argument("--players", type=int, default=3, help=_("players in each game (default: %(default)s)"))
    trial.add_argument("--advanced", action="store_true", help=_("Wingspan Pocket's advanced game (default: the basic game)"))
    trial.add_argument("--ruleset", default=None, help=_("pocket, classic or oceania (default: told by the blocks used)"))
    trial.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a rule variant, e.g. bird_sets=core or supply_reset=birds; may be repeated (default: the ruleset's own; docs/api.md, \"Options\", lists them)"),
    )
    trial.set_defaults(func=cmd_try)
    weigh = csub.add_parser(
        "balance",
        help=_("a balance report: bots play games with new birds in the deck; each new bird beside the deck's birds of its cost"),
        description=_(
            "Play games with the birds of FILE shuffled into the ruleset's deck, every seat taken by the same kind of bot, "
            "and report for each new bird how often it was drawn and played, the points a play brought, the win rate of "
            "the players who played it against the others (95% intervals), and a verdict against the deck's birds of "
            "the same cost. The same seed gives the same report however many workers play, here or on Ray. "
            "Exit codes: 0 done, 2 bad input, 130 stopped (Ctrl-C). See docs/balance.md."
        ),
    )
    weigh.add_argument("paths", nargs="+", metavar="FILE", help=_("card files (or folders of them) holding the new birds"))
    weigh.add_argument("--ruleset", default=None, help=_("pocket, classic or oceania (default: told by the blocks used, as cards lint tells it)"))
    weigh.add_argument("--players", type=int, default=2, help=_("players in each game (default: %(default)s)"))
    weigh.add_argument("--games", type=int, default=200, help=_("games to play; game k is dealt from seed + k (default: %(default)s)"))
    weigh.add_argument("--bots", choices=("greedy", "search"), default="greedy", help=_("the bot at every seat (default: %(default)s)"))
    weigh.add_argument("--simulations", type=int, default=16, help=_("with --bots search: simulations a decision, a fixed number so that a seed gives one game (default: %(default)s)"))
    weigh.add_argument("--seed", type=int, default=0, help=_("the seed of game 0 (default: %(default)s)"))
    weigh.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help=_("a rule variant, e.g. advanced=true; may be repeated (default: the ruleset's own)"))
    where = weigh.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, metavar="W", help=_("processes to play on, here (default: every core; 1: in this process)"))
    where.add_argument(
        "--ray", default=None, metavar="ADDRESS",
        help=_("play the games as Ray tasks (the [ray] extra): auto (the cluster started on this machine), local (a new Ray instance here) or HOST:PORT (default: not on Ray)"),
    )  # fmt: skip
    weigh.add_argument(
        "--batch", type=int, default=None, metavar="N",
        help=_("games a task; the report is the same whatever it is (default: up to 32 on Ray, 4 here; fewer to keep every worker busy)"),
    )
    weigh.add_argument("--report", default=None, metavar="OUT.html", help=_("also write the report with its plots as one HTML page (the [report] extra) (default: none)"))
    weigh.add_argument("--json", action="store_true", help=_("print the report as JSON (default: as text)"))
    weigh.add_argument("--quiet", action="store_true", help=_("no progress bar or timing on stderr (default: show them)"))
    weigh.set_defaults(func=cmd_balance)

    rules = sub.add_parser("rules", help=_("list the rules catalog"))
    rules.add_argument("--json", action="store_true")
    rules.add_argument("--prefix", default=None, help=_("only ids starting with this, e.g. pocket.pay"))
    rules.set_defaults(func=cmd_rules)
    return parser


def _take_lang(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang L`` or ``--lang=L`` taken out of the arguments, wherever it stands (before the
    command or after it): (L or None, the other arguments).  The words after a bare ``--``
    are left alone."""
    lang: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        if arg == "--lang":
            if i + 1 >= len(argv):
                raise BadInput(_("--lang needs a language: {choices}").format(choices=", ".join(LANGUAGES)))
            lang, i = argv[i + 1], i + 2
            continue
        if arg.startswith("--lang="):
            lang, i = arg[len("--lang="):], i + 1
            continue
        rest.append(arg)
        i += 1
    return lang, rest


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; it speaks the language of ``--lang`` (anywhere among the arguments),
    else of the environment as gettext reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``), else English."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    try:
        lang, args_in = _take_lang(args_in)
        chosen = from_environment(os.environ) if lang is None else normalize(lang)
    except (BadInput, LanguageError) as err:
        print(f"wingspan-rules: error: {err}", file=sys.stderr)
        return 2
    with language(chosen):
        return _main(args_in)


# argparse words its usage line, its headings, its -h help and its errors through gettext (the
# ``_`` and ``ngettext`` of its own module). These are those messages (Python 3.11 to 3.13, the
# ones a person can meet; argparse's errors of the programmer stay English), so that the command
# line says them in its language too: ``_argparse_speaks`` lends argparse our words while the
# command line runs.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)


def argparse_counted(n: int) -> str:
    """argparse's one counted message ("expected 2 arguments") in the current language; written
    out here so that it is extracted into the catalog with the ones above."""
    return ngettext("expected %s argument", "expected %s arguments", n) % n


@contextmanager
def _argparse_speaks() -> Iterator[None]:
    """argparse's own messages in the current language inside the block; what we have no words
    for goes to the gettext argparse had, and argparse has it back after the block."""
    module = vars(argparse)
    said, counted = module["_"], module["ngettext"]

    def say(message: str) -> str:
        worded = _(message)
        return worded if worded != message else str(said(message))

    def count(singular: str, plural: str, n: int) -> str:
        worded = ngettext(singular, plural, n)
        return worded if worded not in (singular, plural) else str(counted(singular, plural, n))

    module["_"], module["ngettext"] = say, count
    try:
        yield
    finally:
        module["_"], module["ngettext"] = said, counted


def _main(argv: list[str]) -> int:
    with _argparse_speaks():
        return _run(argv)


def _run(argv: list[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return 2 if exit_.code not in (0, None) else 0
    try:
        return int(args.func(args))
    except BadInput as err:
        print("wingspan-rules: " + _("error: {why}").format(why=err), file=sys.stderr)
        return 2
    except IllegalAction as err:
        print(f"wingspan-rules: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
