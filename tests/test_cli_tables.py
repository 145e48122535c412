"""The terminal on the table code: `play` in process and `--remote`, and `moneycards tables`
over a server's store."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from moneycards.cli import session
from moneycards.cli.main import cli
from moneycards.records import read_game_record
from moneycards.server.store import SqliteStore
from moneycards.server.tables import Tables
from moneycards.solver.games import GAMES, check
from moneycards.solver.tables import AI, HUMAN, Seat


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.mark.parametrize("game", list(GAMES))
def test_play_remote_plays_a_whole_deal_on_a_server_table(server_address, tmp_path, game):
    out = tmp_path / "deal.json"
    r = run(game, "play", "--seed", "5", "--level", "greedy", "--name", "Ana", "--remote",
            server_address, "--record", str(out), input="undo\nhint\n" + "1\n" * 400)
    assert r.exit_code == 0, r.output
    assert "hint:" in r.output and "table " in r.output and f"saved to {out}" in r.output
    # the opening lines and the answer to undo fit 80 columns
    lines = r.output.splitlines()
    assert lines[1].startswith("The table is ") and lines[1].endswith(f" at {server_address}.")
    said = next(k for k, line in enumerate(lines) if "Undo works only" in line)
    assert all(len(line) <= 80 for line in lines[:2] + lines[said:said + 2]), lines[:2]
    record = json.loads(out.read_text())
    assert record["seats"][0] == {"kind": "SEAT_KIND_HUMAN", "name": "Ana"}
    checked = check(game, read_game_record(game, out.read_text()))
    assert checked.valid and checked.complete
    # The same deal in process, with the same answers, gives the same record.
    local = tmp_path / "local.json"
    r = run(game, "play", "--seed", "5", "--level", "greedy", "--name", "Ana", "--record",
            str(local), input="hint\n" + "1\n" * 400)
    assert r.exit_code == 0, r.output
    assert json.loads(local.read_text())["actions"] == record["actions"]


def test_replay_names_the_seats_from_the_record_header(tmp_path):
    out = tmp_path / "deal.json"
    r = run("kowah", "play", "--seed", "2", "--level", "greedy", "--seat", "1", "--name",
            "Binh", "--record", str(out), input="1\n" * 400)
    assert r.exit_code == 0, r.output
    r = run("kowah", "replay", str(out))
    assert r.exit_code == 0, r.output
    assert "  Binh: " in r.output and "You" not in r.output and "AI 0" in r.output


def test_play_refuses_a_bad_record_path_before_the_deal(tmp_path):
    r = run("kowah", "play", "--seed", "2", "--record", str(tmp_path / "no" / "such.json"))
    assert r.exit_code == 2 and "such.json" in r.output and "deal" not in r.output.lower()


def test_play_remote_without_a_server_is_one_line_and_exit_2():
    r = run("kowah", "play", "--remote", "127.0.0.1:1")
    assert r.exit_code == 2 and "no server answers at 127.0.0.1:1" in r.output


def test_tables_list_show_export_read_the_store(tmp_path):
    db = tmp_path / "tables.db"
    tables = Tables(SqliteStore(db))
    opened, tokens, _ = tables.create("kowah", [Seat(HUMAN, name="Ana"), Seat(AI, "greedy"),
                                             Seat(AI, "greedy")], 9, None)
    table = opened.table
    while not table.is_over:
        table.act(0, table.observation(0).legal_actions[0])
        with opened.lock:
            tables.commit(opened)
    r = run("tables", "list", "--db", str(db))
    assert r.exit_code == 0 and opened.table_id in r.output and "Ana, AI 1, AI 2" in r.output
    assert "over" in r.output
    r = run("tables", "show", opened.table_id, "--db", str(db))
    assert r.exit_code == 0 and r.output.splitlines()[1].startswith("  Ana: ")
    assert r.output.splitlines()[-1] == table.result_line()
    r = run("tables", "export", opened.table_id, "--db", str(db))
    exported = json.loads(r.output)
    assert exported["actions"] == table.state.history and exported["seed"] == 9
    assert exported["result"]["winner"] == table.state.result.winner if \
        table.state.result.winner is not None else "winner" not in exported["result"]
    assert check("kowah", read_game_record("kowah", r.output)).complete
    r = run("tables", "show", "nope", "--db", str(db))
    assert r.exit_code == 2 and "no table 'nope'" in r.output
    r = run("tables", "list", "--db", str(tmp_path / "missing.db"))
    assert r.exit_code == 2 and "no table store at '" in r.output
    r = run("tables", "list", "--db", "mysql://x")  # as serve says it
    assert r.exit_code == 2 and "mysql:// is not a store this server knows" in r.output
    r = run("tables", "list", "--db", f"file:{db}")  # as serve says it, not "no store"
    assert r.exit_code == 2 and "is an SQLite URI: give the file's path itself" in r.output


def test_a_server_table_left_midway_is_resumed_from_its_saved_file(server_address, tmp_path):
    out = tmp_path / "deal.json"
    r = run("kowah", "play", "--seed", "6", "--level", "greedy", "--remote", server_address,
            "--switch", "optional_declaration=true", "--record", str(out), input="1\n1\n")
    assert r.exit_code == 0 and "Continue with --resume" in r.output
    saved = json.loads(out.read_text())
    assert saved["remote"] == server_address and saved["seat_token"] and saved["seat"] == 0
    assert out.stat().st_mode & 0o777 == 0o600  # the token is a password: owner only
    r = run("totom", "play", "--resume", str(out))  # another game's command: named, no call
    assert r.exit_code == 2 and r.output == (
        "error: --resume: this is a saved server table of Kowah, not of Tổ Tôm: continue "
        "it with `moneycards kowah play --resume`\n"), r.output
    r = run("kowah", "play", "--resume", str(out), input="1\n" * 400)
    assert r.exit_code == 0, r.output
    # the rules are the server's to tell: the saved file does not name them
    assert "\nRules: the seed preset with optional_declaration true.\n" in r.output
    checked = check("kowah", read_game_record("kowah", out.read_text()))
    assert checked.valid and checked.complete


def test_a_play_that_cannot_start_leaves_no_file(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    r = run("kowah", "play", "--remote", "127.0.0.1:1")
    assert r.exit_code == 2 and not list(tmp_path.rglob("*.json"))
    r = run("kowah", "play", "--record", str(tmp_path))
    assert r.exit_code == 2 and "is a directory" in r.output


def test_plays_started_in_the_same_second_save_to_files_of_their_own(tmp_path, monkeypatch):
    """A deal's file is named by the time it started: a second play in the same second
    gets the name with -2, never the first deal's file (which it would replace)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(session, "_new_path", lambda game: session.deals_folder()
                        / f"{game}-20261205-032701.json")  # every play in one second
    for seed in (1, 2, 3):
        r = run("lukfu", "play", "--seed", str(seed), input="quit\n")
        assert r.exit_code == 0, r.output
    folder = tmp_path / "moneycards" / "deals"
    names = sorted(p.name for p in folder.glob("*.json"))
    assert names == ["lukfu-20261205-032701-2.json", "lukfu-20261205-032701-3.json",
                     "lukfu-20261205-032701.json"]
    seeds = {json.loads((folder / n).read_text())["seed"] for n in names}
    assert seeds == {1, 2, 3}


