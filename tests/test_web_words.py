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


def say(tmp_path, calls: str, module: str = "words"):
    """The JSON of `calls`, an expression over the exports (as `w`) of web/src/`module`.ts."""
    entry = tmp_path / "entry.ts"
    entry.write_text(f'import * as w from "{WEB / "src" / (module + ".ts")}";\n'
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
        "the third pass: the cards are to be dealt again (LF-C4)", "let another seat call"]


def test_a_redeal_says_what_follows_at_this_table_without_contradicting_lf_c4(tmp_path):
    """Three passes: the cards are dealt again (LF-C4), as the match's next deal; at a
    match's last deal none follows, which the page says is because the redeal was that last
    deal (R-match), where it read as a contradiction of the result line above it."""
    said = say(tmp_path, "['next-deal', 'match-over', 'one-deal'].map((at) => w.explainResult("
                         "'lukfu', { outcome: 3, rule: 'LF-C4', net: [0, 0, 0], bonuses: [] },"
                         " ['You', 'AI 1', 'AI 2'], {}, at)[0])")
    start = ("Every seat passed, so no one plays (LF-C4), and every seat settles 0 "
             "(R-settle-zero); ")
    assert said == [start + "the cards are dealt again as the match's next deal (R-match).",
                    start + "it was the match's last deal (at this table three passes count as "
                    "a deal of the match, which the rules leave open), so the match is over and "
                    "the cards are not dealt again.",
                    start + "this table plays one deal: deal again from the lobby."]


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


def test_a_kowah_take_and_declaration_name_their_cards(tmp_path):
    """KW-D1: a take names the card it takes and a declaration its pair's card by name (a
    player read "take 2h" and "showing 33h" without knowing the honours' notation)."""
    said = say(tmp_path, "['take', 'declare 33h', 'declare 55c'].map((a) => w.describe("
                         "'kowah', { seat: 0, declared: {}, discards: [{ seat: 1, card: '2h', "
                         "turn: 3 }], stock: 30 }, a))")
    assert said == ["2h Red Flower, the last discard", "checki, showing 33h (White Flower)",
                    "checki, showing 55c (5 Coins)"]


def test_totom_moves_in_chan_words_name_what_each_does(tmp_path):
    """Chắn players' verbs for Tổ Tôm's moves: Ăn names the card eaten (a Cạ also the hand
    card put with it); pass is Bốc when the seat lets the card offered go and turns the
    stock's top card (TT-T3), Dưới when it lets its own turned card go on; a claim is Ù or
    Chíu, declined as Không ù / Không chíu; the turn line says them as the buttons do."""
    offer = "(kind) => ({ phase: 3, offer: { card: '4s', kind, seat: 0, door: 0 } })"
    said = say(tmp_path, f"[1, 2, 3].map((k) => w.chanWords(({offer})(k), 'pass', ['pass']))"
                         f".concat([w.chanWords(({offer})(1), 'capture 4s', []), "
                         f"w.chanWords(({offer})(1), 'capture 4m', []), "
                         f"w.chanWords({{ phase: 2 }}, 'discard 3c', [])])")
    # each card by its name, as Chắn players say it
    assert said == ["Bốc", "Dưới", "Bốc", "Ăn chắn Tứ sách", "Ăn cạ Tứ sách với Tứ vạn",
                    "Đánh Tam văn"]
    claims = say(tmp_path, "[['win', 'decline'], ['chiu', 'decline'], "
                           "['win', 'chiu', 'decline']].map((legal) => [w.chanWords({ phase: 4 "
                           "}, 'decline', legal), w.chanTurn({ phase: 4 }, legal)])")
    assert [c[0] for c in claims] == ["Không ù", "Không chíu", "Không ù, không chíu"]
    assert [c[1].split(" — ")[0] for c in claims] == [
        "ù hay không ù", "chíu hay không chíu", "ù hay chíu hay không ù, không chíu"]
    turns = say(tmp_path, f"[w.chanTurn(({offer})(2), ['capture 4s', 'pass']), "
                          f"w.chanTurn(({offer})(1), ['pass'])]")
    assert turns == ["ăn hay dưới — capture or pass",
                     "bốc — pass (no capture is open to you)"]


