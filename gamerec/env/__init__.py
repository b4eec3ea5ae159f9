"""PettingZoo environments of every game bots play (``pip install 'gamerec[env]'``):
:func:`env` and :func:`raw_env`, as PettingZoo's classic environments give them, for
reinforcement learning. docs/env.md has a worked example, the spaces, each game's
observation layout, the rewards and the records.

The only part of gamerec that imports numpy, gymnasium and pettingzoo (the optional extra
``env``); nothing else imports this package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

try:
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as e:  # (the extra is not installed: say how to have it)
    raise ModuleNotFoundError(
        f"gamerec.env needs the extra 'env' ({(e.name or '?').split('.')[0]} is not installed): "
        "pip install 'gamerec[env]'",
        name=e.name,
    ) from None

from ..games import GAMES, get_spec
from .aec import GameEnv, IllegalAction

__all__ = ["GameEnv", "IllegalAction", "env", "env_games", "raw_env"]


def env_games() -> list[str]:
    """The ids of the games an environment plays (those whose spec gives seats and an
    encoding), in the registry's order."""
    return [g for g in GAMES if get_spec(g).seats() is not None and get_spec(g).encoding() is not None]


def raw_env(
    game_id: str,
    players: int | Sequence[str] = 2,
    rules: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    record: bool = False,
    max_steps: int | None = None,
) -> GameEnv:
    """The environment of ``game_id`` unwrapped (:class:`GameEnv`): an illegal action is
    an :class:`IllegalAction` error naming the agent, the action and the rule it breaks."""
    return GameEnv(game_id, players, rules, render_mode, record, max_steps)


def env(
    game_id: str,
    players: int | Sequence[str] = 2,
    rules: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    record: bool = False,
    max_steps: int | None = None,
    illegal_reward: float = -1.0,
) -> Any:
    """The environment of ``game_id`` with PettingZoo's wrappers, as its classic games have
    them: an illegal action (one the action mask does not allow) ends the episode with
    ``illegal_reward`` to the agent that made it (TerminateIllegalWrapper; the episode is
    not kept as a record), an action out of the space is an error (AssertOutOfBounds), and
    the calls must come in order (OrderEnforcing). ``players``: how many, or their names
    (the records' players); ``rules``: the record's rule options; ``record``: keep each
    finished episode as a record (``env.unwrapped.records``); ``max_steps``: truncate an
    episode after that many steps."""
    wrapped: Any = raw_env(game_id, players, rules, render_mode, record, max_steps)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
