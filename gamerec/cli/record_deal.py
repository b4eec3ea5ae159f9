"""The prompts of ``gamerec record`` around a deal being typed (its dealer, hands and
up-card, each asked until it reads, with the prompt's words: help, undo, show, score,
quit), and the steps the action prompt shares with them (show, undo, one recording step
tried). Split from :mod:`gamerec.cli.record` (the command and its action prompt)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import CardCodeError, Deck
from ..engine import plural
from ..errors import GamerecError
from ..recording.line import seat_at
from ..recording.recorder import Recorder, Rejected
from ..recording.tableside import card_completions, score_sheet_lines, some_lines, table_lines
from .app import say
from .record_prompt import ask


def show(rec: Recorder, word: str) -> None:
    """``show`` (the table) or ``score`` (the score sheet)."""
    # each line of the table whole (a name may hold a line break: say makes it inert)
    lines = table_lines(rec) if word == "show" else score_sheet_lines(rec)
    for text_line in lines:
        say(text_line)


def undo(rec: Recorder) -> None:
    """``undo``: the last step taken back (a whole deal with its hands only when confirmed)."""
    if rec.undo_drops_deal and not ask(
        f"undo takes back {rec.game.deal_word} {len(rec.deals)} and its hands: sure? [y/N] "
    ).lower().startswith("y"):
        say("kept")
        return

    def step() -> list[str]:
        whole = rec.current is not None and rec.current.last_entered() == "deal"
        said = [f"undone: {rec.undo()}"]
        if whole and rec.deals and begins_itself(rec):  # it would begin again at once: the step before it too
            said.append(f"undone: {rec.undo()}")
        return said

    attempt(step)


def begins_itself(rec: Recorder) -> bool:
    """Whether the next deal begins with nothing asked: dealt from the seed, or its seat
    fixed by the rules and its hands unknown, with no up-card."""
    if rec.hands == "seed":
        return True
    return rec.hands == "unknown" and rec.expected_seat() is not None and rec.deal_shape()[1] == 0


def attempt(step: Callable[..., list[str]], *args: str) -> None:
    """Run one recording step; show its events, or why it was refused."""
    try:
        lines = step(*args)
    except Rejected as e:
        say(f"✗ {e.message} [{e.rule}]", "red")
        if e.legal:
            say("  legal: " + some_lines(e.legal), "yellow")
        return
    for event in lines:
        say(f"  → {event}", "cyan")


class Stop(Exception):
    """The recording stopped while a deal was typed: what of it the journal does not hold;
    whether by Ctrl-C (``interrupted``) or at the end of the input (``ended``)."""

    def __init__(self, unkept: str, interrupted: bool, ended: bool = False) -> None:
        super().__init__(unkept)
        self.unkept = unkept
        self.interrupted = interrupted
        self.ended = ended


#: the words of the prompts of a deal being typed (the dealer, the hands, the up-card)
DEAL_WORDS = ("help", "undo", "show", "score", "quit")


def word_completions(words: Sequence[str], text: str) -> list[str]:
    """The prompt's ``words`` that ``text`` (typed, not blank) is the beginning of."""
    typed = text.lstrip()
    return [w for w in words if typed and w.startswith(typed)]


def record_deal(rec: Recorder) -> None:
    g = rec.game
    number = len(rec.deals) + 1
    if rec.hands == "seed":
        events = rec.deal_from_seed()
        d = rec.deals[-1]
        say(f"{g.deal_word} {number}: dealt from the seed, {g.seat_field} {d.dealer}")
        for s, hand in enumerate(d.hands or []):
            say(f"  hand {s} ({rec.header.players[s]}): {g.deck.codes_of(hand)}")
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
        while True:  # (a deal with nothing to ask, its seat fixed and its hands unknown, begins at once)
            if len(answers) < len(steps):
                step = steps[len(answers)]
                answer = _deal_entry(rec, number, step, answers, size, upcards)
                if answer == "undo":
                    if not answers:  # nothing of the deal typed: the game's undo
                        undo(rec)
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
                if not steps:  # nothing was asked that could be asked again: a bug, not a loop
                    raise GamerecError(
                        f"{g.deal_word} {number} cannot begin: {e.message} [{e.rule}]"
                    ) from None
                if upcards:  # the up-card alone is asked again
                    say(f"✗ {e.message}; the {g.stock_card(0)} again", "red")
                    answers.pop()
                    continue
                say(f"✗ {e.message}; the {g.deal_word} again", "red")
                answers.clear()
                continue
            _announce(rec, events)
            return
    except (EOFError, KeyboardInterrupt, Stop) as e:
        if not answers:
            raise
        ended = isinstance(e, EOFError) or (isinstance(e, Stop) and e.ended)
        raise Stop(
            _unkept(rec, number, steps[: len(answers)]), isinstance(e, KeyboardInterrupt), ended
        ) from None