def test_a_totom_log_entry_s_chan_verb_tells_bốc_from_dưới(tmp_path):
    """TT-T3: a pass the seat's own stock card follows (or the deal's end, the stock run
    out) is bốc; a pass that lets its own turned card go on is dưới."""
    said = say(tmp_path, "[w.chanLogVerb('pass', ['AI 2: pass', 'AI 2 exposes 4m from the "
                         "stock'], false), w.chanLogVerb('pass', ['AI 2: pass'], false), "
                         "w.chanLogVerb('pass', ['AI 2: pass'], true), "
                         "w.chanLogVerb('discard 9c', ['AI 2: discard 9c'], false), "
                         "w.chanLogVerb('capture 4m', ['AI 2: capture 4m'], false)]")
    assert said == ["bốc", "dưới", "bốc", "đánh Cửu văn", "ăn"]  # a discard names its card


def test_cards_in_words_are_said_by_name_for_a_screen_reader(tmp_path):
    """A screen reader reads "456s" as a number and "8m" as metres: the live region and the
    move buttons' labels say notation tokens by the cards' names, a token already named
    beside it once, and leave rule ids, signed figures and other words alone."""
    said = say(tmp_path, """[
        w.spokenText("lukfu", "AI 2: lead 456s"),
        w.spokenText("kowah", "AI 1 wins on 3m from AI 2's draw: multiplier x3 (KW-K1); AI 1 +3"),
        w.spokenText("totom", "discard 2c Nhị văn"),
        w.spokenText("totom", "take 8c, expose 8c 8m, a Cạ (TT-K7: 10 points)"),
        w.spokenText("kowah", "AI 2's cards: 122c 1h"),
        w.cardsSaid("lukfu", "1t"),
        w.spokenText("totom", "no cards here, 10 points, TT-C3"),
    ]""", module="cards")
    assert said == [
        "AI 2: lead 4 Strings, 5 Strings, 6 Strings",
        "AI 1 wins on 3 Myriads from AI 2's draw: multiplier x3 (KW-K1); AI 1 +3",
        "discard Nhị văn",
        "take Bát văn, expose Bát văn, Bát vạn, a Cạ (TT-K7: 10 points)",
        "AI 2's cards: 1 Coins, 2 Coins, 2 Coins, Old Thousand",
        "Bak Chi (1 Tens)",
        "no cards here, 10 points, TT-C3",
    ]


def test_a_kowah_declaration_sent_is_said_at_once_with_the_turns_it_leaves(tmp_path):
    """KW-X2: a declared seat's turns play themselves, so the table's answer to a
    declaration can come only with the deal's end (each AI move at its pace): what was sent
    is said while it answers, where any other action is only 'sent'."""
    said = say(tmp_path, "[w.sentWords('kowah', 'declare 22h'), w.sentWords('kowah', 'draw'), "
                         "w.sentWords('totom', 'declare 22h')]")
    assert said[0] == ("You declared checki: your turns now draw and discard by themselves "
                       "(KW-X2) until someone wins or the stock runs out (KW-K2); the table is "
                       "playing on…")
    assert said[1] == said[2] == "Sent; the table is answering…"


def test_moves_taken_back_are_said_beside_the_turn(tmp_path):
    """R-declare-privacy, R-claim-privacy: a seat whose own moves another seat's declaration
    or claim took back is told so beside its moves (its hand and turn went back with a word
    only in the log), naming the rule and each move, and a move by any other name."""
    said = say(tmp_path, "["
               "w.undoneWords('Ana', 'R-declare-privacy', ['take', 'discard 7m', 'declare 11s']), "
               "w.undoneWords('Cy', 'R-claim-privacy', ['capture 7m 7s']), "
               "w.undoneWords('Bo', '', ['draw (7c)', 'discard 5m'])]")
    assert said == [
        "Ana's declaration came first (R-declare-privacy): your take, discard 7m and declare "
        "11s were taken back, and the table is as it was before them.",
        "Cy's claim came first (R-claim-privacy): your capture 7m 7s was taken back, and the "
        "table is as it was before it.",
        "Bo's move came first: your draw (7c) and discard 5m were taken back, and the table "
        "is as it was before them."]


