"""The rules as written (solver/ruletext.py), `moneycards GAME rules` and the web port's
/rules.json: every rule and ruling of docs/rules with its page's own text, the proposed
rulings where they apply, and one-line errors that say where an id belongs."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.cli.rules import example
from moneycards.solver.errors import InvalidInput
from moneycards.solver.ruletext import rule_text, rule_texts, section_rules

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("totom", "kowah", "lukfu")
ITEM = re.compile(r"^- \*\*([^*]+)\*\* (.*)$", re.M)


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_of_the_page_with_its_own_text(game):
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    written = ITEM.findall(page)
    texts = [r for r in rule_texts(game) if not r.proposed and not r.preset]
    assert [(r.id, r.text.split("\n")[0]) for r in texts] == written
    assert len(texts) >= 25
    # "Cards", not "Cards (TT-D)"; "The traditional preset", without Markdown
    assert all(r.section and not re.search(r"\(..-.\)|`", r.section) for r in texts)


def test_a_preset_stands_in_the_book_under_its_name():
    """docs/rules/totom.md's section "The `traditional` preset" says where that preset
    differs from the page (Tôm's cards, Thiên khai 3/1, Địa ù …): the book keeps it under
    the preset's name, after the rules and rulings, so `rules traditional` and --find show
    it, and the web's book has it. Kowah and Luk Fu have none."""
    page = (ROOT / "docs" / "rules" / "totom.md").read_text(encoding="utf-8")
    paragraph = page.split("## The `traditional` preset (Chắn Vạn Văn table)\n")[1]
    r = rule_text("totom", "Traditional")
    assert (r.id, r.preset, r.section) == ("traditional", True,
                                           "The traditional preset (Chắn Vạn Văn table)")
    assert r.text == paragraph.split("\n")[0] and "Địa ù" in r.text
    ids = [x.id for x in rule_texts("totom") if not x.proposed]
    assert ids[-1] == "traditional" and ids[-2].startswith("R-")  # after R-match too
    assert [x.id for x in rule_texts("totom") if x.preset] == ["traditional"]
    assert not [x for g in ("kowah", "lukfu") for x in rule_texts(g) if x.preset]
    out = run("totom", "rules", "traditional").output
    assert out.startswith("The traditional preset (Chắn Vạn Văn table)\n  traditional  Where")
    found = json.loads(run("totom", "rules", "--find", "Địa", "--json").output)
    assert [(d["id"], d["preset"]) for d in found] == [("traditional", True)]


def test_plain_text_has_no_markdown():
    lf_l3 = rule_text("lukfu", "LF-L3")
    assert "*usually*" in lf_l3.text and "usually leads" in lf_l3.plain()
    assert not [r.id for g in GAMES for r in rule_texts(g) if "*" in r.plain() or "`" in
                r.plain()]


def test_a_rule_s_table_comes_with_it():
    k3 = rule_text("totom", "TT-K3")
    rows = k3.plain().split("\n")
    assert rows[0] == "Table (main / dịch):" and rows[1] == "  bonus | meaning | value"
    assert len(rows) == 2 + 12  # the twelve bonuses, the header's underline left out
    assert "  Tám đỏ | exactly 8 red cards | 8 / 5" in rows
    # The next rule is its own line only.
    assert rule_text("totom", "TT-K4").text.startswith("Tôm and Lèo sets:")
    assert "\n" not in rule_text("totom", "TT-K4").text


def test_a_ruling_stands_under_its_page_s_rulings():
    """Tổ Tôm's R-match follows the traditional preset's paragraph: still a ruling."""
    for game in GAMES:
        for r in rule_texts(game):
            if r.id.startswith("R-") and not r.proposed:
                assert r.section == "Rulings on what the page leaves open", (game, r.id)
    assert rule_text("totom", "R-match").section == "Rulings on what the page leaves open"


def test_proposed_rulings_where_they_apply():
    proposed = {g: {r.id for r in rule_texts(g) if r.proposed} for g in GAMES}
    # R-claim-close settles a private claim (Tổ Tôm) or declaration (Kowah): Luk Fu has none
    assert proposed == {"totom": {"R-claim-close"}, "kowah": {"R-claim-close", "R-take-limit"},
                        "lukfu": set()}
    take = rule_text("kowah", "R-take-limit")
    # its continuation lines joined, the "(proposed)" mark said by the flag instead
    assert take.text.startswith("The page lets a seat take the last discard")
    assert take.text.endswith("so a record holds at most 9,021 actions.")
    assert "(proposed)" not in take.text
    # a ruling read at the table names no code (a player met a class and a file there)
    assert not re.search(r"\.py\b|GameSpec", " ".join(r.text for g in GAMES
                                                     for r in rule_texts(g) if r.proposed))
    # a settled ruling's note in that page is not a proposal: R-rotation is Kowah's own
    assert not rule_text("kowah", "R-rotation").proposed


def test_a_ruling_of_several_games_is_each_game_s_own():
    texts = {g: rule_text(g, "R-match").text for g in GAMES}
    assert len(set(texts.values())) == 3
    assert "multipliers" in texts["kowah"]


def test_lookups_ignore_case_and_marks_and_sections_list_their_rules():
    assert rule_text("totom", "tt-c3").id == "TT-C3"
    assert rule_text("totom", "r-tôm-cards").id == "R-Tôm-cards"
    # a ruling's Vietnamese marks may be left out, where that names one ruling
    assert rule_text("totom", "R-tom-cards").id == "R-Tôm-cards"
    assert rule_text("totom", "r-bon-triple").id == "R-Bòn-triple"
    assert rule_text("totom", "R-Bach-thu").id == "R-Bạch-thủ"
    assert rule_text("totom", "R-bach-thu-rank").id == "R-Bạch-thủ-rank"
    assert [r.id for r in section_rules("totom", "TT-C")] == \
        [r.id for r in rule_texts("totom") if r.id.startswith("TT-C")]
    assert [r.id for r in section_rules("lukfu", "lf-o")][:2] == ["LF-O1", "LF-O2"]
    assert section_rules("totom", "TT-C3") == ()  # an id is not a section
    assert section_rules("totom", "TT-") == ()


@pytest.mark.parametrize("game, given, message", [
    ("lukfu", "TT-C3", "TT-C3 is a Tổ Tôm rule, not one of Luk Fu's (moneycards totom "
                       "rules TT-C3)"),
    ("totom", "kw-r4", "KW-R4 is a Kowah rule, not one of Tổ Tôm's (moneycards kowah rules "
                       "KW-R4)"),
    ("totom", "R-take-limit", "R-take-limit is a Kowah rule, not one of Tổ Tôm's"),
    ("kowah", "KW-R9", "Kowah has no rule KW-R9"),
    ("kowah", "R-nothing", "Kowah has no rule R-nothing"),
    ("kowah", "ready", "'ready' is not a rule id (such as KW-D1 or a ruling R-…)"),
    ("kowah", "R-", "'R-' is not a rule id"),
    ("kowah", "TT-", "'TT-' is not a rule id"),
])
def test_an_unknown_id_says_where_it_belongs(game, given, message):
    with pytest.raises(InvalidInput) as err:
        rule_text(game, given)
    assert message in err.value.message and err.value.field == "rule"


def test_the_command_prints_the_rule_under_its_section():
    r = run("totom", "rules", "TT-C3")
    assert r.exit_code == 0
    assert r.output.splitlines() == [
        "Capture restrictions",
        "  TT-C3  A seat that declines an available Chắn capture of a face may not later",
        "         discard that face nor use it in a Cạ.",
        "         In players' words: bỏ chắn đánh chắn"]


def test_the_command_lists_sections_and_every_rule():
    r = run("kowah", "rules", "KW-X", "KW-X4", "R-declare")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "Declared hands — the public waiting pair variant"
    ids = re.findall(r"^  (\S+)  ", r.output, re.M)
    assert ids == ["KW-X1", "KW-X2", "KW-X3", "KW-X4", "KW-X5", "R-declare"]  # once each
    assert "" in lines and "Rulings on what the page leaves open" in lines
    every = run("kowah", "rules")
    assert re.findall(r"^  (\S+)  ", every.output, re.M) == [r.id for r in rule_texts("kowah")]
    heading = "Proposed rulings (the engine follows them; not yet settled)"
    assert every.output.count(heading) == 1
    assert every.output.index(heading) > every.output.index("  R-match  ")


def test_the_command_s_json_and_errors():
    r = run("lukfu", "rules", "LF-O2", "--json")
    assert r.exit_code == 0
    (d,) = json.loads(r.output)
    assert set(d) == {"id", "game", "section", "text", "proposed", "preset", "words",
                      "changes"}
    assert (d["id"], d["game"], d["section"], d["proposed"]) == ("LF-O2", "lukfu",
                                                                 "Old cards", False)
    bad = run("lukfu", "rules", "LF-O2", "TT-C3")
    assert bad.exit_code == 2 and bad.stdout == ""
    assert bad.stderr == ("error: ID 2: TT-C3 is a Tổ Tôm rule, not one of Luk Fu's "
                          "(moneycards totom rules TT-C3)\n")
    bad = run("kowah", "rules", "x", "--json")
    assert bad.exit_code == 2
    assert json.loads(bad.stderr)["error"]["field"] == "ID"


@pytest.mark.parametrize("game", GAMES)
def test_the_help_s_examples_are_rules_and_sections(game):
    rule_id, section = example(game)
    assert rule_text(game, rule_id).id == rule_id and section_rules(game, section)
    assert f"moneycards {game} rules {rule_id}" in run(game, "rules", "--help").output


def test_the_web_port_serves_every_rule(tmp_path):
    from moneycards.server.app import start_service
    from moneycards.server.web import WebOptions

    svc = start_service("127.0.0.1", 0, 2, warm=False, web=WebOptions(0, (), str(tmp_path)))
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{svc.web.port}/rules.json",
                                    timeout=10) as r:
            assert r.headers["content-type"] == "application/json; charset=utf-8"
            assert r.headers["etag"] and r.headers["x-content-type-options"] == "nosniff"
            served = json.loads(r.read())
    finally:
        svc.web.stop()
        svc.server.stop(None)
    assert set(served) == set(GAMES)
    for game in GAMES:
        assert served[game] == [r.as_json() for r in rule_texts(game)]


