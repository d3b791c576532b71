"""The base of every ruleset: one frame loop, one interpreter, and the hooks rulesets fill.

A ruleset is a subclass of ``Rules`` (python-chess's variants are the model: a variant is a
Board that overrides a few hooks).  An instance holds a game's state and the deck; the
class holds the ruleset's tables (read from data) and flags, the parts of its world
(``engine.world``: the feeder, the deck, the mat, ...) and names the frame handlers it adds
to the interpreter's.  ``run_to_choice`` runs frames until a player must choose.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic

import attrs
from typing_extensions import TypeVar  # (a TypeVar with a default: typing has it from 3.13)

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..cards import Card, CardSet
from ..dsl.vocabulary import Vocabulary
from ..events import POWER
from ..families import FAMILIES
from ..i18n import N_, _, translate
from ..rules import CATALOG
from ..scoring import ScoreSheet
from ..verdict import Decision, Violation, Wording
from ..views import ViewBase
from .registry import NODE_HANDLERS, Handler, node_verbs, registrations
from .state import ACTION, CoreState, Frame, PowerFrame
from .world import Board, Bonus, Deck, Feeder, Hand, Recorder, Supply, accepted

# The state type of a ruleset: ``Rules`` alone reads any state through ``CoreState`` (the frame
# loop, the power families); a ruleset names its own (``Rules[PocketState]``).
S = TypeVar("S", bound=CoreState, default=CoreState, covariant=True)


def violation(rule_id: str, message: str) -> Violation:
    """A violation of a catalog rule, with the rule's source."""
    return Violation(rule_id, message, CATALOG[rule_id].cite())


@attrs.frozen
class Option:
    """A ruleset option: its default and allowed values, or a ``check`` of its own that
    returns an error message (or None) for values that are not a fixed list.

    ``readings`` marks an option that reads a rule differently, so that the same position
    may allow other actions under another value (not one that changes the deck, the set-up
    or only the scoring): each value with the source whose reading it is.  ``Game.check``
    tells when its verdict would differ under another value (``Verdict.options``)."""

    default: Any
    choices: tuple[Any, ...] = ()
    check: Callable[[Any], str | None] | None = None
    readings: tuple[tuple[Any, str], ...] = ()