def test_tables_show_tells_a_match_deal_by_deal_then_the_deal_in_play(tmp_path):
    """R-match: `show` at a match's table gives each finished deal as `replay` tells the
    exported match record (the totals after each), then the deal in play; `list` names
    the match's length."""
    from moneycards.solver.tables import Match

    db = tmp_path / "tables.db"
    tables = Tables(SqliteStore(db))
    opened, _, _ = tables.create("kowah", [Seat(HUMAN, name="Ana"), Seat(AI, "greedy"),
                                        Seat(AI, "greedy")], 9, None, match=Match(deals=3))
    table = opened.table
    while table.deal_no < 2 or len(table.state.history) < 6:  # into the second deal
        table.act(0, table.observation(0).legal_actions[0])
        with opened.lock:
            tables.commit(opened)
    r = run("tables", "list", "--db", str(db))
    assert r.exit_code == 0 and r.output.rstrip().endswith("(a match of 3 deals)"), r.output
    listed = json.loads(run("tables", "list", "--db", str(db), "--json").output)["tables"]
    assert listed[0]["match"] == {"deals": 3}
    r = run("tables", "show", opened.table_id, "--db", str(db))
    assert r.exit_code == 0, r.output
    exported = tmp_path / "match.json"
    exported.write_text(run("tables", "export", opened.table_id, "--db", str(db)).output)
    told = run("kowah", "replay", str(exported)).output
    assert told.startswith("== Deal 1 of 3: ") and "Totals: Ana " in told
    assert r.output.startswith(told)
    in_play = r.output[len(told):].splitlines()
    assert in_play[0] == "== Deal 2 of 3, in play =="
    # the deal in play, action by action, as `show` tells a single deal
    said = [line.split(": ", 1)[1] for line in in_play[1:]
            if line[:5].strip().rstrip(".").isdigit()]
    # a draw says the card drawn, as a replay shows every hand
    assert [re.sub(r" \(drew \d[csmh]\)$", "", x) for x in said] == table.state.history, (
        said, table.state.history)
    assert any(re.search(r"^draw \(drew \d[csmh]\)$", x) for x in said)