def test_wrapping_never_splits_an_id_and_long_ids_put_the_text_below():
    r = CliRunner().invoke(cli, ["totom", "rules", "R-claim-privacy", "TT-C1", "R-Tôm-cards"],
                           env={"COLUMNS": "50"})
    lines = r.output.splitlines()
    assert max(map(len, lines)) <= 50
    # the rulings' ids are long for 50 columns: each on its line, its text below it
    assert lines[:3] == ["Rulings on what the page leaves open", "  R-claim-privacy",
                         "      Who is being asked about a claim is private."]
    assert any(line.startswith("  R-Tôm-cards  The page names") for line in lines)
    # the capture restrictions keep the id beside the text
    assert "  TT-C1  If the seat holds a card identical to the" in lines
    words = " ".join(line.strip() for line in lines)
    for rule_id in ("R-claim-privacy", "R-Tôm-cards", "TT-C1"):
        assert rule_id in words
    # at any width, no line ends inside a hyphenated id or word ("R-claim-" / "privacy")
    for game in GAMES:
        for columns in range(40, 101, 7):
            out = CliRunner().invoke(cli, [game, "rules"], env={"COLUMNS": str(columns)})
            split = [line for line in out.output.splitlines() if re.search(r"\w-$", line)]
            assert split == [], (game, columns, split[:3])


