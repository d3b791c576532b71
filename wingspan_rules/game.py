"""The public game object: python-chess style legality, in-place moves, cheap copies."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from typing import Any

import attrs
import cattrs

from . import prompts, rng
from ._mypyc import mypyc_attr
from .actions import Action
from .cards import CardSet, max_parts
from .dsl.diagnostics import DslError
from .engine.rules import Rules, violation
from .events import ACTION as ACTION_EVENT
from .events import END_OF_GAME, NO_EVENTS, Events, events_since
from .i18n import N_, _, current, language, ngettext, normalize, translate
from .position import cannot_go_on, read_position, write_position
from .recording import write_record
from .rulesets import CARD_OPTIONS, RULESETS, deck, known_rulesets
from .savefile import QUOTE, SaveTooBig, SaveUnreadable, clip, quote, read_save
from .saves import SCHEMA, SchemaError, describe_error, structure_state, unstructure_state, upgrade
from .scoring import ScoreSheet
from .setting import check_ruleset, configure, ruleset_class
from .verdict import Decision, IllegalAction, OptionNote, Verdict
from .views import ViewBase

__all__ = ["Game", "StateError", "RULESETS", "load", "new_game", "replay", "max_parts", "setup"]


class StateError(ValueError):
    """A saved game could not be read; nothing was loaded."""


# The undo history of a new game starts at its first state, rebuilt from the seed when needed.
FROM_SEED = "from-seed"


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """One game in progress.  Create with ``new_game``; never mutated except by ``apply``."""

    __slots__ = (
        "ruleset", "players", "seed", "options", "cards", "_rs", "_engine", "_choice", "_decision", "_option_set", "_house", "_takebacks",
        "_base", "_base_takebacks", "_base_why", "_log", "_frozen", "_undo_memo", "_alternatives",
        "_events", "_past", "origin", "_lang",
    )

    def __init__(
        self,
        ruleset: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        cards: CardSet,
        state: Any,
        start: Any = None,
        why: tuple[str, dict[str, str]] | None = None,
        events: bool = True,
        lang: str | None = None,
    ):
        self._lang = None if lang is None else normalize(lang)
        self.ruleset = ruleset
        self.players = players
        self.seed = seed
        self.options = options
        self.cards = cards
        engine_options = {k: v for k, v in options.items() if k not in CARD_OPTIONS}
        self._rs: type[Rules] = ruleset_class(ruleset).variant(engine_options)
        self._engine: Rules = self._rs(cards, engine_options, state)
        # The record (``events``): raw events as the engine notes them, each action marked by
        # an ACTION entry; older parts in frozen chunks that copies share, (chunk, older) or None.
        self._events: list[tuple[Any, ...]] = []
        self._past: tuple[tuple[tuple[Any, ...], ...], Any] | None = None
        # off (the engine's log None): simulations that never read events save their cost
        self._engine.log = self._events if events else None
        # how the game began, for a record to start from: ("new",), ("position", text, seed)
        # or ("save", json); ``setup`` and ``load`` set theirs
        self.origin: tuple[Any, ...] = ("new",)
        if events and start is FROM_SEED:  # a new game's record starts with the table as dealt
            self._engine.recorder.opening(self._engine)
        # the options of the decision waiting (None: the game is over); the Decision itself is
        # made from the engine's top frame only when read (``pending``): play needs only these
        self._choice: tuple[Action, ...] | None = self._engine.run_to_choice()
        self._decision: Decision | None = None
        self._option_set: frozenset[Action] | None = None
        # 002's house correction: states just before a declined power (each knows its turn)
        self._house = bool(options.get("house_corrections"))
        self._takebacks: list[Any] = []
        # Undo history: where it starts (a state at a decision, never changed; or FROM_SEED, a
        # new game rebuilt from its seed when needed, so ``new_game`` copies nothing), the
        # take-backs kept there, why undo stops there, and the actions since: older ones in
        # frozen chunks that copies share, (chunk, older chunks) or None, then ``_log``, a
        # list of this game's own.  ``apply`` appends to the list, which allocates nothing the
        # garbage collector tracks (a new pair per action would cost 2% of a game).
        self._base: Any = start if start is not None else self._engine.state.copy()
        self._base_takebacks: list[Any] = []
        # why undo stops there: a message (marked with N_) and its fields, worded when read
        self._base_why = why or (N_("the game's history starts at the position it was set up in"), {})
        self._log: list[Action] = []
        self._frozen: tuple[tuple[Action, ...], Any] | None = None
        self._undo_memo: tuple[Any, ...] | None = None  # the last undo worked out (see ``_undo_plan``)
        self._alternatives: tuple[Any, ...] | None = None  # the games under other option readings (``check``)

    @property
    def lang(self) -> str | None:
        """The language this game words its texts in ("en", "es"; see docs/api.md, "Languages"):
        its verdicts, prompts, descriptions and errors.  None (the default): the current
        language, English unless ``wingspan_rules.language(...)`` says otherwise.  A method's own
        ``lang=`` argument wins over this one."""
        return self._lang

    @lang.setter
    def lang(self, lang: str | None) -> None:
        self._lang = None if lang is None else normalize(lang)
        self._decision = None  # (the decision waiting is worded anew, in this language)

    def _voice(self, lang: str | None) -> str | None:
        """The language a call words in: its own ``lang``, else the game's (None: the current)."""
        return self._lang if lang is None else normalize(lang)

    # ---- the codecs' seam (docs/architecture.md): what the package's codecs and tools read ----
    @property
    def rules_class(self) -> type[Rules]:
        """The ruleset class that plays this game: the variant of ``ruleset`` for its options."""
        return self._rs

    @property
    def engine(self) -> Rules:
        """The ruleset instance playing this game (its state, deck and hooks).  Read it; the
        game changes only through ``apply``."""
        return self._engine

    # ---- reading the position ---------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The raw state (attrs data).  Read it; change it only through ``apply``."""
        return self._engine.state

    @property
    def pending(self) -> Decision | None:
        decision = self._decision
        if decision is None and self._choice is not None:
            # made on first reading, while the frame on top of the stack is the one asking: it
            # is given to the decision's wording (worded only if its ``prompt`` is read)
            engine = self._engine
            wording = prompts.Asked(prompts.speaker(self._rs, self.cards), engine.state.stack[-1], self._lang)
            decision = self._decision = engine.decision(self._choice, wording)
        return decision

    @property
    def decider(self) -> int | None:
        """Who decides now (``pending.player`` without making the decision); None once the game
        is over."""
        return None if self._choice is None else self._engine.actor()

    def describe_action(self, action: Action, lang: str | None = None) -> str:
        """``Action.describe``: what ``action`` does in the decision waiting, in ``lang`` (by
        default the game's language; the words follow the decision asked, not whether the
        action is legal now)."""
        with language(self._voice(lang)):
            return prompts.describe(action, self.pending, prompts.speaker(self._rs, self.cards))

    @property
    def is_over(self) -> bool:
        return self._choice is None

    @property
    def current_player(self) -> int:
        current: int = self._engine.state.current
        return current

    def turn_label(self, lang: str | None = None) -> str:
        """Where the game stands, for people: "turn 3" (Pocket) or "round 2 turn 5" (classic)."""
        with language(self._voice(lang)):
            return self._engine.turn_label()

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order; empty only when the game is over."""
        return [] if self._choice is None else list(self._choice)

    def parse_action(self, text: str) -> Action:
        """Read an action's canonical text; ValueError if it names no known action form."""
        return self._rs.parse_action(text)

    def action_space(self) -> tuple[Action, ...]:
        """Every action that can arise with this game's deck, in a fixed order."""
        return _space(self._rs, self.cards)[0]

    def action_indices(self) -> Mapping[Action, int]:
        """Every action of ``action_space`` and its index, the table ``action_index`` reads (made
        once per ruleset and deck; read it, do not change it)."""
        return _space(self._rs, self.cards)[1]

    def action_index(self, action: Action | str) -> int:
        """A stable integer for an action (its place in ``action_space``), for RL users;
        ValueError for an action this deck can never produce."""
        if isinstance(action, str):
            action = self.parse_action(action)
        found = self.action_indices().get(action)
        if found is None:
            raise ValueError(_("'{action}' is not an action of this game's deck").format(action=action))
        return found

    def action_from_index(self, index: int) -> Action:
        space = _space(self._rs, self.cards)[0]
        if type(index) is not int or not 0 <= index < len(space):
            raise ValueError(_("action index must be 0 to {last}, not {index!r}").format(last=len(space) - 1, index=index))
        return space[index]

    def check(self, action: Action | str, player: int | None = None, lang: str | None = None) -> Verdict:
        """Is this action legal now (for ``player``, by default whoever must act)?  Where the
        answer would differ under another value of a rule-reading option, ``options`` says so.
        The verdict's messages are in ``lang`` (by default the game's language)."""
        with language(self._voice(lang)):
            action = self._as_action(action)
            verdict = self._check(action, player)
            notes = self._option_notes(action, player, verdict)
            return attrs.evolve(verdict, options=notes) if notes else verdict

    def _check(self, action: Action, player: int | None = None) -> Verdict:
        """``check`` under this game's options alone (what ``apply`` and sequences use)."""
        if player is not None and (type(player) is not int or not 0 <= player < self.players):
            # a seat that does not exist is a mistake in the question, not a rules verdict
            raise ValueError(_("player must be 0 to {last}, not {player!r}").format(last=self.players - 1, player=player))
        pending = self.pending
        if pending is None:
            return Verdict(False, (violation("core.game-over", _("the game is over")),))
        if player is not None and player != pending.player:
            return Verdict(False, (violation("core.decision.player", _("the game is waiting for player {waited}, not player {player}").format(waited=pending.player, player=player)),))
        if self._options().__contains__(action):
            return Verdict(True)
        return Verdict(False, tuple(self._engine.why_not(pending, action)))

    def check_sequence(self, actions: Iterable[Action | str], lang: str | None = None) -> tuple[int, Verdict]:
        """Check actions one after another on a copy; (index of the first illegal one or -1, its
        verdict, in ``lang``: by default the game's language).

        An action the game took on its own just before (the only option, ``core.forced``) counts
        as done: a player listing it is not wrong."""
        with language(self._voice(lang)):
            index, verdict, _plan = self.read_sequence([self._as_action(a) for a in actions])
        return index, verdict

    def read_sequence(self, actions: list[Action]) -> tuple[int, Verdict, list[bool]]:
        """``check_sequence`` and more: (first illegal index or -1, its verdict, for each action
        read: was it an answer the game had already taken?).  Such an answer may also be legal as the next choice (paying
        one more food, say): both readings are tried, "already done" first, and the one that
        gets furthest wins.  (A loop with a stack of untried readings, not recursion, so a
        whole game's log can be read.)"""
        best: tuple[int, Verdict, list[bool]] = (0, Verdict(True), [])
        untried: list[tuple[Game, int, list[tuple[int, Action]], list[bool], bool]] = [(self, 0, [], [], False)]
        while untried:
            game, i, taken, plan, apply_first = untried.pop()
            owned = False  # the game object here is a copy of our own, free to change
            while i < len(actions):
                action = actions[i]
                if not apply_first:
                    rest = taken[:]
                    if game.was_forced(action, rest):
                        untried.append((game, i, taken, plan[:], True))  # the other reading, later
                        owned = False  # that reading keeps this game as it is
                        taken, plan, i = rest, plan + [True], i + 1
                        continue
                apply_first = False
                verdict = game._check(action)
                if not verdict.legal:
                    if i >= best[0]:
                        best = (i, verdict, plan)
                    break
                if not owned:
                    game, owned = game.copy(), True
                taken = []
                game.apply(action, taken)
                plan = plan + [False]
                i += 1
            else:
                return -1, Verdict(True), plan
        return best

    def was_forced(self, action: Action | str, taken: list[tuple[int, Action]]) -> bool:
        """Is ``action`` one the game took on its own (listed in ``taken`` by ``apply``)?  It is
        then struck from the list, so each forced answer excuses one repeat of it."""
        action = self._as_action(action)
        for k, (_seat, done) in enumerate(taken):
            if done == action:
                del taken[k]
                return True
        return False

    def _as_action(self, action: object) -> Action:
        """Accept an Action, its text, or a plain (verb, arg) tuple; ValueError otherwise."""
        if isinstance(action, Action):
            if not isinstance(action.verb, str):
                raise ValueError(_("an action's verb is text, not {verb!r}").format(verb=action.verb))
            return action
        if isinstance(action, str):
            return self.parse_action(action)
        if isinstance(action, tuple) and 1 <= len(action) <= 2:
            text = " ".join(str(part) for part in action if part is not None)
            return self.parse_action(text)
        raise ValueError(_("an action is an Action, its text or a (verb, arg) tuple, not {action!r}").format(action=action))

    def _options(self) -> frozenset[Action]:
        if self._option_set is None:
            self._option_set = frozenset(self._choice) if self._choice is not None else frozenset()
        return self._option_set

    def _option_notes(self, action: Action, player: int | None, verdict: Verdict) -> tuple[OptionNote, ...]:
        """The value played and each other value of a rule-reading option under which the
        verdict on ``action`` differs (empty when none does)."""
        if self._choice is None:
            return ()  # over under every reading
        notes: dict[str, list[OptionNote]] = {}
        for name, value, source, game in self._alternative_games():
            other = game._check(action, player)
            if other.legal != verdict.legal:
                notes.setdefault(name, []).append(OptionNote(name, value, other.legal, source, other.violations))
        out: list[OptionNote] = []
        readings = self._rs.OPTIONS
        for name, differ in notes.items():
            played = self.options[name]
            source = next((src for value, src in readings[name].readings if value == played), "")
            out += [OptionNote(name, played, verdict.legal, source, (), True), *differ]
        return tuple(out)

    def _alternative_games(self) -> tuple[tuple[str, Any, str, Game], ...]:
        """This position under each other value of the ruleset's rule-reading options
        (``Option.readings``): (option, value, its source, the game), worked out once per
        position.  A value this state cannot be played under is left out."""
        state = self._engine.state
        memo = self._alternatives
        if memo is not None and memo[0] is state and memo[1] == state.steps:
            found: tuple[tuple[str, Any, str, Game], ...] = memo[2]
            return found
        out = []
        for name, spec in self._rs.OPTIONS.items():
            if name not in self.options:
                continue
            for value, source in spec.readings:
                if value == self.options[name] and type(value) is type(self.options[name]):
                    continue
                game = self._under({**self.options, name: value})
                if game is not None:
                    out.append((name, value, source, game))
        found = tuple(out)
        self._alternatives = (state, state.steps, found)
        return found

    def _under(self, options: dict[str, Any]) -> Game | None:
        """This position played with other options, or None if they do not fit it (the
        options clash, the state is not one of theirs, or it would move on by itself)."""
        state = self._engine.state
        try:
            rs, _rules, merged = configure(ruleset_class(self.ruleset), options)
            cards = deck(rs, merged)
            copied = state.copy()
            if rs.validate_state(copied, cards, self.players, merged):
                return None
            game = Game(self.ruleset, self.players, self.seed, merged, cards, copied, FROM_SEED, events=False)
        except Exception:  # any reason this reading cannot be applied here: no note from it
            return None
        if game.state.to_compare() != state.to_compare():
            return None
        return game

    # ---- changing it -----------------------------------------------------------------------
    def apply(self, action: Action | str, forced: list[tuple[int, Action]] | None = None) -> Events:
        """Do a legal action in place and return the events it caused (``events``); raise
        IllegalAction (game unchanged) otherwise.

        If ``forced`` is a list, the answers the game then takes on its own (decisions with a
        single option, rule ``core.forced``) are appended to it as (player, action)."""
        if action.__class__ is not Action:
            action = self._as_action(action)
        choice = self._choice
        if choice is None or action not in choice:
            raise IllegalAction(action, self.check(action))
        # Validated in full: the action is one of the options the same interpreter computed,
        # so answering it cannot fail half-way (python-chess style: no backup copy per move).
        engine = self._engine
        log = engine.log  # (the record, ``self._events``; None with ``events=False``)
        start = 0
        if log is not None:
            log.append((ACTION_EVENT, engine.state.stack[-1].player, -1, action))
            start = len(log)
        if self._house:
            self._keep_takeback(action)
            self._choice = engine.run_to_choice(forced, action)
            if self._takebacks and self._rs.reveals_made(engine.state) != self._rs.reveals_made(self._takebacks[-1]):
                self._takebacks.clear()  # something hidden came to light: no take-back past it
        else:  # (take-back points are kept only with house corrections)
            self._choice = engine.run_to_choice(forced, action)
        self._decision = None
        self._option_set = None
        self._log.append(action)
        if log is None:
            return NO_EVENTS  # (no record kept: ``events=False``)
        if self._choice is None:
            log.append(END_OF_GAME)  # (its scores are read from the final state when shown)
        elif len(log) == start:
            return NO_EVENTS  # (often: an answer that only moves a power on)
        return events_since(engine, log, start)

    # ---- the record ---------------------------------------------------------------------------
    def _raw_events(self) -> list[tuple[Any, ...]]:
        """Every raw event since the game began (or was loaded), oldest first (a new list)."""
        return _unchain(self._past, self._events)

    def _drop_actions(self, count: int) -> None:
        """Strike the last ``count`` actions and what followed them from the record."""
        if count <= 0 or self._engine.log is None:
            return
        raw = self._raw_events()
        marks = [i for i, r in enumerate(raw) if r[0] == ACTION_EVENT]
        cut = marks[-count] if count <= len(marks) else 0
        self._past, self._events = None, raw[:cut]
        self._engine.log = self._events

    def events(self) -> Events:
        """Everything the game did since it began (or was loaded), in order: each player's
        action (kind "action") followed by the events it caused, and before the first
        action what setting up did.  ``Event.seen_from(seat)`` hides what a seat may not see."""
        return Events(self._engine, self._raw_events())

    def record(self, seat: int | None = None) -> str:
        """The game as a record file (docs/api.md, "The game record"): how it began, then each
        action and its events.  ``seat``: the record as that player sees it (no seed, hidden
        cards left out); it can be read but not replayed."""
        if self._engine.log is None:
            raise ValueError(_("this game keeps no record: it was made with events=False"))
        return write_record(self, seat)

    def start(self) -> Game:
        """A new game as this one began (from ``origin``: its seed and options, its starting
        position, or its starting save)."""
        if self.origin[0] == "new":
            return new_game(self.ruleset, self.players, self.seed, self.options, lang=self._lang)
        if self.origin[0] == "position":
            return setup(self.origin[1], self.origin[2], self._lang)
        return load(self.origin[1], self._lang)

    # ---- house corrections (002) -----------------------------------------------------------
    def _keep_takeback(self, action: Action) -> None:
        state = self._engine.state
        if self._takebacks and self._rs.turns_ended(self._takebacks[-1]) != self._rs.turns_ended(state):
            self._takebacks.clear()  # the next player is acting: it is too late
        if action.verb == "skip":
            pending = self.pending
            if pending is not None and pending.kind == "power":
                self._takebacks.append(state.copy())

    def can_take_back(self) -> Verdict:
        """May the last declined power be taken back now (option ``house_corrections``)?"""
        with language(self._lang):
            if not self._house:
                return Verdict(False, (violation("classic.house.missed-power", _("house corrections are off (option 'house_corrections')")),))
            if not self._takebacks:
                why = _("no declined power can be taken back: none was declined, the next player has started, or something hidden was revealed since")
                return Verdict(False, (violation("classic.house.missed-power", why),))
            return Verdict(True)

    def take_back(self) -> Decision:
        """Return to the last declined power's decision (002's house correction); that decision.

        Allowed until the next player starts and only if nothing hidden (a deck or bonus card,
        a die) was revealed since; otherwise IllegalAction, and nothing changes.  The actions
        answered since are undone: a replay log should drop its last ``steps`` difference.
        """
        verdict = self.can_take_back()
        if not verdict.legal:
            raise IllegalAction(Action("take-back"), verdict)
        state = self._takebacks.pop()
        undone = self._engine.state.steps - state.steps  # answers given since that decision
        self._engine.state = state.copy()  # copies of this game may hold the same snapshot
        self._choice = self._engine.run_to_choice()
        self._decision = None
        self._option_set = None
        self._forget(undone, state)
        self._drop_actions(undone)
        pending = self.pending
        assert pending is not None
        return pending

    def _forget(self, count: int, state: Any) -> None:
        """The last ``count`` actions were taken back to ``state`` (a snapshot never changed):
        drop them from the undo history, or, if it started later (a take-back point loaded
        with the game), start it at that state."""
        actions = self._history()
        if count > len(actions):
            self._base, self._base_takebacks = state, self._takebacks[:]
            self._base_why = (N_("the game's history starts where it was loaded"), {})
            count = len(actions)
        self._log, self._frozen = actions[: len(actions) - count], None

    def _history(self) -> list[Action]:
        """The actions since the undo history starts, oldest first (a new list)."""
        return _unchain(self._frozen, self._log)

    def copy(self) -> Game:
        clone = Game.__new__(Game)  # (no __init__: the fields are set below; compiled, object.__new__ refuses a Game)
        clone.ruleset = self.ruleset
        clone.players = self.players
        clone.seed = self.seed
        clone.options = self.options
        clone.cards = self.cards
        clone._rs = self._rs
        clone._engine = self._engine.copy()
        clone._choice = self._choice
        clone._decision = self._decision
        clone._option_set = self._option_set
        clone._house = self._house
        clone._takebacks = self._takebacks[:] if self._takebacks else []
        clone._base = self._base  # the history is shared: nothing in it is ever changed
        clone._base_takebacks = self._base_takebacks
        clone._base_why = self._base_why
        if self._log:  # this game's own actions become a chunk both share
            self._frozen, self._log = (tuple(self._log), self._frozen), []
        clone._frozen = self._frozen
        clone._log = []
        clone._undo_memo = clone._alternatives = None  # (each holds games of this one's own)
        if self._events:  # the record so far becomes a chunk both share; each goes on in a list of its own
            self._past, self._events = (tuple(self._events), self._past), []
            self._engine.log = self._events
        clone._past = self._past
        clone._events = []
        clone._engine.log = clone._events if self._engine.log is not None else None
        clone.origin = self.origin
        clone._lang = self._lang
        return clone

    # ---- undo --------------------------------------------------------------------------------
    def can_undo(self) -> Verdict:
        """May the last action be taken back now (rule ``core.undo``)?"""
        return self._undo_plan()[1]

    def undo(self) -> Action:
        """Take back the last action; the action taken back.  The game is then exactly as it was
        at the decision before it (state, decision, take-back points).  Refused with
        IllegalAction, and nothing changes, when that action or the steps the game took on its
        own after it revealed something hidden (a card from a deck, a die, a shuffle), or when
        there is nothing to take back (history starts when a game is created or loaded)."""
        before, verdict = self._undo_plan()
        if before is None:
            raise IllegalAction(Action("undo"), verdict)
        if not self._log:
            self._log, self._frozen = self._history(), None
        action = self._log.pop()
        self._drop_actions(1)
        recording = self._engine.log is not None
        self._engine = before._engine  # (a replayed game's engine, which records nothing)
        self._engine.log = self._events if recording else None
        self._choice, self._decision = before._choice, before._decision
        self._option_set = None
        self._takebacks = before._takebacks
        self._undo_memo = self._alternatives = None
        return action

    def _undo_plan(self) -> tuple[Game | None, Verdict]:
        """(the game as it was before the last action, or None; the verdict on undoing), worked
        out once per position: ``can_undo`` then ``undo`` replays the history once."""
        memo = self._undo_memo
        state = self._engine.state  # changed in place by ``apply``, which counts its steps
        lang = self._lang or current()  # (the verdict's words are those of one language)
        if memo is not None and memo[0] is state and memo[1] == state.steps and memo[4] == lang:
            return memo[2], memo[3]
        with language(lang):
            before, verdict = self._replay_history()
        self._undo_memo = (state, state.steps, before, verdict, lang)
        return before, verdict

    def _replay_history(self) -> tuple[Game | None, Verdict]:
        """Replay the history but its last action from where it starts (play is deterministic:
        the random generator is part of the state), and compare what is hidden before and after
        that action.  The history is cut at the last reveal met on the way, so the next undo
        replays less."""
        actions = self._history()
        if not actions:
            return None, Verdict(False, (violation("core.undo", _("there is nothing to undo: {why}").format(why=_why(self._base_why))),))
        game = self._history_start()
        cut: tuple[int, Any, list[Any], tuple[str, dict[str, str]]] | None = None
        for i, action in enumerate(actions[:-1]):
            hidden = game._engine.hidden()
            game.apply(action)
            found = game._engine.revealed(hidden)
            if found:
                cut = (i + 1, game.state.copy(), game._takebacks[:], (N_("'{action}' revealed something hidden ({what})"), {"action": str(action), "what": found[0]}))
        if cut is not None:
            kept, self._base, self._base_takebacks, self._base_why = cut
            self._log, self._frozen = actions[kept:], None
        last = actions[-1]
        found = game._engine.revealed(self._engine.hidden())
        if found:
            why = _("'{action}' cannot be taken back: something hidden came to light with it or what the game did on its own after it ({what})").format(
                action=last, what=translate(found[0])
            )
            # nothing before it can be taken back either: the history starts here now
            self._base, self._base_takebacks = self._engine.state.copy(), self._takebacks[:]
            self._log, self._frozen = [], None
            self._base_why = (N_("'{action}' revealed something hidden ({what})"), {"action": str(last), "what": found[0]})
            return None, Verdict(False, (violation("core.undo", why),))
        return game, Verdict(True)

    def _history_start(self) -> Game:
        """A new game at the start of the undo history, with the take-back points kept there."""
        base = self._base
        if base is FROM_SEED:
            state = self._rs.new_state(self.cards, self.players, self.seed, self.options)
        else:
            state = base.copy()
        game = Game(self.ruleset, self.players, self.seed, self.options, self.cards, state, base, self._base_why, events=False, lang=self._lang)
        game._takebacks = self._base_takebacks[:]
        game._base_takebacks = self._base_takebacks
        return game

    # ---- results and views -----------------------------------------------------------------
    def score(self) -> ScoreSheet:
        """The score now (final once the game is over)."""
        return self._engine.score()

    def view(self, player: int) -> ViewBase:
        """What ``player`` may see: hidden card sides and deck order removed."""
        if not 0 <= player < self.players:
            raise ValueError(_("player must be 0 to {last}, not {player}").format(last=self.players - 1, player=player))
        return self._engine.view(player, self.pending)

    def determinize(self, seat: int, chooser: random.Random) -> Game:
        """A full game that ``seat`` cannot tell from this one: every card the seat has not
        seen (other hands, the decks, the bonus deck, cards tucked face down) is redealt at
        random, by ``chooser``, among the places it could be, keeping what the seat knows of
        each (a bonus card stays a bonus card, a card showing a food side one showing the same
        side); everything the seat sees stays, and the dice and shuffles still to come are a
        new draw (but for dice a position said are to come, ``dice to come``, which it keeps).  ``view(seat)`` of the sample equals this game's.  For search over what a
        seat may know (``wingspan_rules.bots``): the sample keeps no history and records no
        events.  The cards still to be dealt come from the same stacks, so the sample is one
        of the worlds the seat's view allows, not a weighting of them by what it saw happen."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ValueError(_("seat must be 0 to {last}, not {seat!r}").format(last=self.players - 1, seat=seat))
        engine = self._engine.copy()
        slots = [*engine.deck.unseen(engine, seat), *engine.bonus.unseen(engine, seat), *engine.hand.unseen(engine, seat), *engine.board.unseen(engine, seat)]
        pools: dict[str, list[int]] = {}
        for cards, i, known in slots:
            pools.setdefault("bonus" if known == "bonus" else "bird", []).append(cards[i])
        for pool in pools.values():  # (sorted first: the sample depends on what the seat sees alone)
            pool.sort()
            chooser.shuffle(pool)
        kinds: dict[str, list[int]] = {}  # the bird pool's cards by the food side they show
        for card in pools.get("bird", []):
            kinds.setdefault(f"kind:{self.cards.cards[card].food_kind}", []).append(card)
        taken: set[int] = set()
        for cards, i, known in slots:  # (places showing a food side first: any card fits the rest)
            if known.startswith("kind:"):
                cards[i] = kinds[known].pop()
                taken.add(cards[i])
        rest = {"bird": [c for c in pools.get("bird", []) if c not in taken], "bonus": pools.get("bonus", [])}
        for cards, i, known in slots:
            if not known.startswith("kind:"):
                cards[i] = rest[known].pop()
        engine.state.rng = rng.seed_state(chooser.getrandbits(64))
        return Game(self.ruleset, self.players, self.seed, self.options, self.cards, engine.state, events=False)

    def position(self) -> str:
        """The position as text in the position language (docs/positions.md);
        ``wingspan_rules.setup(game.position())`` gives the same position back."""
        return write_position(self)

    def to_json(self) -> str:
        data = {
            "schema": SCHEMA,
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "state": unstructure_state(self._engine.state),
        }
        if self._takebacks:
            data["takebacks"] = [unstructure_state(st) for st in self._takebacks]
        return json.dumps(data, separators=(",", ":"))

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # (``copy``: the same game, history and undo included, sharing only what never changes)
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pickling (for worker processes) goes through the saved form, which load() checks
        return load, (self.to_json(),)

    def __repr__(self) -> str:
        pending = self.pending
        who = "over" if pending is None else f"waiting for p{pending.player} ({pending.kind})"
        # the seed is left out: a player who learns it can work out every hidden card
        return f"<Game {self.ruleset} players={self.players} {who}>"


def _why(why: tuple[str, dict[str, str]]) -> str:
    """A reason kept as a message and its fields, worded now (a field ``what`` names what came
    to light, one of the rulesets' ``hidden`` labels, itself translated)."""
    message, fields = why
    return translate(message).format(**{k: translate(v) if k == "what" else v for k, v in fields.items()})


def _unchain(chain: Any, tail: list[Any]) -> list[Any]:
    """The items of a chain of frozen chunks ``(newest chunk, (older chunk, ...))`` that copies
    share, oldest first, followed by ``tail`` (a new list)."""
    chunks: list[Any] = []
    while chain is not None:
        chunks.append(chain[0])
        chain = chain[1]
    chunks.reverse()  # (in place: mypyc fails on reversed() of a list of Any)
    out: list[Any] = []
    for chunk in chunks:
        out.extend(chunk)
    out.extend(tail)
    return out


# Action spaces by card set; the set itself is kept so that its id cannot be reused.  Decks
# written by users come and go, so only the last few spaces are kept.
_SPACES: dict[tuple[type, int], tuple[CardSet, tuple[Action, ...], dict[Action, int]]] = {}
_SPACES_KEPT = 8


def _space(rs: type[Rules], cards: CardSet) -> tuple[tuple[Action, ...], dict[Action, int]]:
    key = (rs, id(cards))  # a variant playing the same deck has actions of its own
    found = _SPACES.get(key)
    if found is None or found[0] is not cards:
        space = rs.action_space(cards)
        while len(_SPACES) >= _SPACES_KEPT:
            del _SPACES[next(iter(_SPACES))]  # the oldest
        found = _SPACES[key] = (cards, space, {a: i for i, a in enumerate(space)})
    return found[1], found[2]


def new_game(ruleset: str, players: int, seed: int | None = None, options: dict[str, Any] | None = None, events: bool = True, lang: str | None = None) -> Game:
    """Start a game: ruleset "pocket" or "classic", 2 to 5 players, a seed, and rule options.

    ``lang``: the language the game words its texts in ("en", "es"; ``Game.lang``).

    ``events=False``: keep no record (``apply`` returns no events, ``record`` refuses), for
    simulations that never read one; the game itself is the same.
    ``seed=None`` (the default) draws 128 random bits, so nobody can work out hidden cards by
    guessing the seed; give a number to replay or reproduce a game."""
    if seed is None:
        seed = rng.new_seed()
    if lang is not None:
        lang = normalize(lang)
    with language(lang):  # (a bad option or player count is refused in the game's language)
        rs, _rules, merged = configure(check_ruleset(ruleset, players, seed), options)
        cards = deck(rs, merged)
        state = rs.new_state(cards, players, seed, merged)
    return Game(ruleset, players, seed, merged, cards, state, FROM_SEED, (N_("no action has been taken yet"), {}), events, lang)


def setup(text: str, seed: int | None = 0, lang: str | None = None) -> Game:
    """The game at a position (see docs/positions.md); PositionError lists every problem.
    ``seed`` deals what the position leaves out (the deck's order, hands given as counts, the
    dice to come); ``None`` draws 128 random bits, as ``new_game`` does.  ``lang``: the
    language the game words its texts in (``Game.lang``), and the position's errors."""
    if seed is None:
        seed = rng.new_seed()
    if lang is not None:
        lang = normalize(lang)
    with language(lang):
        found = read_position(text, seed)
    try:
        game = Game(found.ruleset, found.players, found.seed, found.options, found.cards, found.state, lang=lang)
    except Exception as err:  # a position that passed every check but cannot run
        raise cannot_go_on(text, err) from err
    game.origin = ("position", text, seed)
    return game


def load(text: str | bytes, lang: str | None = None) -> Game:
    """Read a game saved by ``Game.to_json`` (text, or UTF-8 bytes); StateError says what is
    wrong.  Every size is bounded before anything is built (see ``savefile``), and every
    failure, whatever its cause, ends as a StateError with a message under 1 KB.  ``lang``:
    the language the game words its texts in (``Game.lang``; a save does not keep one)."""
    if lang is not None:
        lang = normalize(lang)
    try:
        with language(lang):
            game = _load(text)
        game.lang = lang
        return game
    except StateError as err:
        raise StateError(clip(" ".join(str(err).split()))) from None  # one line, short
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, AttributeError, AssertionError) as err:
        # a last guard: a check above should have said what is wrong in words
        why = " ".join(str(err).split())
        with language(lang):
            message = _("saved game cannot be read: {error}: {why}").format(error=type(err).__name__, why=why)
        raise StateError(clip(message)) from None
    except RecursionError:
        with language(lang):
            raise StateError(_("saved game cannot be read: it nests too deeply")) from None
    except MemoryError:
        with language(lang):
            raise StateError(_("saved game cannot be read: it is too large")) from None


