"""TableService over gRPC: whole deals, the same results as the in-process table, every
error kind, nothing changed by a rejected action, one winner among concurrent actions,
privacy of claim windows and hidden cards, and tables surviving a killed server."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from moneycards.server.app import start_service
from moneycards.server.store import SqliteStore
from moneycards.solver.games import GAMES
from moneycards.solver.tables import AI, HUMAN, Seat, Table
from moneycards.v1 import common_pb2, observation_pb2, table_pb2, table_pb2_grpc

GAME_ENUM = {"totom": common_pb2.GAME_TOTOM, "kowah": common_pb2.GAME_KOWAH,
             "lukfu": common_pb2.GAME_LUK_FU}
LEVEL = {"random": common_pb2.AI_LEVEL_RANDOM, "greedy": common_pb2.AI_LEVEL_GREEDY}
DEALS = int(os.environ.get("MONEYCARDS_TABLE_DEALS", "8"))


@pytest.fixture(scope="module")
def stub():
    svc = start_service("127.0.0.1", 0, 4, warm=False)
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    yield table_pb2_grpc.TableServiceStub(ch)
    ch.close()
    svc.server.stop(None)


def seats_msg(game: str, humans: tuple[int, ...] = (0,), level: str = "greedy"):
    return [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name=f"P{s}") if s in humans
            else common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI, ai_level=LEVEL[level])
            for s in range(GAMES[game].seats)]


def seats_local(game: str, humans: tuple[int, ...] = (0,), level: str = "greedy"):
    return [Seat(HUMAN, name=f"P{s}") if s in humans else Seat(AI, level)
            for s in range(GAMES[game].seats)]


def create(stub, game, seed, humans=(0,), level="greedy"):
    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=GAME_ENUM[game], seats=seats_msg(game, humans, level), seed=seed))
    return r.table_id, {t.seat: t.token for t in r.seat_tokens}


def view(stub, tid, token):
    return stub.GetView(table_pb2.GetViewRequest(table_id=tid, seat_token=token)).view


def error(call, *args, **kwargs):
    with pytest.raises(grpc.RpcError) as info:
        call(*args, **kwargs)
    err = info.value
    return err.code(), err.details(), details_of(err)


def details_of(err):
    """An error's ErrorInfo and BadRequest details, by their names."""
    st = rpc_status.from_call(err)
    details = {}
    for d in st.details if st else []:
        for cls in (error_details_pb2.ErrorInfo, error_details_pb2.BadRequest):
            if d.Is(cls.DESCRIPTOR):
                msg = cls()
                d.Unpack(msg)
                details[cls.__name__] = msg
    return details


# -- whole deals ----------------------------------------------------------------------------
def play_over_grpc(stub, game, seed, rng=None):
    """One deal, the person at seat 0 following the top hint (or choosing by `rng`); its
    record and own actions."""
    tid, tokens = create(stub, game, seed)
    token, mine = tokens[0], []
    v = view(stub, tid, token)
    while not v.over:
        if rng is not None:
            action = rng.choice([a.text for a in v.legal_actions])
        else:
            action = stub.Hint(table_pb2.TableServiceHintRequest(
                table_id=tid, seat_token=token, budget_ms=1)).actions[0].action
        assert action in [a.text for a in v.legal_actions]
        r = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action=action,
                                          expected_version=v.version))
        assert r.events[0].seat == 0 and r.events[0].action == action
        assert r.view.version == r.events[-1].version > v.version
        mine.append(action)
        v = r.view
    rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=token))
    assert rec.complete
    return v, json_format.MessageToDict(getattr(rec, rec.WhichOneof("record")),
                                        preserving_proto_field_name=True), mine


def play_in_process(game, seed, mine):
    table = Table.create(game, seats_local(game), seed=seed)
    for action in mine:
        # the person's own turn, or its private decision the table played on past (a
        # claim it answers after the AI seats moved on: R-claim-privacy), so not always
        # the state's current seat
        assert action in table.observation(0).legal_actions, (action, seed)
        table.act(0, action)
    assert table.is_over
    return table


