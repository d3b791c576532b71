"""Decisions and actions in English: ``Decision.prompt`` and ``Action.describe``.

A prompt is one sentence, a question: who decides ("p1"), for which card, and what.  It is
worked out when it is read, not when the engine stops: the engine's loop makes millions of
decisions in random games and nobody reads most of them.  So ``Game`` gives each decision it
hands out an ``Asked`` (its ``Decision.wording``): the deck's ``Speaker`` and the frame that
asked.  The prompt reads only what a frame never changes (its
class, card, path, owner, habitat) and the decision's own kind, source and option verbs, so a
decision read after its game has moved on still says what was asked.

Powers are worded by ``dsl.render`` (the English of the card text); what one step of a power
asks, and what each answer does, are the words of the handler that offers the answers
(``Handler.questions`` and ``Handler.says``: a power family's, or a ruleset's turn frame's),
put together here.  A prompt never names what an answer names (the cards of a hand): only
the card whose power asks or that is being paid for, which every player has seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import ir, words
from .actions import Action
from .dsl import render
from .engine.handlers import NODE_HANDLERS, handler_of
from .engine.state import ACTION, PowerFrame
from .i18n import N_, _, current, language, ngettext, pgettext, translate
from .verdict import Decision, word_by_hand

if TYPE_CHECKING:
    from .cards import CardSet
    from .engine.rules import Rules

_MORE = {"food": N_("one more food"), "eggs": N_("one more egg"), "cards": N_("one more card")}  # a conversion's gain
_RESET_WORDS = {"feeder": N_("the birdfeeder"), "tray": N_("the bird tray")}
_ROLES = (None, "benefit", "share")  # the roles of a part that the prompts word (``Speaker.role``)


class Speaker:
    """Words the decisions of one ruleset and deck (made once per deck: ``speaker``)."""

    def __init__(self, rules: type[Rules], cards: CardSet) -> None:
        self.rules = rules
        self.cards = cards
        self.classic = bool(rules.habitats)  # the classic family's words (hand, tray, feeder)
        self._phrases: dict[tuple[int, tuple[int, ...], str], str] = {}

    # ---- powers --------------------------------------------------------------------------
    def node(self, card: int, path: tuple[int, ...]) -> ir.Effect | None:
        """The IR node a power frame runs (None if the path leads nowhere)."""
        try:
            if card == ACTION:
                node: ir.Effect | None = self.rules.action_nodes[path[0]]
                path = path[1:]
            else:
                node = self.cards.cards[card].power
            for i in path:
                if node is None:
                    return None
                node = ir.part(node, i)
        except (IndexError, TypeError):
            return None
        return node

    def role(self, card: int, path: tuple[int, ...]) -> str | None:
        """The role of the part the path leads to in the part that holds it (its handler's
        ``part_role``: "benefit" after a requirement, "share" of an all-players power)."""
        if not path or (card == ACTION and len(path) == 1):
            return None
        parent = self.node(card, path[:-1])
        if parent is None:
            return None
        role = handler_of(parent).part_role(parent, path[-1])
        if role not in _ROLES:
            raise ValueError(f"no words for the role '{role}' of a part of a {type(parent).__name__} step")
        return role

    def phrase(self, card: int, path: tuple[int, ...]) -> str:
        """What the power (or the part of it the path leads to) does, as a phrase in the
        current language."""
        key = (card, path, current())
        found = self._phrases.get(key)
        if found is None:
            if len(self._phrases) > 20_000:  # user decks bring new cards: the table stays small
                self._phrases.clear()
            found = self._phrases[key] = self._phrase(card, path)
        return found

    def _phrase(self, card: int, path: tuple[int, ...]) -> str:
        if card == ACTION:
            return self.action_phrase(path[0] if path else -1)
        power = self.cards.cards[card].definition.bird.power
        if power is None:
            return _("use its power")
        try:
            part = render.part_of(power, path)
        except (IndexError, TypeError):
            return _("use its power")
        return render.question(part, self.classic)

    def action_phrase(self, index: int) -> str:
        """What a turn's own action (``Rules.action_nodes[index]``) does (``Rules.action_words``)."""
        words, nodes = self.rules.action_words, self.rules.action_nodes
        if not 0 <= index < len(words):
            return _("do your action")
        return translate(words[index]).format(count=getattr(nodes[index], "count", 0))

    def action_name(self, index: int) -> str:
        """The name of a turn's own action (``Rules.action_names``; "turn" for none)."""
        names = self.rules.action_names
        return action_label(names[index]) if 0 <= index < len(names) else pgettext("action", "turn")

    # ---- tables of the ruleset -----------------------------------------------------------
    def count_of(self, name: str) -> int:
        """The amount of a turn's own action, by its name (cards drawn, eggs laid), where it
        is fixed (Pocket's nest actions); 0 where it is not."""
        names = self.rules.action_names
        return int(getattr(self.rules.action_nodes[names.index(name)], "count", 0)) if name in names else 0

    def habitat_actions(self) -> str:
        """'gain food (forest), lay eggs (grassland) or draw cards (wetland)', from the mat."""
        mat: Any = getattr(self.rules, "mat", ())
        said: dict[str, str] = getattr(self.rules, "benefit_words", {})
        said_words = [
            _("{benefit} ({habitat})").format(benefit=translate(said.get(row.benefit, row.benefit)), habitat=words.habitat(name))
            for name, row in zip(self.rules.habitats, mat, strict=False)
        ]
        return _or_list(said_words)


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{these} or {last}").format(these=", ".join(items[:-1]), last=items[-1])