def _load(text: object) -> Game:
    try:
        data = read_save(text)
    except SaveTooBig as err:
        raise StateError(_("not a saved game: {why}").format(why=err)) from None
    except SaveUnreadable as err:
        raise StateError(_("not a saved game: {why}").format(why=err)) from None
    if "schema" in data:  # (the version first: another schema may have other keys)
        try:
            data = upgrade(data)
        except SchemaError as err:
            raise StateError(str(err)) from None
    missing = [k for k in ("schema", "ruleset", "players", "seed", "options", "state") if k not in data]
    if missing:
        raise StateError(_("not a saved game: missing {keys}").format(keys=", ".join(missing)))
    name = data["ruleset"]
    if not isinstance(name, str) or name not in known_rulesets():
        raise StateError(_("saved game is malformed: unknown ruleset {name}; known: {known}").format(name=quote(name), known=", ".join(known_rulesets())))
    _check_quotable(data)
    try:
        rs = check_ruleset(name, data["players"], data["seed"])
        if not isinstance(data["options"], dict):
            raise ValueError(_("options must be an object"))
        if not isinstance(data["state"], dict):
            raise ValueError(_("state must be an object"))
        rs, _rules, merged = configure(rs, data["options"])
    except ValueError as err:
        raise StateError(_("saved game is malformed: {why}").format(why=clip(str(err), 300))) from None
    try:
        cards = deck(rs, merged)
    except DslError as err:
        first = clip(str(err.diagnostics[0]).splitlines()[0], 300) if err.diagnostics else ""
        count = len(err.diagnostics)
        raise StateError(
            ngettext(
                "saved game's card text does not compile: {n} error; the first: {first}",
                "saved game's card text does not compile: {n} errors; the first: {first}",
                count,
            ).format(n=count, first=first)
        ) from None
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, AssertionError) as err:
        raise StateError(_("saved game's card text cannot be used: {why}").format(why=clip(str(err), 300))) from None
    state = _structure(data["state"], rs, "state")
    problems = rs.validate_state(state, cards, data["players"], merged)
    if problems:
        raise StateError(_("saved game is inconsistent: {problems}").format(problems="; ".join(problems[:5])))
    state_before = state.to_compare()
    try:
        game = Game(name, data["players"], data["seed"], merged, cards, state)
    except Exception as err:  # a state that passed the checks but cannot run
        raise StateError(_("saved game cannot be resumed: {why}").format(why=clip(repr(err), 300))) from None
    if game.pending is None and not state.over:
        raise StateError(_("saved game cannot be resumed: nothing is waiting for a player, yet it is not over"))
    if game.state.to_compare() != state_before:
        raise StateError(_("saved game was not saved at a decision (loading it would change it)"))
    game._takebacks = _load_takebacks(game, rs, data.get("takebacks", []))
    game._base_takebacks = game._takebacks[:]
    game.origin = ("save", game.to_json())
    game._base_why = (N_("the game's history starts where it was loaded"), {})
    return game


