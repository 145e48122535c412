"""Hints and AI players: every legal action ranked, no leak of hidden cards, wins taken,
and the CLI and gRPC calls."""

import json
import pathlib
import random
import re

import grpc
import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.v1 import (kowah_pb2, kowah_pb2_grpc, lukfu_pb2, lukfu_pb2_grpc, totom_pb2,
                           totom_pb2_grpc)
from moneycards.solver.games import GAMES, check, seeded, spec
from moneycards.solver.hints import hint, play_deal
from tests.test_tables import swap_hidden

POSITIONS = 120


def positions(game, n, seed=0):
    """(state, seat) at random points of deals played with random legal actions."""
    rng = random.Random(seed)
    out = []
    deal = 0
    while len(out) < n:
        state = seeded(game, 1000 + deal)
        deal += 1
        while not state.is_over and len(out) < n:
            if rng.random() < 0.25:
                out.append((state.clone(), state.current_seat()))
            state.apply(rng.choice(state.legal_texts()))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_hint_ranks_exactly_the_legal_actions(game):
    for state, seat in positions(game, 60, seed=1):
        obs = state.observation(seat).to_json()
        ranked = hint(obs)
        assert sorted(r.action for r in ranked) == sorted(obs["legal_actions"])
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
        assert all(r.reason for r in ranked)
        assert not any("(s)" in r.reason for r in ranked)  # "1 live winning card", in words
        for must in ("win", "claim"):
            if must in obs["legal_actions"]:
                # Luk Fu may play on past a claim only with a trick nobody can beat (LF-W3)
                assert ranked[0].action == must or (
                    must == "claim" and "cannot be beaten" in ranked[0].reason)


# Half the positions by default; the other half under the `slow` marker, which
# bench/differential.py runs.
@pytest.mark.parametrize("game, half", [(g, 0) for g in GAMES] + [
    pytest.param(g, 1, marks=pytest.mark.slow) for g in GAMES])
def test_hint_never_changes_with_the_hidden_cards_of_other_seats(game, half):
    rng = random.Random(9 + half)
    checked = 0
    size = POSITIONS // 2
    opts = {"engine": "exact"} if game == "totom" else {}
    for state, seat in positions(game, (half + 1) * size, seed=2)[half * size:]:
        other = swap_hidden(state, seat, rng)
        if other is None or other.current_seat() != seat:
            continue
        # A budget no decision reaches, and Tổ Tôm distances from the exact engine (CP-SAT
        # answers within a time limit): the ranking depends on the observation alone, never
        # on how busy the machine is.
        a = [r.to_dict() for r in hint(state.observation(seat), budget_ms=600_000, **opts)]
        b = [r.to_dict() for r in hint(other.observation(seat), budget_ms=600_000, **opts)]
        assert a == b
        checked += 1
    assert checked > size // 2


@pytest.mark.parametrize("game", GAMES)
def test_ai_levels_play_whole_deals(game):
    seats = spec(game).seats
    for seed in range(3):
        levels = ["strong", "greedy", "random", "greedy"][:seats]
        state = play_deal(game, seed, levels)
        assert state.is_over and state.cards_accounted()
        # The deal's record replays to the same end, and its settlement is zero-sum.
        got = check(game, state.engine_record())
        assert got.valid and got.complete and got.result == state.result
        if state.result.net is not None:
            assert sum(state.result.net) == 0 and len(state.result.net) == seats


def test_hint_rejects_a_state_without_legal_actions():
    state = seeded("kowah", 1)
    obs = state.observation((state.current_seat() + 1) % 3)
    with pytest.raises(Exception, match="no legal actions"):
        hint(obs)


@pytest.mark.parametrize("game", GAMES)
def test_cli_observe_hint_selfplay(tmp_path, game):
    rng = random.Random(4)
    state = seeded(game, 4)
    for _ in range(5):
        state.apply(rng.choice(state.legal_texts()))
    from moneycards.records import game_record_json

    record = tmp_path / "deal.json"
    record.write_text(json.dumps(game_record_json(game, state.engine_record())))
    r = CliRunner().invoke(cli, [game, "observe", str(record)])
    assert r.exit_code == 0
    obs = json.loads(r.output)
    assert obs == state.observation(state.current_seat()).to_json()
    state_file = tmp_path / "state.json"
    state_file.write_text(r.output)
    r = CliRunner().invoke(cli, [game, "hint", "--state", str(state_file), "--json"])
    assert r.exit_code == 0
    acts = [a["action"] for a in json.loads(r.output)["actions"]]
    assert sorted(acts) == sorted(obs["legal_actions"])
    seats = ",".join(["strong"] + ["random"] * (state.seats - 1))
    r = CliRunner().invoke(cli, [game, "selfplay", "--deals", "2", "--seed", "3", "--seats",
                                 seats, "--json"])
    assert r.exit_code == 0
    summary = json.loads(r.output)["summary"]
    assert summary["deals"] == 2 and len(summary["settlement"]) == state.seats


