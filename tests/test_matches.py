"""Matches (R-match in every game): a series of deals at one table with running totals.

In process: who deals (Tổ Tôm), starts (Kowah) or is the master (Luk Fu) after each deal,
with and without the rotation switch; totals that add up to zero where the game settles in
points; a target that ends a match; a restart between deals and mid-deal. Over gRPC: a
seeded eight-deal match of each game equals the same match in process, deal by deal.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys

import grpc
import pytest
from google.protobuf import json_format

from moneycards.records import match_record_json
from moneycards.server.app import start_service
from moneycards.server.store import SqliteStore
from moneycards.server.tables import Tables
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import spec
from moneycards.solver.table import OutcomeKind, seat_label
from moneycards.solver.tables import AI, HUMAN, Match, Seat, Table, read_match
from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

GAMES = ("totom", "kowah", "lukfu")
GAME_ENUM = {"totom": common_pb2.GAME_TOTOM, "kowah": common_pb2.GAME_KOWAH,
             "lukfu": common_pb2.GAME_LUK_FU}


def seats(game: str, person: int = 0) -> list[Seat]:
    return [Seat(HUMAN) if s == person else Seat(AI, "greedy")
            for s in range(spec(game).seats)]


def person_move(table: Table, seat: int, k: int) -> str:
    """The person plays as the greedy AI would, seeded by the move's number."""
    return spec(table.game.name).greedy(table.observation(seat), random.Random(k))


def play_match(table: Table, seat: int = 0, stop_at: int | None = None) -> Table:
    k = 0
    while not table.is_over and (stop_at is None or len(table.inputs) < stop_at):
        table.act(seat, person_move(table, seat, k))
        k += 1
    return table