def test_moneycards_rules_finds_the_game_by_the_id():
    r = run("rules", "TT-C3", "r-match", "--json")
    assert r.exit_code == 0
    got = [(d["game"], d["id"]) for d in json.loads(r.output)]
    assert got == [("totom", "TT-C3"), ("totom", "R-match"), ("kowah", "R-match"),
                   ("lukfu", "R-match")]
    r = run("rules", "kw-x")
    assert r.output.splitlines()[0] == "Kowah · Declared hands — the public waiting pair variant"
    assert re.findall(r"^  (\S+)  ", r.output, re.M) == ["KW-X1", "KW-X2", "KW-X3", "KW-X4",
                                                          "KW-X5"]
    for given, said in (("XX-Z9", "error: ID: no game has a rule XX-Z9\n"),
                        ("hello", "error: ID: 'hello' is not a rule id (such as TT-D1 or a "
                                  "ruling R-…)\n")):
        bad = run("rules", given)
        assert (bad.exit_code, bad.stdout, bad.stderr) == (2, "", said)
    assert run("rules").exit_code == 2  # an id is needed: a whole game is GAME rules


def test_find_lists_the_rules_a_word_starts_in():
    from moneycards.solver.ruletext import mentions

    doorway = [r.id for r in rule_texts("totom") if mentions(r, "doorway")]
    assert "TT-T3" in doorway and "TT-K3" in doorway  # Ù chì: "the winner's own doorway"
    assert all("doorway" in rule_text("totom", i).text for i in doorway)
    # marks count where they are typed: "Cạ" is not "capture"; "ca" is both
    marked = {r.id for r in rule_texts("totom") if mentions(r, "Cạ")}
    bare = {r.id for r in rule_texts("totom") if mentions(r, "ca")}
    assert "TT-C1" in marked and marked < bare
    assert not mentions(rule_text("totom", "TT-T1"), "oor")  # a word's start, not its inside
    r = run("totom", "rules", "--find", "doorway")
    assert r.exit_code == 0 and re.findall(r"^  (\S+)  ", r.output, re.M) == doorway
    r = run("rules", "--find", "old card", "--json")
    found = {d["id"] for d in json.loads(r.output)}
    assert {"LF-O1", "LF-O2"} <= found and "KW-D1" in found  # Old Thousand ... cards
    # several words: each must start a word, wherever they stand
    r = run("lukfu", "rules", "--find", "caller pays", "--json")
    assert [d["id"] for d in json.loads(r.output)] == ["LF-K3"]  # "the caller ... pays"
    assert not mentions(rule_text("lukfu", "LF-K3"), "caller zzz")
    # none found is an empty answer, not bad input: exit 1 and one line, as grep
    r = run("lukfu", "rules", "--find", "caller zzz")
    assert (r.exit_code, r.stdout, r.stderr) == (
        1, "", "no Luk Fu rule has words starting 'caller' and 'zzz'\n")
    r = run("lukfu", "rules", "LF-O", "--find", "claim")
    assert (r.exit_code, r.stderr) == (1, "no Luk Fu rule has a word starting 'claim'\n")
    r = run("rules", "--find", "zzz", "--json")
    assert (r.exit_code, json.loads(r.stdout), r.stderr) == (1, [], "")
    assert run("rules").stderr.startswith("error: ID: give a rule id")
    assert run("kowah", "rules", "--find", " ").stderr == "error: --find: needs a word\n"


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_each_games_rules_help_finds_with_a_word_of_its_own_rules(game):
    """The `--find` example of a game's `rules --help` runs, and finds its game's rules."""
    shown = re.search(r"moneycards \w+ rules --find (.+)", run(game, "rules", "--help").output)
    words = shown.group(1).strip().strip('"')
    r = run(game, "rules", "--find", words)
    assert r.exit_code == 0 and r.output.strip(), r.output


