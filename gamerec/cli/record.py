"""``gamerec record``: a game recorded as it is played, through a prompt loop over
:class:`gamerec.recording.recorder.Recorder` (every action checked when entered, every step kept in a
journal)."""

from __future__ import annotations

import datetime
import os
import re
import secrets
import shutil
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from ..bots import parse_rule_options
from ..engine import Game, plural
from ..errors import GamerecError
from ..escape import shell_word
from ..format.write import same_file
from ..games import GAMES, get_game
from ..record import Meta
from ..recording.recorder import Recorder
from ..recording.tableside import completions, legal_line, stock_completions, toolbar
from .app import EXIT_OK, EXIT_PROBLEM, err, out, say
from .lines import line, verdict_line
from .options import (
    EMPTY_NAME,
    Force,
    GameOrAsk,
    Rules,
    check_seed,
    no_stdout,
    output_form,
    player_names,
    refuse,
)
from .record_deal import Stop, attempt, record_deal, show, undo, word_completions
from .record_prompt import ask, prompt_ready
from .stdio import require_stdin


class HandsChoice(StrEnum):
    typed = "typed"
    seed = "seed"
    unknown = "unknown"


def record_help(game_id: str, players: Sequence[str], terminal: bool = False) -> str:
    """What may be typed at the prompt of ``game_id``, with examples of its own actions and
    the players' own names; that Tab completes, on a ``terminal``.

    >>> record_help("forest", ["Ann", "Bo"])  # doctest: +NORMALIZE_WHITESPACE
    'at the prompt: an action, the seat by number or name first, or left out for the seat to
    move (1 play R3, Bo play R3, play G1 ; a note) · undo · note TEXT · legal · stock CARD ·
    show · score · help · quit'
    """
    game = GAMES.get(game_id)
    actions = game.examples if game is not None else ("play CARD",)
    stock = game.stock_in_play if game is not None else False
    seat = min(1, len(players) - 1)
    name = players[seat] if players else ""
    first, *rest = actions
    shown = [f"{seat} {first}", *([f"{name} {first}"] if name and " " not in name else []), *rest]
    tab = "; Tab completes actions and words" if terminal else ""
    words = [
        "undo",
        "note TEXT",
        "legal",
        *(["stock CARD"] if stock else []),
        "show",
        "score",
        "help",
        "quit",
    ]
    return (
        "at the prompt: an action, the seat by number or name first, or left out for the seat to move "
        f"({', '.join(shown)} ; a note{tab}) · " + " · ".join(words)
    )


