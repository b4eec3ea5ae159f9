"""The HTML replay page (gamerec.export.html) without a browser: well-formed, self-contained,
the same steps as the library's replay, safe with hostile names, deterministic."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser
from typing import Any

import msgspec
import pytest
from conftest import FIXTURES

from gamerec.bots import simulate
from gamerec.escape import strip_controls
from gamerec.export.html import html_replay
from gamerec.format.read import read_file
from gamerec.games import get_game
from gamerec.present import Replay
from gamerec.record import Record

GAMES = {
    "blackball": "family-3p.json",
    "black-swan-2012": "four-teams-declared.json",
    "black-swan-taroc": "four-empty-leader.json",
    "forest": "five-players.json",
}
#: a card of each game's deck, and how a page draws it (label, style classes, tooltip), as the
#: page's own script drew it before the looks moved to the decks
FACES = {
    "blackball": ("TH", ["10\u2665", "red", "TH (hearts)"]),
    "black-swan-2012": ("JK", ["JK", "joker", "joker"]),
    "black-swan-taroc": ("VO3", ["VO3", "major m-VO", "Vocations"]),
    "forest": ("K12", ["K12", "f-K", "black"]),
}

HOSTILE = [
    "<script>alert(1)</script>",
    "</script><script>alert(2)</script>",
    '"onload="x',
    '=HYPERLINK("x")',
    "\x1b]0;pwned\x07Eve",
]


def fixture_record(game: str, name: str | None = None) -> Record:
    entry = next(read_file(FIXTURES / game / "games" / (name or GAMES[game])))
    assert entry.record is not None, entry.error
    return entry.record


class Page(HTMLParser):
    """What the tests read of a page: every start tag with its attributes, the text of
    each element by id, and the contents of every <script>."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.text_of: dict[str, str] = {}
        self._open: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag in ("script", "title", "h1", "style"):
            self._open.append((tag, a, []))

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][2].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _, a, parts = self._open.pop()
            text = "".join(parts)
            if tag == "script":
                self.scripts.append((a, text))
            self.text_of[a.get("id") or tag] = text

    def data(self) -> dict[str, Any]:
        (found,) = [t for a, t in self.scripts if a.get("id") == "gamerec-data"]
        result: dict[str, Any] = json.loads(found)
        return result


def as_json(obj: object) -> Any:
    """``obj`` as the page's JSON gives it back (tuples become lists)."""
    return json.loads(msgspec.json.encode(obj))


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def test_page_is_html_and_self_contained(game: str) -> None:
    page = html_replay(fixture_record(game))
    assert page.startswith("<!DOCTYPE html>")
    parsed = Page(page)
    tags = [t for t, _ in parsed.tags]
    assert tags.count("html") == 1 and tags.count("body") == 1 and tags.count("script") == 2
    for needle in ("http://", "https://", "src=", "href=", "url(", "@import", "//cdn"):
        assert needle not in page, needle
    for tag, attrs in parsed.tags:
        assert not {"src", "href", "srcset", "action", "data"} & set(attrs), (tag, attrs)
    # the data script is inert JSON, the other one carries the code
    kinds = sorted(a.get("type") or "" for a, _ in parsed.scripts)
    assert kinds == ["", "application/json"]