def test_a_choice_of_pairs_is_said_with_its_rule(tmp_path):
    """KW-R5, KW-T4: a ready hand that may show either of two pairs is told the choice (the
    hand's groups show one of them as the pair, a hint may advise the other); one pair, or
    none, says nothing."""
    said = say(tmp_path, "[w.pairChoice(['declare 11m', 'declare 11s', 'stay']), "
                         "w.pairChoice(['declare 11m', 'stay']), w.pairChoice(['draw', 'take'])]")
    assert said == [" Either two-card suit may be shown as the pair (KW-R5): 11m or 11s; the "
                    "hand then waits on a card identical to the pair shown (KW-R6).", "", ""]


def test_a_match_nobody_won_a_deal_of_says_so(tmp_path):
    """R-match: a Kowah match whose every deal was drawn (KW-K2) has no one "level at the top,
    with multipliers won that add up to 0 each"; a won match names who leads, and how."""
    said = say(tmp_path, "["
               "w.matchLeadWords('kowah', ['A', 'B', 'C'], [0n, 0n, 0n], [0, 0, 0], 2, 0), "
               "w.matchLeadWords('kowah', ['A', 'B', 'C'], [0n, 0n, 0n], [0, 0, 0], 1, 0), "
               "w.matchLeadWords('kowah', ['A', 'B', 'C'], [3n, 0n, 3n], [1, 0, 1], 3, 0), "
               "w.matchLeadWords('lukfu', ['A', 'B', 'C'], [2n, -1n, -1n], [1, 0, 0], 3, 2)]")
    assert said == ["No seat won a deal: all 2 deals were drawn (KW-K2).",
                    "No seat won a deal: the deal was drawn (KW-K2).",
                    "A and C finish level at the top, with multipliers won that add up to 3 "
                    "each.",
                    "A finishes first, with +2 points (the target was 2)."]


def test_a_card_that_captures_nothing_says_which_capture_rule_bars_it(tmp_path):
    """Tổ Tôm, 5c offered: a hand card picked with no capture that uses it says why, by the
    rule the observation shows (TT-C1 to TT-C5, TT-C7), and names TT-C6 and TT-C9 where
    neither of those holds (a Chắn player's pick of 5s beside 5m said only "no action uses
    it")."""
    def why(hand, card, discarded=(), declined=(), ca_from_hand=()):
        memory = (f"{{ declinedChan: {list(declined)}, discarded: {list(discarded)}, "
                  f"caFromHand: {list(ca_from_hand)}, capturedCa: false }}")
        obs = f"{{ seat: 0, offer: {{ card: '5c' }}, hand: '{hand}', memory: {memory} }}"
        return f"w.whyUnused('totom', {obs}, [{{ verbName: 'pass' }}], ['{card}'], new Set())"
    said = say(tmp_path, "[" + ", ".join([
        why("5s 5m 2c 3c", "5s"), why("5c 5s 2c", "5s"), why("5s 2c", "5s", discarded=["5c"]),
        why("5s 2c", "5s", declined=["5s"]), why("5s 5s 2c", "5s"),
        why("5s 2c", "5s", discarded=["7c", "7m"]), why("5s 2c", "2c"),
        why("5s 2c 3m", "5s"), why("5s 5s 5m 2c", "5m")]) + "]")
    assert said == [
        "Your concealed hand already holds a Cạ of this rank (5s 5m), so no Cạ capture in it "
        "(TT-C5). ",
        "You hold 5c itself, so you may capture it only as a Chắn (TT-C1). ",
        "You discarded 5c or played it into a Cạ earlier, so you may not capture it (TT-C4, "
        "R-own-faces). ",
        "You declined a Chắn of 5s, so you may not use it in a Cạ (TT-C3). ",
        "A concealed pair is never broken to use one of its cards in a Cạ (TT-C2). ",
        "You discarded both cards of a Cạ (7c and 7m), so you may no longer capture a Cạ "
        "(TT-C7). ",
        "It does not capture 5c: a Chắn takes it with the same card, a Cạ with a card of its "
        "rank in another suit. ",
        "A Cạ capture with it is barred here: with one unpaired card left in the concealed "
        "hand it waits for its win (TT-C6), or no legal discard would be left after it "
        "(TT-C9). ",
        # a single beside a concealed pair of its rank is no Cạ (TT-C5's own example)
        "A Cạ capture with it is barred here: with one unpaired card left in the concealed "
        "hand it waits for its win (TT-C6), or no legal discard would be left after it "
        "(TT-C9). "]


