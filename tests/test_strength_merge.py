"""bench/strength.py --merge: a row split over consecutive seed ranges, merged, is the row
one run plays (the same deals, seats rotated alike), and ranges that do not join are
refused in one line."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = [sys.executable, str(ROOT / "bench" / "strength.py")]


def bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*BENCH, *args], capture_output=True, text=True, timeout=600)


def row(path: Path) -> dict:
    return json.loads(path.read_text())[0]


def test_two_parts_merge_into_the_row_of_one_run(tmp_path):
    common = ["--games", "kowah", "--opponents", "random", "--strong", "greedy",
              "--workers", "1"]
    bench(*common, "--deals", "12", "--seed-base", "5000", "--json", str(tmp_path / "one.json"))
    bench(*common, "--deals", "6", "--seed-base", "5000", "--json", str(tmp_path / "a.json"))
    bench(*common, "--deals", "6", "--seed-base", "5006", "--json", str(tmp_path / "b.json"))
    out = bench("--merge", str(tmp_path / "b.json"), str(tmp_path / "a.json"),
                "--json", str(tmp_path / "merged.json"))
    assert out.returncode in (0, 1), out.stderr  # 1: some interval overlaps
    one, merged = row(tmp_path / "one.json"), row(tmp_path / "merged.json")
    assert merged["deals"] == 12 and merged["seed_base"] == 5000
    for key in ("strong_win", "opponent_win", "strong_settlement", "opponent_settlement"):
        assert merged[key] == pytest.approx(one[key], abs=1e-9), key
    assert merged["decision_ms"]["n"] == one["decision_ms"]["n"]
    assert "| Kowah | greedy vs random |" in out.stdout  # the ladder table


def test_parts_that_do_not_join_are_refused_in_one_line(tmp_path):
    common = ["--games", "kowah", "--opponents", "random", "--strong", "greedy",
              "--workers", "1", "--deals", "6"]
    bench(*common, "--seed-base", "5000", "--json", str(tmp_path / "a.json"))
    bench(*common, "--seed-base", "5012", "--json", str(tmp_path / "b.json"))
    out = bench("--merge", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert out.returncode == 2
    last = out.stderr.strip().splitlines()[-1]
    assert "consecutive deal ranges" in last and "5012" in last
    out = bench("--merge", str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "missing.json" in out.stderr.strip().splitlines()[-1]


def test_duplicate_reports_the_gain_over_the_same_deals_played_by_the_level_below(tmp_path):
    """--duplicate: the gain is, deal by deal, the tested seat's settlement less that of the
    opponent level in the same seat of the same cards (checked against play_deal here), and
    a level in place of itself gains exactly nothing (the control deal is the same deal)."""
    from moneycards.solver.hints import play_deal, seat_score

    common = ["--games", "kowah", "--opponents", "random", "--workers", "1", "--duplicate"]
    out = bench(*common, "--strong", "greedy", "--deals", "9", "--seed-base", "7000",
                "--json", str(tmp_path / "dup.json"))
    assert out.returncode in (0, 1), out.stderr
    got = row(tmp_path / "dup.json")
    gains, wins = [], []
    for k in range(9):
        me = k % 3
        tested = play_deal("kowah", 7000 + k, ["greedy" if s == me else "random"
                                               for s in range(3)]).result
        control = play_deal("kowah", 7000 + k, ["random"] * 3).result
        gains.append(seat_score("kowah", tested, me) - seat_score("kowah", control, me))
        wins.append((tested.winner == me) - (control.winner == me))
    assert got["paired_settlement"][0] == pytest.approx(sum(gains) / 9)
    assert got["paired_win"][0] == pytest.approx(sum(wins) / 9)
    shown = out.stdout.split("| Kowah | greedy in place of random | 9 |")[1].splitlines()[0]
    assert float(shown.split("|")[1].split(",")[1].strip(" ]")) <= 100.0  # a share's gain
    assert "| Kowah | greedy in place of random | 9 |" in out.stdout  # the paired table
    assert "settlement gain" in out.stdout

    same = bench(*common, "--strong", "random", "--deals", "6", "--seed-base", "7000",
                 "--json", str(tmp_path / "same.json"))
    assert same.returncode in (0, 1), same.stderr
    assert row(tmp_path / "same.json")["paired_settlement"] == [0.0, 0.0, 0.0]


def test_duplicate_parts_merge_into_the_gain_of_one_run(tmp_path):
    common = ["--games", "kowah", "--opponents", "random", "--strong", "greedy",
              "--workers", "1", "--duplicate"]
    bench(*common, "--deals", "12", "--seed-base", "5000", "--json", str(tmp_path / "one.json"))
    bench(*common, "--deals", "6", "--seed-base", "5000", "--json", str(tmp_path / "a.json"))
    bench(*common, "--deals", "6", "--seed-base", "5006", "--json", str(tmp_path / "b.json"))
    out = bench("--merge", str(tmp_path / "a.json"), str(tmp_path / "b.json"),
                "--json", str(tmp_path / "merged.json"))
    assert out.returncode in (0, 1), out.stderr
    one, merged = row(tmp_path / "one.json"), row(tmp_path / "merged.json")
    for key in ("paired_settlement", "paired_win"):
        assert merged[key] == pytest.approx(one[key], abs=1e-9), key
    assert "| Kowah | greedy in place of random | 12 |" in out.stdout


def test_a_seat_clearly_below_its_opponents_is_called_worse_not_overlap():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from strength import separation
    finally:
        sys.path.remove(str(ROOT / "bench"))
    assert separation((0.6, 0.5, 0.7), (0.3, 0.2, 0.4)) == "separate"
    assert separation((0.0, -0.0, 0.161), (0.5, 0.5, 0.5)) == "WORSE"
    assert separation((0.4, 0.3, 0.5), (0.45, 0.35, 0.55)) == "OVERLAP"
    assert separation((0.4, 0.3, 0.5), (0.6, 0.5, 0.7)) == "OVERLAP"  # touching is not below


def test_rows_at_a_preset_play_its_rules_and_say_so(tmp_path):
    """--rules traditional: Tổ Tôm deals dealt and played by the Chắn Vạn Văn table's rules
    (the same seeds give other results where the rules differ), the row named by them; a
    preset a game lacks is refused before any deal."""
    from moneycards.solver.hints import play_deal

    common = ["--games", "totom", "--opponents", "random", "--strong", "greedy",
              "--workers", "1", "--deals", "8", "--seed-base", "7000"]
    out = bench(*common, "--rules", "traditional", "--json", str(tmp_path / "t.json"))
    assert out.returncode in (0, 1), out.stderr
    assert "totom  (traditional rules) greedy vs random" in out.stdout
    got = row(tmp_path / "t.json")
    assert got["rules"] == "traditional"
    # the tested seat's settlements are those of the same deals played at the preset
    levels = lambda k: ["greedy" if s == k % 4 else "random" for s in range(4)]  # noqa: E731
    mean = sum(play_deal("totom", 7000 + k, levels(k), rules="traditional").result.net[k % 4]
               for k in range(8)) / 8
    assert got["strong_settlement"][0] == pytest.approx(mean)
    bad = bench("--games", "kowah", "--rules", "traditional", "--deals", "3")
    assert bad.returncode == 2
    assert "--rules: Kowah has the presets seed, not 'traditional'" in bad.stderr


def test_a_luk_fu_deal_three_seats_passed_is_dealt_again_as_lf_c4_says(tmp_path):
    """LF-C4: three passes, the cards are dealt again. A bench deal is the deal played: the
    row's deals end in a win or a draw, never a redeal, and each redeal it met is counted and
    said; --redeal-ends-deal counts a redeal as a deal no seat won, as the rows before did
    (its win rate can only be lower on the same seeds: the first dealings are the same)."""
    from moneycards.players import resolve
    from moneycards.solver.hints import play_deal
    from moneycards.solver.table import OutcomeKind

    sys.path.insert(0, str(ROOT / "bench"))
    import strength

    # seeds 100000-100029: greedy seats pass all three in some of them
    redealt = [k for k in range(30) if play_deal("lukfu", 100000 + k, resolve(["greedy"] * 3))
               .result.kind is OutcomeKind.REDEAL]
    assert redealt, "no redeal in these seeds: the test would check nothing"
    for k in redealt:
        state, n = strength.played_out(
            lambda seed: play_deal("lukfu", seed, resolve(["greedy"] * 3)), 100000 + k)
        assert n >= 1 and state.result.kind is not OutcomeKind.REDEAL
        assert state.seed == strength.redeal_seed(100000 + k, n) != 100000 + k
        ended, m = strength.played_out(
            lambda seed: play_deal("lukfu", seed, resolve(["greedy"] * 3)), 100000 + k,
            redeal_ends_deal=True)
        assert m == 1 and ended.result.kind is OutcomeKind.REDEAL

    common = ["--games", "lukfu", "--opponents", "greedy", "--strong", "greedy",
              "--workers", "1", "--deals", "30", "--seed-base", "100000"]
    out = bench(*common, "--json", str(tmp_path / "again.json"))
    assert out.returncode in (0, 1), out.stderr
    again = row(tmp_path / "again.json")
    assert again["redeal"] == "dealt again" and again["redeals"] >= len(redealt)
    assert f"{again['redeals']} redeals after three passes" in out.stdout
    assert "dealt again (LF-C4)" in out.stdout
    out = bench(*common, "--redeal-ends-deal", "--json", str(tmp_path / "ends.json"))
    ends = row(tmp_path / "ends.json")
    assert ends["redeal"] == "ends the deal" and ends["redeals"] == len(redealt)
    assert "each counted as a deal no seat won" in out.stdout
    # every tested seat's win in the first dealing stands; a redeal dealt again may add one
    assert ends["strong_win"][0] <= again["strong_win"][0]
    # rows of the two readings are never merged into one
    out = bench("--merge", str(tmp_path / "again.json"), str(tmp_path / "ends.json"),
                "--json", str(tmp_path / "both.json"))
    assert len(json.loads((tmp_path / "both.json").read_text())) == 2