def _record_help(rec: Recorder) -> str:
    """:func:`record_help` for the game being recorded, saying that Tab completes on a
    terminal (where it does)."""
    return record_help(rec.header.game, rec.header.players, prompt_ready().terminal)


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
            "--hands",
            help="typed up front, dealt from --seed, or unknown, as at a real table (each action checked on "
            "what is known, the hands rebuilt from the plays; not black-swan-taroc, whose plays do not show "
            "every card).",
        ),
    ] = HandsChoice.typed,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            "-s",
            metavar="N",
            callback=check_seed,
            help="Seed for --hands seed (default: drawn, and said).",
        ),
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
    if resume is not None:
        for flag, value in (
            ("--hands", hands != HandsChoice.typed),
            ("--seed", seed is not None),
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
    if seed is not None and hands != HandsChoice.seed:
        refuse("--seed", "deals the hands only with --hands seed")
    # refused before anything is asked or read: the journal is never the output, nor replaced
    the_journal = resume if resume is not None else journal or f"{output}.journal"
    if same_file(output, the_journal):
        raise GamerecError(
            f"{output}: is the journal {the_journal} too: give the record another name than the journal"
        )
    _check_output(output)
    if not force and Path(output).exists():
        raise GamerecError(f"{output}: exists already (--force replaces it)")
    # (--force replaces a file there now; one that appears while the game is recorded is
    # never replaced: the record is written beside it)
    replace = force and os.path.lexists(output)
    require_stdin()  # the moves come from it: nothing is made when it is closed
    drawn = False
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
        drawn = hands == HandsChoice.seed and seed is None
        if drawn:  # a new deal each time; said, so that the same hands can be dealt again
            seed = secrets.randbelow(10**9)
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
        if rec.repair is not None:  # (--force started over a journal: kept aside)
            err.print(line(rec.repair, "yellow"))
    prompt_ready()
    say(f"journal: {rec.journal} · {_record_help(rec)}", "dim")
    if resume is None and drawn:
        say(f"hands dealt from seed {seed} (--seed {seed} deals them again)", "dim")
    try:
        if resume is not None and rec.deals:  # where the recording stands, once
            show(rec, "show")
        return _record_loop(rec, output, replace)
    except (EOFError, KeyboardInterrupt, Stop) as e:
        again = f"gamerec record -o {shell_word(output)} --resume {shell_word(str(rec.journal))}"
        again += " --force" if force else ""
        unkept = e.unkept if isinstance(e, Stop) else ""
        kept = f"{unkept}; the journal holds the rest" if unkept else "nothing is lost"
        interrupted = isinstance(e, KeyboardInterrupt) or (isinstance(e, Stop) and e.interrupted)
        # the end of piped input before the game's end: no record written, so not a success
        # (Ctrl-D on a terminal is a stop the user chose, as quit is)
        ended = isinstance(e, EOFError) or (isinstance(e, Stop) and e.ended)
        if ended and not interrupted and not prompt_ready().terminal:
            ended_early = "the input ended before the game did, no record written"
            say(f"stopped: {ended_early}; {kept}; continue with: {again}")
            return EXIT_PROBLEM
        say(f"stopped: {kept}; continue with: {again}")
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
        game_id = game or ask(f"game ({', '.join(GAMES)}): ", lambda t: [g for g in GAMES if g.startswith(t)])
        try:
            g = get_game(game_id)
            break
        except GamerecError as e:
            if game is not None:
                raise
            say(f"✗ {e.message}", "red")
    if players is not None:
        seats = player_names(players, why="the names are the seats at the prompt")
    else:
        while True:  # asked: a list with an empty name asks again
            names = ask("players, comma-separated: ")
            seats = [n.strip() for n in names.split(",")]
            if all(seats):
                break
            if not any(seats):  # none: the recorder says how many the game takes
                seats = []
                break
            say(f"✗ {EMPTY_NAME}", "red")
    pairs = list(rule or [])
    if game is not None or pairs:
        return g, seats, parse_rule_options(g.id, pairs, len(seats))
    options = ", ".join(g.Rules.__struct_fields__)
    while True:  # asked for the game: ask for its options too
        pairs = ask(f"rules options KEY=VALUE ({options}; blank for the defaults): ").split()
        try:
            return g, seats, parse_rule_options(g.id, pairs, len(seats))
        except GamerecError as e:
            say("✗ " + e.message.replace("--rule: ", "").replace("--rule ", "option "), "red")


def _check_output(output: str) -> None:
    """Refused before the game, not after it: an output that is a folder, or is there and
    is not a regular file (a device, a FIFO)."""
    path = Path(output)
    if output.endswith(("/", os.sep)) or path.is_dir():
        raise GamerecError(f"{output}: is a folder: give a file for the record")
    if path.exists() and not path.is_file():
        raise GamerecError(f"{output}: not a regular file: gamerec writes the record to a file")


def _record_loop(rec: Recorder, output: str, replace: bool) -> int:
    g = rec.game
    names = rec.header.players
    while True:
        status = rec.status()
        more = _another(rec) if status == "deal" and g.open_ended and rec.deals else True
        if more is None:  # undone: the game goes on from the step before
            continue
        if status == "over" or not more:
            verdict = rec.finish(output, force=replace)
            out.print(verdict_line(verdict))
            if verdict.source != output:
                say(f"{output} appeared while the game was recorded: not replaced", "yellow")
            say(f"wrote {verdict.source}")
            return EXIT_OK if verdict.ok else EXIT_PROBLEM
        if status == "deal":
            record_deal(rec)
            continue
        stock = rec.stock_due
        if stock is not None:
            text = ask(
                f"[{g.deal_word} {len(rec.deals)}] {stock}: ",
                lambda t: stock_completions(rec, t) + word_completions(_WORDS, t),
                lambda: toolbar(rec, shutil.get_terminal_size().columns - 1),
            )
        else:
            seat = rec.to_move()
            who = "unknown hands" if seat is None else f"{names[seat]} (seat {seat}) to move"
            text = ask(
                f"[{g.deal_word} {len(rec.deals)}] {who}> ",
                lambda t: completions(rec, t) + word_completions(_WORDS, t),
                lambda: toolbar(rec, shutil.get_terminal_size().columns - 1),
            )
        word, _, rest = text.partition(" ")
        if not text:
            continue
        if stock is not None and word not in _COMMANDS:  # the commands work at the stock prompt too
            attempt(rec.reveal, text)
            continue
        if word == "quit":
            raise Stop("", False)
        if word == "help":
            say(_record_help(rec))
            if rec.legal():
                say(legal_line(rec))
        elif word in ("show", "score"):
            show(rec, word)
        elif word in ("legal", "?"):
            say(legal_line(rec))
        elif word == "undo":
            undo(rec)
        elif word == "note":
            attempt(lambda note: [f"noted: {rec.note(note)}"], rest.strip())
        elif word == "stock":
            attempt(rec.reveal, rest.strip())
        else:
            attempt(rec.enter, text)


#: the words the record prompt reads as commands (anything else is an action, or a card
#: at the stock prompt)
_COMMANDS = ("quit", "help", "legal", "?", "undo", "note", "stock", "show", "score")
#: the words Tab completes at the record prompt
_WORDS = ("show", "score", "help", "undo", "legal", "note ", "stock ", "quit")


def _another(rec: Recorder) -> bool | None:
    """Whether another deal follows: y or yes, n, no or nothing (the default; so is the end
    of the input); None when ``undo`` took the last step back. ``show``, ``score``, ``help``
    and ``quit`` work as at the other prompts; anything else asks again."""
    word = rec.game.deal_word
    while True:
        try:
            answer = ask(f"the {word} is over: another one? [y/N] ").strip().lower()
        except EOFError:
            return False
        if answer in ("y", "yes"):
            return True
        if answer in ("", "n", "no"):
            return False
        if answer == "undo":
            undo(rec)
            return None
        if answer == "quit":
            raise Stop("", False)
        if answer in ("show", "score"):
            show(rec, answer)
        elif answer == "help":
            say(f"y: another {word}; n (or Enter): the record is written; undo: take the last step back")
        else:
            say(f"✗ {answer!r}: answer y or n (or undo, show, score, help, quit)", "red")