@pytest.mark.parametrize("words, ids", [
    ("bốc", ["TT-T3"]), ("duoi", ["TT-T3"]), ("trả cửa", ["TT-P4"]), ("tra cua", ["TT-P4"]),
    # què: a lone card that cannot pair (TT-C6); xé chắn: splitting a pair (TT-W3, TT-C2)
    ("què", ["TT-C6"]), ("xé chắn", ["TT-W3", "TT-C2"]), ("xe chan", ["TT-W3", "TT-C2"]),
    ("đánh", ["TT-T2", "TT-C3", "TT-C4", "R-own-faces"]),
    # the errors by their players' names: a Cạ where the twin is held, a declined Chắn's
    # face discarded, a discarded face captured
    ("bỏ chắn ăn cạ", ["TT-C1"]), ("bo chan danh chan", ["TT-C3"]),
    ("đánh đi ăn lại", ["TT-C4"]),
])
def test_a_move_s_chan_word_finds_the_rule_behind_it(words, ids):
    """The web table's and the terminal's Chắn words (Bốc, Dưới, Trả cửa …) name moves the
    rules' English never calls so: a search by them found nothing; now it finds the rule,
    which says the words it was found by."""
    from moneycards.solver.ruletext import mentions

    assert [r.id for r in rule_texts("totom") if mentions(r, words)] == ids
    r = run("totom", "rules", "--find", words)
    assert r.exit_code == 0 and re.findall(r"^  (\S+)  ", r.output, re.M) == ids
    said = [line.strip() for line in r.output.splitlines() if "players' words" in line]
    assert len(said) == sum(bool(rule_text("totom", i).words) for i in ids)
    assert all(rule_text("totom", i).words or words.startswith("đ") for i in ids)
    data = json.loads(run("totom", "rules", ids[0], "--json").output)
    assert data[0]["words"] == list(rule_text("totom", ids[0]).words)
    assert all(not r.words for r in rule_texts("kowah"))


