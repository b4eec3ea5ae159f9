"""The full-screen replayer (gamerec/cli/replay_app.py) through Textual's headless pilot:
every key, the go-to line, a click on the history, each game's cards in colour (the styles
of the table's text), --seat, the footer in 80 columns and a resize (issue 20)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from conftest import FIXTURES

import gamerec
from gamerec.cli.cards_style import LAST, TRUMP, card_styles
from gamerec.cli.replay_app import KEYS_LINE, ReplayApp
from gamerec.present import Replay, move

GAMES = ("blackball", "forest", "black-swan-2012", "black-swan-taroc")


def make_app(game: str, seat: int | None = None, record: int = 1) -> ReplayApp:
    records = gamerec.records(FIXTURES / game / "tournament.grec")
    for _ in range(record - 1):
        next(records)
    rec = next(records)
    rp = Replay(rec, seat=seat)
    steps = list(rp)
    assert rp.verdict is not None
    return ReplayApp(steps, 0, rp.verdict, rec.game)


def drive(app: ReplayApp, script: Callable[[Any], Awaitable[None]], size: tuple[int, int] = (80, 24)) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(run())


def styles_of(app: ReplayApp, code: str) -> list[str]:
    """The styles the table's text gives card ``code`` where it shows it."""
    text = app.table_text
    plain = text.plain
    return [str(s.style) for s in text.spans if plain[s.start : s.end] == code]


KEYS = [
    ("n", "next"),
    ("space", "next"),
    ("right", "next"),
    ("b", "back"),
    ("left", "back"),
    ("t", "next-trick"),
    ("T", "previous-trick"),
    ("d", "next-deal"),
    ("D", "previous-deal"),
    ("g", "first"),
    ("G", "last"),
    ("home", "first"),
    ("end", "last"),
]


def test_every_key_moves_as_move_says() -> None:
    app = make_app("blackball")
    seen: list[tuple[str, int, int]] = []

    async def script(pilot: Any) -> None:
        await pilot.press("d", "d", "n", "n", "n")  # somewhere inside deal 3
        for key, where in KEYS:
            before = app.index
            await pilot.press(key)
            seen.append((key, app.index, move(app.steps, before, where)))
            if where in ("first", "last"):
                await pilot.press("d", "d", "t")  # back inside a deal
        await pilot.press("q")

    drive(app, script)
    for key, got, want in seen:
        assert got == want, key
    assert {k for k, *_ in seen} == {k for k, _ in KEYS}
    assert any(got != 0 for _, got, _ in seen)


def test_go_to_a_step_a_deal_and_a_trick() -> None:
    app = make_app("blackball")
    got: dict[str, int] = {}

    async def script(pilot: Any) -> None:
        for text in ("12", "d12", "t2", "s5", "99999", "x"):
            await pilot.press("colon", *text, "enter")
            got[text] = app.index
            await pilot.press("escape")

    drive(app, script)
    steps = app.steps
    assert got["12"] == 11
    assert got["d12"] == move(steps, 0, "deal", deal=12) and steps[got["d12"]].deal == 11
    assert got["t2"] == move(steps, got["d12"], "trick", trick=2)
    assert any("trick 2 (" in e for e in steps[got["t2"]].event_texts)
    assert got["s5"] == 4
    assert got["99999"] == len(steps) - 1
    assert got["x"] == got["99999"]  # not a target: nothing moves


def test_a_click_on_the_history_selects_the_step() -> None:
    app = make_app("forest")

    async def script(pilot: Any) -> None:
        await pilot.click("#history", offset=(3, 4))  # the fourth line of the list (a border above)
        await pilot.pause()

    drive(app, script)
    assert app.index == 3


def test_the_footer_fits_80_columns_and_resizing_keeps_it() -> None:
    assert len(KEYS_LINE) <= 78 and "q quit" in KEYS_LINE and ": go to" in KEYS_LINE
    app = make_app("black-swan-2012")
    shots: list[str] = []

    async def script(pilot: Any) -> None:
        await pilot.press("d", "t")
        shots.append(app.export_screenshot())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        shots.append(app.export_screenshot())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        shots.append(app.export_screenshot())

    drive(app, script)
    for shot in shots:  # the footer's last words reach the screen at every size
        assert "quit" in shot and "go&#160;to" in shot
    assert app.size.width == 80


def test_seat_hides_the_other_hands() -> None:
    app = make_app("blackball", seat=1)

    async def script(pilot: Any) -> None:
        await pilot.press("n", "n")

    drive(app, script)
    plain = app.table_text.plain
    assert plain.count("(hidden)") == len(app.steps[0].view.seats) - 1


