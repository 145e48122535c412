"""The terminal table: golden screens of fixed positions (80 columns, plain text), and whole
deals played through a pseudo-terminal — typos, help, a hint, a Luk Fu face-down play typed
as cards, Ctrl-C that keeps the deal, and --resume that finishes it."""

from __future__ import annotations

import json
import os
import pathlib
import random
import re
import sys

import pytest

from moneycards.cli.screen import WIDTH, describe, menu, menu_lines, screen
from moneycards.solver.totom import TOTOM
from moneycards.solver.games import seeded

GOLDEN = pathlib.Path(__file__).parent / "golden" / "screens"
NAMES = {"totom": ["You", "Binh", "Chi", "Dung"], "kowah": ["You", "Ah Kow", "Mei"],
         "lukfu": ["You", "Siu Fong", "Ah Lam"]}
# (game, seed, actions played from the start by the first legal action, seat shown)
POSITIONS = [("totom", 17, 6, None), ("totom", 1, 0, None), ("kowah", 2, 9, None),
             ("kowah", 42, 30, None), ("lukfu", 3, 4, None), ("lukfu", 8, 9, None)]


def position_screen(game, seed, steps, seat):
    state = seeded(game, seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(state.legal_texts()[0])
    seat = state.current_seat() if seat is None else seat
    obs = state.observation(seat)
    names = NAMES[game][:]
    names[seat], names[0] = names[0], names[seat]
    lines = screen(obs, names)
    lines += menu_lines(obs, names)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("game, seed, steps, seat", POSITIONS,
                         ids=[f"{g}-{s}-{n}" for g, s, n, _ in POSITIONS])
def test_golden_screens_never_wrap_at_80_columns(game, seed, steps, seat):
    text = position_screen(game, seed, steps, seat)
    path = GOLDEN / f"{game}-{seed}-{steps}.txt"
    if os.environ.get("MONEYCARDS_WRITE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert max(len(line) for line in text.splitlines()) <= WIDTH
    assert "[[" not in text and "{'" not in text  # no Python reprs


def test_a_tom_offer_says_what_a_capture_makes():
    """The capture as the record, the log and a hint word it, then what it takes and
    exposes, as the log then narrates it ('You expose 4s 4m')."""
    state = seeded("totom", 17)
    while not state.is_over:
        seat = state.current_seat()
        obs = state.observation(seat)
        caps = [a for a in obs.legal_actions if a.startswith("capture ")]
        if caps:
            card = obs.offer.card.text
            for a in caps:
                said = describe(obs, a, NAMES["totom"])
                hand = a.split()[1]
                kind = "Chắn" if hand == card else "Cạ"
                pair = TOTOM.render(TOTOM.parse(f"{card} {hand}"))
                assert said == f"{a}: take {card}, expose {pair}, a {kind}"
            return
        state.apply(obs.legal_actions[-1])
    pytest.fail("no capture in the deal")


def test_a_line_that_is_not_utf8_is_refused_without_echoing_it(tmp_path):
    """Python reads a byte that is not UTF-8 as a lone surrogate (in UTF-8 mode, or the C
    locale); the prompt says where it is and asks again, and never shows the surrogate's
    escape."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}
    out = subprocess.run([sys.executable, "-m", "moneycards", "kowah", "play", "--seed", "1",
                          "--record", str(tmp_path / "deal.json")],
                         input=b"discard \xff\xfe\nquit\n", capture_output=True, timeout=120,
                         env={**env, "XDG_DATA_HOME": str(tmp_path), "PYTHONUTF8": "1"})
    said = out.stdout.decode("utf-8")
    assert "That line is not UTF-8 text (at character 9): type it again." in said, said
    assert "udc" not in said and "You left the table" in said


# -- through a pseudo-terminal --------------------------------------------------------------
pexpect = pytest.importorskip("pexpect")
PROMPT = "your action: "


class Terminal:
    """`moneycards ARGS` on a pseudo-terminal of 80 columns, driven with pexpect.

    pexpect.spawn forks this process, which runs Python code in the child before exec; the
    test process has gRPC and solver threads, and such a fork can crash. So the terminal is
    opened here and the program started by subprocess (fork and exec in C); Ctrl-C is the
    SIGINT a terminal sends."""

    def __init__(self, args, tmp_path):
        import fcntl
        import struct
        import subprocess
        import termios

        from pexpect import fdpexpect

        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "LINES": "40",
               "XDG_DATA_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1"}
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 0, 0))
        self.proc = subprocess.Popen([sys.executable, "-m", "moneycards", *args], env=env,
                                     stdin=slave, stdout=slave, stderr=slave,
                                     start_new_session=True)
        os.close(slave)
        self.child = fdpexpect.fdspawn(master, encoding="utf-8", timeout=60)
        self.exitstatus = None

    def __getattr__(self, name):
        return getattr(self.child, name)

    def sendintr(self):
        import signal

        self.proc.send_signal(signal.SIGINT)

    def close(self):
        self.exitstatus = self.proc.wait(30)
        self.child.close()


def spawn(args, tmp_path):
    return Terminal(args, tmp_path)


def answer_for(screen_text):
    """The first option, or a face-down play typed as cards when that is the only way."""
    at = screen_text.rfind("Your hand")
    screen_text = screen_text[at:] if at >= 0 else screen_text
    m = re.search(r"\n\s+1\. down ([0-9a-z ]+?): face down, lowest not old \(or type", screen_text)
    hand = re.search(r"Your hand \(\* old\): (.*)", screen_text)
    if m and hand:
        from moneycards.solver.lukfu import LUKFU

        n = len(LUKFU.parse(m.group(1)))
        cards = re.findall(r"\d[cmst]", hand.group(1))
        return "down " + " ".join(reversed(cards[:n]))  # typed, in any order
    return "1"


def drive(child, limit=400):
    """Answer prompts until the deal ends; what was shown."""
    shown, downs = "", 0
    for _ in range(limit):
        k = child.expect([PROMPT, pexpect.EOF])
        shown += child.before
        if k == 1:
            return shown, downs
        answer = answer_for(shown[-3000:])
        downs += answer.startswith("down ")
        child.sendline(answer)
    raise AssertionError("the deal did not end")


def test_ctrl_c_saves_the_deal_even_when_started_with_sigint_ignored(tmp_path):
    """A program started in the background inherits SIGINT ignored, which Python keeps: the
    table still hears Ctrl-C, saves the deal and says how to resume (exit 130)."""
    import signal

    record = tmp_path / "deal.json"
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited through exec
    try:
        child = spawn(["kowah", "play", "--seed", "2", "--level", "greedy", "--record",
                       str(record)], tmp_path)
    finally:
        signal.signal(signal.SIGINT, before)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("Interrupted. The deal is saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert json.loads(record.read_text())["actions"]


@pytest.mark.parametrize("game, seed", [("totom", 17), ("kowah", 2), ("lukfu", 8)])
def test_a_whole_deal_through_a_terminal_with_ctrl_c_and_resume(tmp_path, game, seed):
    record = tmp_path / "deal.json"
    child = spawn([game, "play", "--seed", str(seed), "--level", "greedy", "--record",
                   str(record)], tmp_path)
    child.expect(PROMPT)
    child.sendline("helpp")
    child.expect("is not an action now")
    child.sendline("help")
    child.expect("what you can type")
    child.sendline("99")
    child.expect("is not an option: choose 1-")
    child.sendline("")
    child.expect("Type an action, its number, or help")
    child.sendline("hint")
    child.expect("hint: ")
    typed = []
    for _ in range(3):
        child.expect(PROMPT)
        typed.append(answer_for(child.before))
        child.sendline(typed[-1])
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    saved = json.loads(record.read_text())
    assert saved["seats"][0]["name"] == "You" and saved["actions"]
    before = len(saved["actions"])

    child = spawn([game, "play", "--resume", str(record)], tmp_path)
    shown, downs = drive(child)
    child.close()
    assert child.exitstatus == 0, shown[-2000:]
    final = json.loads(record.read_text())
    assert len(final["actions"]) > before and final["actions"][:before] == saved["actions"]
    from moneycards.records import read_game_record
    from moneycards.solver.games import check

    checked = check(game, read_game_record(game, record.read_text()))
    assert checked.valid and checked.complete
    assert checked.summary.split(":")[0] in shown
    if game == "lukfu":
        downs += sum(a.startswith("down ") for a in typed)
        assert downs >= 1, "no face-down play was typed as cards"
    long = [line for line in shown.replace("\r", "").splitlines()
            if len(line) > WIDTH and str(tmp_path) not in line]
    assert not long


def test_play_names_the_saved_file_and_quit_keeps_it(tmp_path):
    child = spawn(["kowah", "play", "--seed", "5", "--level", "greedy"], tmp_path)
    child.expect(r"saved to (\S+) after every action")
    path = pathlib.Path(child.match.group(1))
    assert path.is_relative_to(tmp_path)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and json.loads(path.read_text())["game"] == "kowah"
    assert path.stat().st_mode & 0o777 == 0o600  # its seed tells every hidden card


def test_the_ending_explains_the_win_in_replay_too(tmp_path):
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    out = tmp_path / "deal.json"
    r = CliRunner().invoke(cli, ["totom", "play", "--seed", "17", "--level", "greedy",
                                 "--record", str(out)], input="1\n" * 400)
    assert r.exit_code == 0, r.output
    replayed = CliRunner().invoke(cli, ["totom", "replay", str(out)])
    from moneycards.cli.screen import WIDTH

    ending = r.output[r.output.rindex("\n\n") + 2:].strip().splitlines()
    replay = replayed.output.strip().splitlines()
    # The result's line of the replay, wrapped at the terminal's width, then the same
    # explanation as the replay's.
    n = next(k for k in range(1, len(ending))
             if " ".join(line.strip() for line in ending[:k]) in replay)
    assert all(len(line) <= WIDTH for line in ending[:n])
    assert ending[n:] == replay[-(len(ending) - n):]
    ending = "\n".join(ending)
    assert any(k in ending for k in ("Chắn", "Bonuses", "Ù xuông", "drawn", "stock is empty"))



def test_tab_completes_an_action(tmp_path):
    child = spawn(["kowah", "play", "--seed", "2", "--level", "greedy"], tmp_path)
    child.expect(PROMPT)
    child.send("dr\t")
    child.sendline("")
    child.expect(r"You: draw")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_ending_names_the_winner_as_the_table_does(tmp_path):
    """KW-K1: the winner's cards and multiplier, under the winner's name as written."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "9", "--level", "greedy",
                                 "--record", str(tmp_path / "deal.json")], input="1\n" * 200)
    assert r.exit_code == 0, r.output
    # KW-K1's "on a card another seat drew", naming whose draw it was: a bare "by draw" read
    # as a drawn deal (KW-K2), and "another seat's" on the drawer's own screen as not theirs
    assert "AI 2 wins on 1c from AI 1's draw: multiplier x1 (KW-K1)." in r.output
    assert "\nAI 2's cards: 1155c 115s 1m + 1c (from AI 1's draw)\n" in r.output
    assert "multiplier x1 for a win from another seat's draw (KW-K1)" in r.output


