"""Issue 33: a bot is given what its seat sees and its legal actions, and whatever it does
wrong is caught and named by game, deal, seat, player and bot, never played around: a bot
that raises (``bot.raised``), returns what is not one of its legal actions or plays for
another seat (``bot.illegal``), or runs over the time allowed (``bot.slow``), a bot that
never returns included; and a bot that tries to read another hand through its argument
finds no way to it."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

from gamerec import simulate
from gamerec.engine import GameState
from gamerec.errors import BotFault, InputError
from gamerec.games import GAMES
from gamerec.record import Action, Play
from gamerec.seen import Bot, Seen

GAMES_ = sorted(GAMES)


class Raiser:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        raise ValueError("no idea what to play")


class NotHeld:
    """Plays a card number no hand of any game holds at the start (or bids nothing)."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        from gamerec.record import Cards

        if any(isinstance(a, Cards) for a in legal):
            return Cards(seen.seat, [10_000])
        return Play(seen.seat, 10_000)


class Nothing:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Any:
        return None


class ForTheNext:
    """Chooses a legal action, then claims it for the next seat."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        import msgspec

        return msgspec.structs.replace(legal[0], seat=(seen.seat + 1) % len(seen.players))


class Sleeper:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        time.sleep(0.2)
        return legal[0]


class Forever:
    """Never returns, and swallows every Exception on the way."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        while True:
            try:
                time.sleep(0.01)
            except Exception:
                continue


class Peeker:
    """Reaches for the rules' state through what it is given."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        state = seen.state
        return state.legal_actions()[0]  # type: ignore[no-any-return]


def fault(game: str, bot: Any, players: int = 3, **kw: Any) -> BotFault:
    with pytest.raises(BotFault) as e:
        list(simulate(game, players, 2, seed=5, bot={1: bot}, **kw))
    return e.value


@pytest.mark.parametrize("game", GAMES_)
def test_a_bot_that_raises_is_named(game: str) -> None:
    e = fault(game, Raiser)
    assert e.code == "bot.raised"
    word = GAMES[game].deal_word
    assert e.where == f"game 1, {word} 1, seat 1 (Bot 2, test_bot_faults:Raiser)"
    assert e.reason == "raised ValueError: no idea what to play"
    assert e.message == f"{e.where}: {e.reason} [bot.raised]"


@pytest.mark.parametrize("game", GAMES_)
def test_an_illegal_action_is_named_with_the_rule_it_breaks(game: str) -> None:
    e = fault(game, NotHeld)
    assert e.code == "bot.illegal" and e.where.startswith("game 1, ") and ", seat 1 (Bot 2, " in e.where
    assert e.reason.startswith("chose ") and "which is not legal" in e.reason and e.reason.endswith("]")


@pytest.mark.parametrize("game", GAMES_)
def test_what_is_no_action_or_another_seat_s_is_illegal(game: str) -> None:
    e = fault(game, Nothing)
    assert e.code == "bot.illegal"
    assert e.reason == "returned None, not an action (one of the legal actions it is given)"
    e = fault(game, ForTheNext)
    assert e.code == "bot.illegal"
    assert e.reason.endswith("for seat 2: a bot plays its own seat only")


class Retyped:
    """Returns its first legal action with a number of the wrong type (a float, a bool, a
    number too big for any record) where the action holds one."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        import msgspec

        action = legal[0]
        field = next((f for f in ("card", "tricks", "pledge") if hasattr(action, f)), None)
        if field is None:  # (black-swan-2012's plays hold a list of cards)
            return msgspec.structs.replace(action, cards=[self.value(c) for c in action.cards])  # type: ignore[attr-defined]
        return msgspec.structs.replace(action, **{field: self.value(getattr(action, field))})


@pytest.mark.parametrize("game", GAMES_)
@pytest.mark.parametrize("value", [float, lambda v: v + 2**70], ids=["float", "huge"])
def test_an_action_no_record_can_hold_is_illegal_not_a_crash(game: str, value: Any) -> None:
    """A legal action's number given as 3.0, or too big for a record, is the bot's fault
    (bot.illegal, saying what was returned), never an internal error nor a record that
    ``gamerec validate`` would find unreadable."""
    e = fault(game, lambda: Retyped(value))
    assert e.code == "bot.illegal"
    assert e.reason.startswith("returned ") and "which no record can hold" in e.reason


