"""``gamerec record``: a game recorded as it is played, through a prompt loop over
:class:`gamerec.recorder.Recorder` (every action checked when entered, every step kept in a
journal)."""

from __future__ import annotations

import datetime
import re
import shutil
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots import parse_rule_options
from ..cards import CardCodeError
from ..engine import Game, plural
from ..errors import GamerecError
from ..format.record import Meta
from ..format.write import same_file
from ..games import GAMES, get_game
from ..recorder import Recorder, Rejected
from ..tableside import card_completions, completions, score_sheet, table_lines, toolbar
from .app import EXIT_OK, EXIT_PROBLEM, err, out, say
from .options import Force, GameOrAsk, Rules, no_stdout, output_form, refuse
from .record_prompt import Complete, Prompt
from .render import line, verdict_line


class HandsChoice(StrEnum):
    typed = "typed"
    seed = "seed"
    unknown = "unknown"


RECORD_HELP = (
    "at the prompt: an action, the seat by number or name first, or left out for the seat to move "
    "(2 play QS, Bo play QS, play QS, 0 bid 1 ; a note) · undo · note TEXT · legal · "
    "stock CARD · show · score · help · quit"
)


def _record_help() -> str:
    """:data:`RECORD_HELP`, saying that Tab completes on a terminal (where it does)."""
    if _prompt is None or not _prompt.terminal:
        return RECORD_HELP
    return RECORD_HELP.replace("; a note)", "; a note; Tab completes actions and words)")


#: the prompt of this run (prompt_toolkit on a terminal, plain lines otherwise)
_prompt: Prompt | None = None


def _ask(prompt: str, complete: Complete | None = None, bar: Callable[[], str] | None = None) -> str:
    """A line after ``prompt``; EOFError at the end of input."""
    return _ask_ready().ask(prompt, complete, bar)


def _ask_ready() -> Prompt:
    """The prompt of this run, made now (a terminal or not)."""
    global _prompt
    if _prompt is None:
        _prompt = Prompt()
    return _prompt


def _meta_option(name: str, what: str) -> Any:
    return typer.Option(f"--{name}", metavar="TEXT", help=f"The {what} (the record's header).")