@pytest.mark.parametrize("match, words", [
    ({"deals": 3}, "a match of 3 deals"), ({"to_points": 50}, "a match to 50 points"),
    ({"deals": 5, "to_points": 50}, "a match of 5 deals or to 50 points"),
    ({}, "a match until the table is closed")])
def test_a_listed_match_says_how_long_it_runs(match, words):
    from moneycards.cli.tables import match_words

    assert match_words(match) == words


def _digest(path) -> str:
    import hashlib
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_tables_commands_change_nothing_in_the_store_they_read(tmp_path):
    """`tables list|show|export` only read: a store of this release is read as it is, and
    one an older release wrote is refused with the command that upgrades it, unchanged."""
    import sqlite3

    from moneycards.server.store import migrations
    db = tmp_path / "tables.db"
    tables = Tables(SqliteStore(db))
    opened, _, _ = tables.create("kowah", [Seat(HUMAN, name="Ana"), Seat(AI, "greedy"),
                                        Seat(AI, "greedy")], 9, None)
    tables.store.close_connection()
    before = _digest(db)
    for args in (["list"], ["show", opened.table_id], ["export", opened.table_id]):
        r = run("tables", *args, "--db", str(db))
        assert r.exit_code == 0, r.output
    assert _digest(db) == before  # (a WAL reader may leave an empty -wal beside it)
    assert all(p.stat().st_size == 0 for p in tmp_path.glob("tables.db-wal"))
    old = tmp_path / "old.db"
    con = sqlite3.connect(old)
    con.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT)")
    for version, name, statements in migrations("sqlite")[:2]:
        for statement in statements:
            con.execute(statement)
        con.execute("INSERT INTO schema_migrations VALUES (?, ?)", (version, name))
    con.commit()
    con.close()
    before = _digest(old)
    r = run("tables", "list", "--db", str(old))
    assert r.exit_code == 2
    assert "written by an older release (schema 2 of" in r.output
    assert "`moneycards serve --db` upgrades it" in r.output
    assert _digest(old) == before


def test_tables_purge_removes_closed_and_finished_tables_and_a_server_then_finds_none(tmp_path):
    """`tables purge`: the closed tables and those over (a deal played out, a self-play
    table) go, an open one stays; a server holding a removed table answers NOT_FOUND for
    it; a dry run and a table made within the days asked remove nothing; bad options are
    one line and exit 2."""
    from moneycards.server.tables import TableError

    db = tmp_path / "tables.db"
    tables = Tables(SqliteStore(db))
    seats = [Seat(HUMAN, name="Ana"), Seat(AI, "greedy"), Seat(AI, "greedy")]
    played, played_tokens, _ = tables.create("kowah", seats, 9, None)
    table = played.table
    while not table.is_over:
        table.act(0, table.observation(0).legal_actions[0])
        with played.lock:
            tables.commit(played)
    closed, _, _ = tables.create("kowah", seats, 10, None)
    tables.close(closed)
    left, left_tokens, _ = tables.create("kowah", seats, 11, None)
    selfplay, _, _ = tables.create("lukfu", [Seat(AI, "greedy")] * 3, 12, None, ai_only=True)
    r = run("tables", "purge", "--db", str(db))  # made today: none is 30 days old
    assert r.exit_code == 0, r.output
    assert re.fullmatch(r"removed 0 tables made by \S+Z\n", r.output), r.output
    r = run("tables", "purge", "--db", str(db), "--older-than", "0", "--dry-run")
    assert r.exit_code == 0, r.output
    named = {line.split()[0]: line.split()[1] for line in r.output.splitlines()[:-1]}
    assert named == {played.table_id: "over", closed.table_id: "closed",
                     selfplay.table_id: "over"}, r.output
    assert r.output.splitlines()[-1].startswith("would remove 3 tables made by ")
    assert r.output.splitlines()[-1].endswith(": 1 closed, 2 over")
    r = run("tables", "purge", "--db", str(db), "--older-than", "0", "--json")
    assert r.exit_code == 0, r.output
    answer = json.loads(r.output)
    assert answer["dry_run"] is False and sorted(t["table_id"] for t in answer["tables"]) == \
        sorted([played.table_id, closed.table_id, selfplay.table_id])
    r = run("tables", "list", "--db", str(db))
    assert r.exit_code == 0 and r.output.count("\n") == 1 and left.table_id in r.output
    # the server that held them: the played table is gone, the open one plays on
    with pytest.raises(TableError) as gone:
        tables.seat(played.table_id, played_tokens[0])
    assert gone.value.status.code.value[0] == 5  # NOT_FOUND, as an id never made
    assert gone.value.status.details == f"no open table {played.table_id!r}"
    assert tables.seat(left.table_id, left_tokens[0])[1] == 0
    for args, said in ((["--older-than", "-1"], "-1 is not in the range 0<=x<=36500"),
                       (["--older-than", "36501"], "36501 is not in the range 0<=x<=36500"),
                       (["--older-than", "soon"], "'soon' is not a valid integer")):
        r = run("tables", "purge", "--db", str(db), *args)
        assert r.exit_code == 2 and said in r.output and len(r.output.splitlines()) == 1, \
            r.output
    r = run("tables", "purge", "--db", str(tmp_path / "none.db"))
    assert r.exit_code == 2 and "no table store at" in r.output
    assert not (tmp_path / "none.db").exists()


