"""The web table's words (web/src/words.ts) as the page says them, checked without a
browser: the module bundled by the web build's own esbuild and run by Node.js. Skipped where
the web's packages (`npm ci` in web/) or its generated code (web/build.sh) are missing;
.ci/run builds them and sets MONEYCARDS_REQUIRE_NODE, so CI fails instead."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

WEB = pathlib.Path(__file__).resolve().parents[1] / "web"
ESBUILD = WEB / "node_modules" / ".bin" / "esbuild"
pytestmark = pytest.mark.skipif(
    not (shutil.which("node") and ESBUILD.exists() and (WEB / "src" / "gen").exists())
    and not os.environ.get("MONEYCARDS_REQUIRE_NODE"),
    reason="the web table's packages are not installed (npm ci in web/, then web/build.sh)")


def say(tmp_path, calls: str):
    """The JSON of `calls`, an expression over words.ts's exports (as `w`)."""
    entry = tmp_path / "entry.ts"
    entry.write_text(f'import * as w from "{WEB / "src" / "words.ts"}";\n'
                     f"console.log(JSON.stringify({calls}));\n")
    bundle = tmp_path / "words.mjs"
    subprocess.run([str(ESBUILD), str(entry), "--bundle", "--format=esm", "--platform=node",
                    "--log-level=warning", f"--outfile={bundle}"], check=True, timeout=60)
    r = subprocess.run(["node", str(bundle)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_names_in_a_sentence_are_listed_with_commas_and_a_last_and(tmp_path):
    """A match's end names every seat level at the top: "A, B and C finish level"."""
    assert say(tmp_path, '[[], ["A"], ["A", "B"], ["Player 0", "Player 1", "AI 2"]]'
                         ".map(w.listed)") == ["", "A", "A and B", "Player 0, Player 1 and AI 2"]
    assert say(tmp_path, '[w.plural(1, "deal"), w.plural(3, "deal")]') == ["1 deal", "3 deals"]


def test_the_third_pass_is_named_as_the_redeal_it_is(tmp_path):
    """LF-C4: after two passes the last seat's pass leaves no seat to call: its button says
    no one plays the deal, where an earlier pass lets another seat call (what follows, a
    match's next deal or none, the table says)."""
    said = say(tmp_path, '[[], ["pass"], ["pass", "pass"], ["play"]].map((calls) => '
                         'w.describe("lukfu", { record: { calls } }, "call pass"))')
    assert said == ["let another seat call"] * 2 + [
        "the third pass: no one plays this deal (LF-C4)", "let another seat call"]


def test_a_kowah_win_s_multiplier_says_how_the_card_came_as_the_server_does(tmp_path):
    """KW-K1: x3 by self-draw, x1 on a card another seat drew, x2 on a discard. A bare "by
    draw" read as a drawn deal (KW-K2); the page's line says it as the server's does."""
    from moneycards.solver.kowah.check import MULTIPLIERS, WON

    said = say(tmp_path, "['self-draw', 'draw', 'discard'].map((via) => w.explainResult("
                         "'kowah', { outcome: 1, winner: 1, card: '5c', via, multiplier: "
                         "({ 'self-draw': 3, draw: 1, discard: 2 })[via], rule: 'KW-K1', "
                         "net: [], bonuses: [] }, ['You', 'AI 1', 'AI 2'], {}).at(-1))")
    assert said == [f"Multiplier x{MULTIPLIERS[via]} for a win {WON[via]} (KW-K1)."
                    for via in ("self-draw", "draw", "discard")]


def test_a_kowah_discard_of_a_declared_seat_s_wait_says_it_wins_that_seat_kw_x4(tmp_path):
    """KW-X4: a discard that is another declared seat's wait wins it the deal, x2; said on
    that discard only (not on this seat's own wait, nor on another card)."""
    said = say(tmp_path, "['discard 9c', 'discard 5m', 'discard 2s'].map((a) => w.describe("
                         "'kowah', { seat: 0, declared: { 0: '22s', 2: '99c' }, discards: [], "
                         "stock: 30 }, a))")
    assert said[0].endswith(": a declared seat's wait, wins that seat the deal, x2 (KW-X4)")
    assert "wait" not in said[1] and "wait" not in said[2]
