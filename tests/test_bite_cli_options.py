"""Each CLI option shows its effect (an option read and then dropped would leave the answer
as without it), and the record checks at their edges: a stated result naming a key the
replay does not give, an illegal action numbered as the legal ones before it."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.solver.errors import InvalidInput
from moneycards.solver.tables import AI, HUMAN, Seat, Table


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def test_kowah_check_seen_counts_only_unseen_copies_for_the_exchange():
    """555c 5s 5m 777c is one exchange from ready by drawing 5c or 5s; with the last 5c
    seen elsewhere, only 5s can be drawn."""
    plain = run("kowah", "check", "555c5s5m 777c")
    seen = run("kowah", "check", "555c5s5m 777c", "--seen", "5c")
    assert "draw 5c" in plain.output
    assert "draw 5c" not in seen.output and "draw 5s" in seen.output


def test_kowah_check_batch_details_gives_each_hand_the_whole_check_answer():
    plain = json.loads(run("kowah", "check", "--batch", "-", stdin="55c55s5m 777c\n").output)
    details = json.loads(run("kowah", "check", "--batch", "-", "--details",
                             stdin="55c55s5m 777c\n").output)
    assert "splits" not in plain and "split_count" in plain
    assert len(details["splits"]) == 2 and details["line"] == 1


def test_totom_waits_rules_scores_by_the_preset_named():
    """Under the traditional preset the Tôm bonus of the seed page is not scored: 3m pays
    5 points under the seed rules, 3 under the traditional ones."""
    hand = "22c 44c 55c 66c 22s 88s 3c 7c7s 5s5m 6s6m"
    seed = run("totom", "waits", hand, "--via", "own-door").output
    traditional = run("totom", "waits", hand, "--via", "own-door", "--rules",
                      "traditional").output
    line = {text: next(x for x in text.splitlines() if x.strip().startswith("3m"))
            for text in (seed, traditional)}
    assert "5 points" in line[seed] and "Tôm" in line[seed]
    assert "3 points" in line[traditional] and "Tôm" not in line[traditional]


def test_tables_list_shows_closed_tables_as_closed(tmp_path):
    from moneycards.server.store import SqliteStore
    from moneycards.server.tables import Tables

    db = tmp_path / "tables.db"
    tables = Tables(SqliteStore(db))
    kept, _, _ = tables.create("kowah", [Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random")],
                            1, None)
    gone, _, _ = tables.create("lukfu", [Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random")],
                            2, None)
    tables.close(gone)
    out = run("tables", "list", "--db", str(db)).output
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert set(rows) == {kept.table_id, gone.table_id}
    assert " closed " in rows[gone.table_id] + " " and " open " in rows[kept.table_id] + " "


# -- records --------------------------------------------------------------------------------
def finished_lukfu(seed: int = 3) -> dict:
    t = Table.create("lukfu", [Seat(HUMAN), Seat(AI, "random"), Seat(AI, "random")],
                     seed=seed)
    rng = random.Random(seed)
    while not t.is_over:
        t.act(0, rng.choice(t.observation(0).legal_actions))
    return t.record()


def test_a_records_stated_result_may_name_only_keys_the_replay_gives():
    from moneycards.solver.games import final_state

    rec = finished_lukfu()
    final_state("lukfu", rec)  # as played: accepted
    forged = {**rec, "result": {**rec["result"], "bonus_points": 5}}
    with pytest.raises(InvalidInput) as err:
        final_state("lukfu", forged)
    assert err.value.field == "record.result" and "bonus_points" in str(err.value)


def test_replay_numbers_an_illegal_action_after_the_legal_ones_before_it():
    """Actions are numbered from 1; the illegal one is numbered in the same count."""
    from moneycards.solver.games import replay

    rec = finished_lukfu()
    rec = {k: v for k, v in rec.items() if k != "result"}
    rec["actions"] = rec["actions"][:3] + ["claim"]  # no six fu yet (LF-W2)
    lines = replay("lukfu", rec)
    numbered = [x for x in lines if x[:3].strip().isdigit()]
    assert [x.split(".")[0].strip() for x in numbered] == ["1", "2", "3", "4"]
    assert "ILLEGAL" in numbered[-1]