@pytest.mark.parametrize("game", GAMES)
def test_each_game_shows_its_cards_in_colour(game: str) -> None:
    app = make_app(game)
    # a step after a card played, with cards on the table
    target = next(i for i, s in enumerate(app.steps) if len(s.view.table) > 1 and i > 20)

    async def script(pilot: Any) -> None:
        await pilot.press("colon", *str(target + 1), "enter")

    drive(app, script)
    assert app.index == target
    view = app.steps[app.index].view
    hand = next(sv.hand for sv in view.seats if sv.hand)
    colours = card_styles(game)
    for code in hand:
        assert any(colours[code] in s for s in styles_of(app, code)), code
    # the last card played stands out
    last = view.table[-1][1]
    assert any(LAST in s for s in styles_of(app, last))


def test_the_colours_of_the_decks() -> None:
    french = card_styles("blackball")
    assert "red" in french["QH"] and "red" in french["7D"] and "red" not in french["QS"]
    taroc = card_styles("black-swan-taroc")
    minors = {taroc[f"5{s}"] for s in "BHCGPO"}
    majors = {taroc[f"{s}1"] for s in ("VO", "CR", "ST", "MY", "EL", "AS")}
    assert len(minors) == 6 and len(majors) == 6 and not minors & majors  # a colour per family
    forest = card_styles("forest")
    assert len({forest[f"{c}3"] for c in "RBGYK"}) == 5
    assert "red" in forest["R3"] and "blue" in forest["B3"] and "yellow" in forest["Y3"]


def test_the_trump_suit_is_marked() -> None:
    app = make_app("blackball")

    async def script(pilot: Any) -> None:
        await pilot.press("colon", *"d4", "enter")

    drive(app, script)
    view = app.steps[app.index].view
    trump = dict(view.lines)["Trump"]
    assert "hearts" in trump
    hearts = [c for sv in view.seats for c in sv.hand or [] if c.endswith("H")]
    others = [c for sv in view.seats for c in sv.hand or [] if not c.endswith("H")]
    assert hearts and others
    assert all(TRUMP in s for c in hearts for s in styles_of(app, c))
    assert not any(TRUMP in s for c in others for s in styles_of(app, c))


def test_on_a_terminal_the_command_runs_full_screen() -> None:
    """``gamerec replay FILE`` on a pseudo-terminal: the alternate screen, a key, q, the
    terminal given back (alternate screen left) and the verdict printed after."""
    import sys

    pexpect = pytest.importorskip("pexpect")
    path = str(FIXTURES / "forest" / "tournament.grec")
    code = "from gamerec.cli import main; main()"
    child = pexpect.spawn(
        sys.executable, ["-c", code, "replay", path, "-r", "1"], dimensions=(24, 80),
        env={"TERM": "xterm-256color", "PATH": "/usr/bin:/bin"}, timeout=60,
    )  # fmt: skip
    child.expect("step 1 of 212")
    child.send("n")
    child.expect("step 2 of 212")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    tail = child.before.decode()
    assert "\x1b[?1049l" in tail and "record 1: valid" in tail


def test_the_terminal_size_is_the_windows_after_the_streams_are_prepared() -> None:
    """Found by trying the product: the full-screen replay laid itself out for 80x24 in a
    100x30 window (and drew twice). `stdio.prepare` detached `sys.stdout`, which is also
    `sys.__stdout__`, where `shutil.get_terminal_size` (and Textual) ask the size: it fell
    back to 80x24."""
    import sys

    pexpect = pytest.importorskip("pexpect")
    code = (
        "import shutil; from gamerec.cli.stdio import prepare; prepare(); "
        "print('size', *shutil.get_terminal_size(), flush=True)"
    )
    child = pexpect.spawn(
        sys.executable, ["-c", code], dimensions=(30, 100), env={"PATH": "/usr/bin:/bin"}, timeout=60
    )
    child.expect("size (\\d+) (\\d+)")
    assert (int(child.match[1]), int(child.match[2])) == (100, 30)
    child.expect(pexpect.EOF)


def test_a_jump_past_the_end_says_where_it_went() -> None:
    """Found by trying the product: `:t3` in a round of two tricks went to the round's last
    step without a word."""
    app = make_app("blackball")
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]

    async def script(pilot: Any) -> None:
        for text in ("d2", "t3", "d99", "99999", "t1"):
            await pilot.press("colon", *text, "enter")
            await pilot.press("escape")

    drive(app, script)
    deals = sum(1 for s in app.steps if s.index == -1)
    assert said == [
        "this round has 2 tricks: its last step",
        f"the record has {deals} rounds: the last one",
        f"the record has {len(app.steps)} steps: the last one",
    ]