@pytest.mark.parametrize("rotates", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_R_match_who_deals_next(game, rotates):
    """R-match: the winner deals, starts or is the master next; after a drawn deal or a
    redeal the next seat in turn order; with the game's rotation switch always the next."""
    g = spec(game)
    rules = dataclasses.replace(g.rules("seed"), **{g.rotation_switch: rotates})
    seen = set()
    # Tổ Tôm's seed 46 has a drawn first deal; a drawn Kowah deal is rare (none in sixty
    # greedy matches: the stock outlasts every hand), so Kowah's rests on the shared
    # `next_starter` that Tổ Tôm's and Luk Fu's drawn deals and redeals check here
    for seed in [*range(6), *([46] if game == "totom" else [])]:
        t = play_match(Table.create(game, seats(game, seed % g.seats), seed=seed, rules=rules,
                                    match=Match(deals=5)), seed % g.seats)
        deals = t.finished()
        assert len(deals) == 5 and t.is_over
        for before, after in zip(deals, deals[1:]):
            r = before.result
            if r.winner is not None and not rotates:
                assert after.starter == r.winner
                seen.add("winner")
            else:
                assert after.starter == (before.starter + 1) % g.seats
                seen.add(r.kind.value if not rotates else "rotates")
    assert ("rotates" in seen) if rotates else ("winner" in seen)
    if not rotates and game != "kowah":  # a deal with no winner was met, and passed on
        assert seen & {"drawn", "redeal"}, seen


@pytest.mark.parametrize("game", ["totom", "lukfu"])
def test_R_match_totals_add_up_to_zero_where_a_game_settles_in_points(game):
    for seed in range(4):
        t = play_match(Table.create(game, seats(game), seed=seed, match=Match(deals=4)))
        running = [0] * spec(game).seats
        for d in t.finished():
            running = [a + b for a, b in zip(running, d.result.net or (0,) * len(running))]
            assert sum(running) == 0
        assert t.totals() == running


def test_R_match_kowah_tallies_wins_and_multipliers():
    t = play_match(Table.create("kowah", seats("kowah"), seed=2, match=Match(deals=6)))
    wins, mult = [0, 0, 0], [0, 0, 0]
    for d in t.finished():
        if d.result.kind is OutcomeKind.WIN:
            wins[d.result.winner] += 1
            mult[d.result.winner] += d.result.multiplier
    assert t.wins() == wins and t.totals() == mult and sum(wins) >= 1


def test_R_match_a_target_ends_the_match_once_a_seat_reaches_it():
    t = play_match(Table.create("totom", seats("totom"), seed=4, match=Match(to_points=20)))
    totals = t.totals()
    assert max(totals) >= 20
    before = [0] * 4
    for d in t.finished()[:-1]:  # no deal before the last reached it
        before = [a + b for a, b in zip(before, d.result.net or (0,) * 4)]
        assert max(before) < 20


def test_R_match_bad_lengths_name_their_field():
    with pytest.raises(InvalidInput) as err:
        read_match(spec("kowah"), 4, 10)
    assert err.value.field == "match.to_points" and "KW-K1" in err.value.message
    with pytest.raises(InvalidInput) as err:
        read_match(spec("totom"), 1001, 0)
    assert err.value.field == "match.deals"


def test_R_match_deal_boundaries_are_events_with_the_totals():
    t = play_match(Table.create("lukfu", seats("lukfu"), seed=1, match=Match(deals=3)))
    starts = [e for e in t.events(0) if e.new_deal]
    assert [e.deal for e in starts] == [2, 3]
    ended = [e for e in t.events(0) if e.result is not None]
    assert [e.deal for e in ended] == [1, 2, 3]
    assert starts[0].lines[0].startswith("Deal 2 of 3: ") and "is the master" in starts[0].lines[0]
    assert starts[0].lines[1].startswith("Totals: ")


@pytest.mark.parametrize("game", GAMES)
def test_R_match_totals_between_deals_say_their_unit(game):
    """Between deals as at the match's end: Kowah's totals are multipliers won (KW-K1), said
    so, for a match tallies deals won too; the point games' totals are signed points."""
    t = play_match(Table.create(game, seats(game), seed=2, match=Match(deals=2)))
    start = next(e for e in t.events(0) if e.new_deal)
    totals = start.lines[1]
    names = [s.name for s in t.seats]
    r = t.finished()[0].result
    if spec(game).settles_in_points:
        assert totals == "Totals: " + ", ".join(
            f"{n} {v:+d}" for n, v in zip(names, r.net or [0] * len(names)))  # a redeal: 0
    else:
        won = [0] * len(names)
        if r.winner is not None:
            won[r.winner] = r.multiplier
        assert totals == "Totals: " + ", ".join(
            f"{n} {v}" for n, v in zip(names, won)) + " (multipliers won)"


@pytest.mark.parametrize("cut", ["between deals", "mid-deal"])
def test_R_match_a_match_resumes_after_a_restart(tmp_path, cut):
    """A match stored as its inputs is rebuilt by a restarted server where it was, and
    goes on to the same end as one never interrupted."""
    whole = play_match(Table.create("kowah", seats("kowah"), seed=7, match=Match(deals=4)))
    marks = [k for k, x in enumerate(whole.inputs) if x == "!deal"]
    stop = marks[1] + 1 if cut == "between deals" else marks[1] + 6
    path = tmp_path / "tables.db"
    tables = Tables(SqliteStore(path))
    opened, _, _ = tables.create("kowah", seats("kowah"), 7, None, Match(deals=4))
    k = 0
    while len(opened.table.inputs) < stop:
        with opened.lock:
            opened.table.act(0, person_move(opened.table, 0, k))
            tables.commit(opened)
        k += 1
    again = Tables(SqliteStore(path)).get(opened.table_id)
    assert again.table.deal_no == 3 and again.table.events(0) == opened.table.events(0)
    while not again.table.is_over:
        again.table.act(0, person_move(again.table, 0, k))
        k += 1
    assert again.table.totals() == whole.totals()
    assert [d.record for d in again.table.finished()] == [d.record for d in whole.finished()]


@pytest.fixture(scope="module")
def stub():
    service = start_service("127.0.0.1", 0, 2, warm=False)
    channel = grpc.insecure_channel(f"127.0.0.1:{service.port}")
    yield table_pb2_grpc.TableServiceStub(channel)
    channel.close()
    service.server.stop(None)


@pytest.mark.parametrize("game", GAMES)
def test_R_match_eight_deals_over_grpc_equal_the_same_match_in_process(stub, game):
    n = spec(game).seats
    msg_seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
        common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
        for _ in range(n - 1)]
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=GAME_ENUM[game], seats=msg_seats, seed=11,
        match_rules=table_pb2.MatchRules(deals=8)))
    tid, token = r.table_id, r.seat_tokens[0].token
    local = Table.create(game, seats(game), seed=11, match=Match(deals=8))
    k = 0
    while True:
        view = stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view
        assert view.match_state.deal == local.deal_no
        assert list(view.match_state.totals) == local.totals()
        assert view.match_state.starter == local.starter()
        if view.over:
            break
        move = person_move(local, 0, k)
        stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action=move))
        local.act(0, move)
        k += 1
    rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=token))
    assert rec.complete and view.match_state.over and local.is_over
    # an action after the match: the match is over, not only its last deal (DEAL_OVER)
    with pytest.raises(grpc.RpcError) as late:
        stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action={
            "totom": "pass", "kowah": "draw", "lukfu": "claim"}[game]))
    assert late.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "the match is over; its last deal: " in late.value.details(), \
        late.value.details()
    got = json_format.MessageToDict(rec.match_record, preserving_proto_field_name=True)
    got["seed"] = int(got["seed"])
    got["totals"] = [int(x) for x in got.get("totals", [])]
    want = match_record_json(game, local.match_record())
    # the moment each table finished: the two clocks may read either side of a second
    assert got.pop("played_at", None) and want.pop("played_at", None)
    assert got == want
    assert len(local.finished()) == 8