def test_chi_chi_and_a_card_of_another_rank_say_why_before_any_bar_on_the_offer(tmp_path):
    """Chi chi makes no Cạ (TT-D3): offered, or picked beside another offer, it says so, not
    that "a Cạ takes it with a card of its rank"; and a card that could never take the offer
    says so before TT-C4, which bars the offer itself (it was given for every card)."""
    def why(offer, hand, card, discarded=()):
        memory = (f"{{ declinedChan: [], discarded: {list(discarded)}, caFromHand: [], "
                  f"capturedCa: false }}")
        obs = f"{{ seat: 0, offer: {{ card: '{offer}' }}, hand: '{hand}', memory: {memory} }}"
        return f"w.whyNoCapture({obs}, '{card}')"
    said = say(tmp_path, "[" + ", ".join([
        why("1h", "1m 2c", "1m"), why("1m", "1h 2c", "1h"),
        why("5c", "5s 2c", "2c", discarded=["5c"]), why("5c", "5s 2c", "5s", discarded=["5c"])])
        + "]")
    assert said == [
        "It does not capture Chi chi: only a Chi chi does, as a Chắn; Chi chi makes no "
        "Cạ (TT-D3). ",
        "Chi chi captures only Chi chi, as a Chắn; it makes no Cạ (TT-D3), so it does not take "
        "1m. ",
        "It does not capture 5c: a Chắn takes it with the same card, a Cạ with a card of its "
        "rank in another suit. ",
        "You discarded 5c or played it into a Cạ earlier, so you may not capture it (TT-C4, "
        "R-own-faces). "]


def test_a_luk_fu_lead_the_rules_withhold_says_which_rule(tmp_path):
    """Cards picked with no lead that uses them: a pair (LF-L1), a set of four or a run of
    four by a master who passed (LF-L2), any other pick of a non-caller where the strict
    switch is on (R-lead-advice); an old single (LF-L3) as before."""
    lead = "[{ verbName: 'lead' }]"
    master_passed = "{ seat: 0, caller: 1, record: { master: 0 }, hand: '4444c 567s 9m' }"
    why = f"w.whyUnused('lukfu', {master_passed}, {lead}, "
    said = say(tmp_path, "["
               f"{why}['4c', '4s'], new Set()), "
               f"{why}['4c', '4s', '4m', '4t'], new Set()), "
               f"{why}['5s', '6s', '7s', '8s'], new Set()), "
               f"{why}['5s', '6s', '7s'], new Set(), false, true), "
               f"{why}['5s', '6s', '7s'], new Set()), "
               f"{why}['9m'], new Set(['9m'])), "
               f"{why}['1m', '2m', '4m'], new Set(), false, true), "
               f"{why}['4c', '4s', '5m'], new Set())]")
    no_lead = ("Those cards make no lead: a lead is a single card, a set of three or four of "
               "one rank, or a run of three or more consecutive ranks in one suit (LF-L1). ")
    assert said[-2:] == [no_lead, no_lead]  # the shape first, whatever else holds
    assert said[:-2] == [
        "Pairs are never played (LF-L1). ",
        "A master who passed (someone else called) may not lead a set of four (LF-L2). ",
        "A master who passed (someone else called) may not lead a run of four or more (LF-L2). ",
        "At this table a seat that is not the caller leads a single that is not old, from its "
        "highest suit holding one (R-lead-advice, a switch set on). ",
        "",
        "A seat that is not the caller leads an old single only when every card it holds is "
        "old (LF-L3). "]


