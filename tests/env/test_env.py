"""The PettingZoo environments (gamerec.env; skipped without the ``env`` extra): PettingZoo's
own API test for every game, random agents over many episodes, seeds, records that
``gamerec validate`` accepts, observations that hide the other seats' cards, and illegal
actions."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

import msgspec  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

import gamerec  # noqa: E402
from gamerec.cli import app  # noqa: E402
from gamerec.engine import played_cards  # noqa: E402
from gamerec.env import GameEnv, IllegalAction, env, env_games, raw_env  # noqa: E402
from gamerec.errors import InputError  # noqa: E402

#: rules that keep an episode short: forest one card each (4 steps with 2 players),
#: black-swan-2012 to 1 point (a deal or two, some 25 steps); blackball's schedule and
#: black-swan-taroc's game have no rule that shortens them
SHORT: dict[str, dict[str, Any]] = {
    "forest": {"hand_size": 1, "max_number": 3},
    "black-swan-2012": {"target": 1},
}


def _play(e: Any, rng: random.Random, seed: int | None) -> int:
    """One episode of masked random agents; returns the steps played."""
    e.reset(seed=seed)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps


def test_the_games_with_environments() -> None:
    assert set(env_games()) == {"blackball", "forest", "black-swan-taroc", "black-swan-2012"}


@pytest.mark.parametrize("game_id", ["blackball", "forest", "black-swan-taroc", "black-swan-2012"])
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    api_test(env(game_id, players, rules=SHORT.get(game_id)), num_cycles=300)


@pytest.mark.parametrize(
    ("game_id", "episodes", "max_steps"),
    [
        ("blackball", 10_000, None),
        ("forest", 10_000, None),
        ("black-swan-2012", 10_000, None),
        ("black-swan-taroc", 10_000, 30),
        ("black-swan-taroc", 500, None),
    ],
)
@pytest.mark.plain_only  # (about 80 s: once is enough; api_test and the rest run in both builds)
def test_random_agents_play_many_episodes(game_id: str, episodes: int, max_steps: int | None) -> None:
    """Masked random agents, 2 players, on the unwrapped environment (PettingZoo's wrappers
    more than double a step's time: bench/env.py). Measured on one core: blackball 10 000
    full episodes (124 steps each, no rule shortens its schedule) some 21 s; forest with one
    card each (4 steps) some 1.3 s; black-swan-2012 to 1 point (some 25 steps) some 14 s.
    black-swan-taroc has no rule that shortens a game (some 180 steps, 55 µs each: 10 000
    would take 100 s), so its 10 000 episodes are truncated after 30 steps (max_steps, some
    17 s) and 500 more are played to their end (some 5 s). Every finished episode is kept
    as a record, and some 200 of them are verified again (gamerec.verify)."""
    e = raw_env(game_id, 2, rules=SHORT.get(game_id), record=True, max_steps=max_steps)
    rng = random.Random(5)
    total = 0
    for i in range(episodes):
        total += _play(e, rng, i if i % 1000 == 0 else None)
        assert all(e.terminations.values()) or (max_steps and all(e.truncations.values()))
    assert total >= episodes * (1 if max_steps else 4)
    finished = e.records
    if max_steps is None:
        assert len(finished) == episodes
    else:  # (the truncated episodes are no records; those that ended within the steps are)
        assert len(finished) < episodes
    sample = finished[:: max(1, len(finished) // 200)]
    for record in sample:
        verdict = gamerec.verify(record)
        assert verdict.ok and verdict.scores is not None and verdict.scores.complete, verdict


def test_rewards_add_up_to_the_totals() -> None:
    """Each deal's score goes to its seat (or its team's members): an episode's rewards add
    up to each seat's total in the record."""
    for game_id, players, rules in [
        ("blackball", 3, {}),
        ("forest", 3, {"max_number": 5}),
        ("black-swan-taroc", 3, {}),
        ("black-swan-2012", 4, {"target": 1}),
    ]:
        e = env(game_id, players, rules=rules, record=True)
        rng = random.Random(2)
        for seed in range(5):
            e.reset(seed=seed)
            summed = dict.fromkeys(e.possible_agents, 0.0)
            for agent in e.agent_iter():
                obs, reward, term, trunc, _ = e.last()
                summed[agent] += reward
                if term or trunc:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[rng.randrange(len(legal))]))
            sheet = gamerec.verify(e.unwrapped.records[-1]).scores
            assert sheet is not None and sheet.complete
            for side, seats in enumerate(sheet.members or [[s] for s in range(players)]):
                for s in seats:
                    assert summed[f"player_{s}"] == sheet.totals[side], (game_id, seed)