def _entry_name(rec: Recorder, step: int | None) -> str:
    g = rec.game
    if step is None:
        return "the dealer" if g.seat_field == "dealer" else "the first player"
    if step < 0:
        return f"the {g.stock_card(0)}"
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
    asked until it reads; ``"undo"`` for the word undo. quit raises Stop; help, show and
    score are answered here."""
    g = rec.game
    n = len(rec.header.players)
    deck = g.deck
    seats = [str(s) for s in range(n)]
    if step is None:
        word = "dealer" if g.seat_field == "dealer" else "first player"
        prompt = f"{g.deal_word} {number}: {word} (seat 0-{n - 1}): "
        wants = f"the {word}'s seat, a number from 0 to {n - 1} or a player's name"

        def complete(t: str) -> list[str]:
            typed = t.strip()
            names = [p for p in rec.header.players if typed and p.casefold().startswith(typed.casefold())]
            return [s for s in seats if s.startswith(typed)] + names + word_completions(DEAL_WORDS, t)

        taken: list[str] = []
    else:
        hands = [a for a in answers if isinstance(a, list)]  # (the hands typed before this entry)
        before = Counter(c for h in hands for c in h)
        # the cards the hands typed hold as often as the deck does (a joker of three, thrice)
        taken = [deck.code(c) for c, k in before.items() if k >= deck.counts.get(c, 1)]
        count = upcards if step < 0 else size
        if step < 0:
            prompt = f"{g.stock_card(0)} of {g.deal_word} {number}: "
            wants = f"the {plural(count, 'card')} turned up, as card codes"
        else:
            prompt = f"hand {step} ({rec.header.players[step]}, {plural(count, 'card')}): "
            wants = f"{rec.header.players[step]}'s {plural(count, 'card')}, card codes apart by spaces"

        def complete(t: str) -> list[str]:
            return card_completions(deck.codes, taken, t) + word_completions(DEAL_WORDS, t)

    while True:
        answer = ask(prompt, complete)
        if answer in DEAL_WORDS:
            if answer == "quit":
                raise Stop("", False)
            if answer == "undo":
                return answer
            if answer == "help":
                say(
                    f"wanted: {wants} · words: undo (the entry before again; at the first, the game's "
                    "last step) · show · score · help · quit (stop; this deal's entries are not kept)"
                )
            else:
                show(rec, answer)
            continue
        if step is None:
            if answer.strip() in seats:  # (never int() of 5,000 digits, nor of "²")
                return int(answer)
            named = seat_at(rec.header.players, answer.strip())
            if named is not None and named[1] == len(answer.strip()):  # a player's name, whole
                return named[0]
            say(f"✗ a seat, by number (0 to {n - 1}) or by name ({', '.join(rec.header.players)})", "red")
            continue
        cards = _read_cards(rec, answer, before, upcards if step < 0 else size)
        if cards is not None:
            return cards


def _read_cards(rec: Recorder, answer: str, before: Counter[int], size: int) -> list[int] | None:
    """The card codes of ``answer`` if they read and are ``size`` cards, none of them more
    often than the deck holds it with the cards of the hands typed ``before``; else None,
    having said why (the entry is asked again: the hands typed are kept)."""
    deck = rec.game.deck
    try:
        cards = [deck.parse(c) for c in answer.split()]
    except CardCodeError as e:
        say(f"✗ {e} [format.card]", "red")
        return None
    here = Counter(cards)
    again = [c for c in here if before[c] + here[c] > deck.counts.get(c, 1)]
    if len(cards) != size:
        say(f"✗ {plural(len(cards), 'card')}: {size} wanted", "red")
    elif again:
        codes = " ".join(deck.code(c) for c in again)
        typed = all(before[c] for c in again)
        where = "in a hand typed already" if typed else "more often than the deck holds it"
        say(f"✗ {codes}: {where}{_as_often(deck, again)}", "red")
    else:
        return cards
    return None


def _as_often(deck: Deck, cards: list[int]) -> str:
    """`` (the deck holds it 3 times)`` for a card the deck holds more than once."""
    times = deck.counts.get(cards[0], 1)
    return f" (the deck holds it {times} times)" if times > 1 else ""


def _announce(rec: Recorder, events: list[str]) -> None:
    """What a deal shows when it begins: the turned-up card (trump) and its events (a forest
    card turned)."""
    for text in table_lines(rec)[1:]:
        if text.startswith(("  Trump:", "  Trumps:")):
            label, _, what = text.strip().partition(":")
            say(f"  → {label.lower()} {what.strip()}", "cyan")  # the card codes as they are
    for event in events:
        say(f"  → {event}", "cyan")