class LongNote:
    """A legal action with a note longer than a record holds."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        import msgspec

        return msgspec.structs.replace(legal[0], note="x" * 5000)


def test_a_note_longer_than_a_record_holds_is_illegal() -> None:
    e = fault("blackball", LongNote)
    assert e.code == "bot.illegal" and "which no record can hold" in e.reason
    assert "length <= 4096" in e.reason


class Mutator:
    """Plays the last of its legal plays, then empties the list of cards of the action it
    played before (black-swan-2012's plays hold a list)."""

    def __init__(self) -> None:
        self.before: Any = None

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.before is not None:
            self.before.cards[:] = [0]
        action = legal[len(legal) - 1]
        self.before = action
        return action


def test_a_bot_changing_an_action_after_playing_it_changes_no_record() -> None:
    """The record holds the action as it was played, not the bot's object (which it may go
    on changing): every record simulate gives is valid."""
    from gamerec import verify

    records = list(simulate("black-swan-2012", 2, 2, seed=1, bot={0: Mutator}))
    assert [verify(r).status for r in records] == ["valid", "valid"]


class Exits:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        raise SystemExit(0)


class ExitsWhenMade:
    def __init__(self) -> None:
        raise SystemExit("no model")

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        raise AssertionError("never asked")


def test_a_bot_that_exits_is_named_not_a_silent_exit() -> None:
    """sys.exit() in a bot is its fault (raised SystemExit), not the end of the program
    with exit status 0 and nothing written; one in its class's __init__ is an InputError."""
    e = fault("forest", Exits)
    assert e.code == "bot.raised" and e.reason == "raised SystemExit: 0"
    with pytest.raises(InputError) as made:
        list(simulate("forest", 3, 1, seed=1, bot={1: ExitsWhenMade}))
    assert "making one failed: SystemExit: no model" in made.value.message


class Bidder:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        from gamerec.record import Bid

        return Bid(seen.seat, 0)


def test_an_action_of_a_kind_the_game_has_not_is_named() -> None:
    e = fault("forest", Bidder)
    assert e.code == "bot.illegal"
    assert (
        e.reason
        == "returned Bid(seat=1, tricks=0, note=None), a kind of action forest has not (its kinds: Play)"
    )


def test_a_bot_over_its_time_is_named() -> None:
    e = fault("forest", Sleeper, move_time=0.05)
    assert e.code == "bot.slow"
    assert e.reason == "took longer than the 0.05 s a move may take (--move-time)"
    assert e.where == "game 1, round 1, seat 1 (Bot 2, test_bot_faults:Sleeper)"


def test_a_bot_that_never_returns_is_stopped() -> None:
    start = time.monotonic()
    e = fault("blackball", Forever, move_time=0.1)
    assert e.code == "bot.slow" and time.monotonic() - start < 5


def test_without_a_time_a_slow_bot_plays_on() -> None:
    """The time is only measured when one is given (``--move-time``)."""

    class OnceSlow:
        slept = False

        def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
            if not OnceSlow.slept:
                OnceSlow.slept = True
                time.sleep(0.1)
            return legal[0]

    assert len(list(simulate("forest", 2, 1, seed=1, bot={0: OnceSlow}))) == 1


def test_the_timer_is_left_as_it_was() -> None:
    import signal

    before = signal.getsignal(signal.SIGALRM)
    list(simulate("forest", 2, 1, seed=1, move_time=5))
    fault("forest", Raiser, move_time=5)
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.parametrize("game", GAMES_)
def test_a_bot_reaching_for_the_state_finds_no_way(game: str) -> None:
    e = fault(game, Peeker)
    assert e.code == "bot.raised" and "AttributeError" in e.reason


def reachable(*roots: object) -> list[object]:
    """Every object reachable from ``roots`` through references, but for classes and modules
    (a bot may import what it likes: what matters is what its arguments lead to)."""
    seen: dict[int, object] = {}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type) or type(obj).__name__ == "module":
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("game", GAMES_)
def test_what_a_bot_is_given_leads_to_no_state_and_nothing_it_could_change(game: str) -> None:
    """Everything reachable from a bot's ``seen`` and ``legal`` is plain immutable values
    (the seat's own cards, the table, the scores) and actions: no state, no hand of another
    seat, no list a bot could change the game through (the rules aside: a container in them
    is the seat's own copy, below)."""
    given: list[tuple[Any, Any]] = []

    class Spy:
        def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
            given.append((seen, legal))
            return legal[rng.randrange(len(legal))]

    list(simulate(game, 3, 1, seed=3, bot=Spy))
    assert len(given) > 20
    for seen, legal in given[:: max(1, len(given) // 40)]:
        assert isinstance(seen, Seen)
        fields = [getattr(seen, f) for f in seen.__struct_fields__ if f != "rules"]
        for obj in reachable(legal, *fields):
            assert not isinstance(obj, GameState)
            assert not isinstance(obj, (dict, set)), type(obj)
            if isinstance(obj, list):  # only the actions' own card lists, and a legal list
                assert obj is legal or all(isinstance(x, (int, Action)) for x in obj)


def test_a_bot_changing_its_rules_changes_neither_the_game_nor_the_others() -> None:
    """Forest's ``targets`` is a dict in the frozen rules: each seat is shown its own copy."""

    class Meddler:
        def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
            seen.rules.targets.clear()
            seen.rules.targets[0] = 10_000
            return legal[0]

    others: list[Any] = []

    class Watcher:
        def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
            others.append(dict(seen.rules.targets))
            return legal[0]

    meddled = next(simulate("forest", 3, 1, seed=4, bot=[Meddler, Watcher, Watcher]))
    plain = next(simulate("forest", 3, 1, seed=4, bot=[Watcher, Watcher, Watcher]))
    assert meddled.deals == plain.deals
    assert all(o == {4: 50, 8: 100, 12: 169} for o in others)
    from gamerec import verify

    assert verify(meddled).status == "valid" and verify(meddled).scores == verify(plain).scores


class First:
    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0]


def test_bots_by_name_class_object_and_per_seat() -> None:
    assert isinstance(First(), Bot)
    by_class = list(simulate("forest", 3, 2, seed=9, bot=First))
    by_object = list(simulate("forest", 3, 2, seed=9, bot=First()))
    assert [r.deals for r in by_class] == [r.deals for r in by_object]
    per_seat = next(simulate("forest", 3, 1, seed=9, bot=["random", First, "smart"]))
    assert per_seat.provenance is not None
    assert per_seat.provenance.settings["bot"] == "0=random, 1=test_bot_faults:First, 2=smart"
    by_name = list(simulate("blackball", 3, 2, seed=9, bot="smart"))
    assert [r.deals for r in by_name] == [r.deals for r in simulate("blackball", 3, 2, seed=9)]


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("clever", "unknown bot 'clever' (choose from random, smart, or give your own as module:Class)"),
        (
            "nosuchmodule_xyz:Bot",
            "bot nosuchmodule_xyz:Bot: cannot import nosuchmodule_xyz: ModuleNotFoundError",
        ),
        ("random:NoSuch", "bot random:NoSuch: random has no NoSuch"),
        ("random:Random", "bot random:Random: makes Random, which has no act method"),
        (["random", "smart"], "2 bots given for 3 seats (one bot per seat)"),
        ({7: "random"}, "bot for seat 7: the seats are 0 .. 2"),
        (42, "bot 42: a bot's name, a bot class or a bot (an object with an act method)"),
    ],
)
def test_bots_that_cannot_be_had_are_refused_before_any_game(bot: Any, message: str) -> None:
    with pytest.raises(InputError) as e:
        list(simulate("forest", 3, 1, seed=1, bot=bot))
    assert e.value.message.startswith(message)