def test_a_kowah_screen_after_a_declaration_shows_the_wait_once_and_every_public_draw():
    """KW-R6: a declared seat waits on one card; KW-X3: from the first declaration on,
    every seat's stock draw is shown, with who drew it."""
    from moneycards.solver.tables import Seat, Table

    for seed in range(40):
        table = Table.create("kowah", [Seat("human", "", "You"), Seat("ai", "greedy"),
                                       Seat("ai", "greedy")], seed=seed)
        while not table.is_over:
            obs = table.observation(0)
            if obs.declared and obs.public_draws:
                lines = "\n".join(screen(obs, table.names()))
                for shown in obs.declared.values():
                    assert f"waits on {shown.text}" in lines
                    assert f"waits on {shown.text} {shown.text}" not in lines
                assert "Drawn face up since the first declaration: " in lines
                drawers = {d.seat for d in obs.public_draws}
                assert all(f"({table.names()[s][:8]})" in lines for s in drawers)
                return
            table.act(0, obs.legal_actions[0])
    raise AssertionError("no deal of 40 reached a declaration with public draws")


def test_a_kowah_discard_that_is_a_declared_seat_s_wait_says_it_wins_that_seat_kw_x4():
    """KW-X4: a discard that is a declared seat's wait wins that seat the deal at once, x2
    (KW-K1). No rule stops it, so the menu says so on that discard, and on no other."""
    from moneycards.solver.kowah.screen import FEEDS_A_WAIT
    from moneycards.solver.tables import Seat, Table

    for seed in range(200):
        table = Table.create("kowah", [Seat("human", "", "You"), Seat("ai", "greedy"),
                                       Seat("ai", "greedy")], seed=seed)
        while not table.is_over:
            obs = table.observation(0)
            waits = {f.text for s, f in obs.declared.items() if s != 0}
            discards = [a for a in obs.legal_actions if a.startswith("discard ")]
            if any(a.split()[1] in waits for a in discards):
                said = {a: describe(obs, a, table.names()) for a in discards}
                for a in discards:
                    assert said[a].endswith(FEEDS_A_WAIT) == (a.split()[1] in waits), said
                lines = menu_lines(obs, table.names())
                assert any(FEEDS_A_WAIT in line for line in lines)
                assert max(map(len, lines)) <= WIDTH
                return
            table.act(0, obs.legal_actions[0])
    raise AssertionError("no deal of 200 offered seat 0 a declared seat's wait to discard")