# A turn's own action by its name (``Rules.action_names``), as a prompt's label names it: the
# English keeps the name as the player types it ("your gain-food action").
_ACTION_LABELS = {
    "gain-food": lambda: pgettext("action", "gain-food"),
    "lay-eggs": lambda: pgettext("action", "lay-eggs"),
    "draw-cards": lambda: pgettext("action", "draw-cards"),
    "play-bird": lambda: pgettext("action", "play-bird"),
}


def action_label(name: str) -> str:
    """A turn action's name in the current language; a ruleset's new action is given its
    words here (KeyError until it is)."""
    found = _ACTION_LABELS.get(name)
    if found is None:
        raise KeyError(f"no words for the turn action {name!r}: add it to prompts._ACTION_LABELS")
    return found()


# Speakers by ruleset class and deck; the deck itself is kept so that its id cannot be reused.
# Decks written by users come and go, so only the last few are kept.
_SPEAKERS: dict[tuple[type, int], tuple[CardSet, Speaker]] = {}
_SPEAKERS_KEPT = 16


def speaker(rules: type[Rules], cards: CardSet) -> Speaker:
    """The ``Speaker`` of a ruleset class (the variant a game plays) and deck, made once."""
    key = (rules, id(cards))
    found = _SPEAKERS.get(key)
    if found is None or found[0] is not cards:
        while len(_SPEAKERS) >= _SPEAKERS_KEPT:
            del _SPEAKERS[next(iter(_SPEAKERS))]  # the oldest
        found = _SPEAKERS[key] = (cards, Speaker(rules, cards))
    return found[1]


class Asked:
    """A decision's ``wording`` (``verdict.Wording``) as ``Game`` gives it: the deck's speaker
    and the frame on top of the stack when the decision was made, the frame that asked.  Only
    what a frame never changes is read (its class, card, path, owner, habitat), so a decision
    kept after its game moved on, or shared with a copy of the game, reads the same."""

    __slots__ = ("speaker", "frame", "lang")

    def __init__(self, speaker: Speaker, frame: Any, lang: str | None = None) -> None:
        self.speaker = speaker
        self.frame = frame
        self.lang = lang  # the game's language (None: the current one when read)

    def prompt(self, decision: Decision, public: bool, lang: str | None = None) -> str:
        with language(lang if lang is not None else self.lang):
            return prompt(decision, public, self.speaker, self.frame)

    # never changed once made: a copy of a decision shares its wording (not a copy of the deck)
    def __copy__(self) -> Asked:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Asked:
        return self