def record(
    output: Annotated[
        str, typer.Option("--output", "-o", metavar="FILE", help="The record file to write at the end.")
    ],
    game: GameOrAsk = None,
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", metavar="NAMES", help="Player names, comma-separated (else asked)."),
    ] = None,
    rule: Rules = None,
    hands: Annotated[
        HandsChoice,
        typer.Option(
            "--hands", help="typed up front, dealt from --seed, or unknown (rebuilt from the plays)."
        ),
    ] = HandsChoice.typed,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", metavar="N", help="Seed for --hands seed.")
    ] = None,
    resume: Annotated[
        str | None, typer.Option("--resume", metavar="JOURNAL", help="Continue the recording of a journal.")
    ] = None,
    journal: Annotated[
        str | None, typer.Option("--journal", metavar="FILE", help="Journal (default: OUTPUT.journal).")
    ] = None,
    force: Force = False,
    event: Annotated[str | None, _meta_option("event", "event or tournament")] = None,
    date: Annotated[
        str | None, typer.Option("--date", metavar="DATE", help="The date played (default: today, local).")
    ] = None,
    site: Annotated[str | None, _meta_option("site", "place played")] = None,
    round_: Annotated[
        str | None, typer.Option("--round", metavar="TEXT", help="The round of the event.")
    ] = None,
    table: Annotated[str | None, _meta_option("table", "table of the event")] = None,
) -> int:
    """Record a game as it is played: every action is checked when entered, each accepted
    step is saved to a journal at once (continue it with --resume after a crash), and the
    record is written when the game ends. The prompt reads the moves from stdin, so the
    record is written to a file (-o - is refused).

    \b
    Examples:
      gamerec record -g blackball -p 'Ann,Bob,Cy' -o tuesday.grec
      gamerec record -g forest -p 'Ann,Bob' --hands seed --seed 7 -o game.gtxt
      gamerec record -o tuesday.grec --resume tuesday.grec.journal
    """
    no_stdout(output, "the prompt is on standard output; name a file")
    output_form(output, None, has_to=False)  # an unknown suffix refused before the game, not after it
    if date and not _iso_date(date):
        refuse("--date", f"{date!r} is not a date: YYYY-MM-DD (a real day), YYYY-MM or YYYY")
    if seed is not None and hands != HandsChoice.seed:
        refuse("--seed", "deals the hands only with --hands seed")
    if resume is not None:
        for flag, value in (
            ("--game", game),
            ("--players", players),
            ("--rule", rule),
            ("--journal", journal),
            ("--event", event),
            ("--date", date),
            ("--site", site),
            ("--round", round_),
            ("--table", table),
        ):
            if value:
                refuse(flag, "the journal given with --resume has it already")
    # refused before anything is asked or read: the journal is never the output, nor replaced
    the_journal = resume if resume is not None else journal or f"{output}.journal"
    if same_file(output, the_journal):
        raise GamerecError(
            f"{output}: is the journal {the_journal} too: give the record another name than the journal"
        )
    if not force and Path(output).exists():
        raise GamerecError(f"{output}: exists already (--force replaces it)")
    if resume is not None:
        rec = Recorder.resume(resume)
        if rec.repair is not None:
            err.print(line(rec.repair, "yellow"))
        so_far = plural(len(rec.deals), rec.game.deal_word)
        say(f"resuming {rec.header.game}: {', '.join(rec.header.players)}; {so_far} so far")
    else:
        try:
            g, seats, rules = _ask_game(game, players, rule)
        except (EOFError, KeyboardInterrupt):
            raise GamerecError("no game recorded: the input ended") from None
        today = datetime.date.today().isoformat()
        rec = Recorder.start(
            journal or f"{output}.journal",
            g.id,
            seats,
            rules,
            Meta(event, site, today if date is None else date or None, round_, table),
            hands=hands.value,
            seed=seed or 0,
            force=force,
        )
    _ask_ready()
    say(f"journal: {rec.journal} · {_record_help()}", "dim")
    try:
        if resume is not None and rec.deals:  # where the recording stands, once
            _show(rec, "show")
        return _record_loop(rec, output, force)
    except (EOFError, KeyboardInterrupt, _Stop) as e:
        again = f"gamerec record -o {output} --resume {rec.journal}" + (" --force" if force else "")
        unkept = e.unkept if isinstance(e, _Stop) else ""
        kept = f"{unkept}; the journal holds the rest" if unkept else "nothing is lost"
        say(f"stopped: {kept}; continue with: {again}")
        interrupted = isinstance(e, KeyboardInterrupt) or (isinstance(e, _Stop) and e.interrupted)
        return 130 if interrupted else EXIT_OK
    finally:
        rec.close()