def _check_quotable(data: dict[str, Any]) -> None:
    """Refuse, in our words, values that the checks further on would quote whole in their
    message: those checks say "not <value>", and a value from a save can be long."""
    for key in ("players", "seed"):
        if type(data[key]) is not int:
            raise StateError(_("saved game is malformed: {key} must be a whole number, not {value}").format(key=key, value=quote(data[key])))
    options = data["options"]
    if isinstance(options, dict):
        for key, value in options.items():
            if len(key) > QUOTE:
                raise StateError(_("saved game is malformed: unknown option {key}").format(key=quote(key)))
            short_list = isinstance(value, list) and len(value) <= 8 and all(isinstance(v, str) and len(v) <= QUOTE for v in value)
            if key not in CARD_OPTIONS and not short_list and (isinstance(value, (list, dict)) or (isinstance(value, str) and len(value) > QUOTE)):
                raise StateError(_("saved game is malformed: option '{key}' cannot be {value}").format(key=key, value=quote(value)))


def _structure(saved: object, rs: type[Rules], where: str) -> Any:
    """The state's attrs classes from JSON values; StateError naming the first few bad fields."""
    try:
        return structure_state(saved, rs.state_type)
    except cattrs.BaseValidationError as err:
        try:
            details = clip(describe_error(err, where), 600)
        except Exception:  # the error tree itself could not be read: say less
            details = _("{where} has fields of the wrong type").format(where=where)
        raise StateError(_("saved game is malformed: {why}").format(why=details)) from None
    except (ValueError, TypeError, KeyError, IndexError, OverflowError, AttributeError) as err:
        raise StateError(_("saved game is malformed: {where}: {why}").format(where=where, why=clip(str(err), 300))) from None


