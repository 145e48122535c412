"""`check --batch`: one JSON line per hand, in order, with the input's line numbers; bad
lines answered in place without stopping the batch (exit status 2); the answers are the
single command's."""

import json
import random

import pytest

from click.testing import CliRunner

from moneycards.cli.main import cli
from moneycards.solver.kowah import KOWAH
from moneycards.solver.totom import TOTOM
from tests.test_totom_differential import hands

PAGE = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin, catch_exceptions=False)


def lines(output):
    return [json.loads(x) for x in output.splitlines()]


def test_totom_batch_answers_each_line_as_check_json_does(tmp_path):
    texts = [TOTOM.render(h) for h in hands(8, 30)]
    src = tmp_path / "hands.txt"
    src.write_text("\n".join(texts) + "\n\n" + json.dumps(
        {"hand": PAGE, "win_card": "3c", "via": "own-door"}) + "\n")
    r = run("totom", "check", "--batch", str(src), "--rules", "traditional")
    assert r.exit_code == 0, r.output
    got = lines(r.output)
    assert [g["line"] for g in got] == list(range(1, 31)) + [32]
    for g, text in zip(got, texts):
        one = json.loads(run("totom", "check", text, "--json", "--rules",
                             "traditional").output)
        assert g["hand"] == one["hand"] and g["wins"] == one["wins"]
        assert (g["chan_count"], g["ca_count"], g["points"]) == (
            one["chan_count"], one["ca_count"], one["points"])
        assert g["rules"] == [v["rule"] for v in one["violations"]]
        assert g["bonus_counts"] == {b["kind"]: b["count"] for b in one["bonuses"]}
        assert (g["scored_by"], g["main_bonus"]) == (one["scored_by"], one["main_bonus"])
    assert got[-1]["points"] == 3 and got[-1]["bonus_counts"] == {
        "TOTOM_BONUS_KIND_U_CHI": 1}  # no Tôm here
    detailed = lines(run("totom", "check", "--batch", str(src), "--details").output)
    assert detailed[-1] == {"line": 32, **json.loads(run(
        "totom", "check", PAGE, "--win-card", "3c", "--via", "own-door", "--json").output)}


def test_bad_lines_are_answered_in_place_and_the_batch_goes_on():
    stdin = "\n".join([PAGE, "22c", "２c", '{"hand": 3}', "{bad", json.dumps(
        {"hand": PAGE, "colour": "red"}), json.dumps({"hand": PAGE, "win_card": "9m"}), PAGE])
    r = run("totom", "check", "--batch", "-", stdin=stdin)
    assert r.exit_code == 2
    got = lines(r.stdout)
    assert [g["line"] for g in got] == list(range(1, 9))
    assert [g.get("error", {}).get("field") for g in got] == [
        None, "hand", "hand", "hand", "line", "line", "win_card", None]
    assert got[-1]["wins"]
    assert "6 of 8 lines (blank ones aside) are bad input (first: line 2)" in r.stderr


def test_kowah_batch(tmp_path):
    rng = random.Random(2)
    deck = [f for f in KOWAH.faces for _ in range(4)]
    texts = ["55c55s5m 777c"] + [KOWAH.render(rng.sample(deck, 8)) for _ in range(15)]
    r = run("kowah", "check", "--batch", "-", stdin="\n".join(texts + ["1c"]))
    assert r.exit_code == 2
    got = lines(r.stdout)
    for g, text in zip(got, texts):
        one = json.loads(run("kowah", "check", text, "--json").output)
        assert (g["hand"], g["ready"], g["waits"], g["split_count"]) == (
            one["hand"], one["ready"], one["waits"], len(one["splits"]))
        assert g["rules"] == [v["rule"] for v in one["violations"]]
        assert g["distance"] == one["distance"]
    assert got[-1]["error"]["rule"] == "KW-R4"