def check_same_deals(stub, game, seeds, choose_at_random=False):
    for seed in seeds:
        rng = random.Random(seed * 10) if choose_at_random else None
        v, record, mine = play_over_grpc(stub, game, seed, rng)
        local = play_in_process(game, seed, mine)
        assert record["actions"] == local.state.history, (game, seed)
        assert record["seed"] in (seed, str(seed))
        assert [s["name"] for s in record["seats"]] == [s.name for s in local.seats]
        result = local.state.result.to_json()
        assert json_format.MessageToDict(record_result(record, game),
                                         preserving_proto_field_name=True) == \
            json_format.MessageToDict(json_format.ParseDict(result, common_pb2.DealResult()),
                                      preserving_proto_field_name=True)
        assert v.result_text == local.result_line()
        # The record a table gives is a record file: the CLI's checker takes it as it is.
        from moneycards.records import read_game_record
        from moneycards.solver.games import check

        assert check(game, read_game_record(game, json.dumps(record))).valid


def record_result(record, game):
    return json_format.ParseDict(record["result"], common_pb2.DealResult())


@pytest.mark.parametrize("game", list(GAMES))
def test_an_act_or_a_hint_after_the_end_says_the_deal_is_over(stub, game):
    """One reason however the deal ended, told apart from an illegal move and from another
    seat's turn; the table is as it was."""
    tid, tokens = create(stub, game, 100)
    token = tokens[0]
    v = view(stub, tid, token)
    while not v.over:
        v = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                          action=v.legal_actions[0].text)).view
    for call, request in (
            (stub.Act, table_pb2.ActRequest(table_id=tid, seat_token=token, action={
                "totom": "pass", "kowah": "draw", "lukfu": "claim"}[game])),
            (stub.Hint, table_pb2.TableServiceHintRequest(table_id=tid, seat_token=token))):
        code, message, d = error(call, request)
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert d["ErrorInfo"].reason == "DEAL_OVER" and "the deal is over" in message
        # the field named is the request's own: a Hint has no action
        assert d["ErrorInfo"].metadata.get("field") == ("action" if call == stub.Act else None)
        assert "rule" not in d["ErrorInfo"].metadata  # DEAL_OVER is a reason, not a rule
        assert "[DEAL_OVER]" not in message  # brackets hold rule ids only
    assert view(stub, tid, token) == v


@pytest.mark.parametrize("game", list(GAMES))
def test_deals_with_a_person_choosing_at_random_end_as_in_process(stub, game):
    """As below, the person choosing among its legal actions at random: it then answers
    private decisions the table played on past (a Chíu or a win declined or taken late,
    R-claim-privacy), which a hint's person meets rarely; each deal ends alike."""
    check_same_deals(stub, game, range(120, 120 + 3 * DEALS), choose_at_random=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_deals_over_grpc_end_as_in_process(stub, game):
    """Seeded deals with one person following the hints end exactly as the in-process
    table given the same person's actions: every AI reply and the result."""
    check_same_deals(stub, game, range(100, 100 + DEALS))


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_hundred_deals_over_grpc_end_as_in_process(stub, game):
    check_same_deals(stub, game, range(1000, 1100))


# -- errors ---------------------------------------------------------------------------------
def test_every_error_kind_and_a_rejected_action_changes_nothing(stub):
    tid, tokens = create(stub, "kowah", 7)
    token = tokens[0]
    before = view(stub, tid, token)
    assert before.legal_actions and not before.over

    assert before.kowah.phase == observation_pb2.KOWAH_PHASE_DRAW
    code, message, d = error(stub.Act, table_pb2.ActRequest(
        table_id=tid, seat_token=token, action="declare 55c"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    info = d["ErrorInfo"]
    assert info.domain == "moneycards" and info.reason == "KW-T4"
    assert info.metadata["rule"] == "KW-T4" and info.metadata["field"] == "action"
    assert "[KW-T4]" in message and view(stub, tid, token) == before

    code, message, d = error(stub.Act, table_pb2.ActRequest(
        table_id=tid, seat_token=token, action=before.legal_actions[0].text,
        expected_version=before.version + 1))
    assert code == grpc.StatusCode.ABORTED and d["ErrorInfo"].reason == "STALE_VERSION"
    assert view(stub, tid, token) == before
    code, message, d = error(stub.Act, table_pb2.ActRequest(  # no version is negative
        table_id=tid, seat_token=token, action=before.legal_actions[0].text,
        expected_version=-1))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "expected_version"
    assert view(stub, tid, token) == before

    code, _, d = error(view, stub, "no-such-table", token)
    assert code == grpc.StatusCode.NOT_FOUND and d["ErrorInfo"].reason == "TABLE_NOT_FOUND"
    code, _, d = error(view, stub, tid, "not-a-token")
    assert code == grpc.StatusCode.PERMISSION_DENIED
    assert d["ErrorInfo"].reason == "WRONG_SEAT_TOKEN"
    # A token's form is checked before the table is looked up: alike for a table that is
    # there and one that is not, so a caller without a token learns neither.
    for table in (tid, "no-such-table"):
        for bad in ("", "t" * 65, "to\x00ken"):
            code, message, d = error(view, stub, table, bad)
            assert code == grpc.StatusCode.INVALID_ARGUMENT, (table, bad, message)
            assert d["BadRequest"].field_violations[0].field == "seat_token"

    code, _, d = error(view, stub, "", token)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "table_id"
    code, _, d = error(view, stub, "\x00", token)  # never sent to the store
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "table_id"
    code, _, d = error(stub.CreateTable, table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=seats_msg("totom")))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "seats"
    assert "3 seats, got 4" in d["BadRequest"].field_violations[0].description
    code, _, d = error(stub.CreateTable, table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=seats_msg("kowah", humans=())))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "person" in \
        d["BadRequest"].field_violations[0].description
    code, _, d = error(stub.Act, table_pb2.ActRequest(table_id=tid, seat_token=token,
                                                      action=""))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "action"
    assert view(stub, tid, token) == before

    stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=token))
    code, _, _ = error(view, stub, tid, token)
    assert code == grpc.StatusCode.NOT_FOUND