def test_counts_are_said_with_their_noun_in_the_right_number():
    from moneycards.solver.cards import counted

    assert [counted(n, "old cards") for n in (0, 1, 2)] == [
        "0 old cards", "1 old card", "2 old cards"]
    assert counted(1, "cards") == "1 card" and counted(12, "cards") == "12 cards"


def test_an_option_typed_as_the_menu_words_it_is_that_option():
    """'capture 6m with 6s' as the menu says it, not only 'capture 6s' as the record does."""
    from moneycards.cli.session import Session

    state = seeded("totom", 17)
    while not state.is_over:
        obs = state.observation(state.current_seat())
        caps = [a for a in obs.legal_actions if a.startswith("capture ")]
        if caps:
            break
        state.apply(obs.legal_actions[-1])
    session = object.__new__(Session)
    session.table = type("T", (), {"names": staticmethod(lambda: NAMES["totom"])})()
    session.echo = lambda line: None
    options = menu(obs)
    for a in caps:
        words = describe(obs, a, NAMES["totom"]).partition(":")[0]
        assert session.read(words.upper(), options, obs) == a
        assert session.read(a, options, obs) == a


def test_resume_with_a_seed_is_refused_as_the_saved_deal_has_its_own(tmp_path):
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    saved = tmp_path / "deal.json"
    first = CliRunner().invoke(cli, ["kowah", "play", "--seed", "5", "--record", str(saved)],
                               input="quit\n")
    assert first.exit_code == 0 and saved.exists()
    r = CliRunner().invoke(cli, ["kowah", "play", "--resume", str(saved), "--seed", "9"])
    assert r.exit_code == 2 and "give --resume or --seed, not both" in r.output