class FromFields:
    """The wording of a decision built by hand: from its fields alone (no deck, no frame)."""

    __slots__ = ()

    def prompt(self, decision: Decision, public: bool, lang: str | None = None) -> str:
        with language(lang):
            return prompt(decision, public, None, None)


FROM_FIELDS = FromFields()
word_by_hand(FROM_FIELDS)


# ---- prompts ----------------------------------------------------------------------------------


def prompt(d: Decision, public: bool, speaker: Speaker | None, frame: Any) -> str:
    """``Decision.prompt`` (``public``: as the other players may see it), from the deck's
    speaker and the frame that asked (None for a decision built by hand)."""
    verbs = [a.verb for a in d.options]
    if speaker is not None and isinstance(frame, PowerFrame):
        return _power_prompt(d, speaker, frame, verbs)
    return _turn_prompt(d, speaker, frame, verbs, public)


def _turn_prompt(d: Decision, speaker: Speaker | None, frame: Any, verbs: list[str], public: bool) -> str:
    """The questions of the turn's own frames (and of a decision built without its frame)."""
    who = f"p{d.player}"
    source = d.source
    kind = d.kind
    pocket = speaker is not None and not speaker.classic
    if kind == "nest-action":
        draw = speaker.count_of("draw-cards") if speaker else 0
        lay = speaker.count_of("lay-eggs") if speaker else 0
        cards = ngettext("draw {n} card", "draw {n} cards", draw).format(n=draw) if draw else _("draw cards")
        eggs = ngettext("lay up to {n} egg", "lay up to {n} eggs", lay).format(n=lay) if lay else _("lay eggs")
        return _("{who}: which nest action this turn: play a bird from your reserve, {cards} or {eggs}?").format(who=who, cards=cards, eggs=eggs)
    if kind == "action":
        habitats = speaker.habitat_actions() if speaker else ""
        return _("{who}: which action this turn: play a bird, or {habitats}?").format(who=who, habitats=habitats or _("a habitat action"))
    if kind == "setup-birds":
        kept = getattr(speaker.rules, "birds_kept", 0) if speaker else 0
        if kept:
            return ngettext(
                "{who}: which of your dealt cards do you keep bird side up (you keep {n}; the others become food cards)?",
                "{who}: which of your dealt cards do you keep bird side up (you keep {n}; the others become food cards)?",
                kept,
            ).format(who=who, n=kept)
        return _("{who}: which of your dealt cards do you keep bird side up?").format(who=who)
    if kind == "setup":
        if public or not verbs:
            text = _("{who}: what do you keep to start the game: birds from your dealt cards, a food back for each, then one bonus card?")
        elif "return" in verbs:
            text = _("{who}: which food do you give back for the birds you kept?")
        elif "keep-bonus" in verbs:
            text = _("{who}: which of your dealt bonus cards do you keep?")
        else:
            text = _("{who}: which of your dealt birds do you keep (giving back a food for each), or are you done keeping?")
        return text.format(who=who)
    if kind == "pay":
        bird = source or _("the bird")
        if "discard-bird" in verbs:
            return _("{who}, playing {bird}: which bird of that habitat does it take the place of?").format(who=who, bird=bird)
        if "pay-egg" in verbs:
            if pocket:
                return _("{who}, paying for {bird}: which egg, from your Nest or one of your birds, pays its egg cost?").format(who=who, bird=bird)
            return _("{who}, paying for {bird}: which egg, from one of your birds, pays its egg cost?").format(who=who, bird=bird)
        if pocket:
            if "paid" in verbs:
                return _("{who}, paying for {bird}: which food card do you give next, or is that all?").format(who=who, bird=bird)
            return _("{who}, paying for {bird}: which food card do you give next?").format(who=who, bird=bird)
        if "paid" in verbs:
            return _("{who}, paying for {bird}: which food do you give next, or is that all?").format(who=who, bird=bird)
        return _("{who}, paying for {bird}: which food do you give next?").format(who=who, bird=bird)
    if kind == "copy-green":
        return _("{who}, {bird}: which green power in another player's flock does it take this turn?").format(who=who, bird=source or _("your bird"))
    if kind == "conversion":
        habitat = ""
        unit = ""
        if speaker is not None and frame is not None and hasattr(frame, "habitat"):
            h = frame.habitat
            if 0 <= h < len(speaker.rules.habitats):
                habitat = speaker.rules.habitats[h]
                mat: Any = getattr(speaker.rules, "mat", ())
                if h < len(mat):
                    unit = _MORE.get(mat[h].benefit, "")
        action = _("your {habitat} action").format(habitat=words.habitat(habitat)) if habitat else _("your habitat action")
        for target in ("feeder", "tray"):
            if f"reset-{target}" in verbs:
                return _("{who}, {action}: pay a food to reset {what} first, or skip?").format(who=who, action=action, what=translate(_RESET_WORDS[target]))
        things = [w for v, w in (("discard", _("a card")), ("pay", _("a food")), ("discard-egg", _("an egg"))) if v in verbs]
        return _("{who}, {action}: give up {things} for {more}, or skip?").format(
            who=who, action=action, things=_or_list(things) or _("something"), more=translate(unit) if unit else _("one more benefit")
        )
    if kind == "discard":
        return _("{who}: which card do you discard from your hand, as a power of this turn asked?").format(who=who)
    if kind == "game-end":
        return _("{who}: which of your birds' game-end powers do you use next, or are you done?").format(who=who)
    # a decision built by hand, with no frame noted: its answers say what is asked
    ask = _ask(kind, [v for v in verbs if v != "skip"], _answering(speaker, None, None, kind, verbs, "questions"))
    if "skip" in verbs:
        ask = _("{ask}, or skip it").format(ask=ask) if ask else _("skip it")
    ask = ask or _("which answer to this {kind} decision").format(kind=kind)
    if source:
        return _("{who}, {source}: {ask}?").format(who=who, source=source, ask=ask)
    return _("{who}: {ask}?").format(who=who, ask=ask)