def test_a_luk_fu_seat_to_lead_is_told_which_rules_keep_leads_from_its_list(tmp_path):
    """With the moves, before any card is picked: a non-caller under the strict switch is
    told R-lead-advice; else an old single held back (LF-L3) and a passed master's set of
    four or long run (LF-L2) where the hand holds one; the caller, a hand of old cards only
    and a follow are told nothing."""
    lead = "['lead 5s', 'lead 6s']"
    def kept(obs, old="[]", strict="false", legal=lead):
        return f"w.leadsKept({obs}, {legal}, new Set({old}), {strict})"
    passed = "{ seat: 0, caller: 1, record: { master: 0 }, hand: '%s' }"
    said = say(tmp_path, "[" + ", ".join([
        kept(passed % "5s 6s 9m", strict="true"),
        kept(passed % "5s 6s 9m", old="['9m']"),
        kept(passed % "4c 4s 4m 4t 6s"),
        kept(passed % "5s 6s 7s 8s 9m", old="['9m']"),
        kept(passed % "4c 4s 4m 4t 5s 6s 7s", strict="false"),
        kept(passed % "5s 6s 7s"),  # no old card, nothing held back
        kept("{ seat: 1, caller: 1, record: { master: 0 }, hand: '4c 4s 4m 4t 9m' }",
             old="['9m']", strict="true"),  # the caller
        kept(passed % "9m 9s", old="['9m', '9s']", strict="true"),  # every card old
        kept(passed % "5s 6s 9m", old="['9m']", strict="true", legal="['follow 7s']"),
        kept("{ seat: 0, caller: 0, record: { master: 0 }, hand: '4c 4s 4m 4t' }"),
    ]) + "]")
    l3 = ("Your old cards are not led alone: a seat that is not the caller leads an old single "
          "only when every card it holds is old (LF-L3).")
    l2 = "A master who passed (someone else called) may not lead a {} (LF-L2)."
    assert said == [
        "At this table a seat that is not the caller leads a single that is not old, from its "
        "highest suit holding one (R-lead-advice, a switch set on): these are your leads.",
        l3,
        l2.format("set of four"),
        l3 + " " + l2.format("run of four or more"),
        l2.format("set of four or a run of four or more"),
        "", "", "", "", ""]


def test_a_game_of_ones_own_observation_field_is_said_in_words(tmp_path):
    """The web table shows a plug-in's observation a field a line (docs/plugins.md): no
    brackets or braces, a list by commas, an object as its fields, yes or no, a dash."""
    said = say(tmp_path, "[w.jsonSaid('7c 8c'), w.jsonSaid(''), w.jsonSaid([0, 1]), "
                         "w.jsonSaid([]), w.jsonSaid(['9c']), w.jsonSaid(true), "
                         "w.jsonSaid(null), w.jsonSaid({ tricks_won: 2, last: ['5c', '6c'] }), "
                         "w.jsonSaid({}), w.jsonSaid(2.5)]")
    assert said == ["7c 8c", "none", "0, 1", "none", "9c", "yes", "–",
                    "tricks won: 2; last: 5c, 6c", "none", "2.5"]


def test_a_totom_win_at_a_doorway_is_at_a_cua_in_chan_words(tmp_path):
    """In Chắn words the end says where a stock card was exposed by the doorway's Chắn
    name, cửa, as the table's own label does; in English, doorway."""
    said = say(tmp_path, "[false, true].flatMap((chan) => ['own-door', 'stock'].map((via) => "
                         "w.explainResult('totom', { outcome: 1, winner: 1, card: '5c', via, "
                         "points: 5, rule: 'TT-K7', net: [], bonuses: [] }, ['You', 'AI 1', "
                         "'AI 2', 'AI 3'], {}, 'one-deal', chan)[0]))")
    assert said == [
        "AI 1 won on 5c (Ngũ văn), by a stock card exposed at the winner's own doorway (Ù chì).",
        "AI 1 won on 5c (Ngũ văn), by a stock card exposed at another seat's doorway.",
        "AI 1 won on 5c (Ngũ văn), by a stock card exposed at the winner's own cửa (Ù chì).",
        "AI 1 won on 5c (Ngũ văn), by a stock card exposed at another seat's cửa."]