def test_a_verb_of_the_game_not_legal_now_goes_to_the_table_to_be_refused_by_its_rule():
    """`down` while the hand can beat is the table's to refuse (LF-F1, with its reason);
    a word that is no action of the game is stopped at once."""
    from moneycards.cli.session import Session
    from moneycards.solver.games import spec
    from moneycards.solver.table import IllegalAction

    for seed in range(20):
        state = seeded("lukfu", seed)
        while not state.is_over:
            obs = state.observation(state.current_seat())
            verbs = {a.split()[0] for a in obs.legal_actions}
            if "follow" in verbs and "down" not in verbs:
                break
            state.apply(obs.legal_actions[0])
        else:
            continue
        session = object.__new__(Session)
        session.spec = spec("lukfu")
        session.table = type("T", (), {"names": staticmethod(lambda: NAMES["lukfu"])})()
        said: list[str] = []
        session.echo = said.append
        card = obs.hand[0].text
        assert session.read(f"DOWN {card}", menu(obs), obs) == f"down {card}"
        with pytest.raises(IllegalAction) as refused:
            state.clone().apply(f"down {card}")
        assert refused.value.rule == "LF-F1"
        assert session.read("helpp", menu(obs), obs) is None and "not an action" in said[-1]
        return
    pytest.fail("no deal reached a follow")