@pytest.mark.parametrize("game", GAMES)
def test_cli_selfplay_says_how_each_deal_ended(game):
    """Each deal's line is the engine's account of its end, agreeing with --json: who won,
    on what, at what score, or why no one did."""
    seats = ",".join(["strong"] + ["random"] * (seeded(game, 0).seats - 1))
    args = [game, "selfplay", "--deals", "4", "--seed", "3", "--seats", seats]
    human = CliRunner().invoke(cli, args)
    assert human.exit_code == 0
    deals = json.loads(CliRunner().invoke(cli, [*args, "--json"]).output)["deals"]
    lines = human.output.splitlines()[:4]
    for k, (line, deal) in enumerate(zip(lines, deals)):
        assert line.startswith(f"deal {k + 1} (seed {3 + k}): ")
        said = line.split(": ", 1)[1]
        r = deal["result"]
        if "winner" in r:
            assert said.startswith(f"Seat {r['winner']} "), line
            assert " wins " in said or " claims " in said, line
            if "card" in r:
                assert f" on {r['card']} " in said, line
        else:
            assert said.startswith(("Drawn", "Three passes")), line
        assert "[[" not in said and "{'" not in said and "None" not in said


@pytest.mark.parametrize("args,error", [
    (["kowah", "selfplay", "--seats", "strong,wizard,random"],
     "error: --seats: unknown seat 'wizard': an AI level (random, greedy, heuristic, strong, "
     "expert), module:attr (a Player) or grpc:module:attr (a Player over gRPC)\n"),
    (["kowah", "selfplay", "--seats", "strong,random"],
     "error: --seats: Kowah has 3 seats, got 2 levels\n"),
    (["totom", "observe", "/dev/null"],
     "error: record: empty, where a game record (a JSON object) was expected\n"),
])
def test_cli_play_bad_input_exits_2(args, error):
    r = CliRunner().invoke(cli, args)
    assert (r.exit_code, r.stdout, r.stderr) == (2, "", error)


def test_cli_hint_bad_state(tmp_path):
    bad = tmp_path / "s.json"
    bad.write_text('{"game": "lukfu", "seat": 0, "legal_actions": ["call play"]}')
    r = CliRunner().invoke(cli, ["lukfu", "hint", "--state", str(bad)])
    assert r.exit_code == 2
    assert r.output == "error: state.record: expected a record (a JSON object)\n"
    bad.write_text('{"game": "kowah"}')
    assert CliRunner().invoke(cli, ["lukfu", "hint", "--state", str(bad)]).exit_code == 2


STUBS = {
    "totom": (totom_pb2_grpc.TotomServiceStub, totom_pb2.TotomServiceHintRequest),
    "kowah": (kowah_pb2_grpc.KowahServiceStub, kowah_pb2.KowahServiceHintRequest),
    "lukfu": (lukfu_pb2_grpc.LukFuServiceStub, lukfu_pb2.LukFuServiceHintRequest),
}