def test_bad_notation_in_an_action_is_malformed_input(stub):
    tid, tokens = create(stub, "totom", 0)
    before = view(stub, tid, tokens[0])
    code, _, d = error(stub.Act, table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                                      action="discard 9x"))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["ErrorInfo"].reason == "INVALID_NOTATION"
    assert d["BadRequest"].field_violations[0].field == "action"
    assert view(stub, tid, tokens[0]) == before


@pytest.mark.parametrize("game, action, reason", [
    ("totom", "fly away", "INVALID_INPUT"), ("totom", "DISCARD 3C", "INVALID_INPUT"),
    ("totom", "discard", "INVALID_INPUT"), ("kowah", "discard", "INVALID_INPUT"),
    ("lukfu", "discard 5x", "INVALID_INPUT"), ("lukfu", "FOLLOW 9C 9S 9T", "INVALID_INPUT"),
    ("lukfu", "lead 9x", "INVALID_NOTATION"), ("kowah", "discard 5x", "INVALID_NOTATION"),
    ("totom", "pass 1h", "INVALID_INPUT"), ("kowah", "draw 5c", "INVALID_INPUT"),
    ("lukfu", "call", "INVALID_INPUT"), ("lukfu", "call play now", "INVALID_INPUT"),
    ("lukfu", "call maybe", "INVALID_INPUT"), ("lukfu", "lead 1c1c1c", "LF-D1"),
    ("totom", "discard 5c5c5c5c5c", "TT-D1"), ("kowah", "discard 4h", "KW-D1"),
])
def test_text_that_is_no_action_of_the_game_is_malformed_input(stub, game, action, reason):
    """Not a move the rules refuse (FAILED_PRECONDITION with a rule id): every game answers
    INVALID_ARGUMENT naming the field, and the table is as it was."""
    tid, tokens = create(stub, game, 0)
    before = view(stub, tid, tokens[0])
    code, message, d = error(stub.Act, table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                                            action=action))
    assert code == grpc.StatusCode.INVALID_ARGUMENT, message
    assert d["ErrorInfo"].reason == reason
    assert d["BadRequest"].field_violations[0].field == "action"
    assert view(stub, tid, tokens[0]) == before


CHIU_WIN = ["discard 1h", "capture 1h", "discard 9m", "capture 9m", "discard 3s", "capture 3s",
            "discard 8m", "capture 8c", "discard 2s", "capture 2s", "discard 5s", "capture 5s",
            "discard 4s", "capture 4s", "discard 7s", "capture 7m", "discard 6s", "capture 6s",
            "discard 5c", "capture 5c", "discard 2s", "capture 2s", "discard 9m", "capture 9m",
            "discard 9s", "chiu"]


