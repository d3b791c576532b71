"""Frame handlers: for each kind of frame, what can be chosen, doing it, and why not.

Every frame kind has one handler object.  ``options`` answers "what may the player do
now?" (None: no choice, run ``step``; []: nothing can be done, the frame is dropped);
``answer`` does a chosen option; ``why_not`` says which rule an action that is not an
option breaks; a node handler also says the topic of its question (``topic``: the ruleset
names its decision kind and rule, ``Rules.DECISION_TOPICS``) and what in a loaded frame's
progress its node could not have made (``bounds``).  What is legal and what is done come
from the same ``options``: ``check`` accepts exactly the options, and ``apply`` answers with
one of them.  The words of a refusal come from the node's family where it has them
(``refusal``, citing the rule each ruleset names for its topic, ``Rules.REFUSAL_RULES``: the
gain, bonus-draw, share, move, trade, repeat and play-bird families), else from the ruleset's own table
(``classic/explain.py`` ``REFUSALS`` by decision kind, ``pocket/explain.py`` ``REFUSALS`` by
node type: the lay, draw, tuck, discard and copy steps, whose words differ between Pocket's
reserve, where a card's hidden side must not show, and the classic hand).

``Handler`` (the base of every handler) and the table of node handlers live in
``registry.py``, below the frame loop; ``NodeHandler`` is the base of the interpreter's
handlers, one per IR node type; it adds the one rule every power shares: a power is optional
(``open_with_use`` and ``SKIP``), and the reason a node is passed over (``idle``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..i18n import N_
from ..verdict import Violation
from .registry import NODE_HANDLERS as _REGISTERED
from .registry import Handler as Handler  # (re-exported: the rulesets' turn-frame handlers subclass it)
from .registry import Telling, registered
from .registry import node_verbs as node_verbs  # (re-exported: the families' walker of verbs)
from .state import CoreState, Frame, Place, PowerFrame

if TYPE_CHECKING:
    from .rules import Rules

PF = TypeVar("PF", bound=PowerFrame)
N = TypeVar("N", bound="ir.Effect")

_CHOOSE = Verb("choose")
SKIP = Action("skip")
STOP = Action("stop")
USE = Action("use")


@attrs.frozen
class Loaded:
    """A loaded game whose power frames are checked against their nodes (``NodeHandler.bounds``):
    the ruleset's class, the state as read, and what the frame's progress may name."""

    rules: type[Rules[Any]]
    state: CoreState
    players: int
    decks: int = 0  # the decks a 'from one deck' power may choose among (none where the game has none)
    bonus: tuple[tuple[int, ...], ...] = ()  # each seat's bonus cards (none where the game has none)


@mypyc_attr(allow_interpreted_subclasses=True)
class NodeHandler(Handler[PF, "Rules"], Generic[PF, N]):
    """The one handler of an IR node type: can it do anything, its choices, doing them."""

    node_types: ClassVar[tuple[type, ...]]
    # Why a node that can do nothing is passed over, when the words read nothing of the game:
    # (reason, topic); the ruleset's ``IDLE_RULES`` names the rule of the topic.  A node whose
    # reason reads the game overrides ``idle`` instead.
    passed_over: ClassVar[tuple[str, str] | None] = None
    # The topics of the questions its frames ask (``topic``), each with the form of the card
    # language it belongs to (``Vocabulary.forms``; None: every rule system that plays the node
    # may reach it).  A ruleset names the decision kind and rule of every topic its cards reach
    # (``Rules.DECISION_TOPICS``).  Empty: one topic, ``asks``.
    topics: ClassVar[dict[str, str | None]] = {}
    # The one topic of a node whose question is always of one kind: "power" (every ruleset
    # names it: a power's own question, under the rule that powers are optional) unless the
    # family's step follows a rule of its own in some rule system ("tuck", "move", ...).
    asks: ClassVar[str] = "power"
    # The topic of the question this node asks as the requirement of 'R -> B' (None: the
    # requirement's question is the 'then' frame's own)
    requirement_topic: ClassVar[str | None] = None
    # The verbs that answer this node's own questions, its parts' aside.  A node whose verbs
    # read the ruleset's world (a draw's: "take-deck" in classic, "take-food" in Pocket) or the
    # node itself overrides ``answers``.
    verbs: ClassVar[frozenset[str]] = frozenset()
    # The topics of the refusals it words (``refusal``): each ruleset that reaches the node
    # names the rule of each (``Rules.REFUSAL_RULES``).
    refusal_topics: ClassVar[tuple[str, ...]] = ()
    # The words of a verb only this family offers, question and answer together (a family
    # from outside the package): verb -> (the question a step offering it asks, what such an
    # answer does, a template as in ``says``: {arg}, {power}, {source}, ...); the prompts ask
    # it where ``questions`` and ``says`` have nothing for the verb.
    wording: ClassVar[dict[str, tuple[str, str]]] = {}
    # What answering 'stop' at its steps does, where it ends the power itself ("{power}" is the
    # power's name in the words): None where 'stop' only ends the step (the prompts word it)
    stop_words: ClassVar[str | None] = None

    # -- the Handler protocol, shared by every node ----------------------------------------
    def options(self, g: Rules, f: PF) -> list[Action] | None:
        if f.optional and g.vouched is f:
            g.vouched = None
            if g.open_with_use:  # pushed just now because it can do something
                return [USE, SKIP]
            return g.vouched_opening + [SKIP]  # its opening was worked out just now, when it was pushed
        node: Any = g._nodes.get((f.card, f.path))
        if node is None:
            node = g.node(f)
        if f.optional:
            if g.open_with_use:
                return [USE, SKIP] if self.can(g, f, node) else []
            opening = self.opening(g, f, node)
            return opening + [SKIP] if opening else []
        return self.choices(g, f, node)

    def answer(self, g: Rules, f: PF, a: Action) -> None:
        if a.verb == "skip":
            g.state.stack.pop()
            return
        node: Any = g._nodes.get((f.card, f.path))
        if node is None:
            node = g.node(f)
        if f.optional:
            f.optional = False
            if a.verb == "use":
                self.on_use(g, f, node)
                return
        self.choose(g, f, node, a)

    def step(self, g: Rules, f: PF) -> None:
        node: Any = g._nodes.get((f.card, f.path))
        if node is None:
            node = g.node(f)
        self.run(g, f, node)

    def describe(self, g: Rules, f: PF) -> tuple[str, str]:
        node: Any = g._nodes.get((f.card, f.path))
        if node is None:
            node = g.node(f)
        return g.describe_power(f, node)

    def topic(self, g: Rules, f: PF, node: N) -> str:
        """The topic of the question ``f`` asks now (one of ``every_topic()``): what the ruleset
        names the decision kind and rule of (``asks`` by default).  An optional power's opening
        is "optional"."""
        return self.asks

    def every_topic(self) -> dict[str, str | None]:
        """Every topic ``topic`` may say, with the form each belongs to (see ``topics``)."""
        return self.topics or {self.asks: None}

    def answers(self, g: Rules, node: N) -> frozenset[str]:
        """The verbs that answer this node's own questions (``verbs``)."""
        return self.verbs

    def asking(self, g: Rules, f: PF, node: N) -> frozenset[str]:
        """The verbs that answer the step ``f`` is at now ("skip" and "use" aside): by default
        any verb of the node or of its parts (``node_verbs``)."""
        return node_verbs(g, node)

    def part_role(self, node: N, index: int) -> str | None:
        """The role of part ``index`` of this node that its question's words name: "benefit"
        (what comes once a requirement is met), "share" (a player's share of a power all
        players use), or None."""
        return None

    def why_not(self, g: Rules, f: PF, a: Action) -> list[Violation]:
        return self.refuse(g, f, g.node(f), a)  # type: ignore[arg-type]

    # -- what each node says ----------------------------------------------------------------
    def can(self, g: Rules, f: PF, node: N) -> bool:
        """Could this node change anything now for ``f.player``?"""
        return bool(self.choices(g, f, node))

    def choices(self, g: Rules, f: PF, node: N) -> list[Action] | None:
        """The choices now; None when the node runs without one (``run``)."""
        return None

    def opening(self, g: Rules, f: PF, node: N) -> list[Action]:
        """The first question of an optional power that does not open with "use"."""
        return self.choices(g, f, node) or []

    def on_use(self, g: Rules, f: PF, node: N) -> None:
        """The power was accepted ("use")."""

    def choose(self, g: Rules, f: PF, node: N, a: Action) -> None:
        raise AssertionError(f"{type(node).__name__} takes no answer")

    def run(self, g: Rules, f: PF, node: N) -> None:
        raise AssertionError(f"{type(node).__name__} has no step")

    def refuse(self, g: Rules, f: PF, node: N, a: Action) -> list[Violation]:
        """Why ``a`` is not among the choices: the ruleset says (``Rules.refuse_node``), in the
        family's own words where it has them (``refusal``)."""
        return g.refuse_node(f, node, a)

    def tell(self, t: Telling, f: Frame | None, action: Action) -> str | None:
        """``Handler.tell``, and the words of a verb of the family's own (``wording``)."""
        words = super().tell(t, f, action)
        if words is None and action.verb in self.wording:
            return t.fill(self.wording[action.verb][1], action)
        return words

    def refusal(self, g: Rules, f: PF, node: N, a: Action) -> list[Violation] | None:
        """Why ``a`` is refused at the step ``f`` is at, in the family's own words, each citing
        the rule of its topic (``Rules.refused``; the topics are ``refusal_topics``), or in
        those of the world part it asks (``g.board.refuse_egg``): empty when the family sees
        nothing wrong, None where it has no words and the ruleset's apply.  ``f`` is the
        node's own frame, or that of a power whose requirement the node is (a family whose
        words read its own frame's fields says None for another frame)."""
        return None

    def idle(self, g: Rules, f: PowerFrame, node: N) -> tuple[str, str]:
        """(why ``node`` can do nothing now for ``f``, the topic of the rule it follows):
        ``passed_over``; a handler whose words read the position overrides this."""
        if self.passed_over is None:
            raise TypeError(f"{type(self).__name__} says no reason for passing a {type(node).__name__} node over")
        return self.passed_over

    def fixed_idle(self, kind: type) -> tuple[str, str] | None:
        """(reason, topic) when the reason for passing a ``kind`` node over reads nothing of the
        game (a ruleset words those once per deck); None when ``idle`` reads the position."""
        return self.passed_over if type(self).idle is NodeHandler.idle else None

    def bounds(self, v: Loaded, f: PF, node: N) -> str | None:
        """What in a loaded frame's progress no step of ``node`` could have made, as the rest of
        a sentence about the frame ("holds a count its step cannot have"); None when nothing is.
        The validators of saved games and positions ask it of every power frame they read."""
        return None

    def perform(self, g: Rules, f: PowerFrame, node: N, a: Action) -> None:
        """Do one choice as a requirement (single-step nodes only: see ``AtomHandler``)."""
        raise AssertionError(f"{type(node).__name__} cannot be a requirement")

    def start(self, player: int, card: int, path: tuple[int, ...], owner: int, host: Place, optional: bool) -> PF:
        """A frame running this node."""
        make: Any = self.frame_type  # a PowerFrame subclass: header fields first, progress defaulted
        made: PF = make(player, card, path, owner, host, optional)
        return made


