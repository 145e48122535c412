"""A mutation run over the rules code: does the test suite notice when one rule breaks?

Each mutant below is one realistic slip in the rules code (a flipped comparison, a dropped
restriction, a changed bonus value, an off-by-one), written as a unique source snippet and
its replacement, with the rule it breaks and the test files that must notice it. The run
applies one mutant at a time to a private copy of the source tree (the checkout is never
modified), runs only those test files, and counts the mutant killed when they fail.

    python bench/mutation.py                 # every mutant; score and survivors on stdout
    python bench/mutation.py --list          # the mutants, one a line
    python bench/mutation.py --only tt-c2-four --only lf-w2-six
    python bench/mutation.py --jobs 1        # one mutant at a time (default: 2 at once)
    python bench/mutation.py --equivalent    # the equivalent mutants: each should survive

Equivalent mutants (no test can kill them: they cannot change any result) are listed with
the reason and do not count. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from queue import Queue

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Mutant:
    id: str
    file: str  # path from the repository root
    find: str  # a snippet that occurs exactly once in the file
    replace: str
    rule: str  # the rule id (or behaviour) the mutant breaks
    what: str
    tests: tuple[str, ...]

    def apply(self, source: str) -> str:
        n = source.count(self.find)
        if n != 1:
            raise SystemExit(f"mutant {self.id}: the snippet occurs {n} times in {self.file}")
        return source.replace(self.find, self.replace)


# The test files each part of the rules code answers to.
TT_HAND = ("tests/test_totom_rules.py", "tests/test_totom_sharp.py")
TT_TABLE = ("tests/test_totom_table_rules.py", "tests/test_totom_sharp.py")
TT_LEAK = ("tests/test_totom_sharp.py", "tests/test_leaks.py")
KW = ("tests/test_kowah_rules.py", "tests/test_kowah_sharp.py")
KW_LEAK = ("tests/test_kowah_sharp.py", "tests/test_leaks.py")
LF = ("tests/test_lukfu_rules.py", "tests/test_lukfu_sharp.py")
LF_LEAK = ("tests/test_leaks.py",)
NOTATION = ("tests/test_notation.py",)
RECORDS = ("tests/test_records_sharp.py",)
CLI = ("tests/test_records_sharp.py",)


def M(id: str, file: str, find: str, replace: str, rule: str, what: str,
      tests: tuple[str, ...]) -> Mutant:
    return Mutant(id, file, find, replace, rule, what, tests)


SCORING = "solver/totom/scoring.py"
TT_RULES = "solver/totom/rules.py"
TT_TABLE_PY = "solver/totom/table.py"
KW_CHECK = "solver/kowah/check.py"
KW_SHAPES = "solver/kowah/shapes.py"
KW_TABLE_PY = "solver/kowah/table.py"
LF_PLAYS = "solver/lukfu/plays.py"
LF_LEGAL = "solver/lukfu/legal.py"
LF_RECORD = "solver/lukfu/record.py"
LF_OLD = "solver/lukfu/old.py"
LF_TABLE_PY = "solver/lukfu/table.py"

MUTANTS: tuple[Mutant, ...] = (
    # -- Tổ Tôm: the TT-K3 table, both presets -------------------------------------------
    M("tt-k3-u-chi-main", TT_RULES, '"u_chi": ("Ù chì", 3, 1)', '"u_chi": ("Ù chì", 4, 1)',
      "TT-K3", "Ù chì worth 4 instead of 3", TT_HAND),
    M("tt-k3-thien-u-dich", TT_RULES, '"thien_u": ("Thiên ù", 3, 1)',
      '"thien_u": ("Thiên ù", 3, 2)', "TT-K3", "Thiên ù's dịch 2 instead of 1", TT_HAND),
    M("tt-k3-tom-dich", TT_RULES, '"tom": ("Tôm", 4, 1)', '"tom": ("Tôm", 4, 2)', "TT-K3",
      "Tôm's dịch 2 instead of 1", TT_HAND),
    M("tt-k3-bach-thu-main", TT_RULES, '"bach_thu": ("Bạch thủ", 4, 1)',
      '"bach_thu": ("Bạch thủ", 5, 1)', "TT-K3", "Bạch thủ worth 5 instead of 4", TT_HAND),
    M("tt-k3-leo-main", TT_RULES, '"leo": ("Lèo", 5, 2)', '"leo": ("Lèo", 4, 2)', "TT-K3",
      "Lèo worth 4 instead of 5", TT_HAND),
    M("tt-k3-thien-khai-dich", TT_RULES, '"thien_khai": ("Thiên khai", 5, 2)',
      '"thien_khai": ("Thiên khai", 5, 1)', "TT-K3", "Thiên khai's dịch 1 instead of 2",
      TT_HAND),
    M("tt-k3-chiu-u-main", TT_RULES, '"chiu_u": ("Chíu ù", 5, 2)', '"chiu_u": ("Chíu ù", 6, 2)',
      "TT-K3", "Chíu ù worth 6 instead of 5", TT_HAND),
    M("tt-k3-bon-dich", TT_RULES, '"bon": ("Bòn", 5, 2)', '"bon": ("Bòn", 5, 3)', "TT-K3",
      "Bòn's dịch 3 instead of 2", TT_HAND),
    M("tt-k3-bach-dinh-dich", TT_RULES, '"bach_dinh": ("Bạch định", 7, 4)',
      '"bach_dinh": ("Bạch định", 7, 3)', "TT-K3", "Bạch định's dịch 3 instead of 4", TT_HAND),
    M("tt-k3-tam-do-dich", TT_RULES, '"tam_do": ("Tám đỏ", 8, 5)', '"tam_do": ("Tám đỏ", 8, 4)',
      "TT-K3", "Tám đỏ's dịch 4 instead of 5", TT_HAND),
    M("tt-k3-kinh-tu-chi-main", TT_RULES, '"kinh_tu_chi": ("Kính tứ chi", 12, 9)',
      '"kinh_tu_chi": ("Kính tứ chi", 11, 9)', "TT-K3", "Kính tứ chi worth 11", TT_HAND),
    M("tt-k3-thap-thanh-dich", TT_RULES, '"thap_thanh": ("Thập thành", 12, 9)',
      '"thap_thanh": ("Thập thành", 12, 8)', "TT-K3", "Thập thành's dịch 8 instead of 9",
      TT_HAND),
    M("tt-trad-bach-thu-chi", TT_RULES, '"bach_thu_chi": ("Bạch thủ chi", 6, 3)',
      '"bach_thu_chi": ("Bạch thủ chi", 6, 2)', "TT-K3 (traditional)",
      "traditional Bạch thủ chi's dịch 2 instead of 3", TT_HAND),
    M("tt-trad-thong", TT_RULES, '"thong": ("Thông", 3, 1)', '"thong": ("Thông", 4, 1)',
      "TT-K3 (traditional)", "traditional Thông worth 4", TT_HAND),
    M("tt-trad-thien-khai", TT_RULES, "thien_khai=(3, 1)", "thien_khai=(3, 2)",
      "TT-K3 (traditional)", "traditional Thiên khai's dịch 2 instead of 1", TT_HAND),
    M("tt-trad-bon", TT_RULES, "bon=(3, 1)", "bon=(5, 2)", "TT-K3 (traditional)",
      "traditional Bòn keeps the seed value 5/2", TT_HAND),
    M("tt-trad-tom-cards", TT_RULES, 'tom_cards=(face("3m"), face("3s"), face("7c"))',
      'tom_cards=(face("3m"), face("3c"), face("7c"))', "R-Tôm-cards",
      "traditional Tôm read with the seed page's 3 Coins", TT_HAND),
    M("tt-d2-red-faces", TT_RULES, '("8m", "9m", "8s", "9s", "1h")', '("8m", "9m", "8s", "1h")',
      "TT-D2", "9 of Strings counted black", TT_HAND),
    # -- Tổ Tôm: scoring -------------------------------------------------------------------
    M("tt-k3-tam-do-exact", SCORING, "if reds == 8:", "if reds >= 8:", "TT-K3",
      "Tám đỏ for eight or more red cards instead of exactly eight", TT_HAND),
    M("tt-k3-bach-dinh-zero", SCORING, "if reds == 0:", "if reds <= 1:", "TT-K3",
      "Bạch định with one red card", TT_HAND),
    M("tt-k3-kinh-tu-chi-black", SCORING, "if counts[_CHI_CHI] == 4 and reds == 4:",
      "if counts[_CHI_CHI] == 4:", "TT-K3", "Kính tứ chi without all other cards black", TT_HAND),
    M("tt-per-face-thien-khai", SCORING,
      'out["thien_khai"] = sum(1 for d in opening if d == 4)',
      'out["thien_khai"] = int(any(d == 4 for d in opening))', "R-per-face",
      "Thiên khai counted once instead of once per face", TT_HAND),
    M("tt-per-face-bon", SCORING, 'out["bon"] = sum(1 for i, (d, n)',
      'out["bon"] = any(1 for i, (d, n)', "R-per-face",
      "Bòn counted once instead of once per face", TT_HAND),
    M("tt-bon-triple", SCORING, "if n == 4 and (d == 2 or (d == 3 and i != win)))",
      "if n == 4 and d == 2)", "R-Bòn-triple",
      "a dealt triple whose fourth copy joined before the win scores no Bòn", TT_TABLE),
    M("tt-bon-triple-win-card", SCORING, "(d == 3 and i != win)", "d == 3", "R-Bòn-triple",
      "the fourth copy of a dealt triple as the winning card scores Bòn and Chíu ù", TT_HAND),
    M("tt-bon-triple-batch", "solver/totom/batch.py",
      "((opening == 3) & not_won_on)", "(opening == 3)", "R-Bòn-triple",
      "the batch scores Bòn and Chíu ù for the winning fourth copy of a dealt triple",
      ("tests/test_totom_sharp.py", "tests/test_batch_differential.py")),
    M("tt-bon-triple-no-win-card", "solver/totom/check.py",
      "if grown and ctx.win_card is None:", "if grown and ctx.thien_u:", "R-Bòn-triple",
      "a grown triple checked without the winning card scored instead of refused", TT_HAND),
    M("tt-bon-triple-hint-chiu", "solver/totom/search.py",
      "out[TOTOM.index(group[0])] += len(group) - 1", "pass", "R-Bòn-triple",
      "the hint's worlds read a seat's exposed Chíu as no dealt triple",
      ("tests/test_totom_sharp.py", "tests/test_totom_search.py")),
    M("tt-k3-chiu-u-triple", SCORING, "opening[win] == 3 and counts[win] == 4",
      "opening[win] >= 2 and counts[win] == 4", "TT-K3",
      "Chíu ù for the fourth copy of a dealt pair", TT_HAND),
    M("tt-k4-tom-sets", SCORING, 'out["tom"] = min(counts[i] for i in rules.tom_index)',
      'out["tom"] = min(1, *(counts[i] for i in rules.tom_index))', "TT-K4",
      "one Tôm however many sets", TT_HAND),
    M("tt-k4-leo-sets", SCORING, 'out["leo"] = min(counts[i] for i in _LEO_INDEX)',
      'out["leo"] = min(1, *(counts[i] for i in _LEO_INDEX))', "TT-K4",
      "one Lèo however many sets", TT_HAND),
    M("tt-k3-u-chi-any-stock", SCORING, "if ctx.via == VIA_OWN_DOOR:",
      "if ctx.via in (VIA_OWN_DOOR, VIA_STOCK):", "TT-K3",
      "Ù chì on a stock card exposed at another seat's doorway", TT_HAND),
    M("tt-bach-thu-rank", SCORING,
      "if all(a.rank != rank for a, _ in part.ca):", "if True:", "R-Bạch-thủ-rank",
      "Bạch thủ with a Cạ in the winning card's rank", TT_HAND),
    M("tt-bach-thu-six-four", SCORING, "if part.chan_count == 6 and part.ca_count == 4:",
      "if part.chan_count >= 6:", "R-Bạch-thủ", "Bạch thủ with seven Chắn", TT_HAND),
    M("tt-k3-thap-thanh", SCORING, "if part.ca_count == 0:", "if part.ca_count <= 1:", "TT-K3",
      "Thập thành with one Cạ", TT_HAND),
    M("tt-k2-head-count", SCORING,
      "total = head.bonus.main + head.bonus.dich * (head.count - 1)",
      "total = head.bonus.main * head.count", "TT-K2",
      "every instance of the main bonus at its main value", TT_HAND),
    M("tt-k5-sum", SCORING, "total = sum(bc.bonus.main * bc.count for bc in found)",
      "total = sum(bc.bonus.main for bc in found)", "TT-K5",
      "Thập thành's sum counting each bonus once", TT_HAND),
    M("tt-k1-xuong", SCORING, "XUONG_POINTS = 2", "XUONG_POINTS = 3", "TT-K1",
      "Ù xuông worth 3", TT_HAND),
    M("tt-w3-chiu-two-chan", "solver/totom/shapes.py", "chan.extend(_CHAN_RUNS[i][n >> 1])",
      "chan.extend(_CHAN_RUNS[i][min(n >> 1, 1)])", "TT-W3",
      "four of a face counted as one Chắn instead of two", TT_HAND),
    M("tt-d3-lone-chi-chi", "solver/totom/shapes.py",
      "left = [_CHI_CHI] if counts[_CHI_CHI] & 1 else []", "left = []", "TT-D3",
      "a single Chi chi dropped from the unpaired cards", TT_HAND),
    M("tt-w4-six-chan", "solver/totom/check.py", "if part.chan_count < MIN_CHAN:",
      "if part.chan_count < MIN_CHAN - 1:", "TT-W4", "a win with five Chắn", TT_HAND),
    # -- Tổ Tôm: the table engine ----------------------------------------------------------
    M("tt-c2-four", TT_TABLE_PY, "if n in (2, 4):", "if n == 2:", "TT-C2",
      "discarding one card of a concealed four", TT_TABLE),
    M("tt-c2-ca-from-pair", TT_TABLE_PY, "if hand[idx(h)] in (2, 4):", "if hand[idx(h)] == 4:",
      "TT-C2", "a card of a concealed pair used in a Cạ", TT_TABLE),
    M("tt-c1-chan-only", TT_TABLE_PY, "if hand[idx(card)] > 0:", "if hand[idx(card)] > 1:",
      "TT-C1", "a Cạ capture while holding one identical card", TT_TABLE),
    M("tt-c3-discard", TT_TABLE_PY, "if f in mem.declined_chan:",
      "if f in mem.declined_chan and False:", "TT-C3",
      "discarding a face whose Chắn the seat declined", TT_TABLE),
    M("tt-c4-ca-from-hand", TT_TABLE_PY,
      "if card in mem.discarded or card in mem.ca_from_hand:", "if card in mem.discarded:",
      "TT-C4", "capturing a face the seat played into a Cạ", TT_TABLE),
    M("tt-c5-rank", TT_TABLE_PY, "if any(card.rank == a.rank for a, _ in part.ca):",
      "if any(card == a for a, _ in part.ca):", "TT-C5",
      "a Cạ capture in a rank where the hand holds a Cạ", TT_TABLE),
    M("tt-c6-last-single", TT_TABLE_PY, "if len(part.left) == 1:", "if len(part.left) < 1:",
      "TT-C6", "a Cạ capture with one unpaired card left", TT_TABLE),
    M("tt-c7-two-discards", TT_TABLE_PY,
      "if any(a.rank == b.rank and a.suit < b.suit for a in mem.discarded",
      "if any(a.rank == b.rank and a.suit < b.suit and False for a in mem.discarded",
      "TT-C7", "Cạ captures after discarding both cards of a Cạ", TT_TABLE),
    M("tt-c8-after-ca", TT_TABLE_PY, "if mem.captured_ca and any(g.rank == f.rank",
      "if mem.captured_ca and False and any(g.rank == f.rank", "TT-C8",
      "discarding both cards of a Cạ after capturing a Cạ", TT_TABLE),
    M("tt-p3-doorway", TT_TABLE_PY, "order = [(o.door + k) % SEATS for k in range(SEATS)]",
      "order = [(o.door + 1 + k) % SEATS for k in range(SEATS)]", "TT-P3",
      "claim priority starting one seat after the doorway", TT_TABLE),
    M("tt-p3-win-first", TT_TABLE_PY,
      'queue += [(x, "chiu") for x in order if self._chiu_ok(x, o.card)]',
      'queue[:0] = [(x, "chiu") for x in order if self._chiu_ok(x, o.card)]', "TT-P3",
      "a Chíu asked before a win", TT_TABLE),
    M("tt-u-chi-in-deals", TT_TABLE_PY,
      "via = VIA_OWN_DOOR if self.offer.door == s else VIA_STOCK", "via = VIA_STOCK",
      "TT-K3", "every stock win scored as another seat's doorway (no Ù chì in deals)",
      TT_TABLE),
    M("tt-p4-return", TT_TABLE_PY, "self.return_to = o.seat if o.seat != c else None",
      "self.return_to = None", "TT-P4",
      "a Chíu claimant's discard offered to the seat after it", TT_TABLE),
    M("tt-w6-discard-win", TT_TABLE_PY, "self._open_claims(exclude=s, wins=False)",
      "self._open_claims(exclude=s, wins=True)", "TT-W6", "a win claimed on a hand discard",
      TT_TABLE),
    M("tt-k7-settle", TT_TABLE_PY, "net[s] = 3 * v.points", "net[s] = 2 * v.points", "TT-K7",
      "the winner receives twice the score", TT_TABLE),
    M("tt-privacy-claim", TT_TABLE_PY,
      "claim=ob.Claim(self.claims[0][1]) if asked else None",
      "claim=ob.Claim(self.claims[0][1]) if self.phase == \"claims\" else None",
      "R-claim-privacy", "every seat's observation shows the open claim", TT_LEAK),
    M("tt-privacy-memory", TT_TABLE_PY, "o, mem = self.offer, self.memory[seat]",
      "o, mem = self.offer, self.memory[self.seat]", "R-claim-privacy",
      "an observation shows the acting seat's declined Chắn and discards", TT_LEAK),
    M("tt-privacy-window", TT_TABLE_PY,
      'if self.phase is Phase.CLAIMS and "decline" in self._legal():',
      "if False:", "R-claim-privacy",
      "other seats see the claim window (phase, seat to act) while a seat decides",
      ("tests/test_observations.py", "tests/test_table_service.py")),
    M("tables-private-version", "solver/tables.py",
      "private = decline is not None and",
      "private = False and", "R-claim-privacy",
      "a declined claim counts in every seat's version and shows as an event",
      ("tests/test_table_service.py",)),
    # -- Kowah -----------------------------------------------------------------------------
    M("kw-unseen-seen", KW_CHECK,
      "unseen = tuple(KOWAH.copies - h - s for h, s in zip(counts, seen))",
      "unseen = tuple(KOWAH.copies - h for h in counts)", "KW-R6",
      "the unseen copies of each wait ignoring --seen", KW),
    M("kw-k1-discard", KW_CHECK, '"discard": 2}', '"discard": 1}', "KW-K1",
      "a win on a discard x1", KW),
    M("kw-k1-self-draw", KW_CHECK, '{"self-draw": 3,', '{"self-draw": 2,', "KW-K1",
      "a self-draw x2", KW),
    M("kw-r4-shown-pair", KW_CHECK, "if any(s.pair == pair for s in structural_splits(counts)):",
      "if True:", "KW-R4",
      "a shown pair beside six cards that are no two triplets blamed on KW-R5", KW),
    M("kw-r3-pair-bound", "solver/kowah/model.py", "1 if counts[i] >= 2 else 0",
      "1 if counts[i] >= 3 else 0", "KW-R3",
      "the CP-SAT models refusing a pair unless three of its face are held", KW),
    M("kw-r5-two-two-one", KW_SHAPES, "== [1, 2, 2]", "in ([1, 2, 2], [0, 2, 3])", "KW-R5",
      "a pair beside a one-suit triplet of its rank", KW),
    M("kw-r5-every-triplet", KW_SHAPES,
      "return all(two_two_one(self.pair, t) for t in self.triplets)",
      "return any(two_two_one(self.pair, t) for t in self.triplets)", "R-one-triplet-rule",
      "KW-R5 checked for one triplet only", KW),
    M("kw-x2-self-draw", KW_TABLE_PY,
      "winner = s if self.declared.get(s) == card else self._waiting_on(card, s)",
      "winner = self._waiting_on(card, s)", "KW-X2",
      "a declared seat discarding its own wait", KW),
    M("kw-take-limit", KW_TABLE_PY, "self.takes_in_row < TAKE_LIMIT:",
      "self.takes_in_row <= TAKE_LIMIT:", "R-take-limit", "a 31st take in a row",
      ("tests/test_strict_input.py",)),
    M("kw-x3-public-draws", KW_TABLE_PY,
      "        if self.declared:  # KW-X3: shown to every seat",
      "        if True:  # KW-X3: shown to every seat", "KW-X3",
      "stock draws shown before anyone declared", KW_LEAK),
    # -- Luk Fu ----------------------------------------------------------------------------
    M("lf-l2-record-four", LF_RECORD,
      "(p.kind == SET and p.size == 4) or (p.kind == RUN and p.size >= 4)",
      "(p.kind == RUN and p.size >= 4)", "LF-L2",
      "the public-record reader lets a master who passed lead a set of four", LF),
    M("lf-l2-legal-run", LF_LEGAL, "(play.kind == RUN and play.size >= 4)",
      "(play.kind == RUN and play.size > 4)", "LF-L2",
      "a master who passed leading a run of four", LF),
    M("lf-l3-old-single", LF_LEGAL,
      "play.cards[0] in old and not all_old:", "play.cards[0] in old and False:", "LF-L3",
      "a non-caller leading an old single while holding fresh cards", LF),
    M("lf-l4-caller-only", LF_LEGAL,
      'if role != "caller" and play.kind == SINGLE',
      'if role == "non-caller" and play.kind == SINGLE', "LF-L3",
      "a master who passed leading an old single like the caller", LF),
    M("lf-f2-single", LF_PLAYS,
      'ok = play.rank > best.rank\n        return Comparison(ok, "LF-F2"',
      'ok = play.rank >= best.rank - 1\n        return Comparison(ok, "LF-F2"', "LF-F2",
      "a single beaten by the card just below it", LF),
    M("lf-f3-aces", LF_PLAYS, "ok = play.rank == 9", "ok = play.rank > 1", "LF-F3",
      "a led set of 1s beaten by any higher set", LF),
    M("lf-f3-set", LF_PLAYS,
      'ok = play.rank > best.rank\n        return Comparison(ok, "LF-F3"',
      'ok = play.rank < best.rank\n        return Comparison(ok, "LF-F3"', "LF-F3",
      "a set beaten by a lower set", LF),
    M("lf-f4-suit", LF_PLAYS, "if SUIT_RANK[play.suit] > SUIT_RANK[best.suit]:",
      "if SUIT_RANK[play.suit] < SUIT_RANK[best.suit]:", "LF-F4",
      "a run beaten by a run in a lower suit", LF),
    M("lf-f4-top", LF_PLAYS, "if play.suit == best.suit and play.rank > best.rank:",
      "if play.rank > best.rank:", "LF-F4",
      "a run beaten by a higher top card in a lower suit", LF),
    M("lf-f5-bak-chi", LF_PLAYS, "UNBEATABLE_SINGLES = frozenset({MAU_GUNG, BAK_CHI})",
      "UNBEATABLE_SINGLES = frozenset({MAU_GUNG})", "LF-F5", "Bak Chi led alone beaten", LF),
    M("lf-f4-size", LF_PLAYS, "if play.kind != best.kind or play.size != best.size:",
      "if play.kind != best.kind:", "LF-F4", "a run beaten by a run of another length", LF),
    M("lf-l3-all-old", LF_LEGAL, "if play.kind == SINGLE and play.cards[0] in old:  # a non",
      "if False:  # a non", "LF-L3",
      "an old single led by a non-caller holding only old cards cited as LF-L1", LF),
    M("lf-f1-must-beat", LF_LEGAL, "    if able:\n        return Legality(False",
      "    if False:\n        return Legality(False", "LF-F1",
      "going face down while holding a beating play", LF),
    M("lf-w2-six", LF_TABLE_PY, "return self.claim_total(seat) >= WIN_FU",
      "return self.claim_total(seat) > WIN_FU", "LF-W2", "a claim refused at exactly six", LF),
    M("lf-w2-six-shortcut", LF_TABLE_PY,
      "if rec.fu(seat) + len(self.hands[seat]) < WIN_FU:",
      "if rec.fu(seat) + len(self.hands[seat]) <= WIN_FU:", "LF-W2",
      "no claim when fu plus every card held is exactly six", LF),
    M("lf-w2-proof-six", LF_OLD, "fu + old >= 6", "fu + old > 6", "LF-W2",
      "the old-card proof refusing a claim at exactly six", LF),
    M("lf-k2-points", LF_LEGAL, "points = 1 + (fu - WIN_FU)", "points = fu - WIN_FU", "LF-K2",
      "six fu worth nothing", LF),
    M("lf-k3-caller-pays", LF_LEGAL, "net[winner], net[caller] = 2 * points, -2 * points",
      "net[winner], net[caller] = points, -points", "LF-K3",
      "a losing caller paying one share", LF),
    M("lf-w1-fu", LF_RECORD, "total += best.size", "total += 1", "LF-W1",
      "a trick's fu counted as one", LF),
    M("lf-c3-caller", LF_RECORD, "return (self.master + k) % SEATS",
      "return (self.master + k + 1) % SEATS", "LF-C3", "the caller counted from the wrong seat",
      LF),
    M("lf-claim-timing", LF_TABLE_PY, "elif rec.to_act() in self.played_on:",
      "elif False:", "R-claim-timing",
      "a seat that played on past a claim claims when the hands run out", LF),
    M("lf-down-consistency", LF_RECORD, "for t in range(ev.trick, len(self.tricks)):",
      "for t in range(ev.trick + 1, len(self.tricks)):", "R-old-proof",
      "a face-down discard that itself beats the play accepted", LF),
    M("lf-old-boundary", LF_OLD, 'loc.kind == "hand" or loc.trick >= t))',
      'loc.kind == "hand" or loc.trick > t))', "R-old-proof",
      "the face-down inference using the wrong trick boundary", LF),
    M("lf-old-face-down-ignored", LF_OLD,
      "if h in pos.unknown and where(h) is not None", "if h in pos.unknown", "R-old-proof",
      "old cards never proved by face-down discards", LF),
    M("lf-o1-bak-chi", LF_OLD, "if f.rank == 9) | {MAU_GUNG, BAK_CHI}",
      "if f.rank == 9) | {MAU_GUNG}", "LF-O1", "Bak Chi not always old", LF),
    M("lf-f6-leak", LF_TABLE_PY, "if a.seat == seat and a.play is None and a.hidden:",
      "if a.play is None and a.hidden:", "LF-F6",
      "a seat's observation showing every seat's face-down cards", LF_LEAK),
    # -- Records, the API and the command line -------------------------------------------
    M("api-first-illegal-0", "server/records.py", "if check.index is not None:",
      "if check.index:", "API", "first_illegal missing when the first action is illegal",
      RECORDS),
    M("api-outcome-redeal", "server/records.py", '"redeal": common_pb2.DEAL_OUTCOME_REDEAL',
      '"redeal": common_pb2.DEAL_OUTCOME_DRAWN', "API", "a redeal reported as drawn",
      RECORDS),
    M("api-multiplier", "server/records.py", 'if "multiplier" in r:',
      'if "multiplier" in r and r["multiplier"] > 1:', "API",
      "a ×1 Kowah win without its multiplier", RECORDS),
    M("rec-seed-0-write", "moneycards/records.py", 'if record.get("seed") is not None:',
      'if record.get("seed"):', "records", "a record seed of 0 written as no seed", RECORDS),
    M("rec-seed-0-read", "moneycards/records.py", 'if msg.HasField("seed"):', "if msg.seed:",
      "records", "a record seed of 0 read as no seed", RECORDS),
    M("rec-seed-0-engine", "solver/table.py", "if self.seed is not None:", "if self.seed:",
      "records", "an engine's game record dropping seed 0", RECORDS),
    M("rec-first-seat", "moneycards/records.py", "if not 0 <= msg.deal.first_seat < seats:",
      "if not 0 <= msg.deal.first_seat <= seats:", "records",
      "a deal's first seat one past the last seat accepted", RECORDS),
    M("cli-errors-stdout", "cli/common.py", 'click.echo(f"error: {line}", err=True)',
      'click.echo(f"error: {line}")', "CLI", "error lines written to stdout", CLI),
    M("cli-check-record-number", "cli/records.py", "INVALID at action {result.index + 1}",
      "INVALID at action {result.index}", "CLI", "check-record numbering from 0", CLI),
    # -- Notation --------------------------------------------------------------------------
    M("cards-last-face", "solver/cards.py", "for i, n in enumerate(vec):",
      "for i, n in enumerate(vec[:-1]):", "TT-D1/KW-D1/LF-D1",
      "the count-vector check ignoring the last face of the deck", NOTATION),
    M("cards-render-order", "solver/cards.py",
      "faces: list[Face] = sorted(items, key=_FACE_ORDER)",
      "faces: list[Face] = list(items)", "NOTATION",
      "render keeping the written order",
      NOTATION),
    M("cards-render-counts-order", "solver/cards.py",
      "for suit, members in self._suit_runs)",
      "for suit, members in reversed(self._suit_runs))", "NOTATION",
      "a count vector rendered with its suits in reverse order",
      NOTATION),
    # -- What a deal tells its players ---------------------------------------------------
    M("tt-opening-win-rule", TT_TABLE_PY, 'return ("TT-W4" if "TT-W4" in rules else rules[0],',
      "return (rules[0],", "TT-W4",
      "a claimed win that is no win (the opening twenty, a stock card that does not complete "
      "the hand) citing its first reason (TT-D3, TT-W3) instead of TT-W4",
      ("tests/test_tables.py",)),
    M("kw-stay-before-ready", KW_TABLE_PY,
      "if self.phase is not Phase.DECLARE:  # nothing to decline",
      "if False:  # nothing to decline", "KW-T2",
      "'stay' before the cards are ready refused as a compulsory declaration (KW-T4)",
      ("tests/test_tables.py",)),
    M("kw-x3-declared-draw-told", KW_TABLE_PY,
      'self.events.append(f"{seat_label(s)} (declared) drew {card} face up (KW-X3)")',
      "pass", "KW-X3", "a win on a declared seat's own draw without saying who drew it",
      ("tests/test_tables.py",)),
    M("tt-result-via-words", TT_TABLE_PY,
      'VIA_WORDS = {VIA_OWN_DOOR: "own stock card",',
      'VIA_WORDS = {VIA_OWN_DOOR: "stock card",', "TT-P1",
      "a win on the seat's own stock card told as one at another doorway",
      ("tests/test_tables.py",)),
    M("kw-declare-r4", KW_CHECK, "if any(s.pair == pair for s in structural_splits(counts)):",
      "if True:", "KW-R4",
      "a pair the other six cards cannot back refused as a 2-2-1 fault (KW-R5)",
      ("tests/test_tables.py",) + KW),
    M("tt-w6-in-chiu-window", TT_TABLE_PY,
      'if verb == "win" and kind == "chiu" and self.offer is not None',
      'if verb == "win" and kind == "win" and self.offer is not None', "TT-W6",
      "a win on a hand discard, asked during a Chíu window, cited as TT-P3",
      ("tests/test_tables.py",)),
    M("tt-c2-opening-pairs", "solver/totom/check.py",
      "if counts[i] < was - was % 2:", "if counts[i] < was - 2 * (was // 2) - 1:",
      "TT-C2", "an opening whose dealt pair the hand no longer holds scored as given",
      ("tests/test_totom_rules.py",)),
    M("lf-call-word", "solver/tables.py", "if words is not None and act.arg not in words:",
      "if words is not None and not act.arg:", "LF-C2",
      "Luk Fu 'call maybe' taken for an action the rules refuse, not malformed input",
      ("tests/test_table_service.py",)),
    # Private decisions at a table (R-claim-privacy, R-declare-privacy) and matches (R-match).
    M("priv-ai-seed-by-history", "solver/tables.py",
      'rng = random.Random(f"{self.seed}/{self.public_count}/{actor}")',
      'rng = random.Random(f"{self.seed}/{len(self.state.history)}/{actor}")',
      "R-claim-privacy", "an AI seeded by every action, private declines included, plays "
      "otherwise when some seat was asked", ("tests/test_privacy_twins.py",)),
    M("priv-aftermath-hidden", "solver/tables.py",
      "if not e.private or e.seat == seat or seat in self.unseen.get(x, ()):",
      "if True:", "R-declare-privacy",
      "what followed another seat's private decline by itself told to that seat only",
      ("tests/test_privacy_twins.py",)),
    M("priv-hold-own-decision", "solver/tables.py",
      "return pend.entry if pend is not None else len(self.log)", "return len(self.log)",
      "R-claim-privacy", "a deciding seat shown what was played past its own open decision",
      ("tests/test_take_back.py",)),
    M("priv-no-play-on", "solver/tables.py",
      "return sum(1 for s in self.seats if s.kind == HUMAN) > 1", "return False",
      "R-claim-privacy", "a table waits on a person's private decision with others seated",
      ("tests/test_take_back.py", "tests/test_table_service.py")),
    M("priv-claim-keeps-moves", "solver/tables.py", "del self.line[pend.index:]",
      "self.state = self.state", "R-claim-privacy",
      "a late claim leaves the moves played meanwhile standing", ("tests/test_take_back.py",)),
    M("priv-end-reopened", "solver/tables.py",
      """        for pend in list(self.pending):
            self.pending.remove(pend)
            self.inputs.append(f"{DECLINE}{pend.seat}")""",
      """        for pend in []:
            pass""", "R-claim-close",
      "a decision still open when the deal ends left open", ("tests/test_take_back.py",)),
    M("match-winner-not-next", "solver/tables.py",
      "if result.winner is not None and not getattr(rules, game.rotation_switch):",
      "if result.winner is not None and getattr(rules, game.rotation_switch):", "R-match",
      "the deal passed round when the winner should deal, and the other way",
      ("tests/test_matches.py",)),
    M("match-thong-lost", TT_TABLE_PY, "won_previous=self.previous_winner == seat)  # Thông",
      "won_previous=False)  # Thông", "R-match",
      "a second win in a row scores no Thông under traditional rules",
      ("tests/test_matches.py",)),
)


@dataclass(frozen=True)
class Equivalent:
    mutant: Mutant
    reason: str


EQUIVALENT: tuple[Equivalent, ...] = (
    Equivalent(M("tt-chi-chi-distance", "solver/totom/model.py",
                 "if f.rank == rank and f != CHI_CHI]", "if f.rank == rank]", "TT-D3",
                 "Chi chi not excluded from the Cạ of its rank in the distance model",
                 ("tests/test_totom_distance.py", "tests/test_totom_rules.py")),
               "Chi chi is the only card of rank 1 in Tổ Tôm, so it can never meet a Cạ "
               "partner of its rank"),
    Equivalent(M("kw-x5-rotation", KW_TABLE_PY, "for k in range(1, SEATS):",
                 "for k in range(SEATS - 1, 0, -1):", "KW-X5",
                 "waiting seats tried in reverse turn order", KW + ("tests/test_tables.py",)),
               "two seats can never wait on one card: two declared pairs of it would hold "
               "all four copies, so no copy is left to win on"),
    Equivalent(M("tt-bach-thu-chan", SCORING, "counts[win] % 2 == 0",
                 "counts[win] >= 1", "R-Bạch-thủ",
                 "Bạch thủ when the winning card completes a Cạ", TT_HAND),
               "a Bạch thủ hand has no unpaired card, so an odd count of the winning card puts "
               "a copy in a Cạ of its own rank, which the rank condition already refuses"),
    Equivalent(M("tt-k2-tie", SCORING,
                 "found.sort(key=lambda bc: (bc.bonus.main, bc.bonus.dich), reverse=True)",
                 "found.sort(key=lambda bc: bc.bonus.main, reverse=True)", "TT-K2",
                 "ties on the main value not broken by dịch", TT_HAND),
               "in both presets every two bonuses with the same main value have the same "
               "dịch, so the tie-break never changes the points"),
)


# -- the run -------------------------------------------------------------------------------
IGNORE = shutil.ignore_patterns(".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache",
                                ".pytest_cache", ".hypothesis", "*.egg-info", "node_modules",
                                "build", "dist")


def make_copy(base: Path) -> Path:
    """A copy of the checkout whose `moneycards` folder is the whole package: the other
    folders pyproject.toml maps into it are linked in. The editable install maps the
    subpackages to the checkout, but only when their parent cannot find them itself."""
    repo = base / "repo"
    shutil.copytree(ROOT, repo, ignore=IGNORE, symlinks=True)
    with open(repo / "pyproject.toml", "rb") as fh:
        dirs = tomllib.load(fh)["tool"]["setuptools"]["package-dir"]
    pkg = repo / dirs["moneycards"]
    for name, folder in dirs.items():
        if name != "moneycards":
            (pkg / name.split(".", 1)[1]).symlink_to(repo / folder)
    return repo


def env_for(repo: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(repo), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a mutant's bytecode must never outlive it
    return env


def run_tests(repo: Path, tests: tuple[str, ...], workers: int,
              timeout: float) -> tuple[int, float]:
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
           "-p", "no:randomly", "-n", str(workers), "--timeout", str(int(timeout)), *tests]
    start = time.monotonic()
    try:
        rc = subprocess.run(cmd, cwd=repo, env=env_for(repo), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, timeout=timeout * 2).returncode
    except subprocess.TimeoutExpired:
        rc = -1
    return rc, time.monotonic() - start


def check_copy(repo: Path) -> None:
    out = subprocess.run([sys.executable, "-c", "import moneycards.solver.cards as c; "
                          "print(c.__file__)"], env=env_for(repo), capture_output=True,
                         text=True, check=True, cwd=repo).stdout.strip()
    if not out.startswith(str(repo)):
        raise SystemExit(f"the copy is not the package imported ({out})")


def run_mutant(m: Mutant, repo: Path, workers: int, timeout: float) -> tuple[str, float]:
    path = repo / m.file
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(m.apply(original), encoding="utf-8")
        rc, took = run_tests(repo, m.tests, workers, timeout)
    finally:
        path.write_text(original, encoding="utf-8")
    if rc == 0:
        return "survived", took
    if rc == 5:
        raise SystemExit(f"mutant {m.id}: no tests collected from {m.tests}")
    return ("timeout" if rc == -1 else "killed"), took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--only", action="append", metavar="ID", help="run only this mutant "
                    "(repeatable; comma-separated ids too)")
    ap.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    ap.add_argument("--workers", type=int, default=0,
                    help="pytest-xdist workers per mutant (default 0: in process)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test run")
    ap.add_argument("--equivalent", action="store_true",
                    help="run the equivalent mutants instead: each should survive")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the check that the unmutated tests pass")
    args = ap.parse_args(argv)

    for m in MUTANTS + tuple(e.mutant for e in EQUIVALENT):  # every snippet unique, up front
        m.apply((ROOT / m.file).read_text(encoding="utf-8"))
    if args.list:
        for m in MUTANTS:
            print(f"{m.id:28} {m.rule:20} {m.file}: {m.what}")
        for e in EQUIVALENT:
            print(f"{e.mutant.id:28} {'equivalent':20} {e.mutant.file}: {e.reason}")
        return 0
    chosen = [e.mutant for e in EQUIVALENT] if args.equivalent else list(MUTANTS)
    if args.only:
        wanted = {x for arg in args.only for x in arg.split(",") if x}
        unknown = wanted - {m.id for m in chosen}
        if unknown:
            ap.error(f"unknown mutant ids: {', '.join(sorted(unknown))}")
        chosen = [m for m in chosen if m.id in wanted]

    start = time.monotonic()
    jobs = max(1, min(args.jobs, len(chosen)))
    with tempfile.TemporaryDirectory(prefix="moneycards-mutation-") as tmp:
        copies: Queue[Path] = Queue()
        for j in range(jobs):
            copy = make_copy(Path(tmp) / f"copy{j}")
            copies.put(copy)
        check_copy(copy)
        if not args.no_baseline:
            tests = tuple(sorted({t for m in chosen for t in m.tests}))
            print(f"baseline: {len(tests)} test files on the unmutated copy", file=sys.stderr)
            rc, took = run_tests(copy, tests, args.workers, args.timeout)
            if rc != 0:
                print(f"the unmutated tests fail (exit {rc}); fix them first", file=sys.stderr)
                return 2
            print(f"baseline passed in {took:.0f}s", file=sys.stderr)

        results: dict[str, tuple[str, float]] = {}

        def one(m: Mutant) -> None:
            copy = copies.get()
            try:
                results[m.id] = run_mutant(m, copy, args.workers, args.timeout)
            finally:
                copies.put(copy)
            status, took = results[m.id]
            print(f"[{len(results)}/{len(chosen)}] {m.id}: {status} ({took:.1f}s)",
                  file=sys.stderr, flush=True)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, chosen))

    survivors = [m for m in chosen if results[m.id][0] == "survived"]
    killed = len(chosen) - len(survivors)
    print(f"mutation score: {killed}/{len(chosen)} killed ({100 * killed / len(chosen):.1f} %) "
          f"in {time.monotonic() - start:.0f}s")
    print(f"survivors ({len(survivors)}):")
    for m in survivors:
        print(f"  {m.id} [{m.rule}] {m.file}: {m.what}")
    print(f"equivalent mutants, not counted ({len(EQUIVALENT)}):")
    for e in EQUIVALENT:
        print(f"  {e.mutant.id} [{e.mutant.rule}] {e.mutant.file}: {e.reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
