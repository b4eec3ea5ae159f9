"""The PettingZoo environment of a game (:class:`GameEnv`, an ``AECEnv``): the loop bots play
in (:func:`gamerec.bots.play_game`) stepped one move at a time from outside, each seat an
agent. docs/env.md has the spaces, the layouts, the rewards and the records."""

from __future__ import annotations

import operator
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Game, GameState, action_text, check_names
from ..errors import GamerecError, Illegal, InputError
from ..games import get_spec
from ..games.encoding import Encoding
from ..games.spec import Seats
from ..record import Action, Deal, Meta, Provenance, Record
from ..version import __version__

__all__ = ["GameEnv", "IllegalAction"]

#: the render modes: ``ansi``, the table as text (the game's presenter's view)
RENDER_MODES = ["ansi"]


class IllegalAction(GamerecError, ValueError):
    """An action that is not legal for the agent to move (the raw environment's answer;
    ``gamerec.env.env`` wraps it in PettingZoo's TerminateIllegalWrapper instead)."""


class GameEnv(AECEnv):  # type: ignore[misc]
    """One game at a table of ``players`` seats (a number, or the players' names), under
    ``rules`` (the record's rule options; None: the defaults), as a PettingZoo ``AECEnv``.

    Agents ``player_0`` .. ``player_{n-1}``, seat by seat; :attr:`agent_selection` is the
    seat to move. An action is a number (``action_space``: ``Discrete(N)``, the game's
    :class:`~gamerec.games.encoding.Encoding`); an observation is what that seat sees,
    ``{"observation": float32 vector, "action_mask": int8 vector}``, the mask 1 at the legal
    actions of the agent to move (all 0 for any other agent). Rewards are the game's scores:
    when a deal ends each seat gets its side's score of that deal, so an episode's rewards add
    up to the seat's (or its team's) total. An episode is the record's game (an open-ended
    game's, whose record may hold any number of games: one game). ``reset(seed=...)`` seeds
    the deals' ``random.Random``; later resets without a seed go on drawing from it (the
    first reset without one draws a seed from the system, kept in the records).

    ``max_steps``: truncate an episode after that many steps (None: played to its end; a
    truncated episode is no record).

    ``record``: keep every finished episode as a :class:`~gamerec.record.Record`
    (:attr:`records`; ``gamerec.write(env.records, path)`` writes them), its provenance
    naming the environment, the seed and the episode's number since that seed."""

    def __init__(
        self,
        game_id: str,
        players: int | Sequence[str] = 2,
        rules: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        record: bool = False,
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        try:
            spec = get_spec(game_id)
        except GamerecError as e:  # (a game gamerec does not know, or one that does not load)
            raise InputError(e.message) from None
        seats, encoding = spec.seats(), spec.encoding()
        if seats is None or encoding is None:
            lacks = "seats (how bots play it)" if seats is None else "encoding"
            raise InputError(f"{game_id} has no environment: its spec gives no {lacks} (docs/games.md)")
        game: Game[Any] = spec.game
        names = _names(players, game)
        n = len(names)
        try:
            filled = game.filled_rules(rules or {}, n)
        except Illegal as e:
            raise InputError(f"{game_id} rules: {e.reason}") from None
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise InputError(f"max_steps {max_steps!r}: a number of steps, 1 or more (None: no limit)")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InputError(f"render mode {render_mode!r}: one of {RENDER_MODES} or None")
        self.game = game
        self.seats: Seats = seats
        self.names = names
        self.rules = filled
        self.encoding: Encoding = encoding(game.parse_rules(filled, n), n)
        self.render_mode = render_mode
        self.keep_records = record
        self.max_steps = max_steps
        self._steps = 0
        #: the finished episodes' records (with ``record=True``)
        self.records: list[Record] = []
        self.metadata = {
            "render_modes": RENDER_MODES,
            "name": f"gamerec_{game.id}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        size, actions = self.encoding.size, self.encoding.actions
        low = np.empty(size, np.float32)
        high = np.empty(size, np.float32)
        for b in self.encoding.blocks:
            low[b.offset : b.offset + b.size] = b.low
            high[b.offset : b.offset + b.size] = b.high
        observation = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._rng: random.Random | None = None
        self._seed = 0
        self._episode = 0
        self._state: GameState | None = None
        self._deals: list[Deal[Any]] = []
        self._actions: list[Action] = []
        self._rewarded = False

    # -- spaces -------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_now(self) -> GameState:
        """The rules' state of the episode (after :meth:`reset`)."""
        if self._state is None:
            raise GamerecError("the environment has no episode yet: call reset() first")
        return self._state

    # -- episodes -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode; ``seed`` (any integer, a numpy one too, from 0 to 2^64-1, as the
        records keep it) seeds the deals' generator; None goes on drawing from it."""
        if seed is not None:
            seed = _seed(seed)
        if seed is not None or self._rng is None:
            self._seed = seed if seed is not None else secrets.randbits(63)
            self._rng = random.Random(self._seed)
            self._episode = 0
        self._episode += 1
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False
        self._steps = 0
        self._state = self.game.new_state(self.rules, self.names)
        self._deals = []
        self._begin_deal()

    def _begin_deal(self) -> None:
        state = self.state_now
        assert self._rng is not None
        deal = self.game.deal(state, self._rng)
        state.begin_deal(deal)
        self._deals.append(deal)
        self._actions = deal.actions
        self.agent_selection = self.possible_agents[state.to_move or 0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_now
        seat = self._seat[agent]
        try:
            move = self.encoding.action(seat, int(action))
            state.apply(move)
        except Illegal as e:
            said = action_text(move, self.game.deck)
            raise IllegalAction(
                f"{agent} (seat {seat}): action {action} ({said}) is not legal: {e.reason} [{e.rule}]"
            ) from None
        except ValueError as e:
            raise IllegalAction(f"{agent} (seat {seat}): {e}") from None
        self._actions.append(move)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if state.deal_over:
            self._deal_scored(state)
            if state.finished or self.game.open_ended:
                self._finish()
            else:
                self._begin_deal()
        else:
            self.agent_selection = self.possible_agents[state.to_move]  # type: ignore[index]
        self._steps += 1
        if self._steps == self.max_steps and not self.terminations[agent]:
            self.truncations = dict.fromkeys(self.agents, True)
        if self._rewarded:
            self._accumulate_rewards()

    def _deal_scored(self, state: GameState) -> None:
        """Each seat's reward: its side's score of the deal just over."""
        scores = state.deal_scores[-1]
        agents = self.possible_agents
        for side, seats in enumerate(state.members()):
            for s in seats:
                self.rewards[agents[s]] = float(scores[side])
        self._rewarded = True

    def _finish(self) -> None:
        """The episode is over: every agent terminated, the record kept (``record``)."""
        self.terminations = dict.fromkeys(self.agents, True)
        if self.keep_records:
            self.records.append(self.episode_record())

    def episode_record(self) -> Record:
        """The record of the episode so far (its deals and actions, the table's players and
        rules), its provenance naming the environment, the seed and the episode's number."""
        settings = {"episode": str(self._episode), "players": str(len(self.names))}
        return Record(
            game=self.game.id,
            players=list(self.names),
            rules=dict(self.rules),
            meta=Meta(event=f"gamerec env {self.game.id}", round=str(self._episode)),
            provenance=Provenance(f"gamerec {__version__} env", self._seed, settings),
            deals=list(self._deals),
        )

    # -- observations -------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, Any]:
        state = self.state_now
        seat = self._seat[agent]
        encoding = self.encoding
        observation = np.zeros(encoding.size, np.float32)
        encoding.observe(self.seats.seen(state, seat, self._actions), observation)
        mask = np.zeros(encoding.actions, np.int8)
        if agent == self.agent_selection and not self.terminations[agent] and not state.deal_over:
            mask[list(encoding.legal(state, self.seats.offered(state)))] = 1
        return {"observation": observation, "action_mask": mask}

    def action_mask(self) -> Any:
        """The mask of the legal actions of the agent to move (an int8 vector)."""
        state = self.state_now
        mask = np.zeros(self.encoding.actions, np.int8)
        if not state.deal_over:
            mask[list(self.encoding.legal(state, self.seats.offered(state)))] = 1
        return mask

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() called without a render mode: gamerec.env.env(..., render_mode='ansi')"
            )
            return None
        return _view_text(self.game, self.state_now)

    def close(self) -> None:
        self._state = None


def _seed(seed: Any) -> int:
    """``seed`` as an int (numpy's integers too); InputError for one the records cannot keep."""
    try:
        value = operator.index(seed) if not isinstance(seed, bool) else -1
    except TypeError:
        value = -1
    if not 0 <= value < 2**64:
        raise InputError(f"seed {seed!r}: a whole number from 0 to 2^64-1 (the records keep it)")
    return value


def _names(players: int | Sequence[str], game: Game[Any]) -> list[str]:
    """The players' names: ``player_0``.. for a number, else the names given, checked."""
    if isinstance(players, bool) or not isinstance(players, (int, Sequence)) or isinstance(players, str):
        raise InputError(f"players {players!r}: a number of players or a list of names")
    names = [f"player_{s}" for s in range(players)] if isinstance(players, int) else list(players)
    if not game.min_players <= len(names) <= game.max_players:
        raise InputError(
            f"{game.id} is for {game.min_players} to {game.max_players} players, not {len(names)}"
        )
    try:
        check_names(names, "a name is a player of the records")
    except GamerecError as e:
        raise InputError(e.message) from None
    return names


def _view_text(game: Game[Any], state: GameState) -> str:
    """``state`` as text: the game's presenter's view (every hand shown)."""
    from ..games import get_spec

    view = get_spec(game.id).presenter().view(state)
    lines = [view.title]
    for sv in view.seats:
        hand = " ".join(sv.hand) if sv.hand is not None else "(hidden)"
        mark = "*" if sv.seat == view.to_move else " "
        lines.append(f"{mark} {sv.seat} {sv.name} [{sv.score}] {sv.info}: {hand}".rstrip())
    if view.table:
        lines.append("table: " + "  ".join(f"{name} {' '.join(cards)}" for name, cards in view.plays()))
    lines += [f"{label}: {text}" if label else text for label, text in view.lines]
    return "\n".join(lines)
