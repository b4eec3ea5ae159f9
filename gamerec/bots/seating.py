"""One game played by bots, each at its seat: the one loop every bot game goes through
(``simulate``, the arena; the environments step it one move at a time).

Before each move the seat to move is shown what it sees and offered its legal actions
(the game's :class:`~gamerec.games.spec.Seats`), and its bot chooses. Whatever the bot
does wrong is a :class:`~gamerec.errors.BotFault` naming the game, deal, seat, player and
bot: an exception (``bot.raised``; ``sys.exit()`` too, but not KeyboardInterrupt, which
stops the run as Ctrl-C does), something that is not one of its legal actions
(``bot.illegal``; so is an action no record can hold, a card given as ``3.0`` or a note
too long) or a move over the time allowed (``bot.slow``). No other bot takes its seat, and
no action it did not choose is recorded; what is played and recorded is a copy of the
action the bot returned, so a bot changing that object afterwards changes no record.

The time allowed is wall time (a bot that sleeps is slow too). Where the platform has
interval timers and the game is played in the main thread, a bot still thinking when its
time is up is stopped there by a signal (so a bot that never returns does not hang the
run); elsewhere it is measured when it returns.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Union

import msgspec

from ..engine import Game, action_text
from ..errors import BotFault, Illegal
from ..record import Action, Record

if TYPE_CHECKING:
    import random
    from types import FrameType

    from ..games.spec import Seats
    from ..seen import Bot

__all__ = ["MAX_ACTIONS", "play_game"]

#: A game that does not end within this many actions is a bot bug, not a long game.
MAX_ACTIONS = 100_000
#: a bot's action encoded and decoded as a record holds it (its numbers ints, its note and
#: cards within the format's limits): the copy that is played and recorded
_encode = msgspec.msgpack.Encoder().encode


def _copier(game: Game[Any]) -> Callable[[bytes], Any]:
    """The decoder of ``game``'s own action kinds (a club's game may have kinds of its
    own): what a bot's action is read back as."""
    kinds = game.actions
    union: Any = kinds[0] if len(kinds) == 1 else Union[kinds]  # noqa: UP007
    return msgspec.msgpack.Decoder(union).decode


#: how much later than its time a bot still thinking is stopped by the timer (a bot that
#: returns in between is measured, and slow all the same)
_GRACE = 0.05