def test_a_luk_fu_lead_offers_a_claim_only_when_the_seat_may_claim():
    """LF-W2: the status line says 'lead or claim' exactly when claiming is legal now."""
    seen = set()
    for seed in range(60):
        state = seeded("lukfu", seed)
        while not state.is_over and len(seen) < 2:
            seat = state.current_seat()
            obs = state.observation(seat)
            if obs.phase.name == "LEAD":
                may = "claim" in obs.legal_actions
                shown = screen(obs, NAMES["lukfu"])
                assert shown[0].endswith("your turn: lead or claim" if may else "your turn: lead")
                # what playing on risks, said with the offer: the end of the hands too
                said = " ".join(line.strip() for line in shown)
                assert ("a seat that plays on past its claim has none when the hands run out "
                        "(R-claim-timing)." in said) == may
                seen.add(may)
            state.apply("claim" if "claim" in obs.legal_actions else obs.legal_actions[0])
        if len(seen) == 2:
            break
    assert seen == {True, False}


def test_odd_answers_get_one_short_line_each(tmp_path):
    """A command with words after it names what it takes; a long answer is echoed cut (as
    every echoed input is); a number of ten thousand digits is no option, not a crash."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    answers = ["hint -x", "show me", "x" * 100_000, "9" * 10_000, "quit"]
    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "3", "--record",
                                 str(tmp_path / "deal.json")], input="\n".join(answers) + "\n")
    assert r.exit_code == 0, r.output
    said = [line for line in r.output.splitlines() if line.startswith("your action: ")]
    assert said[0] == "your action:   'hint' takes only -v (the reasons in full), not '-x'."
    assert said[1] == "your action:   'show' takes nothing after it, not 'me'."
    assert "…(100000 chars)' is not an action now" in said[2] and len(said[2]) < 200
    assert "…(10000 chars) is not an option: choose 1-2" in said[3] and len(said[3]) < 200
    assert max(map(len, r.output.splitlines())) < 200


def test_a_number_past_a_lone_option_says_it_is_the_only_one(tmp_path):
    """Luk Fu seed 3 opens on one option: a 2 is told that 1 is the only one, not to
    "choose 1-1"."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    r = CliRunner().invoke(cli, ["lukfu", "play", "--seed", "3", "--record",
                                 str(tmp_path / "deal.json")], input="2\nquit\n")
    assert r.exit_code == 0, r.output
    assert "  2 is not an option: 1 is the only one, or type an action." in r.output