def _power_prompt(d: Decision, speaker: Speaker, f: PowerFrame, verbs: list[str]) -> str:
    card, path = f.card, f.path
    if card == ACTION:
        label = _("your {action} action").format(action=speaker.action_name(path[0] if path else -1))
    else:
        name = d.source or speaker.cards.cards[card].name
        label = _("p{owner}'s {bird}").format(owner=f.owner, bird=name) if 0 <= f.owner != d.player else name
    what = speaker.phrase(card, path)
    role = speaker.role(card, path)
    after = role == "benefit"
    if after:
        what = _("requirement met, now {what}").format(what=what)  # the question after the cost, told apart from the one before
    elif role == "share":
        what = _("your share: {what}").format(what=what)
    optional = "skip" in verbs
    node = speaker.node(card, path)
    ask = _ask(d.kind, [v for v in verbs if v != "skip"], [handler_of(part) for part in ir.walk(node)] if node is not None else [])
    if optional:
        if "use" in verbs:
            ask = _("take this benefit or skip it") if after else _("take your share or skip it") if role == "share" else _("use this power or skip it")
        else:
            ask = _("{ask}, or skip this power").format(ask=ask) if ask else _("skip this power")
    return _("p{player}, {label}: {what}; {ask}?").format(player=d.player, label=label, what=what, ask=ask or _("which answer"))