def test_R_match_traditional_Thong_is_read_from_the_match():
    """Under `traditional`, a seat that won the previous deal and wins again scores Thông,
    without being told; no other win does, and the seed rules never score it."""
    twice = 0
    for rules in ("traditional", "seed"):
        for seed in range(4):
            t = Table.create("totom", seats("totom"), seed=seed, rules=rules,
                             match=Match(deals=6))
            k = 0
            while not t.is_over:  # the person plays at random: more deals end in a win
                t.act(0, random.Random(k).choice(t.observation(0).legal_actions))
                k += 1
            previous = None
            for d in t.finished():
                keys = [b["key"] for b in d.result.bonuses or ()]
                again = d.result.winner is not None and d.result.winner == previous
                assert ("thong" in keys) == (again and rules == "traditional"), (seed, keys)
                twice += again and rules == "traditional"
                previous = d.result.winner
    assert twice >= 1


# -- the terminal and record files -------------------------------------------------------
def test_R_match_a_three_deal_match_in_the_terminal_resumes_mid_match(tmp_path):
    """`play --deals 3`: the totals between deals, Enter for the next deal, the match
    saved after every action; quit mid-match and --resume finishes it; the saved file is a
    match record that check-record accepts."""
    from tests.test_terminal import PROMPT, pexpect, spawn

    saved = tmp_path / "match.json"
    t = spawn(["kowah", "play", "--deals", "3", "--seed", "5", "--level", "greedy",
               "--record", str(saved)], tmp_path)
    shown, deals_seen = "", 0
    while deals_seen < 1:  # play until the second deal begins, then leave
        k = t.expect([PROMPT, "Press Enter for the next deal"])
        shown += t.before
        if k == 1:
            deals_seen += 1
            assert re.search(r"Deal 2 of 3: \S.* starts", shown)
            assert "Totals: You " in shown
            t.sendline("1")  # a move typed late does not start the next deal unread
            t.expect("'1' is not an answer here: press Enter for the next deal, or type quit")
            t.expect("Press Enter for the next deal")
            t.sendline("")
            continue
        t.sendline("1")
    t.expect(PROMPT)
    t.sendline("quit")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 0
    data = json.loads(saved.read_text())
    assert len(data["kowah_deals"]) == 2 and "result" not in data["kowah_deals"][1]
    assert oct(saved.stat().st_mode & 0o777) == "0o600"
    t = spawn(["kowah", "play", "--resume", str(saved)], tmp_path)
    while True:
        k = t.expect([PROMPT, "Press Enter for the next deal", pexpect.EOF])
        if k == 2:
            shown = t.before
            break
        t.sendline("1" if k == 0 else "")
    t.close()
    assert t.exitstatus == 0 and "The match is over after 3 deals." in shown
    r = subprocess.run([sys.executable, "-m", "moneycards", "kowah", "check-record",
                        str(saved)], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("VALID: a match of 3 deals, complete")


def test_R_match_check_record_names_a_bad_deal_and_bad_totals(tmp_path):
    t = play_match(Table.create("lukfu", seats("lukfu"), seed=2, match=Match(deals=3)))
    good = match_record_json("lukfu", t.match_record())
    path = tmp_path / "m.json"

    def run(command: str, record: dict, *more: str) -> subprocess.CompletedProcess:
        path.write_text(json.dumps(record))
        return subprocess.run([sys.executable, "-m", "moneycards", "lukfu", command,
                               str(path), *more], capture_output=True, text=True)

    r = run("replay", good)
    assert r.returncode == 0 and r.stdout.count("== Deal ") == 3 and "Totals: " in r.stdout
    bad = json.loads(json.dumps(good))
    bad["totals"][0] += 1
    r = run("check-record", bad)
    assert r.returncode == 2 and "record.totals" in r.stderr
    bad = json.loads(json.dumps(good))
    bad["luk_fu_deals"][1]["deal"]["first_seat"] = (bad["luk_fu_deals"][1]["deal"].get(
        "first_seat", 0) + 1) % 3
    r = run("check-record", bad)
    assert r.returncode == 2 and "record.luk_fu_deals[1].deal" in r.stderr
    assert "R-match" in r.stderr
    # the deals won per seat, stated, are those of the deals too
    assert good.get("wins"), good.keys()
    bad = json.loads(json.dumps(good))
    bad["wins"][0] += 1
    r = run("check-record", bad)
    assert r.returncode == 2 and "record.wins: the deals won per seat are " in r.stderr
    # a match left during its last deals says how many of how many it played
    cut = json.loads(json.dumps(good))
    cut["luk_fu_deals"] = cut["luk_fu_deals"][:2]
    cut["luk_fu_deals"][1].pop("result", None)
    cut["luk_fu_deals"][1]["actions"] = cut["luk_fu_deals"][1]["actions"][:1]
    cut.pop("totals", None)
    cut.pop("wins", None)
    r = run("check-record", cut)
    assert r.returncode == 0 and \
        r.stdout.startswith("VALID: 2 deals of a match of 3, unfinished."), r.stdout + r.stderr
    d = json.loads(run("check-record", cut, "--json").stdout)
    assert (d["deals"], d["match_deals"], d["complete"]) == (2, 3, False)


@pytest.mark.parametrize("game", GAMES)
def test_R_match_a_target_reached_exactly_ends_the_match(game):
    """A seat whose total equals the target has reached it: the match ends with that deal,
    not one later. The target is set to the first total a seat reaches in the same seeded
    match (the same deals and moves)."""
    long = play_match(Table.create(game, seats(game), seed=2, match=Match(deals=8)))
    running, deals = [0] * spec(game).seats, 0
    for d in long.finished():
        deals += 1
        r = d.result
        if game == "kowah":
            if r.winner is not None:
                running[r.winner] += r.multiplier
        else:
            running = [a + b for a, b in zip(running, r.net or (0,) * len(running))]
        if max(running) > 0:
            break
    else:
        pytest.fail("no seat gained in eight deals")
    target = max(running)
    t = play_match(Table.create(game, seats(game), seed=2, match=Match(to_points=target)))
    assert len(t.finished()) == deals and max(t.totals()) == target and t.is_over


@pytest.mark.parametrize("game", GAMES)
def test_R_match_observe_replays_a_deal_of_a_match_record(game, tmp_path):
    """`observe --deal N` reads one deal of a match record, its last by default; a command
    that takes one deal's record says a match record is not one, not "'GAME_…', not …"."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    t = play_match(Table.create(game, seats(game), seed=2, match=Match(deals=2)))
    path = tmp_path / "m.json"
    path.write_text(json.dumps(match_record_json(game, t.match_record())))
    deals = t.match_record()["deals"]
    for n in (1, 2, None):
        r = CliRunner().invoke(cli, [game, "observe", str(path), "--seat", "0",
                                     *(["--deal", str(n)] if n else [])])
        assert r.exit_code == 0, r.output
        record = {**deals[(n or 2) - 1], "rules": t.rules}
        from moneycards.solver.games import final_state

        assert json.loads(r.output) == final_state(game, record).observation(0).to_json()
    r = CliRunner().invoke(cli, [game, "observe", str(path), "--deal", "3"])
    assert r.exit_code == 2 and "--deal: the match record has deals 1-2, not 3" in r.output
    r = CliRunner().invoke(cli, [game, "check-record", str(path)])
    assert r.exit_code == 0 and "VALID: a match of 2 deals" in r.output
    # the totals name their seats, as the replay's do
    totals = r.output[r.output.index("Totals: "):].split("\n")[0]
    names = [s.get("name") or seat_label(k)
             for k, s in enumerate(match_record_json(game, t.match_record())["seats"])]
    assert [w.rsplit(" ", 1)[0] for w in totals.removeprefix("Totals: ")
            .removesuffix(".").removesuffix(" (multipliers won)").split(", ")] == names
    r = CliRunner().invoke(cli, [game, "hint", "--state", str(path)])
    assert r.exit_code == 2
    from moneycards.records import read_game_record

    with pytest.raises(InvalidInput, match="this is a match record"):
        read_game_record(game, path.read_text())
    if game == "lukfu":  # a --record of `lukfu old` and `lukfu legal` is one deal's
        r = CliRunner().invoke(cli, ["lukfu", "old", "--hand", "1c", "--record", str(path)])
        assert r.exit_code == 2 and "this is a match record (R-match)" in r.output


@pytest.mark.parametrize("verb, you, ai", [("deals", "You deal", "AI 1 deals"),
                                           ("starts", "You start", "AI 1 starts"),
                                           ("is the master", "You are the master",
                                            "AI 1 is the master")])
def test_R_match_a_replayed_match_names_who_deals_in_good_grammar(verb, you, ai):
    """`replay` of a match heads each deal with who deals, starts or is the master: the
    verb agrees with "You" as with any other name."""
    from moneycards.solver.table import name_says

    assert name_says("You", verb) == you and name_says("AI 1", verb) == ai


def _first_legal_until_over(stub, tid, token, each):
    """Play the person's first legal action until the match is over; `each(record)` sees
    the seat's GetRecord answer before every action."""
    while True:
        view = stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view
        each(stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=token)))
        if view.over:
            return
        stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                      action=view.legal_actions[0].text))