# Take-back points: each is a declined power's decision earlier in the current turn, so a
# turn holds at most one per power that could be declined in it (5 brown powers of a row,
# a white power, pink powers of 4 other players' 15 birds) and a few more from the turn just
# ended; far fewer than this.
MAX_TAKEBACKS = 64


def _load_takebacks(game: Game, rs: type[Rules], saved: object) -> list[Any]:
    """The saved take-back points, each checked to be a declined power earlier in this turn (or
    in the turn just ended, the next player not having acted) with nothing revealed since."""
    if saved and not game._house:
        raise StateError(_("saved game has take-back points but house corrections are off"))
    if not isinstance(saved, list):
        raise StateError(_("saved game is malformed: takebacks must be a list"))
    if len(saved) > MAX_TAKEBACKS:
        raise StateError(_("saved game is inconsistent: {n} take-back points (a turn has far fewer than {most})").format(n=len(saved), most=MAX_TAKEBACKS))
    now = game.state
    out: list[Any] = []
    for i, entry in enumerate(saved):
        where = _("take-back point {i}").format(i=i)
        if not isinstance(entry, dict):
            raise StateError(_("saved game is malformed: {where} is not a saved state").format(where=where))
        state = _structure(entry, rs, f"takebacks[{i}]")
        problems = rs.validate_state(state, game.cards, game.players, game.options)
        if problems:
            raise StateError(_("saved game is inconsistent: {where}: {problems}").format(where=where, problems="; ".join(problems[:5])))
        try:
            probe = Game(game.ruleset, game.players, game.seed, game.options, game.cards, state.copy(), events=False)
        except Exception as err:
            raise StateError(_("saved game cannot be resumed: {where}: {why}").format(where=where, why=clip(repr(err), 300))) from None
        pending = probe.pending
        if pending is None or pending.kind != "power" or Action("skip") not in pending.options:
            raise StateError(_("saved game is inconsistent: {where} is not a power that could be declined").format(where=where))
        if probe.state.to_compare() != state.to_compare():
            raise StateError(_("saved game is inconsistent: {where} was not saved at a decision").format(where=where))
        # nothing hidden changed since: the same deck, bonus deck and generator
        same_hidden = rs.hidden_part(state) == rs.hidden_part(now)
        earlier = state.steps < now.steps and (not out or out[-1].steps < state.steps)
        # the same turn, or the turn just ended while the next player has not acted (or the
        # game ended with it)
        turns, turns_now = rs.turns_ended(state), rs.turns_ended(now)
        just_ended = turns + 1 == turns_now and (game.pending is None or game.pending.kind == "action")
        this_turn = turns == turns_now or just_ended
        if not (same_hidden and earlier and this_turn):
            raise StateError(_("saved game is inconsistent: {where} is not earlier in this turn with nothing revealed since").format(where=where))
        out.append(state)
    return out


def replay(ruleset: str, players: int, seed: int, options: dict[str, Any] | None, actions: Iterable[Action | str], lang: str | None = None) -> Game:
    """Rebuild a game from its seed and the actions taken (each checked as it is applied)."""
    game = new_game(ruleset, players, seed, options, lang=lang)
    for action in actions:
        game.apply(action)
    return game