NODE_HANDLERS: dict[type, NodeHandler[Any, Any]] = _REGISTERED  # (the registry's table, typed)


def node_handler(cls: type[NodeHandler[Any, Any]]) -> type[NodeHandler[Any, Any]]:
    """Register the handler of some IR node types (one handler per node type).  A ruleset's
    table of frame handlers (``Rules.frame_handlers``) takes it in, however late it comes:
    a power family defined outside the package is played by every game made after it."""
    instance = cls()
    if any(type(h).frame_type is cls.frame_type for h in NODE_HANDLERS.values()):
        raise ValueError(f"the frame kind '{cls.frame_type.kind}' already has a handler")
    for t in cls.node_types:
        if t in NODE_HANDLERS:
            raise ValueError(f"{t.__name__} has two handlers")
        NODE_HANDLERS[t] = instance
    registered()
    return cls


def handler_of(node: ir.Effect) -> NodeHandler[Any, Any]:
    return NODE_HANDLERS[type(node)]


def frame_for(node: ir.Effect, player: int, card: int, path: tuple[int, ...], owner: int, host: Place, optional: bool = False) -> PowerFrame:
    """The frame that runs ``node``."""
    f: PowerFrame = NODE_HANDLERS[type(node)].start(player, card, path, owner, host, optional)
    return f


