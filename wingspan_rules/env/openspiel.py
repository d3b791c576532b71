"""Wingspan as an OpenSpiel game (``register()`` makes ``pyspiel.load_game("python_wingspan")``).

Parameters: ``ruleset`` ("classic", "pocket", "oceania" or a registered one), ``players`` and
``options`` (the game's options as a JSON object in a string: ``'{"goal_side": "blue"}'``),
and ``seed``, from which each new initial state draws its own game seed in turn.  The game is
sequential, imperfect-information and general-sum, with terminal rewards (+1 to the winner, -1
to the others, a tie's +1 shared).  Its chance (shuffles, dice) is drawn inside the engine from
each state's seed, so OpenSpiel sees it as sampled stochastic, with no chance nodes.

Per player: ``observation_string`` is the table as that seat sees it (``position.show``),
``observation_tensor`` the environments' vector of what it may see (``encoding``);
``information_state_string`` adds everything that seat has seen happen: a digest of its
observation vector after every action since the start and of its own actions (the same for
two states that seat cannot tell apart, different for two it can), and
``information_state_tensor`` is the observation vector, a fixed-size summary of it (the mats,
hands and goals already hold what the actions made).

``resample_from_infostate(player, sampler)`` gives a state that player cannot tell from this
one (``Game.determinize``: every card it has not seen dealt anew at random), so OpenSpiel's
information-set MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) plays the game as
OpenSpiel ships it.  ``clone()`` copies the game (``Game.copy``, through ``copy.deepcopy``).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..game import Game, new_game
from ..position.show import show
from .aec import check_setting
from .encoding import Observer, observer

NAME = "python_wingspan"
_MOST_PLAYERS = 5
_DEFAULTS = {"ruleset": "classic", "players": 2, "options": "", "seed": 0}
# OpenSpiel needs a bound on a game's length, in decisions: the longest of 300 random games of
# each ruleset with 2 and with 5 players took 211 decisions a player (Pocket, 2 players)
_DECISIONS_PER_PLAYER = 600


def _options(text: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        found = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"options must be a JSON object in a string, like '{{\"goal_side\": \"blue\"}}': {exc.msg}") from None
    if not isinstance(found, dict):
        raise ValueError("options must be a JSON object in a string, like '{\"goal_side\": \"blue\"}'")
    return found


def _game_type() -> Any:
    return pyspiel.GameType(
        short_name=NAME,
        long_name="Wingspan (wingspan_rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MOST_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


class WingspanGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one ruleset, player count and option set."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.ruleset, self.players, self.options = str(params["ruleset"]), int(params["players"]), _options(str(params["options"]))
        check_setting(self.ruleset, self.players, self.options)
        self._seeds = np.random.default_rng(int(params["seed"]))
        probe = new_game(self.ruleset, self.players, 0, self.options, events=False)
        self.observer: Observer = observer(probe)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(probe.action_space()),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=_DECISIONS_PER_PLAYER * self.players,
        )
        super().__init__(_game_type(), info, params)

    def new_initial_state(self) -> WingspanState:
        return WingspanState(self, new_game(self.ruleset, self.players, int(self._seeds.integers(2**62)), self.options, events=False))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> WingspanObserver:
        if params:
            raise ValueError(f"the Wingspan observer takes no parameters, not {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return WingspanObserver(self.observer, recall)


class WingspanState(pyspiel.State):  # type: ignore[misc]
    """A state: one game of the library (``game``), played by OpenSpiel's action indices, and
    what each seat has seen so far (``seen``: a digest per seat)."""

    def __init__(self, game: WingspanGame, played: Game, seen: list[bytes] | None = None) -> None:
        super().__init__(game)
        self.game = played  # (OpenSpiel's clone() deep-copies each attribute: ``Game.copy`` for this one)
        self.seen = seen if seen is not None else [self._saw(p, b"") for p in range(played.players)]

    def _saw(self, seat: int, before: bytes, action: bytes = b"") -> bytes:
        """The digest of what ``seat`` has seen: ``before``, its own action, the table now."""
        vector = self.get_game().observer.encode(self.game, seat)
        return hashlib.blake2b(before + action + vector.tobytes(), digest_size=16).digest()

    def current_player(self) -> int:
        decider = self.game.decider
        return int(pyspiel.PlayerId.TERMINAL) if decider is None else decider

    def _legal_actions(self, player: int) -> list[int]:
        if self.game.decider != player:
            return []
        return sorted(self.game.action_index(a) for a in self.game.legal_actions())

    def _apply_action(self, action: int) -> None:
        chosen = self.game.action_from_index(int(action))
        if chosen not in self.game.legal_actions():
            legal = ", ".join(f"{self.game.action_index(a)} ({a})" for a in self.game.legal_actions())
            raise ValueError(f"action {action} ('{chosen}') is not legal now; the legal ones are {legal}")
        mover = self.game.decider
        self.game.apply(chosen)
        own = int(action).to_bytes(4, "little")
        self.seen = [self._saw(p, seen, own if p == mover else b"") for p, seen in enumerate(self.seen)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WingspanState:
        """A state ``player_id`` cannot tell from this one (``Game.determinize``), drawn with
        ``probability_sampler`` (OpenSpiel's: each call a number in [0, 1))."""
        seed = int(float(probability_sampler()) * 2**53)
        sample = self.game.determinize(int(player_id), random.Random(seed))
        return WingspanState(self.get_game(), sample, self.seen[:])

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.game.action_from_index(int(action)))

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        if not self.game.is_over:
            return [0.0] * self.game.players
        winners = self.game.score().winners
        share = 1.0 / len(winners) if len(winners) > 1 else 1.0
        return [share if p in winners else -1.0 for p in range(self.game.players)]

    def __str__(self) -> str:
        return self.game.position()


class WingspanObserver:
    """OpenSpiel's observer of one kind: the seat's vector (``tensor``) and its words."""

    def __init__(self, encode: Observer, perfect_recall: bool) -> None:
        self.encode = encode
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encode.layout.size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.start + s.size] for s in encode.layout.slices}

    def set_from(self, state: WingspanState, player: int) -> None:
        self.encode.encode_into(self.tensor, state.game, player)

    def string_from(self, state: WingspanState, player: int) -> str:
        table = show(state.game, player)
        return f"{table}\nseen so far: {state.seen[player].hex()}" if self.perfect_recall else table


def register() -> None:
    """Register ``python_wingspan`` with OpenSpiel (again is harmless)."""
    if NAME not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(), WingspanGame)