def test_the_same_seed_gives_the_same_records(tmp_path: Path) -> None:
    """Same seed, same agents' choices: the same records, byte for byte; another seed, other
    deals."""

    def episodes(seed: int) -> bytes:
        e = env("blackball", 3, record=True)
        rng = random.Random(9)
        _play(e, rng, seed)
        _play(e, rng, None)
        records = e.unwrapped.records
        assert [r.provenance.settings["episode"] for r in records] == ["1", "2"]
        assert all(r.provenance.seed == seed for r in records)
        return msgspec.json.encode(records)

    assert episodes(4) == episodes(4)
    assert episodes(4) != episodes(5)


def test_a_numpy_seed_is_a_seed_and_one_no_record_keeps_is_refused(tmp_path: Path) -> None:
    """RL code passes numpy integers as seeds (they were a TypeError from random.Random); a
    seed the records cannot keep (a float, text, below 0 or past 2^64-1) is refused at
    reset, not found when the episodes' records cannot be written."""
    by_numpy, by_int = env("forest", 2, record=True), env("forest", 2, record=True)
    _play(by_numpy, random.Random(1), np.int64(7))
    _play(by_int, random.Random(1), 7)
    assert msgspec.json.encode(by_numpy.unwrapped.records) == msgspec.json.encode(by_int.unwrapped.records)
    assert type(by_numpy.unwrapped.records[0].provenance.seed) is int
    gamerec.write(by_numpy.unwrapped.records, str(tmp_path / "np.grec"))
    e = raw_env("forest", 2)
    for bad in (-1, 2**64, 1.5, "7", True):
        with pytest.raises(InputError, match=r"seed .*: a whole number from 0 to 2\^64-1"):
            e.reset(seed=bad)  # type: ignore[arg-type]
    e.reset(seed=2**64 - 1)


def test_self_play_records_pass_gamerec_validate(tmp_path: Path) -> None:
    records = []
    for game_id in env_games():
        e = env(game_id, 3, rules=SHORT.get(game_id), record=True)
        rng = random.Random(1)
        for seed in range(3):
            _play(e, rng, seed)
        records += e.unwrapped.records
        assert records[-1].provenance is not None
        assert records[-1].provenance.generator.endswith(" env")
    path = tmp_path / "self-play.grec"
    gamerec.write(records, str(path))
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert len(records) == 12


class _Dealt:
    """A game whose next deal is the one given (everything else is the game's own)."""

    def __init__(self, game: Any, deal: Any) -> None:
        self._game, self._deal = game, deal

    def deal(self, state: Any, rng: random.Random) -> Any:
        return msgspec.structs.replace(self._deal, actions=[])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