@pytest.mark.parametrize("words, ids", [("tiger", ["LF-W1", "LF-W2"]), ("虎", ["LF-W1"]),
                                        ("six tigers", ["LF-W2"]), ("六虎", ["LF-W2"])])
def test_luk_fu_s_fu_is_found_as_tigers(words, ids):
    """Fu is 虎, "tiger", and six of them (六虎) win the game its name: the rules say only
    "fu", and a search for tiger found nothing (exit 1)."""
    from moneycards.solver.ruletext import mentions

    assert [r.id for r in rule_texts("lukfu") if mentions(r, words)] == ids
    r = run("lukfu", "rules", "--find", words)
    assert r.exit_code == 0 and re.findall(r"^  (\S+)  ", r.output, re.M) == ids


def test_a_preset_names_the_rules_it_changes_and_each_is_one():
    """The traditional preset's entry lists the rules it changes (the web table's book
    marks each at such a table): every switch the preset sets otherwise than the page is
    among them, by the rule or ruling that switch is."""
    import dataclasses

    from moneycards.solver.totom.rules import PRESET_CHANGES, SEED, TRADITIONAL

    entry = rule_text("totom", "traditional")
    assert entry.changes == PRESET_CHANGES["traditional"]
    assert all(rule_text("totom", i) for i in entry.changes)
    by_field = {"tom_cards": "R-Tôm-cards", "chi_chi_win_needs_six_four": "TT-W5",
                "thap_thanh_sums_mains": "TT-K5", "bach_thu_chi": "TT-K3",
                "thong_and_dia_u": "TT-K3", "bonuses": "TT-K3", "preset": "traditional"}
    differ = [f.name for f in dataclasses.fields(SEED)
              if f.init and getattr(SEED, f.name) != getattr(TRADITIONAL, f.name)]
    assert differ and all(by_field[f] in (*entry.changes, "traditional") for f in differ)
    assert TRADITIONAL.bonuses != SEED.bonuses and "TT-K3" in entry.changes  # its values
    assert "Changes: TT-W5, TT-K3" in run("totom", "rules", "traditional").output
    assert json.loads(run("totom", "rules", "traditional", "--json").output)[0][
        "changes"] == list(entry.changes)
    assert all(not r.changes for r in rule_texts("totom") if not r.preset)