def test_another_application_s_database_is_refused_and_left_as_it_was(tmp_path):
    """An SQLite file holding other tables and no store of ours: `serve` and `tables`
    refuse it, naming a table, and neither adds a table nor switches it to WAL."""
    import sqlite3

    from moneycards.server.store import StoreUnavailable, open_store
    db = tmp_path / "app.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE users (id INTEGER)")
    con.commit()
    con.close()
    before = _digest(db)
    with pytest.raises(StoreUnavailable, match=r"holds other tables \(users\) and no "
                                               r"moneycards store"):
        open_store(str(db))
    r = run("tables", "list", "--db", str(db))
    assert r.exit_code == 2 and "holds other tables (users)" in r.output
    assert _digest(db) == before
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [n for (n,) in con.execute("SELECT name FROM sqlite_master")] == ["users"]
    con.close()


def test_play_record_never_replaces_an_earlier_deal_unless_told(tmp_path):
    """A --record file that exists (an earlier deal) is refused before the deal, unchanged;
    --overwrite replaces it; an empty file or the file being resumed is written as before."""
    kept = tmp_path / "earlier.json"
    kept.write_text('{"game": "kowah", "seed": 4, "actions": []}\n')
    before = kept.read_text()
    r = run("kowah", "play", "--seed", "5", "--record", str(kept), input="quit\n")
    assert r.exit_code == 2 and r.output.startswith("error: --record: '")
    assert "exists: continue it with --resume, choose another file, or add --overwrite" \
        in r.output
    assert kept.read_text() == before
    r = run("kowah", "play", "--seed", "5", "--record", str(kept), "--overwrite",
            input="quit\n")
    assert r.exit_code == 0, r.output
    assert json.loads(kept.read_text())["seed"] == 5
    empty = tmp_path / "empty.json"
    empty.touch()
    r = run("kowah", "play", "--seed", "5", "--record", str(empty), input="quit\n")
    assert r.exit_code == 0 and json.loads(empty.read_text())["seed"] == 5
    r = run("kowah", "play", "--resume", str(kept), "--record", str(kept), input="quit\n")
    assert r.exit_code == 0, r.output