def shown(value: object) -> str:
    """A value as a message may quote it: its repr, cut short (messages stay small)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_SHARED: dict[tuple[type, int], tuple[CardSet, dict[str, Any]]] = {}
_TABLES: dict[type, tuple[int, dict[type[Frame], Handler[Any, Any]]]] = {}  # ``Rules.frame_handlers``
_SHARED_KEPT = 16
_DEALT: dict[tuple[Any, ...], tuple[CardSet, tuple[int, ...]]] = {}  # ``Rules.dealt_cards``, kept as many


def _copy_fields(source: object, clone: object) -> None:
    """Every field of ``source`` set on ``clone``, the same objects (a shallow copy).  A ruleset
    compiled by mypyc keeps its fields in the slots ``__mypyc_attrs__`` names, and a subclass
    written in Python adds a ``__dict__``; running as pure Python, the ``__dict__`` holds them all."""
    for name in getattr(type(source), "__mypyc_attrs__", ()):
        if name != "__dict__" and hasattr(source, name):  # (a field never set is left unset)
            setattr(clone, name, getattr(source, name))
    fields = getattr(source, "__dict__", None)
    if fields is not None:
        clone.__dict__.update(fields)


@mypyc_attr(allow_interpreted_subclasses=True)
class Rules(Generic[S]):
    """Rules of one game system over a state.  Subclasses set the tables and hooks."""

    name: ClassVar[str] = "rules"
    deck_name: ClassVar[str] = "rules"  # the shipped card set it plays with
    extra_decks: ClassVar[tuple[str, ...]] = ()  # shipped card sets shuffled in with it (an expansion's birds)
    vocabulary: ClassVar[Vocabulary]
    state_type: ClassVar[type]
    OPTIONS: ClassVar[dict[str, Option]] = {}
    foods: ClassVar[tuple[str, ...]] = ()
    habitats: ClassVar[tuple[str, ...]] = ()
    # The handlers of the ruleset's own turn frames (setup, turn, payment, ...); a subclass
    # lists its parent's and adds its own.  ``frame_handlers`` joins them to the interpreter's.
    turn_handlers: ClassVar[tuple[Handler[Any, Any], ...]] = ()
    handlers: dict[type[Frame], Handler[Any, Any]]  # ``frame_handlers()``, read when the game is made
    # IR nodes the turn's own actions run (a PowerFrame with card ACTION points here), with
    # each one's name and what it does in English ("{count}": the node's count), in step.
    action_nodes: ClassVar[tuple[ir.Effect, ...]] = ()
    action_names: ClassVar[tuple[str, ...]] = ()
    action_words: ClassVar[tuple[str, ...]] = ()
    # per deck (see ``shared``): card names, and each (card, path)'s IR node once looked up
    by_name: dict[str, int]
    _nodes: dict[tuple[int, tuple[int, ...]], ir.Effect]
    _names: tuple[str, ...]  # card names by id
    _idle_words: dict[type, tuple[str, str]]  # ``passed``'s (reason, rule) for nodes whose reason reads nothing
    # What the game did, as raw events (``events``), while a Game records it; None: nobody
    # listens (scratch copies, trials), and each place that notes an event checks this first.
    log: list[tuple[Any, ...]] | None = None
    source: int = -1  # the card whose power's frame is being run, while recording (``Recorder.note``)

    # The kinds of decision a player meets: each kind in words and the verbs that answer it
    # (data for ``core.decision.other``: an answer given to the wrong kind of decision is told
    # which kinds it belongs to).  A test plays games to check that every offered verb is here.
    DECISIONS: ClassVar[dict[str, tuple[str, frozenset[str]]]] = {}
    # The rule cited when a power is passed over, by what it could not do (``engine.idle``);
    # anything else cites ``core.forced``.
    IDLE_RULES: ClassVar[dict[str, str]] = {}
    END_RULE: ClassVar[str] = "core.game-over"  # the rule that ended the game, cited by the record's last event
    # Verbs whose argument only the acting player sees (a card kept in hand, tucked face
    # down): a record seen from another seat shows the verb alone.
    SECRET_VERBS: ClassVar[frozenset[str]] = frozenset()
    # Those of them whose argument stays secret where every hand is open (``Hand.open``): bonus
    # cards, and what a player keeps at setup, which the table chooses all at once (the views
    # show no seat another's setup until all have chosen)
    SECRET_IN_OPEN_HANDS: ClassVar[frozenset[str]] = frozenset()

    # -- the parts of the world the interpreter reaches (``engine.world``), composed by each
    # ruleset's package; a part the ruleset does not have raises when it is reached
    feeder: ClassVar[Feeder[Any]] = Feeder()
    supply: ClassVar[Supply[Any]] = Supply()
    deck: ClassVar[Deck[Any]] = Deck()
    bonus: ClassVar[Bonus[Any]] = Bonus()
    hand: ClassVar[Hand[Any]] = Hand()
    board: ClassVar[Board[Any]] = Board()
    recorder: ClassVar[Recorder[Any]] = Recorder()

    # -- where the systems differ: flags read by the one interpreter ---------------------
    # An optional power first asks "use or skip?" (classic); otherwise "skip" is offered
    # beside the power's first real choice (Pocket).
    open_with_use: ClassVar[bool] = False
    # Every gain may stop short ("stop" offered at each step of a multi-step gain).
    take_fewer: ClassVar[bool] = False
    # After a requirement is met, the benefit is offered, not imposed.
    benefit_declinable: ClassVar[bool] = False
    # Which ways of meeting a requirement are offered: "trial" keeps those after which the
    # benefit can still do something (tried on a scratch copy); "pure-cost" offers a
    # discard only when the benefit can do something now, and a tuck always.
    requirement_check: ClassVar[str] = "trial"

    def __init__(self, cards: CardSet, options: dict[str, Any], state: S):
        self.cardset = cards
        self.cards: tuple[Card, ...] = cards.cards
        self.options = options
        self.state = state
        self.all_foods = (1 << len(self.foods)) - 1
        # An optional power frame just pushed on top after ``can_do`` said yes, with nothing
        # run since: the loop's next question about it needs no second asking (see
        # ``NodeHandler.options``).  Only ever the frame on top, and cleared once read.
        self.vouched: Frame | None = None
        self.vouched_opening: list[Action] = []  # with ``open_with_use`` off: the vouched frame's first question
        # what depends only on the ruleset and the deck is worked out once per deck and shared
        key = (type(self), id(cards))
        found = _SHARED.get(key)
        if found is None or found[0] is not cards:
            while len(_SHARED) >= _SHARED_KEPT:
                del _SHARED[next(iter(_SHARED))]
            found = _SHARED[key] = (cards, self.shared(cards))
        for name, value in found[1].items():  # (one by one: a compiled ruleset has no __dict__)
            setattr(self, name, value)
        self.handlers = type(self).frame_handlers()

    @classmethod
    def frame_handlers(cls) -> dict[type[Frame], Handler[Any, Any]]:
        """Every frame kind's handler in this ruleset, by frame class: the interpreter's node
        handlers (all registered so far, however late: a power family defined outside the
        package included) of the families this ruleset's cards may use (a family that is a form
        of its own, ``Family.form``, only where the vocabulary admits it) and the ruleset's own
        ``turn_handlers``.  Made once per class, and again after a new node handler is registered."""
        count = registrations()
        found = _TABLES.get(cls)
        if found is None or found[0] != count:
            vocabulary = cls.vocabulary
            table: dict[type[Frame], Handler[Any, Any]] = {}
            for kind, h in NODE_HANDLERS.items():
                form = FAMILIES.of_node(kind).form
                if form is None or vocabulary.admits(form):
                    table[h.frame_type] = h
            for h in cls.turn_handlers:
                if h.frame_type in table:
                    raise ValueError(f"{cls.__name__}: the frame kind '{h.frame_type.kind}' has two handlers")
                table[h.frame_type] = h
            found = _TABLES[cls] = (count, table)
        return found[1]

    def shared(self, cards: CardSet) -> dict[str, Any]:
        """Attributes worked out from the deck alone (names, caches), shared by every game and
        copy that plays this deck under this ruleset; subclasses add theirs."""
        return {
            "by_name": {c.name: c.id for c in cards.cards},
            "_nodes": {},
            "_names": tuple(c.name for c in cards.cards),
            "_idle_words": self._idle_words_now(),
        }

    def _idle_words_now(self) -> dict[type, tuple[str, str]]:
        """(reason, rule id) by node type, for the types whose reason for being passed over
        reads nothing of the game, with the rule this ruleset's ``IDLE_RULES`` names."""
        out = {}
        for kind, handler in NODE_HANDLERS.items():
            words = handler.fixed_idle(kind)
            if words is not None:
                out[kind] = (words[0], self.IDLE_RULES.get(words[1], "core.forced"))
        return out

    # ---- what the public Game asks of a ruleset ----------------------------------------
    @classmethod
    def validate_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in; ValueError naming what is allowed."""
        merged = {k: o.default for k, o in cls.OPTIONS.items()}
        for key, value in (options or {}).items():
            spec = cls.OPTIONS.get(key) if isinstance(key, str) else None
            if spec is None:
                known = ", ".join(sorted(cls.OPTIONS))
                raise ValueError(_("unknown {ruleset} option {option}; known options: {known}").format(ruleset=cls.name, option=shown(key), known=known))
            if spec.check is not None:
                problem = spec.check(value)
                if problem:
                    raise ValueError(_("option '{option}' {problem}, not {value}").format(option=key, problem=problem, value=shown(value)))
            elif value not in spec.choices or type(value) is not type(spec.default):
                choices = ", ".join(repr(c) for c in spec.choices)
                raise ValueError(_("option '{option}' must be one of {choices}, not {value}").format(option=key, choices=choices, value=shown(value)))
            merged[key] = value
        cls.check_options(merged)
        return merged

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[Rules]:
        """The class that plays a game with these (checked) options: ``cls`` itself, or a
        subclass whose tables an option swaps (classic on another set's mats)."""
        return cls

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Checks across options (ValueError); none by default."""

    @classmethod
    def new_state(cls, cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> Any:
        raise NotImplementedError

    @classmethod
    def validate_state(cls, state: Any, cards: CardSet, players: int, options: dict[str, Any]) -> list[str]:
        """What is wrong with a loaded state played with these options (empty: nothing)."""
        raise NotImplementedError

    @classmethod
    def in_game(cls, card: Card, options: dict[str, Any]) -> bool:
        """Is this card of the deck dealt in a game with these options?  (All by default.)"""
        return True

    @classmethod
    def dealt_cards(cls, cards: CardSet, options: dict[str, Any]) -> list[int]:
        """The ids of the deck's cards ``in_game`` with these options, in deck order (a new
        list); worked out once per ruleset, deck and options, as every new game asks again."""
        try:
            key = (cls, id(cards), tuple(options.items()))
            found = _DEALT.get(key)
        except TypeError:  # an option value that is not hashable (a list): not remembered
            return [c.id for c in cards.cards if cls.in_game(c, options)]
        if found is None or found[0] is not cards:
            while len(_DEALT) >= _SHARED_KEPT:
                del _DEALT[next(iter(_DEALT))]
            found = _DEALT[key] = (cards, tuple(c.id for c in cards.cards if cls.in_game(c, options)))
        return list(found[1])

    @classmethod
    def adjust_deck(cls, cards: CardSet, options: dict[str, Any]) -> CardSet:
        """The deck as these options read it (a card of two printed readings); unchanged by default."""
        return cards

    @classmethod
    def parse_action(cls, text: str) -> Action:
        raise NotImplementedError

    @classmethod
    def action_space(cls, cards: CardSet) -> tuple[Action, ...]:
        raise NotImplementedError

    def score(self) -> ScoreSheet:
        raise NotImplementedError

    def view(self, player: int, pending: Decision | None) -> ViewBase:
        """What ``player`` may see (see ``views``: each ruleset's shape extends ``ViewBase``)."""
        raise NotImplementedError

    def turn_label(self) -> str:
        """Where the game stands, for people."""
        raise NotImplementedError

    # What no player can see, by part: (what a change of it means, for people; the part as a
    # fresh value).  ``Game.undo`` compares them before and after an action: any change means
    # something hidden came to light (a card off a deck, a die, a shuffle), so no undo past it.
    # Every chance goes through ``state.rng``, so the generator alone already catches dice and
    # shuffles; rulesets add their decks.
    def hidden(self) -> tuple[tuple[str, object], ...]:
        return ((N_("dice were rolled or cards shuffled"), self.state.rng),)

    # -- take-back points (a ruleset with an option for them: classic's house corrections) --
    @classmethod
    def reveals_made(cls, state: Any) -> int:
        """How many hidden things ``state`` has made known (draws, rolls): a take-back point
        stops being one once this changes."""
        raise NotImplementedError(f"the {cls.name} game keeps no take-back points")

    @classmethod
    def turns_ended(cls, state: Any) -> int:
        """How many turns ``state`` has ended: a take-back point belongs to one turn."""
        raise NotImplementedError(f"the {cls.name} game keeps no take-back points")

    @classmethod
    def hidden_part(cls, state: Any) -> tuple[object, ...]:
        """What of ``state`` is hidden (the draw count, the generator, the decks): a saved
        take-back point must have the same as the game it belongs to."""
        raise NotImplementedError(f"the {cls.name} game keeps no take-back points")

    def revealed(self, before: tuple[tuple[str, object], ...]) -> list[str]:
        """What came to light since ``hidden()`` gave ``before`` (empty: nothing)."""
        return [what for (what, was), (_what, now) in zip(before, self.hidden(), strict=True) if was != now]

    def copy(self) -> Rules:
        """The same game on a copy of the state (cards, options and caches shared)."""
        cls = type(self)
        clone = cls.__new__(cls)  # (no __init__: every field is copied below)
        _copy_fields(self, clone)
        clone.state = self.state.copy()
        clone.vouched = None
        clone.log = None  # a copy records nothing until its Game gives it a log
        clone.copied()
        return clone

    def copied(self) -> None:
        """A copy was just made: forget what was remembered about the old state."""

    def trial(self) -> Rules:
        """A scratch copy to try a move on (a method of its own: mypyc compiles no alias of a method)."""
        return self.copy()

    # ---- the loop -----------------------------------------------------------------------
    def run_to_choice(self, forced: list[tuple[int, Action]] | None = None, answer: Action | None = None) -> tuple[Action, ...] | None:
        """Run frames until a player must choose: the options of that choice, or None when the
        game is over (the answers taken on their own, single options, ``core.forced``, go to
        ``forced``).  Most moves are chosen from the options alone (random play, search), so
        ``Game`` asks for the Decision (``decision``) only when it is read.

        With ``answer``, the top frame is first resumed with it (a player's move, already
        checked to be an option): ``Game.apply`` makes one call per move."""
        st = self.state
        stack = st.stack
        handlers = self.handlers
        log = self.log
        if answer is not None:
            f = stack[-1]
            if log is not None:  # (``noting``, inline: once per move)
                if isinstance(f, PowerFrame):
                    self.source = f.card
                    if accepted(f, answer):
                        log.append((POWER, f.owner, f.card))
                else:
                    self.source = -1
            handlers[f.__class__].answer(self, f, answer)
            st.steps += 1
        while stack and not st.over:
            f = stack[-1]
            handler = handlers[f.__class__]
            options = handler.options(self, f)
            if options is None:
                if log is not None:  # what the step does is credited to its power
                    self.source = f.card if isinstance(f, PowerFrame) else -1
                handler.step(self, f)
            elif not options:
                if log is not None:
                    self.recorder.passed(self, f)
                stack.pop()  # an effect that can do nothing is passed over
            elif len(options) == 1:
                if forced is not None:
                    forced.append((f.player, options[0]))
                if log is not None:
                    self.recorder.noting(self, f, options[0])
                handler.answer(self, f, options[0])
            else:
                return tuple(options)
        return None

    # ---- the record (``events``): noted only while ``log`` is a list --------------------
    def actor(self) -> int:
        """The player deciding in the frame on top (the current player when none is)."""
        stack = self.state.stack
        player: int = stack[-1].player if stack else self.state.current
        return player




    def asking(self) -> tuple[int, str, str, str | None]:
        """The decision the top frame asks, without its options and words: who decides, its
        kind, its rule and the card asking (``Decision``'s fields; for readers that need no
        more, such as an observation's encoder)."""
        f = self.state.stack[-1]
        kind, rule = self.handlers[f.__class__].describe(self, f)
        return f.player, kind, rule, self.source_of(f)

    def decision(self, options: tuple[Action, ...], wording: Wording | None = None) -> Decision:
        """The decision the top frame asks, whose options ``run_to_choice`` just returned;
        ``wording`` words it (``Game`` gives one: the core knows no presentation)."""
        player, kind, rule, source = self.asking()
        return Decision(player, kind, options, source, rule, wording=wording)

    def why_not(self, decision: Decision, action: Action) -> list[Violation]:
        """Why an action that is not an option is refused (the rules it breaks)."""
        f = self.state.stack[-1]
        found = self.general_reasons(decision, action)
        if not found and decision.kind == "power" and not self.power_may_ask(f, action.verb):
            found = self.other_decision(decision, action, this_kind=False)  # before the power's own refusals
        if not found:
            found = self.handlers[f.__class__].why_not(self, f, action)
        if not found:
            found = self.other_decision(decision, action)
        if not found:
            options = ", ".join(str(o) for o in decision.options)
            told = _("'{action}' is not an answer to this {kind} decision; options: {options}").format(action=action, kind=decision.kind, options=options)
            found = [violation("core.decision.option", told)]
        return found

    def power_may_ask(self, f: Frame, verb: str) -> bool:
        """Might the power this frame runs ask for ``verb`` at some step (a verb of the "power"
        kind, and one that answers one of its nodes: ``node_verbs``)?"""
        if "power" in self.DECISIONS and verb not in self.DECISIONS["power"][1]:
            return False
        card = getattr(f, "card", -1)
        if card < 0 or verb in ("use", "skip"):
            return True
        power = self.cards[card].power
        return power is None or verb in node_verbs(self, power)

    def other_decision(self, decision: Decision, action: Action, this_kind: bool = True) -> list[Violation]:
        """``core.decision.other``: the action's verb answers other kinds of decision, not this
        one (none of its options has that verb); empty if it does not.  ``this_kind`` False:
        the verb is known not to answer any decision of this kind here."""
        verb = action.verb
        if any(o.verb == verb for o in decision.options):
            return []  # the right kind of answer, with an argument that is not offered
        kinds = [k for k, (_words, verbs) in self.DECISIONS.items() if verb in verbs]
        others = [translate(self.DECISIONS[k][0]) for k in kinds if k != decision.kind]
        if not others:
            return []
        if decision.kind in kinds and this_kind:
            others.append(_("another {kind} decision").format(kind=decision.kind))
        words = others[0] if len(others) == 1 else _("{these} or {last}").format(these=", ".join(others[:-1]), last=others[-1])
        options = ", ".join(str(o) for o in decision.options)
        if decision.source:
            message = _("'{action}' answers {kinds}, not this {kind} decision [{source}]; options: {options}")
        else:
            message = _("'{action}' answers {kinds}, not this {kind} decision; options: {options}")
        told = message.format(action=action, kinds=words, kind=decision.kind, source=decision.source, options=options)
        return [violation("core.decision.other", told)]

    def general_reasons(self, decision: Decision, action: Action) -> list[Violation]:
        """Reasons that do not belong to the frame asking (an action at the wrong time)."""
        return []

    def refuse_node(self, f: PowerFrame, node: ir.Effect, a: Action) -> list[Violation]:
        """Why a power step refuses ``a``: the family's words where it has them
        (``family_refusal``); a ruleset adds its own words for the steps that have none."""
        found = self.family_refusal(f, node, a)
        return [] if found is None else found

    def family_refusal(self, f: PowerFrame, node: ir.Effect, a: Action) -> list[Violation] | None:
        """The refusal of ``a`` in the words of ``node``'s family (its handler's ``refusal``),
        asked with the frame asking (the node's own, or that of the power whose requirement the
        node is: ``ThenHandler.refuse``) past an optional power's opening where the ruleset
        asks "use or skip?" first (``open_with_use``); None where the family has no words."""
        handler: Any = NODE_HANDLERS[type(node)]
        if f.optional and self.open_with_use:
            return None
        found: list[Violation] | None = handler.refusal(self, f, node, a)
        return found

    # The rule a family's refusal cites, by its topic (``NodeHandler.refusal_topics``).
    REFUSAL_RULES: ClassVar[dict[str, str]] = {}

    def refused(self, topic: str, words: str) -> Violation:
        """A refusal about ``topic`` in ``words``, citing the rule this ruleset names for the
        topic; ValueError for a topic it does not name."""
        rule = self.REFUSAL_RULES.get(topic)
        if rule is None:
            raise ValueError(f"the {self.name} game names no rule for refusals about '{topic}'")
        return violation(rule, words)

    def source_of(self, f: Frame) -> str | None:
        card = getattr(f, "card", -1)
        return self._names[card] if card >= 0 else None

    # ---- powers -------------------------------------------------------------------------
    def node(self, f: PowerFrame) -> ir.Effect:
        """The IR node a power frame runs (looked up once per card and path)."""
        key = (f.card, f.path)
        found = self._nodes.get(key)
        if found is None:
            found = self._nodes[key] = self.node_at(f.card, f.path)
        return found

    def node_at(self, card: int, path: tuple[int, ...]) -> ir.Effect:
        if card == ACTION:
            node = self.action_nodes[path[0]]
            path = path[1:]
        else:
            power = self.cards[card].power
            if power is None:
                raise ValueError(f"{self.cards[card].name} has no power")
            node = power
        for i in path:
            node = ir.part(node, i)
        return node

    # The decision kind and rule of each topic of a power frame's question (``NodeHandler.topic``;
    # "optional": an optional power's opening).  A ruleset names every topic its cards reach.
    DECISION_TOPICS: ClassVar[dict[str, tuple[str, str]]] = {}

    def describe_power(self, f: PowerFrame, node: ir.Effect) -> tuple[str, str]:
        """(decision kind, rule id) of a power frame's question; ValueError for a topic the
        ruleset does not name."""
        handler: Any = NODE_HANDLERS[type(node)]
        topic = "optional" if f.optional else handler.topic(self, f, node)
        found = self.DECISION_TOPICS.get(topic)
        if found is None:
            raise ValueError(f"the {self.name} game names no decision about '{topic}' (a {type(node).__name__} step)")
        return found

    # ---- the seats ----------------------------------------------------------------------
    def neighbour(self, player: int, side: str) -> int:
        """The player on ``player``'s left (the next in turn order) or right (the one before)."""
        n = len(self.state.seats)
        return (player + 1) % n if side == "left" else (player - 1) % n

    # ---- what the interpreter asks a ruleset besides its world parts (``engine.world``) --

    def treat_mask(self) -> int:
        """Foods that powers treat as any food now (Pocket's green power); none by default."""
        return 0

    def predator_succeeded(self, f: PowerFrame) -> None:
        """A hunt succeeded (pink powers may answer)."""

    def food_gained(self, player: int, food: int) -> None:
        """A player gained a food (pink powers may answer)."""


    def is_brown(self, card: Card) -> bool:
        return card.colour == "brown" and card.power is not None