def test_csp_allows_exactly_the_inline_script_and_style(game: str) -> None:
    page = html_replay(fixture_record(game))
    parsed = Page(page)
    (csp,) = [
        a["content"]
        for t, a in parsed.tags
        if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
    ]
    assert csp is not None and "default-src 'none'" in csp
    (code,) = [t for a, t in parsed.scripts if a.get("id") != "gamerec-data"]

    def sha(text: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"

    assert f"script-src {sha(code)}" in csp
    assert f"style-src {sha(parsed.text_of['style'])}" in csp


def test_data_has_every_step_of_the_replay(game: str) -> None:
    record = fixture_record(game)
    data = Page(html_replay(record, source="x.json", index=2)).data()
    replay = Replay(record, source="x.json", index=2)
    steps = list(replay)
    assert replay.verdict is not None
    assert len(data["steps"]) == len(steps) > 0
    for shown, step in zip(data["steps"], steps, strict=True):
        assert shown["text"] == step.text
        assert shown["event_texts"] == step.event_texts
        assert (shown["deal"], shown["index"]) == (step.deal, step.index)
        # (the page does not mark trumps yet: its data leaves them out)
        assert shown["view"] == {k: v for k, v in as_json(step.view).items() if k != "trumps"}
    assert data["game"] == game and data["players"] == record.players
    deck = get_game(game).deck
    dealt = {deck.codes[c] for deal in record.deals for hand in deal.hands for c in hand}
    assert dealt <= set(data["faces"])
    assert all(face == list(deck.look(code)[:3]) for code, face in data["faces"].items())
    code, face = FACES[game]
    assert list(deck.look(code)[:3]) == face
    assert data["verdict_status"] == replay.verdict.status == "valid"
    assert data["verdict"] == replay.verdict.message()
    assert "x.json: record 3" in data["verdict"]
    # one scoring side per team or player, each with its seats
    seats = sorted(s for side in data["sides"] for s in side["seats"])
    assert seats == list(range(len(record.players)))


def test_the_looks_of_every_deck_are_the_pages_own() -> None:
    """The French suits, the taroc majors and minors, the Black Swan and forest's colours, as
    the page drew them; a code no deck knows is drawn as it is."""
    from gamerec.cards import FRENCH, FRENCH_JOKERS_SWAN, TAROC

    assert FRENCH.look("2C")[:3] == ("2\u2663", "black", "2C (clubs)")
    assert FRENCH.look("AS")[:3] == ("A\u2660", "black", "AS (spades)")
    assert FRENCH_JOKERS_SWAN.look("BS")[:3] == ("BS", "swan", "Black Swan")
    assert TAROC.look("BS")[:3] == ("BS", "swan", "Black Swan")
    assert TAROC.look("AS1")[:3] == ("AS1", "major m-AS", "Astro")
    assert TAROC.look("KO")[:3] == ("KO", "t-O", "Bones")
    assert TAROC.look("TH").style == "red" and FRENCH.look("TH").style == "bold red"
    assert get_game("forest").deck.look("Y3")[:3] == ("Y3", "f-Y", "yellow")
    assert FRENCH.look("ZZ")[:3] == ("ZZ", "", "ZZ")


def test_team_game_has_one_chart_side_per_team() -> None:
    data = Page(html_replay(fixture_record("black-swan-2012"))).data()
    assert [len(side["seats"]) for side in data["sides"]] == [2, 2]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_simulated_records(game_id: str) -> None:
    record = next(simulate(game_id, players=3, games=1, seed=11))
    data = Page(html_replay(record)).data()
    assert [s["text"] for s in data["steps"]] == [s.text for s in Replay(record)]


def test_seat_hides_the_other_hands() -> None:
    record = fixture_record("blackball")
    data = Page(html_replay(record, seat=1)).data()
    assert data["seat"] == 1
    for step in data["steps"]:
        for sv in step["view"]["seats"]:
            assert (sv["hand"] is None) == (sv["seat"] != 1)


def test_illegal_record_shows_the_steps_up_to_the_fault_and_the_verdict() -> None:
    entry = next(read_file(FIXTURES / "blackball" / "bad" / "bid-range.json"))
    assert entry.record is not None
    replay = Replay(entry.record, source="bid-range.json")
    steps = list(replay)
    assert replay.verdict is not None
    data = Page(html_replay(entry.record, source="bid-range.json")).data()
    assert len(data["steps"]) == len(steps)
    assert data["verdict_status"] == "illegal"
    assert data["verdict"] == replay.verdict.message()


def test_unknown_game_gives_a_page_without_steps() -> None:
    record = Record(game="no-such-game", players=["Ann", "Bob"])
    data = Page(html_replay(record)).data()
    assert data["steps"] == [] and data["faces"] == {}
    # as gamerec.verify says of it (a record of no known game would not read back)
    assert data["verdict_status"] == "unreadable"


def hostile_record() -> Record:
    record = next(simulate("blackball", players=len(HOSTILE), games=1, seed=5, names=HOSTILE))
    record.meta = msgspec.structs.replace(record.meta, event=HOSTILE[1], site=HOSTILE[2])
    deal = record.deals[0]
    deal.actions[0] = msgspec.structs.replace(deal.actions[0], note=HOSTILE[0])
    return record


def test_hostile_names_never_reach_the_html_as_markup() -> None:
    record = hostile_record()
    page = html_replay(record)
    lowered = page.lower()
    assert "<script>alert" not in lowered
    assert "</script><script>" not in lowered
    assert "alert(1)</script>" not in lowered
    assert '"onload="x' not in page
    assert "\x1b" not in page and "\x07" not in page
    assert lowered.count("<script") == 2 and lowered.count("</script>") == 2
    parsed = Page(page)
    assert [t for t, _ in parsed.tags].count("script") == 2
    # the title and heading show the names as text
    expected = "blackball · " + ", ".join(strip_controls(n) for n in HOSTILE)
    assert parsed.text_of["title"] == expected + " · gamerec replay"
    assert parsed.text_of["heading"] == expected
    # and the data holds them exactly (but for the control characters)
    data = parsed.data()
    assert data["players"] == [strip_controls(n) for n in HOSTILE]
    assert [sv["name"] for sv in data["steps"][0]["view"]["seats"]] == data["players"]
    assert HOSTILE[0] in data["steps"][1]["text"]
    assert ["event", HOSTILE[1]] in data["meta"]
    # no character that could end the script is left in the JSON text
    (raw,) = [t for a, t in parsed.scripts if a.get("id") == "gamerec-data"]
    assert not re.search(r"[<>&]", raw)


def test_same_record_same_bytes() -> None:
    for game in GAMES:
        a = html_replay(fixture_record(game))
        b = html_replay(fixture_record(game))
        assert a == b
    r = hostile_record()
    assert html_replay(r, seat=2) == html_replay(r, seat=2)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_page_shown_as_one_seat_gives_away_no_card_it_does_not_show(game: str) -> None:
    """Review of issue 32: the page's card faces were those of every card in the record, so a
    page shown as seat 0 of a record cut short listed the cards the others still held
    (reproduced by ``simulate -p 2``, ``convert`` to text, ``head -16``, ``export --to html
    --seat 0``). The faces are every card of the game, the same whatever was dealt."""
    players = get_game(game).min_players
    a, b = simulate(game, players=players, games=2, seed=11)
    cut = msgspec.structs.replace(
        a, deals=[msgspec.structs.replace(a.deals[0], actions=a.deals[0].actions[:3])]
    )
    pages = [Page(html_replay(r, seat=0)).data() for r in (cut, a, b)]
    assert pages[0]["faces"] == pages[1]["faces"] == pages[2]["faces"]
    deck = get_game(game).deck
    state = get_game(game).new_state(a.rules, a.players)
    assert set(pages[0]["faces"]) == {deck.codes[c] for c in state.cards_in_game()}