class _Overtime(BaseException):
    """Raised in a bot by the timer when its time is up (a BaseException, so that a bot's
    own ``except Exception`` does not swallow it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Overtime


@contextmanager
def _timer(move_time: float | None) -> Iterator[bool]:
    """Installs the handler of the move timer for one game; yields whether the timer can
    stop a bot (an interval timer, in the main thread)."""
    usable = (
        move_time is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield False
        return
    before = signal.signal(signal.SIGALRM, _alarm)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _reason(e: BaseException) -> str:
    text = str(e).strip().splitlines()[0] if str(e).strip() else ""
    if len(text) > 200:
        text = text[:199] + "…"
    return f"raised {type(e).__name__}: {text}" if text else f"raised {type(e).__name__}"


def play_game(
    game: Game[Any],
    seats: Seats,
    players: Sequence[str],
    rules: Mapping[str, Any],
    deal_rng: random.Random,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    *,
    labels: Sequence[str],
    where: str,
    move_time: float | None = None,
) -> Record:
    """One complete game of ``game``: its deals made with ``deal_rng``, the seat to move
    played by its bot in ``bots`` with its generator in ``rngs`` (the same object for every
    seat, or one each); ``labels`` name the bots and ``where`` the game (``game 3``) in a
    :class:`~gamerec.errors.BotFault`; ``move_time``, the seconds a bot may take for a
    move (None: as long as it takes)."""
    state = game.new_state(dict(rules), players)
    seen_of = seats.seen
    offered = seats.offered
    apply = state.apply  # every action goes through the rules' checks, as validate's do
    acts: list[Callable[..., Any]] = [b.act for b in bots]
    copy_of = _copier(game)
    kinds = game.actions
    deals = []
    count = 0
    with _timer(move_time) as stops:
        while not state.finished:
            deal = game.deal(state, deal_rng)
            state.begin_deal(deal)
            actions = deal.actions
            record = actions.append
            while not state.deal_over:
                seat: Any = state.to_move
                legal = offered(state)
                seen = seen_of(state, seat, actions)
                try:
                    if move_time is None:
                        action = acts[seat](seen, legal, rngs[seat])
                    else:
                        action = _timed(acts[seat], seen, legal, rngs[seat], move_time, stops)
                except _Overtime:
                    raise _fault(game, state, seat, labels, where, "bot.slow", _slow(move_time)) from None
                except (Exception, SystemExit) as e:  # (sys.exit() in a bot is its fault too)
                    raise _fault(game, state, seat, labels, where, "bot.raised", _reason(e)) from e
                if type(action) not in kinds or action.seat != seat:
                    raise _fault(game, state, seat, labels, where, "bot.illegal", _not_its(game, action))
                try:  # (the record's own copy: the bot's object may go on changing)
                    action = copy_of(_encode(action))
                except (msgspec.MsgspecError, TypeError, ValueError, OverflowError) as e:
                    why = f"returned {_shown(action)}, which no record can hold: {e}"
                    raise _fault(game, state, seat, labels, where, "bot.illegal", why) from None
                try:
                    apply(action)
                except Illegal as e:
                    said = action_text(action, game.deck)
                    why = f"chose {said}, which is not legal: {e.reason} [{e.rule}]"
                    raise _fault(game, state, seat, labels, where, "bot.illegal", why) from None
                record(action)
                count += 1
                if count > MAX_ACTIONS:
                    raise RuntimeError(f"{game.id}: a bot game ran past {MAX_ACTIONS} actions")
            deals.append(deal)
    return Record(game=game.id, players=list(players), rules=dict(rules), deals=deals)


def _timed(
    act: Callable[..., Any], seen: Any, legal: Any, rng: random.Random, move_time: float, stops: bool
) -> Any:
    """``act``'s choice, :class:`_Overtime` when it took longer than ``move_time``."""
    start = time.perf_counter()
    if stops:
        signal.setitimer(signal.ITIMER_REAL, move_time + _GRACE)
        try:
            action = act(seen, legal, rng)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    else:
        action = act(seen, legal, rng)
    if time.perf_counter() - start > move_time:
        raise _Overtime
    return action


def _slow(move_time: float | None) -> str:
    return f"took longer than the {move_time:g} s a move may take (--move-time)"


def _shown(value: object) -> str:
    """``value`` as a bot returned it, in 80 characters at most."""
    shown = repr(value)
    return shown if len(shown) <= 80 else shown[:79] + "…"


def _not_its(game: Game[Any], action: object) -> str:
    """Why ``action``, which a bot returned, is not one of its seat's actions."""
    if not isinstance(action, Action):
        return f"returned {_shown(action)}, not an action (one of the legal actions it is given)"
    if type(action) not in game.actions:
        kinds = ", ".join(k.__name__ for k in game.actions)
        return f"returned {_shown(action)}, a kind of action {game.id} has not (its kinds: {kinds})"
    return f"chose {action.kind} for seat {action.seat}: a bot plays its own seat only"


def _fault(
    game: Game[Any], state: Any, seat: int, labels: Sequence[str], where: str, code: str, reason: str
) -> BotFault:
    """The fault of the bot at ``seat``, named by ``where`` (the game), the deal, the seat,
    its player and its bot's label."""
    players = state.players
    name = players[seat] if 0 <= seat < len(players) else "?"
    at = f"{where}, {game.deal_word} {state.deal_index + 1}, seat {seat} ({name}, {labels[seat]})"
    return BotFault(code, reason, at)