def test_a_deal_won_by_a_chiu_shows_every_seat_the_result(stub):
    """TT-P6: a Chíu that completes the hand ends the deal in the claims phase; every seat
    still gets its view, with the result."""
    tid, tokens = create(stub, "totom", 7, humans=(0, 1, 2, 3))
    for action in CHIU_WIN:
        views = {s: view(stub, tid, t) for s, t in tokens.items()}
        actor = next(s for s, v in views.items() if action in [a.text for a in v.legal_actions])
        stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[actor], action=action))
    for token in tokens.values():
        v = view(stub, tid, token)
        assert v.over and v.totom.result.winner == 2 and v.totom.result.via == "chiu"
        assert v.totom.result.points == 10 and not v.legal_actions


def test_wrong_rules_for_the_game_are_refused(stub):
    from moneycards.v1 import totom_pb2

    code, _, d = error(stub.CreateTable, table_pb2.CreateTableRequest(
        game=common_pb2.GAME_KOWAH, seats=seats_msg("kowah"),
        totom_rules=totom_pb2.TotomRules(preset=totom_pb2.TOTOM_RULES_PRESET_TRADITIONAL)))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "totom_rules"


def test_every_seat_s_view_names_the_table_s_rules(stub):
    """The rules CreateTable set reach every seat's view, a seat joined by invitation too:
    the preset and the switches that differ from it; a table created without rules shows
    the preset alone."""
    from moneycards.v1 import kowah_pb2, totom_pb2

    r = stub.CreateTable(table_pb2.CreateTableRequest(
        game=common_pb2.GAME_TOTOM, seats=seats_msg("totom", (0, 2)), seed=3,
        totom_rules=totom_pb2.TotomRules(preset=totom_pb2.TOTOM_RULES_PRESET_TRADITIONAL,
                                         must_take_win=True, tom_cards="3m 3c 7c")))
    for token in r.seat_tokens:
        v = view(stub, r.table_id, token.token)
        assert v.WhichOneof("rules") == "totom_rules"
        assert v.totom_rules == totom_pb2.TotomRules(
            preset=totom_pb2.TOTOM_RULES_PRESET_TRADITIONAL, must_take_win=True,
            tom_cards="3m 3c 7c")
    tid, tokens = create(stub, "kowah", 5)
    v = view(stub, tid, tokens[0])
    assert v.WhichOneof("rules") == "kowah_rules"
    assert v.kowah_rules == kowah_pb2.KowahRules(preset=kowah_pb2.KOWAH_RULES_PRESET_SEED)
    assert not v.kowah_rules.HasField("optional_declaration")


def test_out_of_turn_is_refused_with_the_seat_to_act(stub):
    tid, tokens = create(stub, "totom", 3, humans=(0, 1, 2, 3))
    v = {s: view(stub, tid, t) for s, t in tokens.items()}
    actor = next(s for s in v if v[s].legal_actions)
    other = (actor + 1) % 4
    code, message, d = error(stub.Act, table_pb2.ActRequest(
        table_id=tid, seat_token=tokens[other], action="pass"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert d["ErrorInfo"].reason == "NOT_YOUR_TURN" and f"P{actor}" in message
    assert "rule" not in d["ErrorInfo"].metadata  # a reason, not a rule id
    assert message == f"'pass' by P{other}: it is P{actor}'s turn"  # echoed as any refusal
    assert d["ErrorInfo"].metadata["why"] == f"it is P{actor}'s turn"
    # a hint out of turn is refused alike, naming the same seat to act
    code, said, d = error(stub.Hint, table_pb2.TableServiceHintRequest(
        table_id=tid, seat_token=tokens[other]))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert d["ErrorInfo"].reason == "NOT_YOUR_TURN"
    assert said == f"it is P{actor}'s turn: nothing to rank"
    assert "[" not in message  # brackets hold rule ids; NOT_YOUR_TURN is a reason only


def race(stub, tid, token, version, actions):
    """Send the actions at once, all decided on `version`; each call's outcome."""
    barrier, outcomes = threading.Barrier(len(actions)), []

    def act(action):
        barrier.wait()
        try:
            stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token, action=action,
                                          expected_version=version))
            outcomes.append("ok")
        except grpc.RpcError as err:
            outcomes.append(str(err.code()))

    threads = [threading.Thread(target=act, args=(a,)) for a in actions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(outcomes)


def test_two_concurrent_acts_on_one_version_exactly_one_wins(stub):
    for seed in range(5):
        tid, tokens = create(stub, "lukfu", seed)
        v = view(stub, tid, tokens[0])
        if not v.legal_actions:
            continue
        outcomes = race(stub, tid, tokens[0], v.version,
                        [v.legal_actions[0].text, v.legal_actions[-1].text])
        assert outcomes == sorted(["ok", str(grpc.StatusCode.ABORTED)])
        rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=tokens[0]))
        assert sum(1 for e in rec.events if e.seat == 0) == 1
        return
    pytest.fail("no deal starting at seat 0")