def test_rule_shows_what_a_refusal_cites_and_any_rule_by_id(tmp_path):
    """KW-T2 refuses a discard before the draw; the refusal says `rule` reads it, `rule`
    alone shows it as `moneycards kowah rules` does, `rule ID` any rule of the game; an id
    of another game or none at all is one line."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    answers = ["rule", "discard 9m", "rule", "rules kw-x4 r-declare", "rule TT-C3", "rule XX",
               "quit"]
    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "5", "--record",
                                 str(tmp_path / "deal.json")], input="\n".join(answers) + "\n",
                           env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    out = r.output
    assert "your action:   rule takes a rule id, as refusals, hints and results cite them: " \
           "rule KW-X4" in out
    # a refusal wider than 80 columns wraps under its indent
    assert "Not allowed: 'discard 9m' by you: draw or take a card before discarding [KW-T2] " \
           "(type rule to read it)" in out.replace("\n    ", " ")
    refusal = out[out.index("Not allowed: 'discard 9m'"):].split("\n")
    assert refusal[1].startswith("    ") and max(len("  " + refusal[0]),
                                                *map(len, refusal[1:2])) <= 80
    assert "your action:   Deal and turn\n    KW-T2  A turn: draw the top stock card, or take " \
           "the last discard; then\n           discard one card, back to eight." in out
    told = out[out.index("Deal and turn"):out.index("TT-C3 is a")].splitlines()
    assert len(told) > 10 and max(map(len, told)) <= 80
    assert "your action:   Declared hands — the public waiting pair variant\n    KW-X4  " \
           "When any" in out
    assert "\n  Rulings on what the page leaves open\n    R-declare  The page says" in out
    assert "your action:   TT-C3 is a Tổ Tôm rule, not one of Kowah's (moneycards totom " \
           "rules TT-C3)" in out
    assert "your action:   'XX' is not a rule id (such as KW-D1 or a ruling R-…)" in out
    assert "rule  what a rule says" in CliRunner().invoke(
        cli, ["kowah", "play", "--seed", "5", "--record", str(tmp_path / "d2.json")],
        input="help\nquit\n").output


@pytest.mark.parametrize("game", ["kowah", "lukfu", "totom"])
def test_a_deal_saved_where_an_ai_seat_is_to_act_resumes_with_the_ai_playing_on(tmp_path,
                                                                                  game):
    """Ctrl-C while an AI seat thinks saves the deal there: --resume lets the AI seats play
    on, as the seed has them, to the person's turn (it stopped with an internal error). The
    actions they play are those of the deal played without a stop."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    whole = tmp_path / "whole.json"
    first = CliRunner().invoke(cli, [game, "play", "--seed", "3", "--level", "greedy",
                                     "--record", str(whole)], input="1\n1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    record = json.loads(whole.read_text())
    from moneycards.records import read_game_record
    from moneycards.solver.tables import HUMAN, Table

    # cut just after the person's first action: an AI seat is to act
    rec = read_game_record(game, json.dumps(record))
    table = Table.from_record({**rec, "actions": []})
    table.advance(answering=False)
    k = len(table.state.history) + 1
    while True:  # the person's turn done (a draw and its discard, say), an AI seat's next
        there = Table.from_record({**rec, "actions": rec["actions"][:k]})
        if there.seats[there.state.current_seat()].kind != HUMAN:
            break
        k += 1
    cut = {**record, "actions": record["actions"][:k]}
    saved = tmp_path / "cut.json"
    saved.write_text(json.dumps(cut))
    r = CliRunner().invoke(cli, [game, "play", "--resume", str(saved)], input="quit\n")
    assert r.exit_code == 0 and "internal error" not in r.output, r.output
    played = json.loads(saved.read_text())["actions"]
    assert played[:len(record["actions"])] == record["actions"][:len(played)]
    assert len(played) > k  # the AI seats played on


def test_a_record_to_a_pipe_or_device_is_written_in_place_never_replaced(tmp_path):
    """`--record /dev/null` as root replaced the device with a regular file (the save
    renames a finished temporary file over its path). A path that is not a regular file
    is written in place: here a named pipe, which stays a pipe and gets the record."""
    import stat
    import threading

    from click.testing import CliRunner

    from moneycards.cli.main import cli

    fifo = tmp_path / "record.pipe"
    os.mkfifo(fifo)
    got: list[str] = []
    done = threading.Event()

    def read() -> None:
        while not done.is_set():
            with open(fifo, encoding="utf-8") as f:
                got.append(f.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "5", "--level", "greedy",
                                 "--record", str(fifo)], input="1\nquit\n")
    done.set()
    # lets the reader's last open return, if it is waiting in one: opened without waiting,
    # as a reader that has already seen `done` opens nothing and a plain open would block
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:  # ENXIO: no reader has the pipe open, so none is waiting
        pass
    reader.join(timeout=10)
    assert r.exit_code == 0, r.output
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert not (tmp_path / "record.pipe.tmp").exists()
    text, records, at = "".join(got), [], 0  # one save after another, perhaps in one read
    while text[at:].strip():
        obj, at = json.JSONDecoder().raw_decode(text, len(text) - len(text[at:].lstrip()))
        records.append(obj)
    assert records and records[-1]["game"] == "kowah" and records[-1]["actions"]