@pytest.mark.parametrize("game", GAMES)
def test_R_match_a_server_chosen_seed_is_told_to_no_seat_until_the_match_is_over(
        stub, game, tmp_path, monkeypatch):
    """The match's seed deals every deal to come (match_deal): a record a seat reads while
    the match is in play has no seed, and its finished deals give their cards instead, so
    no seat can work out another's hand; once the match is over the seed is told."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli
    from moneycards.solver import tables

    # the server chooses the seed (no seed in the request), here from a fixed generator so
    # that the deals are the same on every run
    monkeypatch.setattr(tables.random, "SystemRandom", lambda: random.Random(7))

    n = spec(game).seats
    msg_seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
        common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
        for _ in range(n - 1)]
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=GAME_ENUM[game], seats=msg_seats, match_rules=table_pb2.MatchRules(deals=3)))
    tid, token = r.table_id, r.seat_tokens[0].token
    read: list[table_pb2.GetRecordResponse] = []
    _first_legal_until_over(stub, tid, token, read.append)
    final = read.pop()
    assert final.match_record.HasField("seed") and len(final.match_record.ListFields()) > 3
    seed = final.match_record.seed
    deals_field = final.match_record.WhichOneof("rules").replace("rules", "deals")
    dealt_first = spec(game).new_state({"seed": seed, "rules": spec(game).rules("seed")})
    shown: dict[int, int] = {}
    for got in read:
        assert not got.match_record.HasField("seed")
        assert str(seed) not in json_format.MessageToJson(got)  # nor anywhere else
        for deal in getattr(got.match_record, deals_field):
            assert not deal.HasField("seed") and deal.HasField("deal")
        shown[len(getattr(got.match_record, deals_field))] = len(read)
    # the sealed first deal is the seed's first deal, by its cards
    sealed_first = getattr(read[-1].match_record, deals_field)[0].deal
    assert list(sealed_first.hands) == dealt_first.deal_json()["hands"]
    assert 1 in shown and 2 in shown, shown  # read with one and with two deals finished
    # the record as read mid-match: one finished deal checks; a second cannot be checked
    for deals, code, says in ((1, 0, "VALID"), (2, 2, "this match record has no seed")):
        got = next(g for g in read if len(getattr(g.match_record, deals_field)) == deals)
        path = tmp_path / f"mid-{deals}.json"
        path.write_text(json.dumps(json_format.MessageToDict(
            got.match_record, preserving_proto_field_name=True)))
        out = CliRunner().invoke(cli, [game, "check-record", str(path)])
        assert out.exit_code == code and says in out.output, out.output


def test_R_match_a_seed_chosen_at_the_table_is_every_seats_to_know(stub):
    """A seed chosen when the table was made is told to every seat (chosen_seed), so the
    record keeps it mid-match too."""
    msg_seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN)] + [
        common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=common_pb2.AI_LEVEL_GREEDY)
        for _ in range(2)]
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=msg_seats, seed=5,
        match_rules=table_pb2.MatchRules(deals=2)))
    rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=r.table_id,
                                                    seat_token=r.seat_tokens[0].token))
    assert not rec.complete and rec.match_record.seed == 5


def test_R_match_a_match_replay_tells_what_followed_each_action(tmp_path):
    """A match record's replay tells each action as a single deal's replay does, with
    what followed it: a face-up draw (KW-X3), a declared seat's draw and discard (KW-X2).
    It printed the actions alone, so 'You: discard 2c / AI 2: take' read as AI 2 taking
    2c when a declared seat had discarded in between."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    saved = tmp_path / "match.json"
    played = CliRunner().invoke(cli, ["kowah", "play", "--deals", "2", "--seed", "4",
                                      "--level", "greedy", "--record", str(saved)],
                                input="1\n" * 60 + "quit\n")
    assert played.exit_code == 0, played.output
    out = CliRunner().invoke(cli, ["kowah", "replay", str(saved)])
    assert out.exit_code == 0, out.output
    assert "face up (KW-X3)" in out.output
    assert "(declared) drew and discarded" in out.output
    assert "declares checki, showing" in out.output