# -- watching -------------------------------------------------------------------------------
def test_watch_streams_the_seats_events_and_resumes_from_a_version(stub):
    tid, tokens = create(stub, "kowah", 11)
    token, seen = tokens[0], []
    done = threading.Event()

    def watch():
        for msg in stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=token),
                              timeout=60):
            seen.append(msg.event)
        done.set()

    t = threading.Thread(target=watch)
    t.start()
    v = view(stub, tid, token)
    while not v.over:
        v = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                          action=v.legal_actions[0].text)).view
    assert done.wait(30)
    assert [e.version for e in seen] == list(range(1, v.version + 1))
    assert seen[-1].HasField("result")
    resumed = list(stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=token,
                                                     from_version=v.version - 3), timeout=10))
    assert [m.event for m in resumed] == seen[-3:]
    # A version the seat has not reached is refused, as an Act expecting it would be.
    code, message, d = error(lambda r: list(stub.Watch(r, timeout=10)), table_pb2.WatchRequest(
        table_id=tid, seat_token=token, from_version=v.version + 1))
    assert code == grpc.StatusCode.ABORTED and d["ErrorInfo"].reason == "STALE_VERSION"
    assert message == (f"the table is at version {v.version}, not {v.version + 1}: watch "
                       "from a version of the view")  # a stream decides nothing


# -- privacy --------------------------------------------------------------------------------
def test_other_seats_never_see_a_draw_or_a_face_down_card(stub):
    """Kowah draws are told only to the drawer; Luk Fu face-down cards only to their seat."""
    for game, seeds in (("kowah", range(1)), ("lukfu", range(2))):
        for seed in seeds:
            humans = tuple(range(GAMES[game].seats))
            tid, tokens = create(stub, game, seed, humans=humans)
            rng = random.Random(seed)
            while True:
                views = {s: view(stub, tid, t) for s, t in tokens.items()}
                actor = next((s for s in views if views[s].legal_actions), None)
                if actor is None:
                    break
                stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[actor],
                                              action=rng.choice(views[actor].legal_actions)
                                              .text))
            for s, t in tokens.items():
                rec = stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=t))
                for e in rec.events:
                    if e.seat != s:
                        assert e.drawn == "", (game, seed, e)
                        assert not re.match(r"down \d[a-z]", e.action), (game, seed, e)
                    elif e.action.startswith("down "):
                        assert re.match(r"down \d[a-z]", e.action)


def listed_actions(stub, tid):
    listing = stub.ListTables(table_pb2.ListTablesRequest(page_size=500))
    return next(t.actions for t in listing.tables if t.table_id == tid)


def test_a_claim_window_leaves_no_trace_for_the_other_seats(stub):
    """R-claim-privacy with four people: while one decides a win or a Chíu the others play
    on (their actions answer at once, with their events); a decline then changes nothing
    they see, version included, nor the listing; a claim comes first and takes back what
    they played, in one event each of them gets, naming it."""
    declined = claimed = played_on = 0
    for seed in range(80):
        tid, tokens = create(stub, "totom", seed, humans=(0, 1, 2, 3))
        rng = random.Random(seed)
        for _ in range(400):
            views = {s: view(stub, tid, t) for s, t in tokens.items()}
            if all(v.over for v in views.values()):
                break
            deciding = [s for s, v in views.items()
                        if "decline" in [a.text for a in v.legal_actions]]
            for s, v in views.items():
                if s not in deciding:
                    assert v.totom.phase != observation_pb2.TOTOM_PHASE_CLAIMS, \
                        "another seat sees the claims phase"
            movers = [s for s, v in views.items() if v.legal_actions and s not in deciding]
            if deciding and movers and rng.random() < 0.6:
                s = rng.choice(movers)
                r = stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[s],
                                                  action=rng.choice(views[s].legal_actions).text,
                                                  expected_version=views[s].version))
                assert r.events and r.view.version > views[s].version  # played, not held
                played_on += 1
                continue
            if deciding:
                c = deciding[0]
                others = {s: v for s, v in views.items() if s != c}
                claims = [a.text for a in views[c].legal_actions if a.text != "decline"]
                if claims and rng.random() < 0.5:
                    stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[c],
                                                  action=claims[0]))
                    for s, v in others.items():
                        got = stub.GetRecord(table_pb2.GetRecordRequest(
                            table_id=tid, seat_token=tokens[s])).events
                        new = [e for e in got if e.version > v.version]
                        assert new and new[0].seat == c and new[0].action == claims[0]
                        if new[0].taken_back:
                            assert "taken back" in new[0].lines[0]
                            assert all(e.seat != c for e in new[0].taken_back)
                    claimed += 1
                    continue
                listed = listed_actions(stub, tid)
                stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[c],
                                              action="decline"))
                after = {s: view(stub, tid, t) for s, t in tokens.items() if s != c}
                for s, v in others.items():
                    assert after[s] == v, f"seat {s} saw the decline of seat {c}"
                assert listed_actions(stub, tid) == listed, "the listing counts the decline"
                declined += 1
                continue
            actor = next((s for s, v in views.items() if v.legal_actions), None)
            if actor is None:
                break
            acts = [a.text for a in views[actor].legal_actions]
            stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[actor],
                                          action=rng.choice(acts)))
        if declined >= 6 and claimed >= 3 and played_on >= 6:
            break
    assert declined >= 6 and claimed >= 1 and played_on >= 3, (declined, claimed, played_on)