def _ask(kind: str, verbs: list[str], handlers: list[Any]) -> str:
    """The question of one step, from the kinds of answer it offers (their verbs only: what
    the answers name, a hand's cards, is never said): the first question of the handlers'
    ``questions`` whose verb is offered, with those asked beside it, and 'or stop'.  The
    handlers' questions are English templates (msgids), put together in English and each
    worded in the current language at the end."""
    present = set(verbs)
    main = ""
    extras: list[str] = []
    for handler in handlers:
        for verb, asked in handler.questions.items():
            if verb.endswith("-*"):
                if not any(v.startswith(verb[:-1]) for v in present):
                    continue
            elif verb not in present:
                continue
            found = asked if isinstance(asked, str) else asked.get(kind, asked.get(""))
            if found is None:
                continue
            if found.startswith("or "):
                if found not in extras:
                    extras.append(found)
            elif not main:
                main = found
    if not main:  # (a verb of a family's own: its ``NodeHandler.wording``)
        main = next((h.wording[v][0] for h in handlers for v in verbs if v in getattr(h, "wording", {})), "")
    if "stop" in present:
        extras.append(N_("or stop"))  # (the frame loop's own answer: no more of this step)
    extras = [text for text in extras if text.removeprefix("or ") != main]
    if "use" in present and not main:
        main = N_("use it")
    if not main and extras:  # "reroll the birdfeeder, or stop"
        first = extras[0]
        main, extras = _alone(first), extras[1:]
        return ", ".join([main, *(translate(e) for e in extras)])
    return ", ".join([translate(main) if main else "", *(translate(e) for e in extras)]) if main or extras else ""


def _alone(question: str) -> str:
    """A question beginning "or " asked on its own: its translation without the word for "or"
    (the catalog words "or X" as a whole; Spanish "o X", "u X")."""
    worded = translate(question)
    for lead in ("o ", "u ", "or "):
        if worded.startswith(lead):
            return worded[len(lead) :]
    return worded


# ---- describing actions ----------------------------------------------------------------------


def _a(arg: str, foods: tuple[str, ...]) -> str:
    """What an answer names, with its article: a food of the deck by its word ("a seed",
    "una semilla"), anything else as it is written, after "a"/"an" in English."""
    if arg in foods:
        return render.food_words(arg)
    return f"{'an' if arg[:1] in 'aeiou' else 'a'} {arg}" if current() == "en" else arg


def _holder(name: object) -> str:
    return _("your Nest") if name == "nest" else str(name)


class Telling:
    """The fields of the words of one answer in one decision (``engine.registry.Telling``):
    the handlers' templates (``Handler.says``, English msgids) are worded in the current
    language and filled in here."""

    __slots__ = ("speaker", "kind", "source", "power", "by", "frame")

    def __init__(self, speaker: Speaker, d: Decision | None, frame: Any) -> None:
        self.speaker = speaker
        self.frame = frame
        self.kind = d.kind if d is not None else ""
        self.source = d.source if d is not None else None
        self.power = _("{bird}'s power").format(bird=self.source) if self.source else _("the power")
        self.by = _(" ({power})").format(power=self.power) if self.source else ""  # whose power it is, where a power asks

    @property
    def rules(self) -> type[Rules]:
        return self.speaker.rules

    @property
    def foods(self) -> tuple[str, ...]:
        return self.speaker.cards.foods

    def count_of(self, name: str) -> int:
        return self.speaker.count_of(name)

    def fill(self, template: str, action: Action) -> str:
        arg, source, verb = action.arg, self.source, action.verb
        rules = self.speaker.rules
        habitat = verb.split("-", 1)[1] if "-" in verb else ""
        worded: object = arg  # (a food or a habitat an answer names, in the current language)
        if isinstance(arg, str) and current() != "en":
            if all(part in self.foods for part in arg.split("/")):  # (a Pocket card's food side: "seed/fruit")
                worded = "/".join(words.food(part) for part in arg.split("/"))
            elif arg in rules.habitats:
                worded = words.habitat(arg)
        return translate(template).format(
            arg=worded, power=self.power, by=self.by, source=source or _("this bird"), bird=source or _("the bird"),
            your_bird=source or _("your bird"), new_bird=source or _("the new bird"), holder=_holder(arg), a_arg=_a(str(arg), self.foods),
            habitat=words.habitat(habitat) if habitat in rules.habitats else habitat, hand=translate(rules.hand.called),
            food_card=translate(rules.hand.food_called) if rules.hand.food_called else "", face_up=translate(rules.deck.face_up_called),
        )  # fmt: skip

    def part_phrase(self, f: Any, index: int) -> str:
        """What part ``index`` of the node ``f`` runs does ("" where there is no such part)."""
        if not isinstance(f, PowerFrame) or f.card == ACTION or index < 0:
            return ""
        node = self.speaker.node(f.card, f.path)
        if node is None or index >= len(node.children()):
            return ""
        return self.speaker.phrase(f.card, f.path + (index,))