def test_a_kowah_batch_line_with_seen_cards_has_check_seen_s_distance():
    """A line's "seen" is `check --seen`: its distance counts only unseen copies, absent
    when no ready hand is left; a seen text that cannot be is that line's error."""
    rng = random.Random(5)
    deck = [f for f in KOWAH.faces for _ in range(4)]
    cases, changed = [], 0
    while len(cases) < 24:
        rng.shuffle(deck)
        held = deck[:8]
        # every other copy of some faces near the hand: the draws that would have made it
        near = {f for f in held[:3]} | {g for g in KOWAH.faces if any(
            g.rank == f.rank for f in held[:2])}
        seen = [f for f in deck[8:] if f in near or rng.random() < 0.1]
        cases.append((KOWAH.render(held), KOWAH.render(seen)))
    # every card not held seen: a hand that is not ready can become ready no more
    rest = [f for f in KOWAH.faces for _ in range(4)]
    for f in KOWAH.parse("555c5s5m 777c"):
        rest.remove(f)
    cases.append(("555c5s5m 777c", KOWAH.render(rest)))
    got = lines(run("kowah", "check", "--batch", "-", stdin="\n".join(
        json.dumps({"hand": h, "seen": s}) for h, s in cases)).stdout)
    for g, (hand, seen) in zip(got, cases):
        one = json.loads(run("kowah", "check", hand, "--seen", seen, "--json").output)
        alone = json.loads(run("kowah", "check", hand, "--json").output)
        assert g["ready"] == one["ready"] and g.get("distance") == one.get("distance"), hand
        changed += one.get("distance") != alone.get("distance")
    assert changed >= 3  # the seen cards made a difference, here and in the batch
    assert "distance" not in got[-1] and not got[-1]["ready"]
    bad = lines(run("kowah", "check", "--batch", "-", stdin=json.dumps(
        {"hand": "555c5s5m 777c", "seen": "5c5c"})).stdout)
    assert bad[0]["error"] == {"field": "seen", "rule": None, "message":
                               "5c: 3 in the hand and 2 seen, but the deck holds 4"}


def test_batch_and_a_hand_do_not_mix():
    for args in (["totom", "check", PAGE, "--batch", "-"],
                 ["totom", "check", "--batch", "-", "--via", "stock"],
                 ["kowah", "check", "55c55s5m 777c", "--batch", "-"],
                 ["totom", "check"], ["totom", "check", PAGE, "--details"]):
        r = run(*args, stdin="")
        assert r.exit_code == 2 and r.stderr.startswith("error: "), args


def test_a_value_of_the_wrong_json_kind_is_named_in_json_words():
    stdin = "\n".join(json.dumps({"hand": PAGE, **extra}) for extra in (
        {"opening": 5}, {"win_card": ["2c"]}, {"thien_u": 1}, {"win_card": True}))
    got = lines(run("totom", "check", "--batch", "-", stdin=stdin).stdout)
    assert [g["error"]["message"] for g in got] == [
        "opening must be text (a JSON string), not a number",
        "win_card must be text (a JSON string), not a list",
        "thien_u must be true or false, not a number",
        "win_card must be text (a JSON string), not true/false"]
    # the hand itself: of the wrong kind, or missing
    hands = lines(run("totom", "check", "--batch", "-",
                      stdin='{"hand": 5}\n{"win_card": "3c"}').stdout)
    assert [g["error"]["message"] for g in hands] == [
        "hand must be text (a JSON string) of cards in notation, not a number",
        'the object needs "hand": the cards in notation']
    kowah = lines(run("kowah", "check", "--batch", "-",
                      stdin=json.dumps({"hand": "555c 777s 99m", "wait": "9m"})).stdout)
    assert kowah[0]["error"]["message"] == "unknown key 'wait'; known: hand, seen"


@pytest.mark.parametrize("where", ["file", "-"])
def test_a_batch_line_that_is_not_utf8_is_answered_in_its_place(tmp_path, where):
    """A batch answers a bad line in its place and goes on (README): bytes that are not
    UTF-8 are that line's error, the lines around it are answered; so is a line longer
    than any hand; a leading byte-order mark and CRLF line ends are no part of a hand."""
    data = (b"\xef\xbb\xbf55c55s5m 777c\r\n\xff\xfe22c\r\n" + b"2c " * 4000 + b"\r\n"
            b"555c 555s 11h\r\n")
    args = ["kowah", "check", "--batch"]
    if where == "file":
        path = tmp_path / "hands.txt"
        path.write_bytes(data)
        r = CliRunner().invoke(cli, [*args, str(path)])
    else:
        r = CliRunner().invoke(cli, [*args, "-"], input=data)
    assert r.exit_code == 2
    answers = [json.loads(x) for x in r.stdout.splitlines()]
    assert [a["line"] for a in answers] == [1, 2, 3, 4]
    assert answers[0]["ready"] and answers[3]["ready"]
    assert answers[1]["error"] == {"field": "line", "rule": None,
                                   "message": "the line is not UTF-8 text (byte 1 of the line)"}
    assert answers[2]["error"]["message"] == \
        "a line is at most 10,000 characters; this one has 12,000"
    assert r.stderr == ("error: 2 of 4 lines (blank ones aside) are bad input (first: "
                        "line 2); each is answered with its error\n")
    # under --json the count is a JSON object too
    r = CliRunner().invoke(cli, [*args, "-", "--json"], input=data)
    assert json.loads(r.stderr) == {"error": {
        "field": "--batch", "rule": None,
        "message": "2 of 4 lines (blank ones aside) are bad input (first: line 2); each is "
                   "answered with its error"}}