def test_list_tables_pages_neither_repeat_nor_skip_when_tables_are_created_between(stub):
    def page(token=""):
        r = stub.ListTables(table_pb2.ListTablesRequest(page_size=3, page_token=token))
        return [t.table_id for t in r.tables], r.next_page_token

    for seed in range(7):
        create(stub, "kowah", 900 + seed)
    everything = [t.table_id for t in stub.ListTables(
        table_pb2.ListTablesRequest(page_size=500)).tables]
    first, token = page()
    assert first == everything[:3] and token
    new, _ = create(stub, "kowah", 999)  # created between the pages: it is never a repeat
    second, token = page(token)
    assert not set(first) & set(second)
    # The next tables in order; the new one shows here only if created in the same second
    # as the last one read (tables are ordered by the second they were created, then id).
    rest = [t for t in second if t != new]
    assert rest == everything[3:3 + len(rest)] and len(rest) >= 2
    with pytest.raises(grpc.RpcError) as info:
        page("bm90IGEgdG9rZW4=")
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_a_chosen_seed_is_told_to_every_seat_and_tokens_reach_no_one(stub):
    # Whoever chose the seed could deal the cards again: so every seat is told it.
    tid, tokens = create(stub, "totom", 123456789, humans=(0, 2))
    assert [view(stub, tid, tokens[s]).chosen_seed for s in (0, 2)] == [123456789] * 2
    listing = stub.ListTables(table_pb2.ListTablesRequest(page_size=500))
    text = str(listing) + str(view(stub, tid, tokens[0])) + str(
        stub.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=tokens[0])))
    assert tokens[2] not in text and tokens[0] not in text
    assert any(t.table_id == tid for t in listing.tables)


# -- a server killed and restarted ----------------------------------------------------------
def start_server(db):
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--db", str(db), "--workers", "1",
                             "--ai-pace-ms", "0"],  # the AI pace is tested apart
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its solver workers in its group
    line = proc.stdout.readline()
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert m, line + proc.stderr.read()
    ch = grpc.insecure_channel(f"127.0.0.1:{m.group(1)}")
    return proc, ch, table_pb2_grpc.TableServiceStub(ch)


def test_a_killed_server_continues_every_table_with_no_accepted_action_lost(tmp_path):
    db = tmp_path / "tables.db"
    proc, ch, s = start_server(db)
    tables = {}
    try:
        for game in GAMES:
            tid, tokens = create(s, game, 21)
            v = view(s, tid, tokens[0])
            for _ in range(3):
                if v.over:
                    break
                v = s.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                               action=v.legal_actions[-1].text)).view
            tables[game] = (tid, tokens[0], v)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the server and its solver workers
        proc.wait(10)
        ch.close()
    proc, ch, s = start_server(db)
    try:
        for game, (tid, token, before) in tables.items():
            after = view(s, tid, token)
            assert after == before, game
            while not after.over:
                after = s.Act(table_pb2.ActRequest(table_id=tid, seat_token=token,
                                                   action=after.legal_actions[0].text,
                                                   expected_version=after.version)).view
            rec = s.GetRecord(table_pb2.GetRecordRequest(table_id=tid, seat_token=token))
            assert rec.complete
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        ch.close()