def test_text_that_names_a_card_twice_cites_the_deck_and_its_rule_can_be_read(tmp_path):
    """`lead 9c9c` names a card of Luk Fu's one-of-each deck twice: refused citing LF-D1,
    and `rule` then reads it, as for a move the rules refuse."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    r = CliRunner().invoke(cli, ["lukfu", "play", "--seed", "3", "--level", "random",
                                 "--record", str(tmp_path / "deal.json")],
                           input="call play\nlead 9c9c\nrule\nquit\n", env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert "your action:   9c appears twice; the Luk Fu deck holds one of each card [LF-D1] " \
           "(type rule to read it)" in " ".join(r.output.split()).replace("action: ", "action:   ")
    assert "LF-D1  36 cards: ranks 1–9 in four suits" in r.output


def test_a_tom_screen_names_the_faces_the_capture_rules_bar():
    """The faces TT-C3 keeps out of discards and Cạ and those TT-C4 keeps from capture are
    named on the seat's screen (the menu's missing actions have their reason in sight),
    and the card on the table counts among those seen."""
    rng = random.Random(5)
    shown = {"TT-C3": False, "TT-C4": False}
    for seed in range(40):
        state = seeded("totom", seed)
        while not state.is_over and not all(shown.values()):
            for seat in range(4):
                obs = state.observation(seat)
                text = "\n".join(screen(obs, NAMES["totom"]))
                m = obs.memory
                c3 = [ln for ln in text.splitlines() if "(Chắn declined, TT-C3)" in ln]
                c4 = [ln for ln in text.splitlines() if "(discarded or put in a Cạ, TT-C4)"
                      in ln]
                assert bool(c3) == bool(m.declined_chan)
                assert bool(c4) == bool(m.discarded or m.ca_from_hand)
                if c3:
                    assert c3[0].split(": ")[1].split() == [f.text for f in m.declined_chan]
                    shown["TT-C3"] = True
                if c4:
                    faces = {f.text for f in (*m.discarded, *m.ca_from_hand)}
                    assert set(c4[0].split(": ")[1].split()) == faces
                    shown["TT-C4"] = True
                if obs.offer is not None:
                    f = obs.offer.card
                    grid = text[text.index("Seen of 4"):]
                    count = int(re.search(rf"\b{f.text}:(\d)", grid).group(1))
                    held = list(obs.hand)[TOTOM.faces.index(f)]
                    exposed = sum(TOTOM.parse(p).count(f) for ps in obs.exposed for p in ps)
                    dead = sum(d.card == f for d in obs.dead)
                    assert count == held + exposed + dead + 1
            state.apply(rng.choice(state.legal_texts()))
    assert all(shown.values()), shown


def test_the_opening_turn_names_thien_u_only_where_the_dealt_twenty_wins():
    """TT-W7: the dealer's first turn offers Thiên ù only when its twenty wins (seed 11's
    dealer, seat 1); any other dealer is told of its first discard alone (seed 1), as the
    web table says it."""
    from moneycards.solver.games import GAMES
    from moneycards.solver.totom.screen import view

    names = ["You", "AI 1", "AI 2", "AI 3"]
    for seed, said in ((11, "your first discard (or Thiên ù)"), (1, "your first discard")):
        state = GAMES["totom"].seeded(seed)
        seat = state.current_seat()
        obs = state.observation(seat)
        assert ("win" in obs.legal_actions) == (seed == 11)
        assert view(obs, names)[0].endswith(f"your turn: {said}"), seed


def test_help_at_the_table_stays_within_80_columns(tmp_path):
    """`help` lists what can be typed, each line at most 80 columns (the README's width),
    a long description wrapped under its own column."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "5", "--record",
                                 str(tmp_path / "deal.json")], input="help\nquit\n",
                           env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    shown = r.output[r.output.index("A number picks an option"):].split("\n")
    block = shown[:shown.index(next(x for x in shown if x.lstrip().startswith("quit"))) + 1]
    assert any(x.startswith("  rule  ") for x in block)
    assert max(map(len, block[1:])) <= 80, block  # the first follows the prompt