def _iso_date(text: str) -> bool:
    """Whether ``text`` is an ISO date: YYYY, YYYY-MM or YYYY-MM-DD, a real day."""
    if not _ISO_DATE.fullmatch(text):
        return False
    year, month, day = [*text.split("-"), "01", "01"][:3]
    try:
        datetime.date(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


#: an ISO date's shape (ASCII digits only)
_ISO_DATE = re.compile(r"[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?")


def _ask_game(
    game: str | None, players: str | None, rule: list[str] | None
) -> tuple[Game[Any], list[str], Any]:
    """The game, its players and its rules, from the options or asked (a wrong answer asks
    that question again)."""
    while True:
        game_id = game or _ask(
            f"game ({', '.join(GAMES)}): ", lambda t: [g for g in GAMES if g.startswith(t)]
        )
        try:
            g = get_game(game_id)
            break
        except GamerecError as e:
            if game is not None:
                raise
            say(f"✗ {e.message}", "red")
    names = players if players is not None else _ask("players, comma-separated: ")
    seats = [n.strip() for n in names.split(",") if n.strip()]
    pairs = list(rule or [])
    if game is not None or pairs:
        return g, seats, parse_rule_options(g.id, pairs, len(seats))
    options = ", ".join(g.Rules.__struct_fields__)
    while True:  # asked for the game: ask for its options too
        pairs = _ask(f"rules options KEY=VALUE ({options}; blank for the defaults): ").split()
        try:
            return g, seats, parse_rule_options(g.id, pairs, len(seats))
        except GamerecError as e:
            say("✗ " + e.message.replace("--rule: ", "").replace("--rule ", "option "), "red")


def _record_loop(rec: Recorder, output: str, force: bool) -> int:
    g = rec.game
    names = rec.header.players
    while True:
        status = rec.status()
        if status == "over" or (status == "deal" and g.open_ended and rec.deals and not _another(g)):
            verdict = rec.finish(output, force=True if rec.deals else force)
            out.print(verdict_line(verdict))
            say(f"wrote {output}")
            return EXIT_OK if verdict.ok else EXIT_PROBLEM
        if status == "deal":
            _record_deal(rec)
            continue
        stock = rec.needs_stock
        if stock:
            text = _ask(
                "stock: the card revealed now (an up-card, forest card or card drawn): ",
                lambda t: _word_completions(_WORDS, t),
            )
        else:
            seat = rec.to_move()
            who = "unknown hands" if seat is None else f"{names[seat]} (seat {seat}) to move"
            text = _ask(
                f"[{g.deal_word} {len(rec.deals)}] {who}> ",
                lambda t: completions(rec, t) + _word_completions(_WORDS, t),
                lambda: toolbar(rec, shutil.get_terminal_size().columns - 1),
            )
        word, _, rest = text.partition(" ")
        if not text:
            continue
        if stock and word not in _COMMANDS:  # the commands work at the stock prompt too
            _try(rec.reveal, text)
            continue
        if word == "quit":
            raise _Stop("", False)
        if word == "help":
            say(_record_help())
            legal = rec.legal()
            if legal:
                say("legal: " + ", ".join(legal))
        elif word in ("show", "score"):
            _show(rec, word)
        elif word in ("legal", "?"):
            legal = rec.legal()
            unknown = "(a stock card first)" if stock else "(not known: the hands are unknown)"
            say("legal: " + (", ".join(legal) if legal else unknown))
        elif word == "undo":
            _undo(rec)
        elif word == "note":
            _try(lambda note: [f"noted: {rec.note(note)}"], rest.strip())
        elif word == "stock":
            _try(rec.reveal, rest.strip())
        else:
            _try(rec.enter, text)


#: the words the record prompt reads as commands (anything else is an action, or a card
#: at the stock prompt)
_COMMANDS = ("quit", "help", "legal", "?", "undo", "note", "stock", "show", "score")
#: the words Tab completes at the record prompt
_WORDS = ("show", "score", "help", "undo", "legal", "note ", "stock ", "quit")


def _show(rec: Recorder, word: str) -> None:
    """``show`` (the table) or ``score`` (the score sheet)."""
    text = "\n".join(table_lines(rec)) if word == "show" else score_sheet(rec)
    for text_line in text.splitlines():  # (say makes one line of its text)
        say(text_line)


def _undo(rec: Recorder) -> None:
    """``undo``: the last step taken back (a whole deal with its hands only when confirmed)."""
    if rec.undo_drops_deal and not _ask(
        f"undo takes back {rec.game.deal_word} {len(rec.deals)} and its hands: sure? [y/N] "
    ).lower().startswith("y"):
        say("kept")
        return
    _try(lambda: [f"undone: {rec.undo()}"])


def _another(g: Game[Any]) -> bool:
    """Whether another deal follows (the end of the input takes the default, no)."""
    try:
        return _ask(f"the {g.deal_word} is over: another one? [y/N] ").lower().startswith("y")
    except EOFError:
        return False


def _try(step: Callable[..., list[str]], *args: str) -> None:
    """Run one recording step; show its events, or why it was refused."""
    try:
        lines = step(*args)
    except Rejected as e:
        say(f"✗ {e.message} [{e.rule}]", "red")
        if e.legal:
            say("  legal: " + ", ".join(e.legal), "yellow")
        return
    for event in lines:
        say(f"  → {event}", "cyan")


class _Stop(Exception):
    """The recording stopped while a deal was typed: what of it the journal does not hold."""

    def __init__(self, unkept: str, interrupted: bool) -> None:
        super().__init__(unkept)
        self.unkept = unkept
        self.interrupted = interrupted


#: the words of the prompts of a deal being typed (the dealer, the hands, the up-card)
_DEAL_WORDS = ("help", "undo", "show", "score", "quit")


def _word_completions(words: Sequence[str], text: str) -> list[str]:
    """The prompt's ``words`` that ``text`` (typed, not blank) is the beginning of."""
    typed = text.lstrip()
    return [w for w in words if typed and w.startswith(typed)]


def _record_deal(rec: Recorder) -> None:
    g = rec.game
    number = len(rec.deals) + 1
    if rec.hands == "seed":
        events = rec.deal_from_seed()
        d = rec.deals[-1]
        say(f"{g.deal_word} {number}: dealt from the seed, {g.seat_field} {d.dealer}")
        for s, hand in enumerate(d.hands or []):
            say(f"  hand {s} ({rec.header.players[s]}): {' '.join(hand)}")
        _announce(rec, events)
        return
    fixed = rec.expected_seat()
    n = len(rec.header.players)
    size, upcards = rec.deal_shape()
    # the entries of the deal, asked in turn: None for the dealer, a seat for its hand, -1
    # for the up-card; ``answers`` holds those typed so far (undo asks the last one again)
    steps: list[int | None] = [] if fixed is not None else [None]
    if rec.hands == "typed":
        steps += list(range(n))
    if upcards:
        steps.append(-1)
    answers: list[Any] = []
    try:
        while len(answers) < len(steps):
            step = steps[len(answers)]
            answer = _deal_entry(rec, number, step, answers, size, upcards)
            if answer == "undo":
                if not answers:  # nothing of the deal typed: the game's undo
                    _undo(rec)
                    return
                answers.pop()
                say(f"undone: {_entry_name(rec, steps[len(answers)])}")
                continue
            answers.append(answer)
            if len(answers) < len(steps):
                continue
            seat = fixed if fixed is not None else answers[0]
            hands = [a for a, s in zip(answers, steps, strict=True) if s is not None and s >= 0]
            stock = answers[-1] if upcards else []
            try:
                events = rec.begin_deal(seat, hands if rec.hands == "typed" else None, stock)
            except Rejected as e:
                if upcards:  # the up-card alone is asked again
                    say(f"✗ {e.message}; the up-card again", "red")
                    answers.pop()
                    continue
                say(f"✗ {e.message}; the {g.deal_word} again", "red")
                answers.clear()
                continue
            _announce(rec, events)
    except (EOFError, KeyboardInterrupt, _Stop) as e:
        if not answers:
            raise
        raise _Stop(_unkept(rec, number, steps[: len(answers)]), isinstance(e, KeyboardInterrupt)) from None


def _entry_name(rec: Recorder, step: int | None) -> str:
    g = rec.game
    if step is None:
        return "the dealer" if g.seat_field == "dealer" else "the first player"
    if step < 0:
        return "the up-card"
    return f"hand {step} ({rec.header.players[step]})"


def _unkept(rec: Recorder, number: int, typed: list[int | None]) -> str:
    """What of deal ``number`` is lost when the entries ``typed`` are not in the journal."""
    parts = [_entry_name(rec, None)] if None in typed else []
    hands = sum(1 for s in typed if s is not None and s >= 0)
    if hands:
        parts.append(plural(hands, "hand"))
    verb, them = ("are", "them") if len(parts) > 1 or hands > 1 else ("is", "it")
    return (
        f"{' and '.join(parts)} typed for {rec.game.deal_word} {number} {verb} not kept (type {them} again)"
    )


def _deal_entry(
    rec: Recorder, number: int, step: int | None, answers: list[Any], size: int, upcards: int
) -> Any:
    """One entry of a deal being typed (the dealer's seat, a hand's or the up-card's cards),
    asked until it reads; ``"undo"`` for the word undo. quit raises _Stop; help, show and
    score are answered here."""
    g = rec.game
    n = len(rec.header.players)
    deck = g.deck
    seats = [str(s) for s in range(n)]
    if step is None:
        word = "dealer" if g.seat_field == "dealer" else "first player"
        prompt = f"{g.deal_word} {number}: {word} (seat 0-{n - 1}): "
        wants = f"the {word}'s seat, a number from 0 to {n - 1}"

        def complete(t: str) -> list[str]:
            return [s for s in seats if s.startswith(t.strip())] + _word_completions(_DEAL_WORDS, t)

        taken: list[str] = []
    else:
        hands = [a for a in answers if isinstance(a, list)]  # (the hands typed before this entry)
        taken = [deck.code(c) for h in hands for c in h] if deck.distinct else []
        count = upcards if step < 0 else size
        if step < 0:
            prompt = "up-card: "
            wants = f"the {plural(count, 'card')} turned up, as card codes"
        else:
            prompt = f"hand {step} ({rec.header.players[step]}, {plural(count, 'card')}): "
            wants = f"{rec.header.players[step]}'s {plural(count, 'card')}, card codes apart by spaces"

        def complete(t: str) -> list[str]:
            return card_completions(deck.codes, taken, t) + _word_completions(_DEAL_WORDS, t)

    while True:
        answer = _ask(prompt, complete)
        if answer in _DEAL_WORDS:
            if answer == "quit":
                raise _Stop("", False)
            if answer == "undo":
                return answer
            if answer == "help":
                say(
                    f"wanted: {wants} · words: undo (the entry before again; at the first, the game's "
                    "last step) · show · score · help · quit (stop; this deal's entries are not kept)"
                )
            else:
                _show(rec, answer)
            continue
        if step is None:
            if answer in seats:  # (never int() of 5,000 digits, nor of "²")
                return int(answer)
            say(f"✗ a seat number, 0 to {n - 1}", "red")
            continue
        cards = _read_cards(rec, answer, taken, upcards if step < 0 else size)
        if cards is not None:
            return cards


def _read_cards(rec: Recorder, answer: str, taken: list[str], size: int) -> list[int] | None:
    """The card codes of ``answer`` if they read and are ``size`` cards, none of them
    ``taken``; else None, having said why."""
    deck = rec.game.deck
    try:
        cards = [deck.parse(c) for c in answer.split()]
    except CardCodeError as e:
        say(f"✗ {e}", "red")
        return None
    again = [deck.code(c) for c in cards if deck.code(c) in taken]
    if len(cards) != size:
        say(f"✗ {plural(len(cards), 'card')}: {size} wanted", "red")
    elif again:
        say(f"✗ {' '.join(again)}: in a hand typed already", "red")
    else:
        return cards
    return None


def _announce(rec: Recorder, events: list[str]) -> None:
    """What a deal shows when it begins: the turned-up card (trump) and its events (a forest
    card turned)."""
    for text in table_lines(rec)[1:]:
        if text.startswith(("  Trump:", "  Trumps:")):
            label, _, what = text.strip().partition(":")
            say(f"  → {label.lower()} {what.strip()}", "cyan")  # the card codes as they are
    for event in events:
        say(f"  → {event}", "cyan")