def describe(action: Action, d: Decision | None, speaker: Speaker) -> str:
    """``Action.describe`` (through ``Game.describe_action``): what this answer does in the
    game's current decision ``d`` (None when the game is over), with the deck's speaker.  The
    words depend on the decision asked (whose power, which step), never on the action being
    legal: they are the words of the handler of the frame that asked (``Handler.says``; a
    power's node or one of its parts), else those of the frame loop's own answers."""
    wording = d.wording if d is not None else None
    frame: Any = wording.frame if isinstance(wording, Asked) else None
    t = Telling(speaker, d, frame)
    verb = action.verb
    node = speaker.node(frame.card, frame.path) if isinstance(frame, PowerFrame) else None
    if verb == "stop" and node is not None:
        stop = handler_of(node).stop_words
        if stop is not None:  # (a node whose 'stop' ends the power itself: no more parts, no more rounds)
            return translate(stop).format(power=t.power)
    for handler in _answering(speaker, frame, node, t.kind, [verb], "says"):
        told: str | None = handler.tell(t, frame, action)
        if told is not None:
            return told
    # the frame loop's own answers: an optional power taken up or skipped, a step ended
    if verb == "skip":
        return _("skip {power}").format(power=t.power)
    if verb == "use":
        after = isinstance(frame, PowerFrame) and speaker.role(frame.card, frame.path) == "benefit"
        return (_("take the benefit of {power}, its requirement met") if after else _("use {power}")).format(power=t.power)
    if verb == "stop":
        return _("stop here{by}").format(by=t.by)
    return _("answer '{action}'{by}").format(action=action, by=t.by)


def _answering(speaker: Speaker | None, frame: Any, node: ir.Effect | None, kind: str, verbs: list[str], words: str) -> list[Any]:
    """The handlers whose words (their ``says`` or ``questions``) the answers at ``frame`` take,
    in order: a power's node and its parts, or the ruleset's handler of a turn frame; for a
    decision built by hand (no frame), every handler of the ruleset (of every power family,
    with no ruleset known), those that word the most of ``verbs`` first, then those that name
    the decision's kind for them."""
    if node is not None:
        return [handler_of(part) for part in ir.walk(node)]
    if speaker is None:
        handlers: list[Any] = list(dict.fromkeys(NODE_HANDLERS.values()))
    else:
        table = speaker.rules.frame_handlers()
        if frame is not None:
            found = table.get(type(frame))
            return [found] if found is not None else []
        handlers = [*speaker.rules.turn_handlers, *(h for h in table.values() if h not in speaker.rules.turn_handlers)]

    def rank(h: Any) -> tuple[int, int]:
        table = getattr(h, words)
        worded = [table[v] for v in verbs if v in table]
        return -len(worded), -sum(isinstance(w, dict) and kind in w for w in worded)

    return sorted(handlers, key=rank)