def test_a_stopping_server_ends_each_watch_stream_at_once_with_its_last_version(tmp_path):
    """SIGTERM: a Watch stream is told at once (UNAVAILABLE, reason SERVER_STOPPING, its last
    version in the metadata) rather than held for the grace (here 30 s) and cut without a
    word; the server then exits well within the grace."""
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", "0",
                             "--db", str(tmp_path / "t.db"), "--workers", "1",
                             "--ai-pace-ms", "0", "--grace", "30"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    line = proc.stdout.readline()
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert m, line + proc.stderr.read()
    ch = grpc.insecure_channel(f"127.0.0.1:{m.group(1)}")
    try:
        s = table_pb2_grpc.TableServiceStub(ch)
        tid, tokens = create(s, "kowah", 5, humans=(0, 1))
        version = view(s, tid, tokens[1]).version
        stream = s.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[1],
                                                from_version=version))
        got: list = []
        reader = threading.Thread(target=lambda: got.append(_stream_end(stream)))
        reader.start()
        time.sleep(1.0)  # the stream is open and waiting
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        reader.join(20)
        assert got, "the stream was not ended"
        code, details = got[0]
        assert code == grpc.StatusCode.UNAVAILABLE
        assert details["ErrorInfo"].reason == "SERVER_STOPPING"
        assert details["ErrorInfo"].metadata["version"] == str(version)
        assert time.monotonic() - started < 10  # told at once, not after the 30 s grace
        assert proc.wait(20) == 0 and time.monotonic() - started < 20
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        ch.close()


def _stream_end(stream):
    """How a Watch stream ended: its status code and error details."""
    try:
        for _ in stream:
            pass
    except grpc.RpcError as err:
        return err.code(), details_of(err)
    return grpc.StatusCode.OK, {}


# -- hints ----------------------------------------------------------------------------------
def test_a_table_hint_ranks_the_seats_view_as_the_stateless_hint_does(stub, channel):
    """The table's Hint sees only the seat's view: the stateless Hint given that view's
    observation (the typed message, no JSON) ranks the same actions."""
    from moneycards.v1 import kowah_pb2, kowah_pb2_grpc

    tid, tokens = create(stub, "kowah", 5)
    v = view(stub, tid, tokens[0])
    table_hint = stub.Hint(table_pb2.TableServiceHintRequest(
        table_id=tid, seat_token=tokens[0], budget_ms=10_000))
    # The view carries the legal actions once, in its own field: the observation the
    # stateless Hint takes gets them back from there (docs/observations.md).
    observation = type(v.kowah)()
    observation.CopyFrom(v.kowah)
    observation.legal_actions.extend(a.text for a in v.legal_actions)
    stateless = kowah_pb2_grpc.KowahServiceStub(channel).Hint(
        kowah_pb2.KowahServiceHintRequest(observation=observation, budget_ms=10_000))
    assert table_hint.version == v.version and table_hint.seat == stateless.seat == 0
    assert sorted(a.action for a in table_hint.actions) == sorted(
        a.text for a in v.legal_actions)
    assert [a.action for a in table_hint.actions] == [a.action for a in stateless.actions]
    # The view's observation as given, with no legal actions: refused, saying where they are
    hint = kowah_pb2_grpc.KowahServiceStub(channel).Hint
    code, message, d = error(hint, kowah_pb2.KowahServiceHintRequest(observation=v.kowah))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "observation.legal_actions"
    assert "a table view's, whose legal actions the view carries" in message
    # its JSON, which leaves the game out as the view does: read as this service's game
    as_json = json_format.MessageToDict(observation, preserving_proto_field_name=True)
    assert "game" not in as_json
    by_json = hint(kowah_pb2.KowahServiceHintRequest(observation_json=json.dumps(as_json),
                                                      budget_ms=10_000))
    assert [a.action for a in by_json.actions] == [a.action for a in stateless.actions]