def test_a_wrong_word_after_call_is_named_and_you_lead_in_lower_case(tmp_path):
    """Luk Fu seed 12, this seat to call: 'call maybe' is refused naming 'maybe' (the verb
    takes one word, and that word is no call), and after 'CALL PLAY' the narration says
    "You are the caller; you lead", not "You lead" in mid-sentence."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    r = CliRunner().invoke(cli, ["lukfu", "play", "--seed", "12", "--record",
                                 str(tmp_path / "deal.json")],
                           input="call maybe\nCALL PLAY\nquit\n")
    assert r.exit_code == 0, r.output
    said = " ".join(r.output.split())  # the refusal wraps at 80 columns
    assert ("'call' is followed by one of its words ('call play' or 'call pass'), not "
            "'maybe'") in said
    assert "You are the caller; you lead" in r.output


def test_a_result_line_wrapped_at_80_columns_never_splits_a_seat_s_name():
    """The terminal's end of a deal (wrap_clauses) breaks between clauses, then after
    commas, and between words only inside a part still too wide: "You +4, AI\\n 1 -2"
    split a settlement's name. Every game's results over seeded deals, every seat named
    "AI N" or "Seat N" kept whole, every line within 80 columns."""
    import random
    import re

    from moneycards.solver.games import GAMES, seeded
    from moneycards.solver.screen import WIDTH, wrap_clauses
    from moneycards.solver.table import named_seats

    for game in GAMES:
        for seed in range(12):
            rng, state = random.Random(seed), seeded(game, seed)
            while not state.is_over:
                legal = state.legal_texts()
                state.apply(next((a for a in ("claim", "win") if a in legal), None)
                            or rng.choice(legal))
            for names in (["You", "AI 1", "AI 2", "AI 3"], ["Seat 0", "Seat 1", "Seat 2",
                                                             "Seat 3"]):
                with named_seats(names[:state.seats]):
                    text = state.result_line()
                lines = wrap_clauses(text)
                assert all(len(x) <= WIDTH for x in lines), lines
                assert " ".join(x.strip() for x in lines) == " ".join(text.split())
                for x in lines:
                    assert not re.search(r"\b(AI|Seat)$", x), lines
                    assert not re.match(r"\s*\d\b", x), lines


def test_rule_alone_after_a_refusal_that_cites_none_says_so(tmp_path):
    """`rule` alone shows the rule of the last refusal; after a refusal of words that are
    no move (no rule is cited for them) it says that, where it answered as if nothing had
    been refused (a Kowah player's trial: 'discard 5c', then 'take 3h', then 'rule')."""
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    answers = ["discard 5c", "take 3h", "rule", "quit"]
    r = CliRunner().invoke(cli, ["kowah", "play", "--seed", "1", "--record",
                                 str(tmp_path / "deal.json")], input="\n".join(answers) + "\n",
                           env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "your action:   the last refusal cites no rule; rule takes a rule id, as " \
           "refusals, hints and results cite them: rule KW-X4" in r.output


def test_ctrl_c_says_to_give_chan_words_again_when_they_were_given(tmp_path):
    """A deal played in Chắn words and interrupted says how to go on with it as it was: the
    file and --chan-words (a saved deal keeps its rules, not how the moves are named)."""
    record = tmp_path / "deal.json"
    child = spawn(["totom", "play", "--seed", "3", "--level", "greedy", "--chan-words",
                   "--record", str(record)], tmp_path)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    said = " ".join(child.before.split())
    assert f"continue with --resume {record} --chan-words" in said, said