def test_play_takes_a_preset_and_ruling_switches(tmp_path, server_address):
    """`--rules traditional --switch must_take_win=true`: the deal is played and saved
    under them, in process and at a server's table; a switch that is not one, or a value
    that is not true or false, is refused naming it; a resumed deal keeps its own rules."""
    out = tmp_path / "deal.json"
    r = run("totom", "play", "--seed", "5", "--rules", "traditional", "--switch",
            "must_take_win=true", "--switch", "dealer_rotates=on", "--record", str(out),
            input="quit\n")
    assert r.exit_code == 0, r.output
    # the opening names what differs from the defaults, before the first action
    assert "\nRules: the traditional preset with must_take_win true, dealer_rotates " \
        "true.\n" in r.output
    assert json.loads(out.read_text())["rules"] == {
        "preset": "TOTOM_RULES_PRESET_TRADITIONAL", "must_take_win": True,
        "dealer_rotates": True}
    r = run("totom", "play", "--resume", str(out), input="quit\n")  # kept on resuming
    assert r.exit_code == 0
    assert "\nRules: the traditional preset with must_take_win true" in r.output
    r = run("totom", "play", "--seed", "5", "--record", str(tmp_path / "plain.json"),
            input="quit\n")
    assert r.exit_code == 0 and "Rules:" not in r.output  # the defaults go unsaid
    faces = tmp_path / "faces.json"  # R-Tôm-cards' switch names faces, in notation
    r = run("totom", "play", "--seed", "5", "--switch", "tom_cards=3m 3s 7c", "--record",
            str(faces), input="quit\n")
    assert r.exit_code == 0, r.output
    assert "\nRules: the seed preset with tom_cards '3m 3s 7c'.\n" in r.output
    assert json.loads(faces.read_text())["rules"]["tom_cards"] == "3m 3s 7c"
    r = run("totom", "check-record", str(faces))
    assert r.exit_code == 0 and r.output.startswith("VALID")
    # a set of faces: the preset's own three in another order are the preset, unsaid
    same = tmp_path / "same.json"
    r = run("totom", "play", "--seed", "5", "--switch", "tom_cards=7c 3c 3m", "--record",
            str(same), input="quit\n")
    assert r.exit_code == 0 and "Rules:" not in r.output, r.output
    assert "tom_cards" not in json.loads(same.read_text())["rules"]
    r = run("totom", "play", "--switch", "tom_cards=3m 3m 7c")
    assert r.exit_code == 2 and "--switch.tom_cards: 3 different faces, as in '3m 3c 7c'" \
        in r.output
    # three faces that are neither reading R-Tôm-cards settles: refused, naming both
    r = run("totom", "play", "--switch", "tom_cards=9m 9s 9c")
    assert r.exit_code == 2 and r.output.endswith(
        "--switch.tom_cards: '3m 3c 7c' or '3m 3s 7c', the readings R-Tôm-cards settles; not "
        "'9m 9s 9c' [R-Tôm-cards]\n"), r.output
    # a word that is no card is answered with the switch's form, not only the notation's
    r = run("totom", "play", "--switch", "tom_cards=true")
    assert r.exit_code == 2 and "--switch.tom_cards: 3 different faces, as in '3m 3c 7c', " \
        "not 'true' ('true' is not a card)" in r.output
    r = run("totom", "play", "--resume", str(out), "--switch", "must_chiu=true",
            input="quit\n")
    assert r.exit_code == 2 and "a resumed deal keeps its own rules" in r.output
    r = run("kowah", "play", "--switch", "optional_declaration=maybe")
    assert r.exit_code == 2
    assert "--switch: optional_declaration: true or false, not 'maybe'" in r.output
    r = run("lukfu", "play", "--switch", "ace=1")
    assert r.exit_code == 2 and "--switch: 'ace=1': give NAME=VALUE, NAME one of" in r.output
    r = run("totom", "play", "--switch", "foo=1")  # every switch named, the last too
    assert r.exit_code == 2 and r.output.rstrip().endswith(", dealer_rotates"), r.output
    remote = tmp_path / "remote.json"  # played to its end: the file is its game record
    r = run("kowah", "play", "--seed", "5", "--level", "greedy", "--switch",
            "optional_declaration=true", "--remote", server_address, "--record", str(remote),
            input="1\n" * 400)
    assert r.exit_code == 0, r.output
    assert "\nRules: the seed preset with optional_declaration true.\n" in r.output
    assert json.loads(remote.read_text())["rules"] == {
        "preset": "KOWAH_RULES_PRESET_SEED", "optional_declaration": True}


def test_a_saved_server_table_whose_game_is_no_name_is_refused_in_one_line(tmp_path):
    """A saved file's "game" may hold any JSON value: one that is no game's name (an object,
    a list) is refused as the wrong game's, before any call, never an internal error."""
    for value in ({}, [], 3):
        out = tmp_path / "deal.json"
        out.write_text(json.dumps({"remote": "127.0.0.1:1", "seat_token": "t", "seat": 0,
                                   "table_id": "x", "game": value}))
        r = run("kowah", "play", "--resume", str(out))
        assert r.exit_code == 2, r.output
        assert r.output.startswith("error: --resume: this is a saved server table of ")
        assert "continue it with" not in r.output and "internal error" not in r.output