@pytest.mark.parametrize("game_id", ["blackball", "forest", "black-swan-taroc", "black-swan-2012"])
def test_an_observation_never_shows_another_seats_cards(game_id: str) -> None:
    """The cards another seat holds unseen are shuffled among the other seats (the cards
    seen in an action so far stay where they were dealt), the same actions played again,
    and the seat to move sees the same observation and mask (where what everyone saw is the
    same: in black-swan-taroc the other hands decide who is handed a pledge). Changing the seat's own hand
    does change it (the check can fail)."""
    players = 3
    rules = SHORT.get(game_id, {}) if game_id != "forest" else {"max_number": 6}
    first = raw_env(game_id, players, rules=rules, record=True)
    rng = random.Random(3)
    _play(first, rng, 11)
    deal = first.records[0].deals[0]
    enc = first.encoding
    compared = 0
    for k in range(1, len(deal.actions)):
        seat = deal.actions[k].seat
        seen_cards = {c for a in deal.actions[:k] for c in played_cards(a)}
        hands = [list(h) for h in deal.hands]
        free = [c for s in range(players) if s != seat for c in hands[s] if c not in seen_cards]
        rng.shuffle(free)
        for s in range(players):
            if s != seat:
                kept = [c for c in hands[s] if c in seen_cards]
                hands[s] = kept + [free.pop() for _ in range(len(hands[s]) - len(kept))]
        again = raw_env(game_id, players, rules=rules)
        again.game = _Dealt(first.game, msgspec.structs.replace(deal, hands=hands))  # type: ignore[assignment]
        again.reset(seed=11)
        same = raw_env(game_id, players, rules=rules)
        same.game = _Dealt(first.game, deal)  # type: ignore[assignment]
        same.reset(seed=11)
        try:
            for a in deal.actions[:k]:
                again.step(enc.index(a))
        except IllegalAction:
            continue  # (the other hands made an action illegal: no position to compare)
        for a in deal.actions[:k]:
            same.step(enc.index(a))
        if getattr(same.state_now, "pledges", None) != getattr(again.state_now, "pledges", None):
            continue  # (black-swan-taroc hands a pledge to the lowest card held: a public fact)
        agent = f"player_{seat}"
        assert again.agent_selection == same.agent_selection == agent
        ours, theirs = same.observe(agent), again.observe(agent)
        differ = [
            b.name
            for b in enc.blocks
            if not np.array_equal(
                ours["observation"][b.offset : b.offset + b.size],
                theirs["observation"][b.offset : b.offset + b.size],
            )
        ]
        assert differ == [], (k, differ)
        assert np.array_equal(ours["action_mask"], theirs["action_mask"]), k
        compared += 1
    assert compared >= 3
    # the seat's own hand changed: its observation changes
    hands = [list(h) for h in deal.hands]
    first_seat = deal.actions[0].seat
    other = (first_seat + 1) % players
    hands[first_seat][0], hands[other][0] = hands[other][0], hands[first_seat][0]
    a = raw_env(game_id, players, rules=rules)
    a.game = _Dealt(first.game, deal)  # type: ignore[assignment]
    a.reset(seed=1)
    b = raw_env(game_id, players, rules=rules)
    b.game = _Dealt(first.game, msgspec.structs.replace(deal, hands=hands))  # type: ignore[assignment]
    b.reset(seed=1)
    agent = f"player_{first_seat}"
    assert not np.array_equal(a.observe(agent)["observation"], b.observe(agent)["observation"])


def test_illegal_actions() -> None:
    """Unwrapped, an illegal action is an error naming the agent, the action and the rule,
    and changes nothing; wrapped (env), it ends the episode with the illegal reward to the
    agent that made it, as PettingZoo's classic games do."""
    raw = raw_env("blackball", 3)
    raw.reset(seed=1)
    mask = raw.action_mask()
    bad = int(np.flatnonzero(mask == 0)[0])
    agent = raw.agent_selection
    with pytest.raises(IllegalAction, match=rf"{agent} \(seat \d\): action {bad} \(bid \d\) is not legal"):
        raw.step(bad)
    with pytest.raises(IllegalAction, match="no action's number"):
        raw.step(raw.encoding.actions)
    assert raw.agent_selection == agent and np.array_equal(raw.action_mask(), mask)
    wrapped = env("blackball", 3, illegal_reward=-5)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    wrapped.step(bad)
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -5


def test_arguments_are_checked() -> None:
    with pytest.raises(InputError, match="unknown game 'chess'"):
        raw_env("chess")
    with pytest.raises(InputError, match="for 2 to 7 players, not 9"):
        raw_env("blackball", 9)
    with pytest.raises(InputError, match="unknown option 'trumps'"):
        raw_env("blackball", 3, rules={"trumps": "all"})
    with pytest.raises(InputError, match="render mode 'human'"):
        raw_env("forest", 3, render_mode="human")
    named = raw_env("forest", ["Ann", "Bob"], record=True)
    assert named.possible_agents == ["player_0", "player_1"]
    _play(named, random.Random(1), 1)
    assert named.records[0].players == ["Ann", "Bob"]


def test_render_shows_the_table_as_text() -> None:
    e = raw_env("blackball", 3, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and text.startswith("Round 1 of 13")
    assert "player_0" in text and "* " in text
    assert isinstance(e, GameEnv)
    quiet = raw_env("blackball", 3)
    quiet.reset(seed=1)
    assert quiet.render() is None
