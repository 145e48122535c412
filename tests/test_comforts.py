"""Comforts of the terminal table, each with its switch: a lone `pass` played without asking
(`--no-auto-pass` asks), `undo` at a table of one person and AI seats (the record then marks
a practice game), hints that fit the terminal's width (`hint -v`: the reasons in full), and
the legend of the Tổ Tôm bonus values (TT-K2)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.cli.screen import first_clause, hint_lines, without_action
from moneycards.cli.tables import CannotUndo, LocalTable
from moneycards.records import read_game_record
from moneycards.solver.games import check, spec
from tests.test_terminal import PROMPT, pexpect, spawn

AUTO_PASS = "(the only action; --no-auto-pass to be asked)"
DEALS = {"totom": "totom_deals", "kowah": "kowah_deals", "lukfu": "luk_fu_deals"}


def plain(text: str) -> str:
    """Terminal output as lines of text: no carriage returns, no bold."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text.replace("\r", ""))


def last_screen(text: str, title: str = "Tổ Tôm · ") -> str:
    """The last table shown: from its first line to the end of its menu."""
    text = plain(text)
    return text[text.rindex("\n" + title) + 1:]


def checked(game: str, path) -> str:
    r = subprocess.run([sys.executable, "-m", "moneycards", game, "check-record", str(path)],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


# -- in the terminal ------------------------------------------------------------------------
def test_a_three_deal_match_passes_alone_takes_back_once_and_resumes(tmp_path):
    """`play --deals 3`: lone passes are played and logged; `undo` brings back the screen
    of the decision before and the same action gets the same AI replies; undo stops at the
    deal's start; the record marks a practice game, and --resume finishes the match."""
    saved = tmp_path / "match.json"
    t = spawn(["totom", "play", "--deals", "3", "--seed", "3", "--level", "greedy",
               "--record", str(saved)], tmp_path)
    t.expect(PROMPT)
    shown = t.before
    decided = last_screen(shown)
    t.sendline("1")
    t.expect(PROMPT)
    first = plain(t.before)
    shown += t.before
    replies = first[:first.index("\nTổ Tôm · ")]
    t.sendline("undo")
    t.expect(PROMPT)
    back = plain(t.before)
    assert "Taken back: your " in back and "A practice game" in back
    assert last_screen(back) == decided  # the decision as it was shown
    t.sendline("1")
    t.expect(PROMPT)
    again = plain(t.before)
    assert again[:again.index("\nTổ Tôm · ")] == replies  # seeded AIs answer alike
    shown += back + again
    t.sendline("1")
    while True:  # on to the second deal
        k = t.expect([PROMPT, "Press Enter for the next deal"])
        shown += t.before
        if k == 1:
            break
        t.sendline("1")
    t.sendline("")
    t.expect(PROMPT)
    shown += t.before
    t.sendline("undo")
    t.expect("Nothing to undo in this deal")
    t.expect(PROMPT)
    t.sendline("quit")
    t.expect(pexpect.EOF)
    t.close()
    assert t.exitstatus == 0
    assert AUTO_PASS in plain(shown).replace("\n     ", " ")
    data = json.loads(saved.read_text())
    assert len(data["totom_deals"]) == 2
    assert all(d["practice"] is True for d in data["totom_deals"])
    assert "A practice game" in checked("totom", saved)

    t = spawn(["totom", "play", "--resume", str(saved)], tmp_path)
    t.expect("A practice game")
    while True:
        k = t.expect([PROMPT, "Press Enter for the next deal", pexpect.EOF])
        if k == 2:
            ending = plain(t.before)
            break
        t.sendline("1" if k == 0 else "")
    t.close()
    assert t.exitstatus == 0 and "The match is over after 3 deals." in ending
    assert "A practice game" in ending
    data = json.loads(saved.read_text())
    assert len(data["totom_deals"]) == 3 and all(d["practice"] for d in data["totom_deals"])
    assert checked("totom", saved).startswith("VALID: a match of 3 deals, complete")


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_hint_lines_fit_80_columns(tmp_path, game):
    t = spawn([game, "play", "--seed", "4", "--level", "greedy"], tmp_path)
    t.expect(PROMPT)
    t.sendline("hint")
    t.expect(PROMPT)
    short = plain(t.before)
    t.sendline("hint -v")
    t.expect(PROMPT)
    full = plain(t.before)
    t.sendline("quit")
    t.expect(pexpect.EOF)
    t.close()
    assert short.count("  hint: ") >= 2 and full.count("  hint: ") >= 2
    for text in (short, full):
        assert all(len(line) <= 80 for line in text.splitlines()), text
    assert "(hint -v: the full reasons)" in short and "; " in full
    assert len(full) > len(short)


def test_no_auto_pass_asks_for_a_lone_pass(tmp_path):
    t = spawn(["totom", "play", "--seed", "3", "--level", "greedy", "--no-auto-pass"],
              tmp_path)
    shown = ""
    for _ in range(60):
        t.expect(PROMPT)
        shown += t.before
        menu = re.findall(r"\n +\d+\. .*", plain(shown)[plain(shown).rindex("Your hand"):])
        if len(menu) == 1 and menu[0].strip().startswith("1. pass"):
            break
        t.sendline("1")
    else:
        pytest.fail("no lone pass was asked for")
    t.sendline("quit")
    t.expect(pexpect.EOF)
    t.close()
    assert "the only action" not in shown


# -- in process -----------------------------------------------------------------------------
def person_move(table: LocalTable, k: int) -> str:
    obs, _ = table.view()
    return spec(table.game).greedy(obs, random.Random(k))


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_undo_then_the_same_action_replays_the_same_ai_moves(game):
    table = LocalTable(game, 21, 0, "greedy", "You")
    with pytest.raises(CannotUndo, match="you have not acted yet"):
        table.undo()
    moves = 0
    while moves < 3 and not table.over():
        table.act(person_move(table, moves))
        moves += 1
    whole = list(table.table.inputs)
    before = table.table.observation(0)
    if table.over():
        pytest.skip("the deal ended before three moves")
    table.act(person_move(table, 9))
    played = list(table.table.inputs)
    seen = table.table.version(0)
    action, after = table.undo(skip_forced=False)
    assert table.table.inputs == whole and action == played[len(whole)]
    # the actions after it that the person saw
    assert after == seen - table.seen - 1
    assert table.table.observation(0) == before and table.practice
    table.act(action)
    assert table.table.inputs == played
    saved = table.saved()
    assert saved["practice"] is True
    assert check(game, read_game_record(game, json.dumps(saved))).valid
    assert LocalTable.resume(game, saved).practice


def asked_privately(game: str, **switches: bool) -> LocalTable:
    """A terminal table (one person, greedy AI seats) played greedily until the person is
    asked a private decision that the AI seats have played on past (R-claim-privacy)."""
    rules = dataclasses.replace(spec(game).rules("seed"), **switches) if switches else None
    for seed in range(1, 40):
        table = LocalTable(game, seed, 0, "greedy", "You", rules=rules)
        for k in range(300):
            t = table.table
            if table.over():
                break
            if t.pending and len(t.state.history) > t.pending[0].index + 1:
                return table
            table.act(person_move(table, k))
    raise AssertionError("no private decision")


@pytest.mark.parametrize("game, switches", [("totom", {}),
                                            ("kowah", {"optional_declaration": True})])
@pytest.mark.parametrize("answer", ["decline", "claim"])
def test_undo_takes_back_an_answer_to_a_private_decision(game, switches, answer):
    """The AI seats played on past the person's question; undo of its answer asks it again,
    with the same AI moves behind it, and the same answer plays the same again."""
    table = asked_privately(game, **switches)
    asked = table.table.observation(0)
    decline = table.table.pending[0].before.private_decline()
    chosen = decline if answer == "decline" else \
        next(a for a in asked.legal_actions if a != decline)
    behind = list(table.table.inputs)
    table.act(chosen)
    played = list(table.table.inputs)
    action, after = table.undo()
    assert action == chosen and table.table.inputs == behind
    assert table.table.observation(0) == asked and table.practice
    table.act(action)
    assert table.table.inputs == played


def test_undo_at_an_open_question_counts_only_what_the_person_saw():
    """Asked a question the AI seats have played on past, the person undoes its last
    action: the count of actions after it is of those it saw, never the AI moves past its
    question (which would tell it that the table played on, and how far)."""
    table = asked_privately("totom")
    events = table.table.events(0)
    last = max(k for k, e in enumerate(events) if e.seat == 0)
    shown_after = len(events) - last - 1
    played_after = len(table.table.state.history) - (
        len(table.table.view_state(0).history) - shown_after - 1) - 1
    action, after = table.undo(skip_forced=False)
    assert action == events[last].action and after == shown_after < played_after


def test_a_deal_saved_at_an_open_question_asks_it_again_when_resumed():
    """Saved while the person's question is open (the AI seats having played on past it),
    the record ends where the person stands, and resuming asks the same question again."""
    table = asked_privately("totom")
    asked = table.table.observation(0)
    saved = table.saved()
    assert len(saved["actions"]) == table.table.pending[0].index
    again = LocalTable.resume("totom", saved)
    assert again.table.observation(0) == asked and again.table.pending


def test_undo_skips_a_lone_pass_played_for_the_person():
    """A lone pass is no decision when it is played for the person: undo goes back past it
    (with --no-auto-pass it was asked, and undo takes back that pass)."""
    table = LocalTable("totom", 3, 0, "greedy", "You")
    decisions = []  # where each real decision stands in the inputs
    for k in range(200):
        obs, _ = table.view()
        if list(obs.legal_actions) == ["pass"]:
            if decisions:
                break
        else:
            decisions.append(len(table.table.inputs))
        table.act(person_move(table, k))
    else:
        pytest.fail("no lone pass after a decision")
    at = len(table.table.inputs)
    table.act("pass")
    assert table.undo(skip_forced=False)[0] == "pass" and len(table.table.inputs) == at
    table.act("pass")
    table.undo()
    assert len(table.table.inputs) == decisions[-1]


def test_at_a_server_table_a_lone_pass_is_played_and_undo_says_why_not(server_address,
                                                                       tmp_path):
    r = CliRunner().invoke(cli, ["totom", "play", "--seed", "3", "--level", "greedy",
                                 "--remote", server_address, "--record",
                                 str(tmp_path / "deal.json")], input="undo\n" + "1\n" * 400)
    assert r.exit_code == 0, r.output
    assert "  Undo works only at a table in this process:\n  a server's table keeps every " \
           "action.\n" in r.output
    assert AUTO_PASS in r.output.replace("\n     ", " ")
    assert "practice" not in json.loads((tmp_path / "deal.json").read_text())


# -- the width of a hint, the bonus legend ---------------------------------------------------
REASONS = [
    ("discard 5s", "discard 5s wins 38% of 8 sampled deals played out, +0.1 points a deal; 2 "
                   "cards from a win, 41 live pairing cards; the next seat can capture it with "
                   "chance 85%"),
    ("take", "wins 46% of 24 sampled deals played out taking the discard; race estimate 6% "
             "(take 2m, discard 3h: 4 from ready, 75 live cards help); not surely better"),
    ("lead 3456789c 22m", "lead 3456789c 22m: nothing beats it; give up the least useful"),
    ("x", "a" * 90),
]


@pytest.mark.parametrize("width", [20, 33, 40, 64, 80, 120])
def test_hint_lines_never_exceed_the_width_and_keep_every_word(width):
    for full in (False, True):
        lines = hint_lines(REASONS, width, full=full)
        assert all(len(line) <= max(width, 20) for line in lines), lines
        text = " ".join(" ".join(lines).split())
        for action, reason in REASONS:
            # in full, the reason without the action it repeats (the action is beside it)
            said = without_action(action, reason) if full else first_clause(action, reason)
            if len(max(said.split(), key=len)) < width - 8:
                assert " ".join(said.split()) in text


def test_the_short_reason_is_its_first_clause_without_the_action():
    assert first_clause(*REASONS[0]) == \
        "wins 38% of 8 sampled deals played out, +0.1 points a deal"
    assert first_clause("a", "x (y; z) w; v") == "x (y; z) w"
    assert first_clause(*REASONS[2]) == "nothing beats it"


def test_the_bonus_values_have_their_legend_once_per_screen():
    from moneycards.cli.screen import explain

    r = subprocess.run([sys.executable, "-m", "moneycards", "totom", "check",
                        "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m", "--win-card", "3c",
                        "--via", "own-door"], capture_output=True, text=True)
    assert r.stdout.count("x/y = main/dịch") == 1 and "(TT-K2)" in r.stdout
    from moneycards.solver.games import seeded

    for seed in range(40):
        state = seeded("totom", seed)
        while not state.is_over:
            state.apply(state.legal_texts()[-1] if "win" not in state.legal_texts()
                        else "win")
        lines = explain(state, ["You", "AI 1", "AI 2", "AI 3"])
        if any("Bonuses (" in line for line in lines):
            assert sum("x/y = main/dịch" in line for line in lines) == 1
            assert all(len(line) <= 80 for line in lines)
            return
    pytest.fail("no deal of 40 was won with a bonus")


@pytest.mark.parametrize("preset", ["seed", "traditional"])
def test_a_won_hands_points_are_shown_as_the_sum_of_its_bonuses(preset):
    """TT-K2, TT-K5: the points of every won deal below are written as the sum the rule makes
    of its bonuses, main value first then a dịch for each other instance, and the terms add
    up to the points (a Chắn player could not check "Lèo ×2 5/2 (main), Ù chì ×1 3/1,
    Points: 8")."""

    from moneycards.solver.games import seeded
    from moneycards.solver.totom.screen import points_sum

    checked = 0
    for seed in range(120):
        state = seeded("totom", seed, preset)
        while not state.is_over:
            state.apply(state.legal_texts()[-1] if "win" not in state.legal_texts() else "win")
        score = getattr(state.win_verdict, "score", None) if state.win_verdict else None
        if score is None or not score.bonuses:
            continue
        said = points_sum(score)
        terms, total = said.rsplit(" = ", 1)
        numbers = [int(t.split(" ", 1)[0]) for t in terms.split(" + ")]
        assert sum(numbers) == int(total) == score.points, said
        assert len(numbers) == sum(c.count for c in score.bonuses)
        if score.rule == "TT-K2":
            assert re.search(r"^\d+ [^+]+ \(main\)", said), said  # the main bonus first
        checked += 1
    assert checked >= 5


def test_kowah_screen_never_breaks_a_seat_name_across_lines():
    """Discards and face-up draws name seats ("AI 2"): a line breaks between cards, never
    inside a name, and no line is wider than the screen."""
    from moneycards.solver.screen import WIDTH, screen

    names = ["You", "AI 1", "AI 2"]
    drawn_lines = 0
    for seed in range(6):
        state = spec("kowah").seeded(seed)
        rng = random.Random(seed)
        while not state.is_over:
            for line in screen(state.observation(0), names):
                assert len(line) <= WIDTH, line
                assert line.count("(") == line.count(")"), line
                assert not re.search(r"(→AI|\(AI)$", line), line
                drawn_lines += line.startswith("Drawn face up")
            state.apply(rng.choice(state.legal_texts()))
    assert drawn_lines  # the face-up draws were on screen


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_only_a_game_with_lone_passes_speaks_of_playing_them(game):
    """`lone_pass` says whether a seat can be left `pass` alone: over random deals such a
    turn comes up exactly in the games that say so, and only their `play --help` speaks of
    the pass played for the person and shows --no-auto-pass."""
    game_spec = spec(game)
    rng = random.Random(7)
    lone = False
    for seed in range(6):
        state = game_spec.seeded(seed)
        while not state.is_over and not lone:
            lone = list(state.observation(state.current_seat()).legal_actions) == ["pass"]
            state.apply(rng.choice(state.legal_actions()))
    assert lone == game_spec.lone_pass
    shown = CliRunner().invoke(cli, [game, "play", "--help"]).output
    assert ("A lone `pass` is played for you" in shown) == game_spec.lone_pass
    assert ("--no-auto-pass" in shown) == game_spec.lone_pass


def test_hint_given_another_game_s_file_names_the_command_that_reads_it(tmp_path):
    """A game record or an observation of another game, given to `hint --state`, is refused
    naming that game and its command (a record of this game keeps its words)."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    r = CliRunner().invoke(cli, ["totom", "hint", "--state", str(examples / "kowah-game.json")])
    assert r.exit_code == 2 and r.output == (
        "error: --state: this is a game record of Kowah, not an observation: `moneycards kowah "
        "observe FILE` prints a seat's observation from it\n"), r.output
    r = CliRunner().invoke(cli, ["kowah", "hint", "--state", str(examples / "kowah-game.json")])
    assert r.exit_code == 2 and "this is a game record, not an observation: `moneycards kowah " \
        "observe FILE`" in r.output, r.output
    observed = tmp_path / "obs.json"
    r = CliRunner().invoke(cli, ["kowah", "observe", str(examples / "kowah-game.json"),
                                 "--seat", "0"])
    observed.write_text(r.output)
    r = CliRunner().invoke(cli, ["lukfu", "hint", "--state", str(observed)])
    assert r.exit_code == 2 and r.output == (
        "error: state.game: this is a Kowah observation, not one of Luk Fu: `moneycards kowah "
        "hint` ranks it\n"), r.output


def test_a_deals_folder_that_cannot_be_made_is_named_with_exit_2(tmp_path, monkeypatch):
    """Where deals are saved by default comes from XDG_DATA_HOME: a path that cannot hold
    the folder is named, with what to do, before any deal is played."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    out = CliRunner().invoke(cli, ["kowah", "play", "--seed", "1"], input="quit\n")
    assert out.exit_code == 2
    line = out.output.strip().splitlines()[-1]
    assert line.startswith("error: --record: cannot make the folder deals are saved in, ")
    assert str(blocker) in line and "give --record FILE" in line