@pytest.mark.parametrize("game", GAMES)
def test_grpc_hint(channel, game):
    stub_cls, req = STUBS[game]
    stub = stub_cls(channel)
    state, seat = positions(game, 1, seed=5)[0]
    obs = state.observation(seat).to_json()
    r = stub.Hint(req(observation_json=json.dumps(obs), budget_ms=200), timeout=30)
    assert r.seat == seat
    assert sorted(a.action for a in r.actions) == sorted(obs["legal_actions"])
    with pytest.raises(grpc.RpcError) as info:
        stub.Hint(req(observation_json="{oops"), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_totom_hint_is_the_same_through_the_cpsat_distance():
    for state, seat in positions("totom", 25, seed=6):
        obs = state.observation(seat).to_json()
        exact = [r.to_dict() for r in hint(obs, engine="exact", budget_ms=1e6)]
        cpsat = [r.to_dict() for r in hint(obs, engine="cpsat", budget_ms=1e6)]
        auto = [r.to_dict() for r in hint(obs, engine="auto", budget_ms=1e6)]
        assert exact == cpsat == auto


def test_lukfu_plays_on_only_with_a_sure_trick_that_raises_the_claim():
    played_on = 0
    for state, seat in positions("lukfu", 200, seed=8):
        obs = state.observation(seat).to_json()
        if "claim" not in obs["legal_actions"]:
            continue
        top = hint(obs)[0]
        if top.action != "claim":
            played_on += 1
            assert top.action.startswith("lead ") and "cannot be beaten" in top.reason
    assert played_on >= 1  # this fixed sample holds one such position (the 167th)


def test_a_lukfu_claim_is_valued_as_sure_not_as_a_sample():
    """A claim ends the deal now (LF-W2): its points are known (LF-K2, LF-K3), and the hint
    says so, where it gave them as a sample's ("+2.00 to +2.00 over 48 sampled deals")."""
    from moneycards.solver.lukfu.legal import win_points

    deal = play_deal("lukfu", 3, ["strong"] * 3)  # seat's claim, its 15th action
    state = seeded("lukfu", 3)
    for action in deal.history[:14]:
        state.apply(action)
    seat = state.current_seat()
    top = hint(state.observation(seat).to_json())[0]
    state.apply("claim")
    won = state.result.net[seat]
    assert top.action == "claim" and top.settlement == won == 2 * win_points(state.result.fu)
    assert top.reason == (f"claim: {won:+.2f} points, sure: the claim ends the deal now "
                          f"(LF-W2), settled by LF-K2 and LF-K3; claim now with "
                          f"{state.result.fu} fu (LF-W2)")


@pytest.mark.parametrize("game", GAMES)
def test_cli_play_against_the_ais(tmp_path, game):
    out = tmp_path / "deal.json"
    answers = "hint\n" + "1\n" * 400
    r = CliRunner().invoke(cli, [game, "play", "--seed", "7", "--level", "greedy",
                                 "--record", str(out)], input=answers)
    assert r.exit_code == 0, r.output
    assert "hint:" in r.output and f"saved to {out}" in r.output
    from moneycards.records import read_game_record
    from moneycards.solver.games import check

    record = read_game_record(game, out.read_text())
    assert check(game, record).valid and check(game, record).complete


def test_the_safety_cap_ranks_what_it_left_last_and_says_so():
    from moneycards.solver.ranking import Cap

    Cap.reset()
    hit = 0
    for state, seat in positions("totom", 40, seed=3):
        obs = state.observation(seat).to_json()
        ranked = hint(obs, budget_ms=0.0)
        assert sorted(r.action for r in ranked) == sorted(obs["legal_actions"])
        if len(ranked) > 1 and "win" not in obs["legal_actions"]:
            skipped = [r for r in ranked if not r.evaluated]
            assert skipped and all("safety cap of 0 ms" in r.reason for r in skipped)
            assert all(r.to_dict()["value"] is None for r in skipped)
            hit += 1
    decisions, hits = Cap.reset()
    assert decisions == 40 and hits >= hit > 0


def test_grpc_hint_values_are_rounded_like_the_cli_and_absent_when_not_evaluated(channel):
    stub = totom_pb2_grpc.TotomServiceStub(channel)
    for state, seat in positions("totom", 40, seed=3):
        obs = state.observation(seat).to_json()
        if len(obs["legal_actions"]) > 2 and "win" not in obs["legal_actions"]:
            break
    full = stub.Hint(totom_pb2.TotomServiceHintRequest(
        observation_json=json.dumps(obs), budget_ms=1e6), timeout=60)
    assert all(a.HasField("value") and round(a.value, 4) == a.value for a in full.actions)
    assert [json_dict(a) for a in full.actions] == [
        r.to_dict() for r in hint(obs, budget_ms=1e6)]
    tiny = stub.Hint(totom_pb2.TotomServiceHintRequest(
        observation_json=json.dumps(obs), budget_ms=1e-6), timeout=60)
    skipped = [a for a in tiny.actions if not a.HasField("value")]
    assert skipped and all(a.explanation.startswith("not evaluated: the safety cap")
                           for a in skipped)
    assert tiny.actions[-1] in skipped  # unevaluated actions rank last


def json_dict(a):
    return {"action": a.action, "value": a.value if a.HasField("value") else None,
            "explanation": a.explanation, "cut_short": a.cut_short,
            "settlement": a.settlement if a.HasField("settlement") else None}


def test_grpc_hint_rejects_a_negative_budget(channel):
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    state, seat = positions("kowah", 1, seed=5)[0]
    with pytest.raises(grpc.RpcError) as info:
        view = json.dumps(state.observation(seat).to_json())
        stub.Hint(kowah_pb2.KowahServiceHintRequest(observation_json=view, budget_ms=-1),
                  timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "budget_ms" in info.value.details()


def test_grpc_hint_without_a_view_says_to_give_one(channel):
    stub = kowah_pb2_grpc.KowahServiceStub(channel)
    with pytest.raises(grpc.RpcError) as info:
        stub.Hint(kowah_pb2.KowahServiceHintRequest(), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert info.value.details().startswith("observation_json: give the seat's view")


def test_R_claim_timing_lukfu_hint_never_plays_on_into_the_last_trick():
    from moneycards.solver.lukfu import LUKFU
    from moneycards.solver.lukfu.hint import _sure_gain
    from moneycards.solver.lukfu.old import Position
    from moneycards.solver.lukfu.plays import SEED_RULES

    # 678t cannot be beaten (7t and 8t are held, Tens is the highest suit) and would add
    # three fu, but it is the seat's last card: playing on there loses the claim.
    pos = Position(None, 0, LUKFU.parse("6t 7t 8t"))
    assert _sure_gain(pos, ["claim", "lead 678t"], set(), SEED_RULES) is None
    pos = Position(None, 0, LUKFU.parse("6t 7t 8t 2c"))
    assert _sure_gain(pos, ["claim", "lead 678t"], set(), SEED_RULES) == ("lead 678t", 3)


def test_a_kowah_take_cut_short_is_not_evaluated_rather_than_hopeless():
    """The call going away (or the cap running out) while a take's discards are valued
    leaves the take not evaluated; it used to read "every discard after it hands a declared
    seat the win" with no seat declared."""
    cut = 0
    for state, seat in positions("kowah", 30, seed=4):
        obs = state.observation(seat).to_json()
        if "take" not in obs["legal_actions"] or obs["declared"]:
            continue
        for k in range(1, 8):  # stop after the k-th check, wherever that falls
            calls = iter(range(k))
            ranked = hint(obs, 2000.0, stop=lambda calls=calls: next(calls, None) is None)
            take = next(r for r in ranked if r.action == "take")
            assert "hands a declared seat the win" not in take.reason, (k, take.reason)
            cut += not take.evaluated
    assert cut


# -- a search cut short says so, per action ---------------------------------------------------
SEARCH_DEALS = {"totom": "totom.hint:WORLDS", "kowah": "kowah.hint:SEARCH_WORLDS",
                "lukfu": "lukfu.hint:SEARCH_WORLDS"}


def searched_position(game):
    """An observation whose hint plays two options or more out in sampled deals, and how
    many times that hint checks whether to stop."""
    for state, seat in positions(game, 60, seed=2):
        obs = state.observation(seat).to_json()
        checks: list[int] = []
        full = hint(obs, 1e6, stop=lambda checks=checks: checks.append(1) and False)
        if sum("sampled deals played out" in r.reason for r in full) >= 2:
            return obs, len(checks)
    raise AssertionError(f"no {game} position is searched")


def stop_at(k):
    """A stop check that is true from its k-th call on: the cut falls where the count says,
    whatever the machine's speed."""
    calls = iter(range(k - 1))
    return lambda: next(calls, None) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_search_cut_short_says_so_per_action_instead_of_valuing_fewer_deals(game):
    import importlib
    import re

    module, name = SEARCH_DEALS[game].split(":")
    asked = getattr(importlib.import_module(f"moneycards.solver.{module}"), name)
    obs, checks = searched_position(game)
    partial = 0
    # The search checks between sampled deals, last: stopping at its checks cuts it after
    # 0, 1, 2, ... deals; the first checks cut the ranking before it.
    for k in sorted({1, checks // 2} | set(range(max(1, checks - asked), checks + 1))):
        ranked = hint(obs, 1e6, stop=stop_at(k))
        assert sorted(r.action for r in ranked) == sorted(obs["legal_actions"])
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
        cut = [r for r in ranked if r.cut_short]
        assert cut, k  # the stop was reached: some action says it was cut short
        if k == 1:  # the ranking itself cut, before any search: no value reads as final
            assert all(r.cut_short for r in ranked if r.action != "win"), \
                [(r.action, r.reason) for r in ranked if not r.cut_short]
        for r in ranked:
            # never a share of fewer deals than asked, as if the search had finished
            assert "sampled deals played out" not in r.reason, (k, r.reason)
            assert r.to_dict()["cut_short"] is r.cut_short
        for r in cut:
            assert (r.reason.startswith("not played out: cut short ") if r.evaluated
                    else r.reason.startswith("not evaluated: the call was cancelled")), r.reason
        partial += any(re.match(rf"not played out: cut short after [1-9]\d* of its {asked} "
                                r"sampled deals \(the call was cancelled\); ", r.reason)
                       for r in cut)
    assert partial  # some cut fell inside the search, after some of its deals


@pytest.mark.parametrize("game", GAMES)
def test_the_grpc_answer_marks_what_was_cut_short(channel, game):
    from moneycards.server.records import ranked_messages

    obs, checks = searched_position(game)
    ranked = hint(obs, 1e6, stop=stop_at(checks - 1))
    messages = ranked_messages(ranked)
    assert [m.cut_short for m in messages] == [r.cut_short for r in ranked]
    assert any(m.cut_short and m.HasField("value") for m in messages)
    full = ranked_messages(hint(obs, 1e6))
    assert not any(m.cut_short for m in full)
    stub, request = {
        "totom": (totom_pb2_grpc.TotomServiceStub, totom_pb2.TotomServiceHintRequest),
        "kowah": (kowah_pb2_grpc.KowahServiceStub, kowah_pb2.KowahServiceHintRequest),
        "lukfu": (lukfu_pb2_grpc.LukFuServiceStub, lukfu_pb2.LukFuServiceHintRequest)}[game]
    answer = stub(channel).Hint(request(observation_json=json.dumps(obs), budget_ms=1e6),
                                timeout=60)
    assert list(answer.actions) == full
    tiny = stub(channel).Hint(request(observation_json=json.dumps(obs), budget_ms=1e-6),
                              timeout=60)
    assert any(a.cut_short for a in tiny.actions)
    for a in tiny.actions:
        assert a.cut_short == (not a.HasField("value")
                               or a.explanation.startswith("not played out: cut short")), a


def test_a_totom_option_not_played_out_tells_its_distance_in_whole_cards():
    """Tổ Tôm seed 5 after five actions: the ranking's value is minus the distance less
    fractions (live cards, the next seat's chance to capture), so an option two cards from
    a win like the best one is "as near a win", never "0.1 cards further"; one three cards
    away is "1 card further"."""
    state = seeded("totom", 5)
    for action in ("discard 2s", "capture 2s", "discard 2c", "pass", "capture 6m"):
        state.apply(action)
    ranked = hint(state.observation(state.current_seat()), level="strong", seed=0)
    said = [r.reason for r in ranked if r.reason.startswith("not played out")]
    assert said and not any("." in r.split(" cards further")[0].split()[-1]
                            for r in said if "further" in r)
    near = [r for r in said if "2 cards from a win" in r]
    far = [r for r in said if "3 cards from a win" in r]
    assert near and all("as near a win as the best option" in r for r in near)
    assert far and all("1 card further from a win than the best option" in r for r in far)


def test_a_luk_fu_hint_counts_the_options_played_out_in_words():
    """'below the 1 option played out', never 'the 1 options': with one option played out
    the options not played out still say how many were."""
    from moneycards.solver.lukfu import hint as lukfu_hint  # the game's own search, sized

    said = []
    for seed in range(4):
        state = seeded("lukfu", seed)
        while not state.is_over and len(said) < 3:
            obs = state.observation(state.current_seat())
            if len(obs.legal_actions) > 2:
                said += [r.reason for r in lukfu_hint.strong(obs, seed=1, worlds=4, top_k=1)
                         if "not played out" in r.reason]
            state.apply(obs.legal_actions[0])
    assert said and all("the 1 option played out;" in s for s in said), said


# a signed net, "0 points", or Kowah's multiplier won, never below zero and unsigned
FIGURE = re.compile(r"(?<![\w.])([+-]\d+(?:\.\d+)?|0(?= points)|\d+\.\d+(?= multiplier won)"
                    r"|(?<=race estimate )\d+\.\d+)")


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_a_hint_s_settlement_is_the_figure_its_explanation_states(game):
    """RankedAction.settlement: the expected settlement a deal an explanation gives (its
    first figure: "+1.6 points a deal", "about 0.58 multiplier won a deal", "race
    estimate +0.56", "0 points"), to the digits shown; absent where it states none. Over
    the strong hints of seeded deals, seats played by the hint's top action; in Kowah and
    Luk Fu some option is listed below one it is not surely worse than, its `value` moved
    below that one's while its settlement stays its own."""
    seen = moved = 0
    for seed in range(6):
        state = seeded(game, seed)
        for _ in range(60):
            if state.is_over:
                break
            obs = state.observation(state.current_seat())
            ranked = hint(obs)
            for r in ranked:
                d = r.to_dict()
                assert (d["settlement"] is None) == (r.settlement is None)
                if r.settlement is None:
                    continue
                seen += 1
                said = FIGURE.search(r.reason)
                assert said, r
                figure = said.group(1)
                digits = len(figure.partition(".")[2])
                assert abs(float(figure) - r.settlement) <= 0.5 * 10 ** -digits + 1e-9, r
                moved += r.evaluated and r.value < r.settlement - 1e-3
            state.apply(ranked[0].action)
    assert seen > 20, seen
    if game != "totom":
        assert moved, "no option listed below one it is not surely worse than"


@pytest.mark.parametrize("game", GAMES)
def test_cli_selfplay_writes_each_deal_s_record(tmp_path, game):
    """`selfplay --records DIR`: one game record a deal (GAME-SEED.json), the seats named by
    their players, that check-record finds complete with the result selfplay said; the same
    seeds write the same files."""
    seats = ",".join(["strong"] + ["random"] * (seeded(game, 0).seats - 1))
    args = [game, "selfplay", "--deals", "3", "--seed", "3", "--seats", seats]
    out = CliRunner().invoke(cli, [*args, "--records", str(tmp_path / "a")])
    assert out.exit_code == 0, out.output
    assert f"records are in {tmp_path / 'a'}, one a deal ({game}-3.json to {game}-5.json)" \
        in out.output
    lines = out.output.splitlines()
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        f"{game}-{s}.json" for s in (3, 4, 5)]
    for k in range(3):
        path = tmp_path / "a" / f"{game}-{3 + k}.json"
        record = json.loads(path.read_text())
        assert [s["name"] for s in record["seats"]] == [
            f"Seat {s} ({lv})" for s, lv in enumerate(seats.split(","))]
        assert record["seats"][0]["ai_level"] == "AI_LEVEL_STRONG"
        checked = CliRunner().invoke(cli, [game, "check-record", str(path)])
        assert checked.exit_code == 0 and checked.output.startswith("VALID: "), checked.output
        # the end selfplay told, seats named as the record names them
        said = lines[k].split(": ", 1)[1]
        for s, lv in enumerate(seats.split(",")):
            said = re.sub(rf"\bSeat {s}\b", f"Seat {s} ({lv})", said)
        assert said in checked.output, (said, checked.output)
    again = CliRunner().invoke(cli, [*args, "--records", str(tmp_path / "b")])
    assert again.exit_code == 0
    for k in range(3):
        name = f"{game}-{3 + k}.json"
        assert (tmp_path / "a" / name).read_text() == (tmp_path / "b" / name).read_text()


def test_cli_selfplay_records_in_a_file_s_place_are_refused(tmp_path):
    (tmp_path / "f").write_text("")
    r = CliRunner().invoke(cli, ["kowah", "selfplay", "--deals", "1", "--records",
                                 str(tmp_path / "f")])
    assert r.exit_code == 2 and "--records" in r.output and "f" in r.output


def test_cli_hint_top_lists_the_best_few_and_counts_the_rest(tmp_path):
    """`hint --top N`: the N first lines of the full ranking, then how many more there are
    (a Luk Fu face-down choice of four cards lists hundreds); --top 0 and the default list
    every action, and --json always gives them all."""
    state = tmp_path / "state.json"
    r = CliRunner().invoke(cli, ["totom", "observe", "examples/totom-midgame.json"])
    assert r.exit_code == 0
    state.write_text(r.output)
    args = ["totom", "hint", "--state", str(state)]
    full = CliRunner().invoke(cli, args).output.splitlines()
    assert len(full) > 3
    top = CliRunner().invoke(cli, [*args, "--top", "2"]).output.splitlines()
    assert top[:2] == full[:2]
    assert top[2:] == [f"   … and {len(full) - 2} more actions, ranked below these "
                       "(--top 0 lists them all)"]
    one_less = CliRunner().invoke(cli, [*args, "--top", str(len(full) - 1)]).output
    assert one_less.splitlines()[-1].startswith("   … and 1 more action, ")
    assert CliRunner().invoke(cli, [*args, "--top", "0"]).output.splitlines() == full
    assert CliRunner().invoke(cli, [*args, "--top", str(len(full))]).output.splitlines() == full
    as_json = json.loads(CliRunner().invoke(cli, [*args, "--top", "1", "--json"]).output)
    assert len(as_json["actions"]) == len(full)
    bad = CliRunner().invoke(cli, [*args, "--top", "-1"])
    assert bad.exit_code == 2 and "--top" in bad.output


def replayed(game: str, record):
    """The table at the end of a record file's JSON (or text)."""
    from moneycards.records import read_game_record
    from moneycards.solver.games import final_state

    return final_state(game, read_game_record(game, record))


# Seat 1 holds three 5s; seat 0 discards the fourth. The Chíu leaves twenty cards in ten
# pairs: 5555s as two Chắn, 44c 77c 8c8m 9c9s 44m 66m 77m 99m.
CHIU_WINS = {"game": "totom", "deal": {
    "hands": ["2233489c 566778899s 2233m", "447789c 5559s 446677899m",
              "2455578c 34468s 3567889m", "2679c 223467789s 224557m"],
    "stock": "1h 1h 4m 6c 3c 5c 9c 5m 3s 2s 9m 3s 2s 6c 3c 6c 6m 4s 8c 1h 8m 1h 3m",
    "first_seat": 0}, "actions": ["discard 5s"]}


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_TT_P6_a_chiu_that_wins_at_once_ranks_and_settles_as_the_win_it_is(level):
    """A Chíu that leaves twenty cards in ten pairs wins at once (TT-P6): the hint valued it
    as a Chíu followed by a discard, level with declining, where the claim settles +15."""
    state = replayed("totom", CHIU_WINS)
    obs = state.observation(1).to_json()
    assert set(obs["legal_actions"]) == {"chiu", "decline"}
    top, below = hint(obs, level=level)
    won = replayed("totom", {**CHIU_WINS, "actions": ["discard 5s", "chiu"]})
    assert won.result.winner == 1
    assert won.result.net[1] == 15
    assert top.action == "chiu" and below.action == "decline"
    assert "wins at once (TT-P6)" in top.reason and "then discard" not in top.reason
    if level == "strong":  # the ranking the AI levels above it and the hints settle by
        assert top.settlement == 15 and below.settlement < 15
        assert top.reason.startswith("+15 points: a Chíu that wins at once (TT-P6)")


# The dealer's twenty in ten identical pairs: Thiên ù, or no legal discard (TT-C2).
DEALT_PAIRS = {"game": "totom", "deal": {
    "hands": ["2233445566m 2233445566s", "2335578c 33567899s 3667m",
              "345567779c 2779s 24579m 1h", "22346889c 445788s 379m 11h"],
    "stock": "8m 8m 4m 2m 4c 6s 1h 6c 9s 7m 8m 8c 9c 2s 9m 2c 4c 5m 8s 6c 8m 9m 9c",
    "first_seat": 0}, "actions": []}


def test_TT_S4_a_dead_hand_is_hinted_as_one_that_never_wins():
    """Declining the Thiên ù leaves no legal discard, so the dealer's hand is dead (TT-S4):
    it can never win and pays when another seat wins. The hint valued the decline and the
    dead hand's passes as a live hand's, +2.5 points a deal and 41% to win."""
    from moneycards.solver.totom.hint import expected_points

    state = replayed("totom", DEALT_PAIRS)
    win, decline = hint(state.observation(0).to_json())
    assert win.action == "win" and decline.action == "decline"
    assert decline.settlement == expected_points(0.0) < 0
    assert "dead for the deal" in decline.reason and "TT-S4" in decline.reason
    state.apply("decline")
    while state.current_seat() != 0:  # the others play on until the dead seat's turn
        state.apply(state.legal_texts()[-1])
    ranked = hint(state.observation(0).to_json())
    assert all(r.settlement == expected_points(0.0) and "never captures or wins (TT-S4)"
               in r.reason for r in ranked)


def test_TT_T4_with_the_stock_empty_every_option_settles_about_zero():
    """No stock card is left to win on (TT-W6): the deal is drawn when an offered card is let
    go (TT-T4) unless a Chíu completes a hand. The hint read the self-play table and showed
    +1.5 points for one option and -3.3 for the other."""
    for seed in range(1, 40):
        state = seeded("totom", seed)
        while not state.is_over and not (state.observation(state.current_seat()).stock == 0
                                         and state.phase.value == "offer"):
            state.apply(state.legal_texts()[0] if state.phase.value != "claims"
                        else "decline" if "decline" in state.legal_texts()
                        else state.legal_texts()[0])
        if not state.is_over:
            break
    else:
        raise AssertionError("no deal of seeds 1-39 reached an offer with the stock empty")
    ranked = hint(state.observation(state.current_seat()).to_json())
    assert [r.action for r in ranked] == state.legal_texts() or len(ranked) == len(
        state.legal_texts())
    assert all(r.settlement == 0.0 and "the stock is empty" in r.reason and "TT-T4" in r.reason
               for r in ranked if r.action not in ("win", "chiu")), ranked


POSITION_FILES = pathlib.Path(__file__).parent / "positions"


def kowah_position(name: str) -> dict:
    """The observation of the seat to act at the end of a stored Kowah record."""
    state = replayed("kowah", (POSITION_FILES / name).read_text())
    return state.observation(state.current_seat()).to_json()


def test_kowah_stay_says_why_it_is_listed_without_a_race_estimate_it_does_not_have():
    """R-declare with optional_declaration on: staying silent has no race estimate (the hand
    cannot win this turn, R-no-declaration-win); its reason read "has the race estimate
    undeclared, …"."""
    stay = next(r for r in hint(kowah_position("kowah-optional-stay.json"))
                if r.action == "stay")
    assert stay.reason == ("not played out: staying silent: undeclared, the hand cannot "
                           "win this turn (R-no-declaration-win); it may declare after a later "
                           "discard; listed after the 2 options played out")


def test_cli_kowah_hint_compares_only_options_played_out_in_the_same_deals(tmp_path):
    """The footnote says an option listed lower showed more in the sampled deals; an option
    not played out shows the race's estimate, another model's, and was named there too."""
    path = tmp_path / "obs.json"
    obs = kowah_position("kowah-race-beside-search.json")
    path.write_text(json.dumps(obs))
    out = CliRunner().invoke(cli, ["kowah", "hint", "--state", str(path)]).output
    ranked = hint(obs)
    assert any("not played out" in r.reason and r.settlement > ranked[0].settlement
               for r in ranked)  # the position still shows what the footnote named
    assert "but not surely more" not in out, out


def test_TT_P6_a_winning_chiu_is_hinted_without_the_other_seats_hand_sizes():
    """docs/observations.md: hand_sizes may be left out. The winning Chíu's verdict reads
    only the seat's own cards; it crashed where no world could be sampled."""
    obs = replayed("totom", CHIU_WINS).observation(1).to_json()
    del obs["hand_sizes"]
    top = hint(obs)[0]
    assert top.action == "chiu" and top.settlement == 15
    dealer = replayed("totom", DEALT_PAIRS).observation(0)
    dealt = dealer.to_json()
    del dealt["hand_sizes"]
    assert hint(dealt)[0].settlement == hint(dealer.to_json())[0].settlement == 66


def test_TT_T4_a_dead_hand_with_the_stock_empty_settles_about_zero():
    """Its only move, a pass with no stock left, ends the deal drawn (TT-T4): 0, not what a
    dead hand pays when another seat wins."""
    import random as random_mod

    rng = random_mod.Random(4)
    state = replayed("totom", DEALT_PAIRS)
    state.apply("decline")
    while not state.is_over:
        seat = state.current_seat()
        obs = state.observation(seat)
        if seat == 0 and obs.stock == 0:
            (only,) = hint(obs.to_json())
            assert only.settlement == 0.0 and "the stock is empty" in only.reason
            return
        state.apply(rng.choice(state.legal_texts()))
    pytest.skip("the dead seat met no empty stock in this deal")