def test_the_stateless_hint_takes_the_typed_observation_or_its_json_not_both(channel):
    from moneycards.solver.games import seeded
    from moneycards.v1 import lukfu_pb2, lukfu_pb2_grpc

    state = seeded("lukfu", 4)
    seat = state.current_seat()
    obs = state.observation(seat).to_json()
    typed = json_format.ParseDict(obs, lukfu_pb2.LukFuObservation())
    s = lukfu_pb2_grpc.LukFuServiceStub(channel)
    by_message = s.Hint(lukfu_pb2.LukFuServiceHintRequest(observation=typed, budget_ms=5000))
    by_json = s.Hint(lukfu_pb2.LukFuServiceHintRequest(observation_json=json.dumps(obs),
                                                       budget_ms=5000))
    assert by_message == by_json and by_message.seat == seat
    code, _, d = error(s.Hint, lukfu_pb2.LukFuServiceHintRequest(
        observation=typed, observation_json=json.dumps(obs)))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field == "observation_json"
    typed.hand = "1c 9x"
    code, _, d = error(s.Hint, lukfu_pb2.LukFuServiceHintRequest(observation=typed))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert d["BadRequest"].field_violations[0].field.startswith("observation.hand")


def test_a_watch_on_a_table_closed_midway_ends_not_found_unlike_the_deals_end(stub):
    tid, tokens = create(stub, "kowah", 12)
    stream = stub.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[0]), timeout=30)
    v = view(stub, tid, tokens[0])
    stub.Act(table_pb2.ActRequest(table_id=tid, seat_token=tokens[0],
                                  action=v.legal_actions[0].text))
    stub.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=tokens[0]))
    with pytest.raises(grpc.RpcError) as info:
        for _ in stream:  # what was played still arrives first
            pass
    assert info.value.code() == grpc.StatusCode.NOT_FOUND
    assert "closed" in info.value.details()


def test_a_closed_table_is_told_apart_from_an_id_that_names_none(tmp_path):
    """After CloseTable, every call on the table answers NOT_FOUND saying it was closed —
    from the server that closed it and from one that reads it from the store — while an
    id that names no table is answered "no open table"; both say TABLE_NOT_FOUND."""
    path = str(tmp_path / "tables.db")
    servers = [start_service("127.0.0.1", 0, 2, warm=False, store=SqliteStore(path))
               for _ in range(2)]
    channels = [grpc.insecure_channel(f"127.0.0.1:{svc.port}") for svc in servers]
    try:
        closer, other = (table_pb2_grpc.TableServiceStub(ch) for ch in channels)
        tid, tokens = create(closer, "kowah", 12)
        closer.CloseTable(table_pb2.CloseTableRequest(table_id=tid, seat_token=tokens[0]))
        for s in (closer, other):
            for call in (lambda s=s: view(s, tid, tokens[0]),
                         lambda s=s: list(s.Watch(table_pb2.WatchRequest(
                             table_id=tid, seat_token=tokens[0]), timeout=10)),
                         lambda s=s: s.Act(table_pb2.ActRequest(
                             table_id=tid, seat_token=tokens[0], action="draw"))):
                code, message, d = error(call)
                assert code == grpc.StatusCode.NOT_FOUND
                assert message == f"table {tid!r} was closed"
                assert d["ErrorInfo"].reason == "TABLE_NOT_FOUND"
        code, message, d = error(lambda: view(other, "nosuchtable", tokens[0]))
        assert (code, message) == (grpc.StatusCode.NOT_FOUND, "no open table 'nosuchtable'")
        assert d["ErrorInfo"].reason == "TABLE_NOT_FOUND"
    finally:
        for ch in channels:
            ch.close()
        for svc in servers:
            svc.server.stop(None)


def test_watch_streams_are_capped_and_the_cap_is_told():
    from moneycards.server.limits import Limits

    svc = start_service("127.0.0.1", 0, 2, warm=False,
                        limits=Limits(max_concurrent=2, max_watches=1))
    ch = grpc.insecure_channel(f"127.0.0.1:{svc.port}")
    try:
        s = table_pb2_grpc.TableServiceStub(ch)
        tid, tokens = create(s, "kowah", 3)
        first = s.Watch(table_pb2.WatchRequest(table_id=tid, seat_token=tokens[0]),
                        timeout=30)
        next(first)  # the stream is open
        code, _, d = error(lambda: list(s.Watch(table_pb2.WatchRequest(
            table_id=tid, seat_token=tokens[0]), timeout=10)))
        assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert d["ErrorInfo"].reason == "TOO_MANY_WATCHES"
        first.cancel()
        assert view(s, tid, tokens[0]).version >= 1  # calls still answer
    finally:
        ch.close()
        svc.server.stop(None)