# ---- steps shared by node handlers ------------------------------------------------------------

def push_part(g: Rules, f: PowerFrame, index: int, player: int | None = None, optional: bool = False) -> PowerFrame:
    """Start part ``index`` of the frame's node (for ``player``, default the same)."""
    path = f.path + (index,)
    node = g.node_at(f.card, path)
    child = frame_for(node, f.player if player is None else player, f.card, path, f.owner, f.host, optional)
    g.state.stack.append(child)
    return child


def probe(f: PowerFrame, index: int, player: int | None = None) -> PowerFrame:
    """A header-only frame for part ``index`` (to ask ``can`` about it)."""
    return PowerFrame(f.player if player is None else player, f.card, f.path + (index,), f.owner, f.host)


@mypyc_attr(allow_interpreted_subclasses=True)
class AtomHandler(NodeHandler[Any, Any]):
    """A node done with one choice; ``perform`` is also used for requirements."""

    def choose(self, g: Rules, f: PowerFrame, node: Any, a: Action) -> None:
        g.state.stack.pop()
        self.perform(g, f, node, a)

    def perform(self, g: Rules, f: PowerFrame, node: Any, a: Action) -> None:
        raise NotImplementedError


# The words of a 'choose pN' answer (``receivers``) and of the question it answers, for the
# ``says`` and ``questions`` of the families that offer it: a gift's receiver, another player
# chosen to share a power.
CHOOSE_SAYS: dict[str, str] = {"give": N_("give it to {arg} ({power})"), "": N_("choose {arg} ({power})")}
CHOOSE_QUESTION: dict[str, str] = {
    "give": N_("which player gets it"),
    "choose-player": N_("which other player shares it"),
    "": N_("which player"),
}


def receivers(g: Rules, player: int) -> list[Action]:
    """'choose pN' for the other players, in turn order from the one after ``player`` (a gift's
    receivers, a chosen other player)."""
    n = len(g.state.seats)
    return [_CHOOSE[f"p{(player + k) % n}"] for k in range(1, n)]


def chosen(a: Action) -> int:
    """The player a 'choose pN' answer names."""
    return int(str(a.arg)[1:])


def can_do(g: Rules, f: PowerFrame, node: ir.Effect) -> bool:
    """Could ``node`` do anything for ``f``'s player now (the frame's own progress aside)?"""
    return NODE_HANDLERS[type(node)].can(g, f, node)


def node_of_frame(power: ir.Effect | None, f: PowerFrame) -> ir.Effect | None:
    """The node a (loaded) power frame points at, if its path leads to one whose handler runs
    frames of its kind; None otherwise (for checking saved games)."""
    node = power
    try:
        for i in f.path:
            if node is None:
                return None
            node = ir.part(node, i)
    except (IndexError, TypeError):
        return None
    if node is None or NODE_HANDLERS[type(node)].frame_type is not type(f):
        return None
    return node
