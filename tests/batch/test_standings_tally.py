"""Standings add up in parts (one Tally per file, merged), exactly: a win shared three ways
six times is 2 wins, not 1.9999999999999998, and any split of a batch merges to the
standings of the whole (what the Dask path relies on)."""

from __future__ import annotations

from gamerec.checking.verdicts import GameResult, ScoreSheet, Verdict
from gamerec.tables.standings import Tally, Triage, standings


def _verdict(n: int, winners: list[int]) -> Verdict:
    sheet = ScoreSheet(
        ["A", "B", "C"], [[1, 2, 3]], [1 + n, 2, 3], winners, True, [], [GameResult([1 + n, 2, 3], winners)]
    )
    key = f"{n + 1:016x}" + "0" * 48  # distinct content hashes
    return Verdict("valid", "t", n + 1, game="blackball", players=["A", "B", "C"], scores=sheet, hash=key)


VERDICTS = [_verdict(n, [0, 1, 2] if n % 3 else [n % 3]) for n in range(18)]


def test_a_win_shared_three_ways_six_times_is_two_wins() -> None:
    shared = [_verdict(n, [0, 1, 2]) for n in range(6)]
    rows = standings(shared).games["blackball"]
    assert {p.player: p.wins for p in rows} == {"A": 2.0, "B": 2.0, "C": 2.0}


def test_tallies_of_any_split_merge_to_the_standings_of_the_whole() -> None:
    whole = standings(VERDICTS)
    for cut in range(len(VERDICTS) + 1):
        parts = []
        for part in (VERDICTS[:cut], VERDICTS[cut:]):
            tally, triage = Tally(), Triage()
            for v in part:
                if triage.admit(v):
                    tally.add(v)
            parts.append(tally)
        # merged either way round
        assert Tally().merge(parts[1]).merge(parts[0]).result() == whole.games
        assert parts[0].merge(parts[1]).result() == whole.games