def test_a_luk_fu_follow_the_rules_withhold_says_why(tmp_path):
    """LF-F1: a follow has as many cards as the play to beat, face up to beat it or face
    down; a seat that can beat must. A newcomer's four cards picked to follow a set of three
    met "no action uses them" and no reason."""
    obs = "{ seat: 1, caller: 0, record: { master: 0 }, hand: '5678c 9s 234m' }"
    can_beat = "[{ verbName: 'follow', text: 'follow 9s' }]"
    must_lay = ("[{ verbName: 'down', text: 'down 5c 6c 7c' }, "
                "{ verbName: 'down', text: 'down 5c 6c 8c' }]")
    said = say(tmp_path, "["
               f"w.whyUnused('lukfu', {obs}, {must_lay}, ['5c', '6c', '7c', '8c'], new Set()), "
               f"w.whyUnused('lukfu', {obs}, {can_beat}, ['2m', '3m'], new Set()), "
               f"w.whyUnused('lukfu', {obs}, {can_beat}, ['5c'], new Set()), "
               f"w.whyUnused('lukfu', {obs}, {must_lay}, ['5c', '6c', '7c'], new Set())]")
    assert said == [
        "A follow has as many cards as the play to beat: 3 cards, face up to beat it or face "
        "down (LF-F1). ",
        "A follow has as many cards as the play to beat: one card, face up to beat it or face "
        "down (LF-F1). ",
        "Those cards do not beat the play to beat, and a seat that can beat it must, with one "
        "of the follows offered (LF-F1). ",
        ""]


def test_every_totom_bonus_says_what_it_is(tmp_path):
    """TT-K3: the end's table of bonuses says what each is, for every bonus the scorer can
    give (the traditional preset's too)."""
    from moneycards.solver.totom.batch import BONUS_KEYS

    said = say(tmp_path, "w.TOTOM_BONUS_MEANING")
    assert set(said) == set(BONUS_KEYS) and all(said.values())


def test_a_compulsory_totom_claim_is_said_without_a_decline(tmp_path):
    """R-decline-win's switch must_take_win and the traditional must_chiu leave no decline:
    the turn line said "claim the win or decline" where only the claim is offered; the
    dealer's twenty with no discard is Thiên ù or a dead hand (TT-S4)."""
    said = say(tmp_path, "[['win'], ['chiu'], ['win', 'decline']].map((legal) => "
                         "w.turnWhat('totom', { phase: 4 }, legal))"
                         ".concat([['win'], ['win', 'decline'], ['win', 'discard 2c'], "
                         "['discard 2c']].map((legal) => w.turnWhat('totom', { phase: 1 }, legal)))"
                         ".concat([['win'], ['chiu']].map((legal) => "
                         "w.chanTurn({ phase: 4 }, legal).split(' — ')[0]))")
    assert said == [
        "claim the win: a win offered must be taken at this table (R-decline-win)",
        "claim the Chíu: compulsory at this table (a traditional error, switch must_chiu)",
        "claim the win or decline",
        "Thiên ù: a win offered must be taken at this table (R-decline-win)",
        "Thiên ù, or decline it and hold a dead hand (TT-S4)",
        "your first discard (or Thiên ù)",
        "your first discard",
        "ù", "chíu"]


def test_a_totom_card_picked_in_a_claim_window_or_a_dead_hand_says_so(tmp_path):
    """whyNoCapture's capture rules do not say why a card picked does nothing while a claim
    is asked (TT-P3) or in a dead hand (TT-S4); the dealer's opening keeps its own reasons."""
    said = say(tmp_path, "["
               "w.whyUnused('totom', { seat: 0, phase: 4, offer: { card: '5c' }, hand: '5s 2c' }, "
               "[{ verbName: 'win' }, { verbName: 'decline' }], ['2c'], new Set()), "
               "w.whyUnused('totom', { seat: 0, phase: 3, deadHand: [0], offer: { card: '5c' }, "
               "hand: '5s 2c' }, [{ verbName: 'pass' }], ['5s'], new Set())]")
    assert said == ["A claim on the card offered is asked first: claim it or decline (TT-P3). ",
                    "A dead hand never captures or wins: it only turns stock cards (TT-S4). "]
