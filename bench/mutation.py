"""A mutation run over the code: does the test suite notice when one rule or behaviour breaks?

Each mutant below is one realistic slip (a flipped comparison, a dropped restriction, a
changed bonus value, an off-by-one, a forgotten update, an option that never reaches its
effect), written as a unique source snippet and its replacement, with the rule or behaviour
it breaks and the test files that must notice it. The mutants cover the rules code of each
game, the notation and records, and the service around them: the table stores and replicas,
a table's private decisions and matches, admission and per-client limits, batches, the
search's simulators and samplers, and serve's options. The run applies one mutant at a time
to a private copy of the source tree (the checkout is never modified), runs only those test
files, and counts the mutant killed when they fail; a run that times out (the whole run, or
one test) counts as killed and is reported as a timeout.

    python bench/mutation.py                 # every mutant; score by area, survivors
    python bench/mutation.py --list          # the mutants, one a line, with their area
    python bench/mutation.py --only tt-c2-four --only lf-w2-six
    python bench/mutation.py --area stores   # one area's mutants (repeatable)
    python bench/mutation.py --fast          # a fixed slice across the areas, for CI
    python bench/mutation.py --jobs 1        # one mutant at a time (default: 2 at once)
    python bench/mutation.py --equivalent    # the equivalent mutants: each should survive

The unmutated tests run first; if some fail, the run stops and names them, or with
--deselect-failing leaves them out of every run and lists them with the score. Equivalent
mutants (no test can kill them: they cannot change any result) are listed with the reason
and do not count. Progress goes to stderr. The PostgreSQL store's mutants (pg-*) need the
PostgreSQL tests, which run only with MONEYCARDS_TEST_POSTGRES set (`.ci/postgres start DIR`
prints a throw-away cluster's URL); without it they survive.
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
    area: str = ""  # its part of the code (AREAS); "" reads it from the file

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
# The service's parts: the stores, a table's privacy, admission and limits, batches, the
# search, serve's options (each with the test files that exercise it from outside).
STORE_T = ("tests/test_store.py", "tests/test_store_listing.py", "tests/test_replicas.py",
           "tests/test_bite_store.py", "tests/test_store_model.py",
           "tests/test_public_service.py", "tests/test_table_service.py")
PRIVACY_T = ("tests/test_take_back.py", "tests/test_bite_private.py", "tests/test_tables.py",
             "tests/test_matches.py", "tests/test_table_service.py",
             "tests/test_privacy_twins.py")
SERVICE_T = ("tests/test_public_service.py", "tests/test_server_hardening.py",
             "tests/test_server_concurrency.py", "tests/test_table_service.py",
             "tests/test_ai_only_tables.py", "tests/test_serve.py",
             "tests/test_serve_processes.py", "tests/test_deadlines.py",
             "tests/test_bite_limits.py", "tests/test_bite_store.py",
             "tests/test_bite_private.py", "tests/test_bite_batch.py",
             "tests/test_bite_simulators.py", "tests/test_bite_cli_options.py",
             "tests/test_bite_admission.py")
BATCH_T = ("tests/test_cli_batch.py", "tests/test_server_batch.py",
           "tests/test_batch_differential.py", "tests/test_bite_batch.py")
SEARCH_T = ("tests/test_totom_search.py", "tests/test_kowah_search.py",
            "tests/test_lukfu_search.py", "tests/test_ai.py", "tests/test_bite_simulators.py",
            "tests/test_bite_rollouts.py")
PACE_T = ("tests/test_ai_pace.py",)
SERVE_T = ("tests/test_serve_startup.py", "tests/test_serve.py", "tests/test_public_service.py",
           "tests/test_remote_tls.py", "tests/test_bite_cli_options.py",
           "tests/test_serve_options.py", "tests/test_bite_admission.py")


def M(id: str, file: str, find: str, replace: str, rule: str, what: str,
      tests: tuple[str, ...], area: str = "") -> Mutant:
    return Mutant(id, file, find, replace, rule, what, tests, area)


SCORING = "solver/totom/scoring.py"
TT_RULES = "solver/totom/rules.py"
TT_TABLE_PY = "solver/totom/table.py"
TT_LEGAL_PY = "solver/totom/legal.py"
KW_CHECK = "solver/kowah/check.py"
KW_SHAPES = "solver/kowah/shapes.py"
KW_TABLE_PY = "solver/kowah/table.py"
LF_PLAYS = "solver/lukfu/plays.py"
LF_LEGAL = "solver/lukfu/legal.py"
LF_RECORD = "solver/lukfu/record.py"
LF_OLD = "solver/lukfu/old.py"
LF_TABLE_PY = "solver/lukfu/table.py"
STORE = "server/store.py"
TABLES_SRV = "server/tables.py"
TABLES_PY = "solver/tables.py"
LIMITS = "server/limits.py"
INTERCEPTORS = "server/interceptors.py"
CLI_BATCH = "cli/batch.py"
SOLVER_BATCH = "solver/batch.py"
TT_BATCH = "solver/totom/batch.py"
KW_BATCH = "solver/kowah/batch.py"
TT_SIM = "solver/totom/sim.py"
TT_SEARCH = "solver/totom/search.py"
KW_SEARCH = "solver/kowah/search.py"
LF_SEARCH = "solver/lukfu/search.py"
CLI_SERVE = "cli/serve.py"

MUTANTS: tuple[Mutant, ...] = (
    # -- Tổ Tôm: the TT-K3 table, both presets -------------------------------------------
    M("tt-k3-u-chi-main", TT_RULES, '"u_chi": ("Ù chì", 3, 1)', '"u_chi": ("Ù chì", 4, 1)',
      "TT-K3", "Ù chì worth 4 instead of 3", TT_HAND),
    M("tt-k3-thien-u-dich", TT_RULES, '"thien_u": ("Thiên ù", 3, 1)',
      '"thien_u": ("Thiên ù", 3, 2)', "TT-K3", "Thiên ù's dịch 2 instead of 1", TT_HAND),
    M("tt-k3-tom-dich", TT_RULES, '"tom": ("Tôm", 4, 1)', '"tom": ("Tôm", 4, 2)', "TT-K3",
      "Tôm's dịch 2 instead of 1", TT_HAND),
    M("tt-k6-u-chi-dich", TT_RULES, '"u_chi": ("Ù chì", 3, 1)', '"u_chi": ("Ù chì", 3, 2)',
      "TT-K6", "Ù chì's dịch 2 instead of 1: the page's example, Ù chì and one Tôm, scores 6",
      TT_HAND),
    M("tt-w1-ca-any-rank", "solver/totom/shapes.py",
      "if a.rank == b.rank and a.suit != b.suit and CHI_CHI not in (a, b):",
      "if a.suit != b.suit and CHI_CHI not in (a, b):", "TT-W1",
      "any two cards of different suits make a Cạ, whatever their ranks", TT_HAND),
    M("kw-win-cites-r1-only", "solver/kowah/screen.py",
      'kinds = sorted({"KW-R2" if f.suit == "h" else "KW-R1" for f in faces})',
      'kinds = ["KW-R1"]', "KW-R2",
      "a win with an honour triplet cites only the ordinary triplet's rule",
      ("tests/test_cli.py",)),
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
    M("tt-distance-dp-keeps-most", "solver/totom/exact.py",
      "if adds + a < nxt.get(k, 99):", "if adds + a > nxt.get(k, -1):", "TT-W4",
      "the exact distance keeps the most cards to add for each state, not the fewest",
      ("tests/test_totom_distance.py", "tests/test_totom_differential.py")),
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
    M("tt-w2-chiu-two-chan", "solver/totom/shapes.py", "chan.extend(_CHAN_RUNS[i][n >> 1])",
      "chan.extend(_CHAN_RUNS[i][min(n >> 1, 1)])", "TT-W2",
      "four of a face counted as one Chắn instead of two", TT_HAND),
    M("tt-d3-lone-chi-chi", "solver/totom/shapes.py",
      "left = [_CHI_CHI] if counts[_CHI_CHI] & 1 else []", "left = []", "TT-D3",
      "a single Chi chi dropped from the unpaired cards", TT_HAND),
    M("tt-w4-six-chan", "solver/totom/check.py", "if part.chan_count < MIN_CHAN:",
      "if part.chan_count < MIN_CHAN - 1:", "TT-W4", "a win with five Chắn", TT_HAND),
    # -- Tổ Tôm: the table engine ----------------------------------------------------------
    M("tt-c2-four", TT_LEGAL_PY, "if held in (2, 4):", "if held == 2:", "TT-C2",
      "discarding one card of a concealed four", TT_TABLE),
    M("tt-c2-ca-from-pair", TT_TABLE_PY, " or breaks_a_pair(h, hand[idx(h)]) \\\n",
      " \\\n", "TT-C2", "a card of a concealed pair used in a Cạ", TT_TABLE),
    M("tt-c1-chan-only", TT_LEGAL_PY, "if hand_card != card and held_of_card > 0:",
      "if hand_card != card and held_of_card > 1:", "TT-C1",
      "a Cạ capture while holding one identical card", TT_TABLE),
    M("tt-c3-discard", TT_TABLE_PY,
      "refusal = breaks_a_pair(f, n) or declined_before(f, mem.declined_chan)",
      "refusal = breaks_a_pair(f, n)", "TT-C3",
      "discarding a face whose Chắn the seat declined", TT_TABLE),
    M("tt-c4-ca-from-hand", TT_LEGAL_PY,
      "if card in discarded or card in ca_from_hand:", "if card in discarded:",
      "TT-C4", "capturing a face the seat played into a Cạ", TT_TABLE),
    M("tt-c5-rank", TT_LEGAL_PY, "if any(card.rank == a.rank for a, _ in concealed.ca):",
      "if any(card == a for a, _ in concealed.ca):", "TT-C5",
      "a Cạ capture in a rank where the hand holds a Cạ", TT_TABLE),
    M("tt-c6-last-single", TT_LEGAL_PY, "if len(concealed.left) == 1:",
      "if len(concealed.left) < 1:",
      "TT-C6", "a Cạ capture with one unpaired card left", TT_TABLE),
    M("tt-c7-two-discards", TT_LEGAL_PY,
      "if any(a.suit < b.suit and pair_kind(a, b) == CA for a in discarded",
      "if any(a.suit < b.suit and pair_kind(a, b) == CA and False for a in discarded",
      "TT-C7", "Cạ captures after discarding both cards of a Cạ", TT_TABLE),
    M("tt-c8-after-ca", TT_LEGAL_PY, "if captured_ca and any(pair_kind(g, card) == CA",
      "if captured_ca and False and any(pair_kind(g, card) == CA", "TT-C8",
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
    M("tt-k7-settle", SCORING, "net[winner] = 3 * points", "net[winner] = 2 * points", "TT-K7",
      "the winner receives twice the score", TT_TABLE),
    M("tt-privacy-claim", TT_TABLE_PY,
      "claim=ob.Claim(self.claims[0][1]) if asked else None",
      "claim=ob.Claim(self.claims[0][1]) if self.phase == \"claims\" else None",
      "R-claim-privacy", "every seat's observation shows the open claim", TT_LEAK),
    M("tt-privacy-memory", TT_TABLE_PY, "o, mem = self.offer, self.memory[seat]",
      "o, mem = self.offer, self.memory[self.seat]", "R-claim-privacy",
      "an observation shows the acting seat's declined Chắn and discards", TT_LEAK),
    M("tt-privacy-window", TT_TABLE_PY,
      'if self.phase is Phase.CLAIMS and _SAID[V.DECLINE] in self._legal():',
      "if False:", "R-claim-privacy",
      "other seats see the claim window (phase, seat to act) while a seat decides",
      ("tests/test_observations.py", "tests/test_table_service.py")),
    M("tables-private-version", "solver/tables.py",
      "private = decline is not None and",
      "private = False and", "R-claim-privacy",
      "a declined claim counts in every seat's version and shows as an event",
      ("tests/test_table_service.py",)),
    M("tables-version-skips-private", "solver/tables.py",
      "hiding = {*self.void, *self.unseen, *self.private_at}",
      "hiding = {*self.void, *self.unseen}", "R-declare-privacy",
      "another seat's private decline counts in a seat's version",
      ("tests/test_privacy_twins.py",)),
    M("tables-pace-no-wait", "solver/tables.py",
      "        elif wait > 0:\n            self.sleep(wait)",
      "        elif False:\n            pass", "AI pace",
      "a paced table answers as soon as its AI seats have decided", PACE_T),
    M("tables-pace-last-only", "solver/tables.py",
      "self.paced_ms += decision_pace_ms(seat.level, self.ai_pace_ms)",
      "self.paced_ms = decision_pace_ms(seat.level, self.ai_pace_ms)", "AI pace",
      "a reply owes one decision's pace however many AI decisions it made", PACE_T),
    M("tables-pace-private-owed", "solver/tables.py", "if not self.log[-1].private:",
      "if True:", "AI pace",
      "an AI seat's private decline owes a pace: the reply's time tells it was asked",
      PACE_T),
    M("tables-pace-no-cap", "solver/tables.py", "                  MAX_REPLY_PACE_MS)",
      "                  float(\"inf\"))", "AI pace",
      "a reply owes every pace however long they add up to", PACE_T),
    M("tables-pace-no-floor", "solver/tables.py",
      "due = min(max(self.paced_ms - owed, self.ai_pace_ms if answering else 0.0),",
      "due = min(max(self.paced_ms - owed, 0.0),", "AI pace",
      "a reply without public AI actions answers at once: private declines' time shows",
      PACE_T),
    M("tables-people-unpaced", "solver/tables.py",
      "due = min(self.ai_pace_ms, PEOPLE_PACE_MS) if answering else 0.0", "due = 0.0",
      "AI pace", "a table of people answers at once: an action that opens a private claim "
      "answers later than one that does not", PACE_T),
    M("tables-pace-from-advance", "solver/tables.py",
      "        self.advance(start=start, public=public)\n",
      "        self.advance(public=public)\n", "AI pace", "the pace counts from after the "
      "action's own work, which varies with a private claim it opens", PACE_T),
    M("tables-pace-expert-as-strong", "solver/tables.py",
      'return pace_ms * (EXPERT_PACES if level == "expert" else 1)', "return pace_ms",
      "AI pace", "an expert decision owes a strong one's pace", PACE_T),
    M("act-pace-holds-slot", "server/tables.py",
      "with t.lock, pace_outside_the_slot(t.table, context, self.tables.stopping):",
      "with t.lock:", "AI pace",
      "a paced Act keeps its call slot while it waits: other calls are refused", PACE_T),
    M("stopping-keeps-pace", "server/tables.py", "        stopping.wait(float(seconds))",
      "        time.sleep(float(seconds))", "AI pace",
      "a stopping server waits out an Act's pace: the answer is cut by the grace",
      ("tests/test_serve_options.py",)),
    M("create-pace-holds-slot", "server/tables.py", 'idle=getattr(context, "idle", None))',
      "idle=None)", "AI pace",
      "a new table waits its pace in its call slot: other calls are refused", PACE_T),
    M("idle-keeps-slot", "server/interceptors.py", "            self.released = True\n",
      "", "AI pace", "the call slot is counted free twice once a paced call idles",
      PACE_T + ("tests/test_bite_admission.py", "tests/test_server_concurrency.py")),
    M("serve-pace-dropped", "server/app.py", "ai_pace_ms=limits.ai_pace_ms",
      "ai_pace_ms=0.0", "--ai-pace-ms", "the server's --ai-pace-ms never reaches its tables",
      PACE_T),
    M("tt-c9-no-discard-left", TT_LEGAL_PY,
      '        return "TT-C9", "no legal discard would remain after this capture"',
      "        return None", "TT-C9",
      "a capture allowed that leaves no legal discard", TT_TABLE),
    M("tt-t4-rule", TT_TABLE_PY, 'self.result = Outcome(OutcomeKind.DRAWN, "TT-T4"',
      'self.result = Outcome(OutcomeKind.DRAWN, "TT-T3"', "TT-T4",
      "a drawn deal citing the offer rule",
      TT_TABLE + ("tests/test_deal_rule_ids.py", "tests/test_tables.py")),
    M("tt-p5-chiu-compulsory", TT_TABLE_PY, "(kind is V.CHIU and self.rules.must_chiu)",
      "(kind is V.CHIU)", "TT-P5", "a Chíu that may not be declined", TT_TABLE),
    M("tt-decline-win-compulsory", TT_TABLE_PY,
      "must = (kind is V.WIN and self.rules.must_take_win)", "must = (kind is V.WIN)",
      "R-decline-win", "a win offered that may not be declined (the switch off)", TT_TABLE),
    M("tt-s3-thien-u-kept", TT_TABLE_PY, "if acts and not self.rules.must_take_win:",
      "if acts and self.rules.must_take_win:", "TT-S3",
      "a dealer whose twenty win may not open with a discard instead", TT_TABLE),
    M("tt-p6-chiu-no-win", TT_TABLE_PY, "if self._verdict_chiu(c, o).wins:",
      "if False and self._verdict_chiu(c, o).wins:", "TT-P6",
      "a Chíu that completes the hand does not win; the seat discards", TT_TABLE),
    M("tt-thien-u-no-opening", SCORING, "opening = tuple(counts)  # R-thien-u-opening",
      "pass  # R-thien-u-opening", "R-thien-u-opening",
      "a Thiên ù scored without its dealt hand as the opening (no Thiên khai, no Bòn)",
      TT_HAND),
    M("tt-chi-chi-win-switch", "solver/totom/check.py",
      "if ctx.win_card == CHI_CHI and rules.chi_chi_win_needs_six_four and not (",
      "if ctx.win_card == CHI_CHI and not (", "R-Chi-chi-win",
      "TT-W5 applied with the switch off (the traditional preset)", TT_HAND),
    M("tt-p2-chiu-two", TT_TABLE_PY, "        if self.hands[seat][i] != 3:\n",
      "        if self.hands[seat][i] < 2:\n", "TT-P2",
      "a Chíu claimed with two concealed copies", TT_TABLE),
    M("tt-w7-no-thien-u", TT_TABLE_PY, "return sum(self.hands[seat]) == 20 and",
      "return False and sum(self.hands[seat]) == 20 and", "TT-W7",
      "the dealer's winning twenty never win before a discard", TT_TABLE),
    M("tt-t1-discard-skips", TT_TABLE_PY,
      "to = self.return_to if self.return_to is not None else (s + 1) % SEATS",
      "to = self.return_to if self.return_to is not None else (s + 2) % SEATS", "TT-T1",
      "a discard offered to the seat after the next", TT_TABLE),
    M("tt-own-faces-any-seat", TT_TABLE_PY,
      "or let_go_before(card, mem.discarded, mem.ca_from_hand)",
      "or let_go_before(card, set().union(*(m.discarded for m in self.memory)), "
      "mem.ca_from_hand)", "R-own-faces",
      "TT-C4 binding every seat to every seat's discards", TT_TABLE),
    M("tt-s1-dealer-fixed", TT_TABLE_PY, "            dealer = rng.randrange(SEATS)\n",
      "            dealer = 0\n            rng.randrange(SEATS)\n", "TT-S1",
      "seat 0 deals every dealt deal", TT_TABLE + ("tests/test_golden.py",)),
    M("tt-d1-three-copies", "solver/totom/__init__.py", "    copies=4,\n", "    copies=3,\n",
      "TT-D1", "three copies of each Tổ Tôm face", NOTATION + TT_HAND),
    M("tt-s2-dealer-nineteen", TT_TABLE_PY,
      "    return [20 if s == dealer else 19 for s in range(SEATS)]",
      "    return [19 if s == dealer else 20 for s in range(SEATS)]", "TT-S2",
      "the dealer dealt 19 cards and the others 20", TT_TABLE + ("tests/test_golden.py",)),
    M("tt-w3-split-unsaid", "solver/totom/check.py", "        if split:\n",
      "        if False:\n", "TT-W3",
      "a hand that would need an identical pair split for a Cạ not told so", TT_HAND),
    M("tt-t2-hand-card-kept", TT_TABLE_PY,
      "        self.hands[s][TOTOM.index(h)] -= 1\n        self.exposed[s].append((h, card))\n",
      "        self.exposed[s].append((h, card))\n", "TT-T2",
      "a capture exposing its hand card while the hand keeps it", TT_TABLE),
    M("tt-dead-hand-declined-wins", TT_TABLE_PY,
      "            if self.phase is Phase.OPENING:\n                self._make_dead(s)\n",
      "            if self.phase is Phase.OPENING:\n                self._finish_win(s)\n",
      "R-dead-hand", "a declined Thiên ù with no discard won anyway", TT_TABLE),
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
    M("kw-r5-other-pair", KW_CHECK, "        if pair in shaped:", "        if False:", "KW-R5",
      "a declared hand refused by KW-R5 explained with another pair than the one shown",
      ("tests/test_cli.py",)),
    M("kw-r3-pair-bound", "solver/kowah/model.py", "1 if counts[i] >= 2 else 0",
      "1 if counts[i] >= 3 else 0", "KW-R3",
      "the CP-SAT models refusing a pair unless three of its face are held", KW),
    M("kw-r1-one-suit-triplets", KW_SHAPES, 'Face("csmth".index(s), rank) for s in suits',
      'Face("csmth".index(suits[0]), rank) for s in suits', "KW-R1",
      "an ordinary triplet of one suit only (the rule lets its suits be any)", KW),
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
    M("kw-take-limit", "solver/kowah/legal.py", "and takes_in_row < TAKE_LIMIT",
      "and takes_in_row <= TAKE_LIMIT", "R-take-limit", "a 31st take in a row",
      ("tests/test_strict_input.py",)),
    M("kw-x3-public-draws", KW_TABLE_PY,
      "        if self.declared:  # KW-X3: shown to every seat",
      "        if True:  # KW-X3: shown to every seat", "KW-X3",
      "stock draws shown before anyone declared", KW_LEAK),
    M("kw-x4-other-draw", KW_TABLE_PY,
      "winner = s if self.declared.get(s) == card else self._waiting_on(card, s)",
      "winner = s if self.declared.get(s) == card else None", "KW-X4",
      "another seat's stock draw of a declared wait wins nothing", KW),
    M("kw-x4-discard", KW_TABLE_PY, "        w = self._waiting_on(card, s)\n",
      "        w = None\n", "KW-X4", "a discard of a declared wait wins nothing", KW),
    M("kw-rotation-reversed", KW_TABLE_PY, "            w = (by + k) % SEATS",
      "            w = (by - k) % SEATS", "R-rotation",
      "the waiting seats tried against turn order (KW-X5)", KW),
    M("tt-wrong-win-as-w6", TT_TABLE_PY,
      '                return _no_win(v, f"{o.card} does not complete the hand")',
      '                return "TT-W6", f"{o.card} does not complete the hand"', "R-wrong-win",
      "a win claimed on a stock card the hand cannot use cites TT-W6, the rule about "
      "hand discards", ("tests/test_tables.py", "tests/test_totom_rules.py")),
    M("lf-o2-no-sequence", "solver/lukfu/old.py",
      'if above in pos.hand and results.get(above, OldCard(above, False, "", "")).old:',
      "if False:", "LF-O2",
      "a card held directly below an old card is not proved old by the sequence clause "
      "(only by the higher cards' own proof)", ("tests/test_lukfu_rules.py",)),
    M("kw-undeclared-wins", KW_TABLE_PY, "            if self.declared.get(w) == card:\n",
      "            if self.declared.get(w) == card or (w not in self.declared\n"
      "                    and self.hands[w][KOWAH.index(card)] == 2 and __import__(\n"
      "                        'moneycards.solver.kowah.shapes', fromlist=['shapes']\n"
      "                    ).structural_splits(self.hands[w])):\n", "R-no-declaration-win",
      "a ready seat that has not declared wins on its pair's card", KW),
    M("kw-honour-pair", KW_SHAPES, "        if n < 2:\n            continue\n        rest",
      '        if n < 2 or KOWAH.faces[p].suit == "h":\n            continue\n        rest',
      "R-honour-pair", "the exact twin finding no pair of an honour",
      KW + ("tests/test_kowah_differential.py",)),
    M("kw-honour-pair-model", "solver/kowah/model.py",
      "pairs = [1 if counts[i] >= 2 else 0 for i in _PAIR_INDEX]",
      'pairs = [1 if counts[i] >= 2 and KOWAH.faces[i].suit != "h" else 0 '
      "for i in _PAIR_INDEX]", "R-honour-pair", "the CP-SAT model allowing no honour pair", KW),
    M("kw-same-rank-triplets", KW_SHAPES, "if _take(c1, t2) is not None and sum(c1) == 3:",
      "if t2.kind != t1.kind and _take(c1, t2) is not None and sum(c1) == 3:",
      "R-same-rank-triplets", "two triplets of one rank not allowed", KW),
    M("kw-k2-rule", KW_TABLE_PY, 'self.result = Outcome(OutcomeKind.DRAWN, "KW-K2")',
      'self.result = Outcome(OutcomeKind.DRAWN, "KW-T2")', "KW-K2",
      "a drawn deal citing the turn rule",
      KW + ("tests/test_deal_rule_ids.py", "tests/test_tables.py")),
    M("kw-declare-optional", "solver/kowah/legal.py", "    if may_stay:\n",
      "    if True:\n", "R-declare",
      "a ready seat may stay silent under the default rules (declaring is compulsory)", KW),
    M("kw-t1-first-fixed", KW_TABLE_PY, "            first = rng.randrange(SEATS)\n",
      "            first = 0\n            rng.randrange(SEATS)\n", "KW-T1",
      "seat 0 starts every dealt deal", KW + ("tests/test_golden.py",)),
    M("kw-d1-five-copies", "solver/kowah/__init__.py", "    copies=4,\n", "    copies=5,\n",
      "KW-D1", "five copies of each Kowah face", NOTATION + KW),
    M("kw-t4-no-declare-phase", KW_TABLE_PY, "if s not in self.declared and self.shown_pairs(s):",
      "if False and s not in self.declared and self.shown_pairs(s):", "KW-T4",
      "a seat ready after its discard never declares", KW),
    M("kw-declared-plays-own-turn", KW_TABLE_PY,
      "while not self.is_over and self.seat in self.declared and self.phase is Phase.DRAW:",
      "while False:", "R-declared-take",
      "a declared seat's turn left to it: it may take the discard", KW),
    # -- Luk Fu ----------------------------------------------------------------------------
    M("lf-l2-record-four", LF_PLAYS,
      "(play.kind == SET and play.size == 4) or (play.kind == RUN and play.size >= 4)",
      "(play.kind == RUN and play.size >= 4)", "LF-L2",
      "the public-record reader lets a master who passed lead a set of four", LF),
    M("lf-l2-legal-run", LF_PLAYS, "(play.kind == RUN and play.size >= 4)",
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
    M("lf-w2-six", LF_TABLE_PY, "return may_claim(rec.fu(seat), len(self.old_cards(seat)))",
      "return self.claim_total(seat) > WIN_FU", "LF-W2", "a claim refused at exactly six", LF),
    M("lf-w2-six-shortcut", LF_TABLE_PY,
      "if rec.fu(seat) + len(self.hands[seat]) < WIN_FU:",
      "if rec.fu(seat) + len(self.hands[seat]) <= WIN_FU:", "LF-W2",
      "no claim when fu plus every card held is exactly six", LF),
    M("lf-w2-proof-six", LF_OLD, "and may_claim(fu, old)", "and fu + old > 6", "LF-W2",
      "the old-card proof refusing a claim at exactly six", LF),
    M("lf-k2-points", LF_LEGAL, "return 1 + (fu - WIN_FU)", "return fu - WIN_FU", "LF-K2",
      "six fu worth nothing", LF),
    M("lf-k4-drawn-unsettled", LF_TABLE_PY,
      "self.result = Outcome(OutcomeKind.DRAWN, drawn, net=NO_SETTLEMENT)",
      "self.result = Outcome(OutcomeKind.DRAWN, drawn)", "LF-K4",
      "a drawn deal shows no net points (every seat's is 0: R-settle-zero)", LF),
    M("lf-k3-caller-pays", LF_LEGAL, "net[winner], net[caller] = 2 * points, -2 * points",
      "net[winner], net[caller] = points, -points", "LF-K3",
      "a losing caller paying one share", LF),
    M("lf-w1-fu", LF_RECORD, "total += best.size", "total += 1", "LF-W1",
      "a trick's fu counted as one", LF),
    M("lf-c3-caller", LF_RECORD, "return (self.master + k) % SEATS",
      "return (self.master + k + 1) % SEATS", "LF-C3", "the caller counted from the wrong seat",
      LF),
    M("lf-claim-timing", LF_TABLE_PY, "rec.to_act() in self.played_on,",
      "False,", "R-claim-timing",
      "a seat that played on past a claim claims when the hands run out", LF),
    M("lf-w4-anyone", LF_TABLE_PY, "                                 bool(self.played_on))",
      "                                 False)", "LF-W4",
      "a deal drawn by LF-W4 though a seat had reached six and played on", LF),
    M("lf-f1-down-at-lead", LF_TABLE_PY, 'return "LF-F1", "a lead is played face up',
      'return "LF-L1", "a lead is played face up', "LF-F1",
      "face down at a lead cited as a lead's rule", LF),
    M("tt-t2-chan-eaten", "solver/totom/chan.py", "if eaten and eaten != [offer]:",
      "if False:", "TT-T2", "'ăn 8c' with 7c on offer read as a capture with 8c",
      ("tests/test_chan_words.py",)),
    M("tt-p4-log-back", TT_TABLE_PY, "if self.return_to is not None:  # said where it lies",
      "if False:  # said where it lies", "TT-P4",
      "the discard after a Chíu logged as any discard", ("tests/test_totom_chiu_return.py",)),
    M("invited-ai-seat", TABLES_PY, "if s.invited and s.kind != HUMAN:", "if False:",
      "TableSeat.invited", "an AI seat accepted as invited", ("tests/test_seat_tokens.py",)),
    M("tt-tom-cards-readings", "moneycards/records.py",
      "if frozenset(faces) not in readings:", "if False:", "R-Tôm-cards",
      "any three faces taken as Tôm's", ("tests/test_server_totom.py", "tests/test_cli_tables.py")),
    M("link-not-opened", TABLES_SRV, "        if unopened and not opening:",
      "        if False:", "TableSeat.invited",
      "the table's maker looks at a friend's seat before its link is opened",
      ("tests/test_seat_tokens.py",)),
    M("quiet-pace-in-lock", TABLES_PY,
      "if wait > 0 and self.defer_quiet_pace and self.public_count == public:",
      "if False:", "R-claim-privacy",
      "a private decline's pace held under the table's lock, stalling the other seats",
      ("tests/test_ai_pace.py",)),
    M("steady-ai-work", TABLES_PY, "                if steady > 0:  # its work",
      "                if False:  # its work", "R-claim-privacy",
      "a searching AI decision's work shows in the server's load, its hidden cards with it",
      ("tests/test_ai_pace.py",)),
    M("steady-work-waits", TABLES_PY, "        sum(range(1000))", "        time.sleep(0.001)",
      "R-claim-privacy", "the steady work a wait, which lets a second connection run",
      ("tests/test_ai_pace.py",)),
    M("watch-arrival", TABLES_SRV, "for s in sorted(t.renewed - arrived)]",
      "for s in sorted(t.renewed - t.renewed)]", "RenewSeatToken",
      "a friend's link opened told to no Watch stream", ("tests/test_seat_tokens.py",)),
    M("lf-down-consistency", LF_RECORD, "for t in range(ev.trick, len(self.tricks)):",
      "for t in range(ev.trick + 1, len(self.tricks)):", "R-old-proof",
      "a face-down discard that itself beats the play accepted", LF),
    M("lf-old-boundary", LF_OLD, 'loc.kind == "hand" or loc.trick >= t))',
      'loc.kind == "hand" or loc.trick > t))', "R-old-proof",
      "the face-down inference using the wrong trick boundary", LF),
    M("lf-old-face-down-ignored", LF_OLD,
      "if h in pos.unknown and where(h) is not None", "if h in pos.unknown", "R-old-proof",
      "old cards never proved by face-down discards", LF),
    M("lf-o1-bak-chi", LF_PLAYS, "if f.rank == 9) | {MAU_GUNG, BAK_CHI}",
      "if f.rank == 9) | {MAU_GUNG}", "LF-O1", "Bak Chi not always old", LF),
    M("lf-f6-leak", "solver/lukfu/record.py",
      "hidden=tuple(sorted(a.hidden)) if a.seat == seat else None)",
      "hidden=tuple(sorted(a.hidden)))", "LF-F6",
      "a seat's observation showing every seat's face-down cards", LF_LEAK),
    M("lf-w3-no-play-on", LF_LEGAL, "    acts = [_CLAIM] if claim() else []\n",
      "    acts = [_CLAIM] if claim() else []\n    if acts:\n        return acts\n",
      "LF-W3", "a seat that may claim may not lead instead", LF),
    M("lf-w4-six-drawn", LF_LEGAL, '    if fu < WIN_FU:\n        return "R-claim-timing"',
      '    if fu <= WIN_FU:\n        return "R-claim-timing"', "LF-W4",
      "the hands run out with the last winner at exactly six fu: drawn, not its claim", LF),
    M("lf-l4-caller-old-single", LF_LEGAL,
      'if role != "caller" and play.kind == SINGLE and play.cards[0] in old and not all_old:',
      "if play.kind == SINGLE and play.cards[0] in old and not all_old:", "LF-L4",
      "the caller barred from leading an old single", LF),
    M("lf-o3-down-ignored", LF_OLD,
      'if a.play is None and not (a.seat == self.seat and a.hidden):', "if False:", "LF-O3",
      "the old-card proof placing no unseen card among face-down discards",
      LF + ("tests/test_lukfu_old_differential.py",)),
    M("lf-settle-zero", LF_LEGAL, "NO_SETTLEMENT: tuple[int, ...] = (0,) * SEATS",
      "NO_SETTLEMENT: tuple[int, ...] = (0, 0, 1)", "R-settle-zero",
      "a drawn deal or a redeal settling a point", LF),
    M("lf-l1-pair-played", LF_PLAYS,
      '        if len(cs) == 2:\n            raise PlayError(f"{text} is a pair',
      '        if len(cs) == 0:\n            raise PlayError(f"{text} is a pair', "LF-L1",
      "a pair read as a set of two", LF),
    M("lf-ace-sets", LF_PLAYS, "            ok = play.rank == 9\n",
      "            ok = play.rank > best.rank\n", "R-ace-sets",
      "a led set of 1s beaten by any higher set", LF),
    M("lf-master-lead", LF_RECORD, "if seat == self.master and caller is not None:",
      "if seat == self.master and caller is None:", "R-master-lead",
      "a master who passed leading as any non-caller (LF-L2 not applied)", LF),
    M("lf-l5-old-not-counted", LF_OLD,
      "return fu, old, pos.record.about_to_lead(pos.seat) and may_claim(fu, old)",
      "return fu, old, pos.record.about_to_lead(pos.seat) and may_claim(fu, 0)", "LF-L5",
      "old cards held not laid down toward a claim",
      LF + ("tests/test_lukfu_old_search.py", "tests/test_server_lukfu.py")),
    M("lf-strict-leads-always", LF_LEGAL,
      'if role != "caller" and rules.strict_non_caller_leads and not all_old:',
      'if role != "caller" and not all_old:', "R-lead-advice",
      "the usual lead a rule with the switch off (advice only by default)", LF),
    M("lf-c1-master-fixed", LF_TABLE_PY, "            master = rng.randrange(SEATS)\n",
      "            master = 0\n            rng.randrange(SEATS)\n", "LF-C1",
      "seat 0 the master of every dealt deal", LF + ("tests/test_golden.py",)),
    M("lf-d1-two-copies", "solver/lukfu/__init__.py", "    copies=1,\n", "    copies=2,\n",
      "LF-D1", "two copies of each Luk Fu card", NOTATION + LF),
    M("lf-d3-names-swapped", "solver/lukfu/__init__.py",
      'aliases={"mau-gung": face("1c"), "bak-chi": face("1t")}',
      'aliases={"mau-gung": face("1t"), "bak-chi": face("1c")}', "LF-D3",
      "Mau Gung read as Tens 1 and Bak Chi as Coin 1", NOTATION + LF),
    M("lf-d2-one-high", LF_PLAYS,
      "return tuple(g for g in LUKFU.faces if g.suit == f.suit and g.rank > f.rank)",
      "return tuple(g for g in LUKFU.faces if g.suit == f.suit and g.rank < f.rank)", "LF-D2",
      "the cards above a card read as those below it (1 high, 9 low)",
      LF + ("tests/test_lukfu_old_differential.py",)),
    # -- Records, the API and the command line -------------------------------------------
    M("api-first-illegal-0", "server/records.py", "if check.index is not None:",
      "if check.index:", "API", "first_illegal missing when the first action is illegal",
      RECORDS),
    M("api-outcome-redeal", "server/records.py", '"redeal": common_pb2.DEAL_OUTCOME_REDEAL',
      '"redeal": common_pb2.DEAL_OUTCOME_DRAWN', "API", "a redeal reported as drawn",
      RECORDS),
    M("api-multiplier", "server/records.py", "if r.multiplier is not None:",
      "if r.multiplier is not None and r.multiplier > 1:", "API",
      "a ×1 Kowah win without its multiplier", RECORDS),
    M("rec-seed-0-write", "moneycards/records.py",
      'if record.get("seed") is not None:\n        msg.seed = record["seed"]',
      'if record.get("seed"):\n        msg.seed = record["seed"]',
      "records", "a record seed of 0 written as no seed", RECORDS),
    M("rec-seed-0-read", "moneycards/records.py", 'if msg.HasField("seed"):', "if msg.seed:",
      "records", "a record seed of 0 read as no seed", RECORDS),
    M("rec-seed-0-engine", "solver/table.py",
      '"rules": self.rules_name}\n        if self.seed is not None:',
      '"rules": self.rules_name}\n        if self.seed:',
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
    M("tt-opening-win-rule", TT_TABLE_PY, 'if "TT-W4" not in rules:',
      "if True:", "TT-W4",
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
      "if hand[i] < was - was % 2:", "if hand[i] < was - 2 * (was // 2) - 1:",
      "TT-C2", "an opening whose dealt pair the hand no longer holds scored as given",
      ("tests/test_totom_rules.py",)),
    M("tt-p2-opening-chiu", "solver/totom/check.py",
      "if ctx.via == VIA_CHIU and dealt_win != 3:", "if ctx.via == VIA_CHIU and dealt_win > 3:",
      "TT-P2", "a Chíu win scored where the opening hand held no triple of its face",
      ("tests/test_totom_rules.py",)),
    M("tt-p6-hint-chiu-wins", "solver/totom/hint.py",
      'elif verb == "chiu" and claim_wins(obs, "chiu") is not None:',
      'elif verb == "chiu" and claim_wins(obs, "chiu") is None and False:', "TT-P6",
      "a Chíu that wins at once hinted as a Chíu and a discard, level with declining",
      ("tests/test_hints.py",)),
    M("lf-call-word", "solver/table.py", "if words is not None and act.arg not in words:",
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
    M("hint-c8-lookahead", "solver/totom/hint.py",
      "and not completes_a_discarded_ca(f, self.discarded, captured_ca)]",
      "]", "TT-C8",
      "a hint planning, after a capture, a discard that makes a Cạ with an earlier discard",
      ("tests/test_totom_search.py",)),
    M("hint-w5-no-card", "solver/totom/hint.py",
      "no_win = view.why_no_win(concealed, exposed)",
      "no_win = None", "TT-W5",
      "a hint calling a nineteen that no card completes a wait whose cards are all seen",
      ("tests/test_totom_search.py",)),
    M("hint-waits-seed-rules", "solver/totom/hint.py",
      "                                                   self.obs.rules, engine=\"exact\").wins:",
      "                                                   engine=\"exact\").wins:", "TT-W5",
      "a traditional table's hint counting no wait on Chi chi, by the seed page's TT-W5",
      ("tests/test_totom_hint_rules.py",)),
    M("search-sim-any-rules", TT_SIM,
      "    return replace(rules, dealer_rotates=False) == rules_mod.SEED \\\n",
      "    return True or replace(rules, dealer_rotates=False) == rules_mod.SEED \\\n",
      "TT-K3", "a traditional table's search played out and scored by the seed page's rules",
      ("tests/test_totom_hint_rules.py",)),
    M("facts-win-no-card", "solver/totom/facts.py",
      "check_hand(TOTOM.counts(cards), WinContext(extra),",
      "check_hand(TOTOM.counts(cards), WinContext(None),", "TT-W5",
      "a hint taking a win on Chi chi that TT-W5 refuses at the seed page's table",
      ("tests/test_totom_hint_rules.py",)),
    M("world-discard-to-next", TT_SEARCH,
      "    w.return_to = obs.discard_to",
      "    w.return_to = None", "TT-P4",
      "the hint's worlds sending a Chíu claimant's discard to the next seat",
      ("tests/test_totom_chiu_return.py",)),
    M("obs-discard-to-hidden", TT_TABLE_PY,
      "discard_to=self.return_to,", "discard_to=None,", "TT-P4",
      "no seat told where a Chíu claimant's discard goes back",
      ("tests/test_totom_chiu_return.py",)),
    M("chan-discard-back-danh", "solver/totom/chan.py",
      "return f\"{'Trả cửa' if back else 'Đánh'} {card_said(arg)}\"",
      "return f\"Đánh {card_said(arg)}\"", "TT-P4",
      "the discard after a Chíu called Đánh, not Trả cửa",
      ("tests/test_totom_chiu_return.py",)),
    M("kw-heuristic-feeds-wait", "solver/kowah/hint.py",
      "            if f in waits:  # below every other discard, whatever it leaves",
      "            if False:", "KW-X4",
      "Kowah's heuristic level discarding a declared seat's public wait on a tie",
      ("tests/test_kowah_heuristic_waits.py",)),
    M("priv-match-seed-told", "solver/tables.py",
      "return self.match is not None and not (self.is_over and self.match_over)",
      "return False", "R-match",
      "a match's server-chosen seed, which deals every later deal, read by a seat mid-match",
      ("tests/test_matches.py",)),
    M("priv-first-deal-by-seed", "solver/tables.py",
      '"deals": [self._by_cards(d) for d in deals] if sealed else deals,',
      '"deals": deals,', "R-match",
      "a sealed match record's first deal still naming the seed that deals the rest",
      ("tests/test_matches.py",)),
    M("priv-no-play-on", "solver/tables.py",
      "self._presume()  # a person's private decision: play on past it", "return",
      "R-claim-privacy", "a table waits on a person's private decision with others seated",
      ("tests/test_take_back.py", "tests/test_table_service.py")),
    M("priv-claim-keeps-moves", "solver/tables.py", "del self.line[pend.index:]",
      "self.state = self.state", "R-claim-privacy",
      "a late claim leaves the moves played meanwhile standing", ("tests/test_take_back.py",)),
    M("priv-end-reopened", "solver/tables.py",
      """            for pend in list(self.pending):
                self._decide(pend, pend.before.private_decline() or "")""",
      """            for pend in []:
                pass""", "R-claim-close",
      "a decision still open when the deal ends left open", ("tests/test_take_back.py",)),
    M("priv-lapse-unsaid", "solver/tables.py", "        if own and e.lapsed:",
      "        if False:", "R-claim-close",
      "a decision the deal's end closed reads as the seat's own decline",
      ("tests/test_take_back.py",)),
    M("match-winner-not-next", "solver/tables.py",
      "if result.winner is not None and not getattr(rules, game.rotation_switch):",
      "if result.winner is not None and getattr(rules, game.rotation_switch):", "R-match",
      "the deal passed round when the winner should deal, and the other way",
      ("tests/test_matches.py",)),
    M("match-thong-lost", TT_TABLE_PY, "won_previous=self.previous_winner == seat)  # Thông",
      "won_previous=False)  # Thông", "R-match",
      "a second win in a row scores no Thông under traditional rules",
      ("tests/test_matches.py",)),
    # == The service's parts (area tuples STORE_T, PRIVACY_T, SERVICE_T, BATCH_T, SEARCH_T,
    # SERVE_T): slips in the code that keeps tables, hides private decisions, bounds what a
    # call or a client may hold, reads batches, samples worlds and starts the server. ======
    # -- The store: SQL, revisions, failure reasons, files ---------------------------------
    M("st-append-stale-revision", STORE, 'sql += " AND revision = ?"',
      'sql += " AND revision >= ?"', "store revision",
      "an append naming an older revision than the table's is written anyway (no Conflict)",
      STORE_T),
    M("st-append-rowcount", STORE, "if ex(sql, args).rowcount != 1:",
      "if ex(sql, args).rowcount > 1:", "store revision",
      "an append whose revision is gone (or whose table is missing) writes its actions "
      "instead of raising Conflict", STORE_T),
    M("st-listed-actions-frozen", STORE,
      '"public_actions = COALESCE(?, public_actions) WHERE table_id = ?"',
      '"public_actions = COALESCE(public_actions, ?) WHERE table_id = ?"', "ListTables",
      "a table's listed action count never moves past the one it was created with",
      STORE_T),
    M("st-changes-skip-first", STORE,
      '"SELECT action FROM table_actions WHERE table_id = ? AND idx >= ? "',
      '"SELECT action FROM table_actions WHERE table_id = ? AND idx > ? "', "replica sync",
      "the first action another server stored is left out of what a replica replays",
      STORE_T),
    M("st-list-closed", STORE, 'where, args = "WHERE closed = 0", ()',
      'where, args = "WHERE 1 = 1", ()', "ListTables", "ListTables lists closed tables",
      STORE_T),
    M("st-page-repeats", STORE, "(created = ? AND table_id < ?))",
      "(created = ? AND table_id <= ?))", "ListTables page token",
      "the next page starts again with the previous page's last table", STORE_T),
    M("st-close-keeps-revision", STORE,
      '"UPDATE game_tables SET closed = 1, revision = revision + 1 "',
      '"UPDATE game_tables SET closed = 1 "', "store revision",
      "closing a table leaves its revision: a write naming it still succeeds on the closed "
      "table", STORE_T),
    M("st-ids-include-closed", STORE, 'where = "" if include_closed else " WHERE closed = 0"',
      'where = ""', "store load", "load and table_ids return closed tables unasked",
      STORE_T),
    M("st-busy-not-locked", STORE, '"SQLITE_BUSY": "STORE_LOCKED"',
      '"SQLITE_BUSY": "STORE_FAILED"', "STORE_LOCKED mapping",
      "a write lock held too long by another process told as a failed store, not a busy one",
      STORE_T),
    M("st-full-not-full", STORE, '"SQLITE_FULL": "STORE_FULL"',
      '"SQLITE_FULL": "STORE_FAILED"', "STORE_FULL mapping",
      "a full store told as a failed one", STORE_T),
    M("st-duplicate-index-failure", STORE, "raise Conflict(str(err)) from None",
      "raise sqlite_failure(err) from None", "store Conflict",
      "a duplicate action index (another server wrote first) answered as a failed store "
      "instead of a Conflict the call retries", STORE_T),
    M("st-conflict-no-rollback", STORE,
      "            _rollback(db)\n            raise Conflict(str(err)) from None",
      "            raise Conflict(str(err)) from None", "store Conflict",
      "a refused write leaves its transaction open, so the connection's next call fails",
      STORE_T),
    M("st-file-mode", STORE, "os.O_CREAT | os.O_WRONLY, 0o600))",
      "os.O_CREAT | os.O_WRONLY, 0o644))", "store file 0600",
      "a new store file readable by every user of the machine", STORE_T),
    M("st-folder-mode", STORE, "folder.mkdir(mode=0o700, parents=True)",
      "folder.mkdir(parents=True)", "store folder 0700",
      "a new store folder made with the default mode, not owner-only", STORE_T),
    M("st-redact-keeps-password", STORE, 'rest = who.split(":")[0] + ":***@"',
      'rest = who.split(":")[-1] + ":***@"', "store URL redaction",
      "a PostgreSQL URL told with its password in place of its user name", STORE_T),
    M("st-postgres-scheme", STORE, 'return db.startswith(("postgresql://", "postgres://"))',
      'return db.startswith("postgresql://")', "--db URL",
      "a postgres:// URL refused as a scheme the server does not know", STORE_T),
    M("pg-unique-not-conflict", "server/pgstore.py",
      "except (psycopg.errors.UniqueViolation,\n"
      "                psycopg.errors.SerializationFailure) as err:",
      "except psycopg.errors.SerializationFailure as err:", "store Conflict",
      "on PostgreSQL a duplicate action index (another replica wrote first) answered as a "
      "failed store instead of a Conflict the call retries", STORE_T),
    M("pg-unreachable-reason", "server/pgstore.py",
      'raise failure("STORE_UNREACHABLE", err) from None\n        except psycopg.Operat',
      'raise failure("STORE_FAILED", err) from None\n        except psycopg.Operat',
      "STORE_UNREACHABLE mapping",
      "a PostgreSQL server that cannot be reached told as a failed store", STORE_T),
    M("pg-down-waits-the-pool", "server/pgstore.py",
      "wait_s = DOWN_WAIT_S if self.down else self.timeout_s",
      "wait_s = self.timeout_s", "outage",
      "calls during a PostgreSQL outage wait the pool's whole timeout", STORE_T),
    M("pg-probe-keeps-the-pool", "server/pgstore.py",
      "            old, self._pool = self._pool, fresh",
      "            old = fresh", "outage",
      "the pool is kept after an outage, in its reconnection back-off", STORE_T),
    M("store-read-makes-wal-files", STORE,
      "        quiet = not os.access(path.parent, os.W_OK) or not at_work",
      "        quiet = not os.access(path.parent, os.W_OK)", "files",
      "reading a stopped store leaves empty -wal and -shm files beside it", STORE_T),
    M("pg-pool-warns-every-retry", "server/pgstore.py",
      "        if self.said:\n            return False",
      "        if False:\n            return False", "outage",
      "an outage logs the pool's warning of every reconnection, several a second", STORE_T),
    M("store-watch-never-pings", TABLES_SRV,
      "                self.store.ping()  # type: ignore[attr-defined]  # a store with watch_s",
      "                pass", "outage",
      "an outage is seen only once a call has failed", STORE_T),
    # -- The store as the service uses it: sync, commit, rollback, health (server/tables.py)
    M("tb-finished-kept-forever", TABLES_SRV,
      "            while len(self._finished) > self.finished_kept:",
      "            while False:", "memory",
      "every finished table stays in memory however many were played", STORE_T),
    M("tb-sync-misses-one-write", TABLES_SRV, "elif changes.revision != t.revision:",
      "elif changes.revision > t.revision + 1:", "replica sync",
      "a replica does not replay another server's single write: its view lags behind",
      STORE_T, area="stores"),
    M("tb-renewal-not-synced", TABLES_SRV,
      "                    t.tokens, t.renewed = changes.tokens, changes.renewed\n",
      "                    pass\n", "seat token renewal",
      "a replica keeps a seat's old token working after another server renewed it",
      ("tests/test_seat_tokens.py",), area="stores"),
    M("kw-won-names-next-seat", "solver/kowah/table.py",
      "return won_by(via, possessive(seat_label(self.seat)))",
      "return won_by(via, possessive(seat_label((self.seat + 1) % SEATS)))", "KW-K1",
      "a win on a draw or discard names the wrong seat as its drawer",
      ("tests/test_kowah_rules.py",), area="kowah"),
    M("chan-log-you-expose", "solver/totom/chan.py",
      'turned = any(re.search(r" exposes? \\S+ from the stock$", x) for x in lines)',
      'turned = any(re.search(r" exposes \\S+ from the stock$", x) for x in lines)', "TT-T3",
      "the log calls a pass dưới where a seat named You turned the stock (bốc)",
      ("tests/test_chan_words.py",), area="cli"),
    M("chan-typed-voi-eaten", "solver/totom/chan.py",
      'return " ".join(["capture", *rest[rest.index("voi") + 1:]])',
      'return " ".join(["capture", *rest[:rest.index("voi")]])', "TT-T2",
      "'ăn cạ 4s với 4m' typed captures with the card eaten, not the hand card",
      ("tests/test_chan_words.py",), area="cli"),
    M("chan-pass-kind", "solver/totom/chan.py",
      'return "Dưới" if o is not None and o.kind.value == "exposed" else "Bốc"',
      'return "Dưới" if o is not None and o.kind.value != "discard" else "Bốc"', "TT-T3",
      "a passed-on stock card let go is called dưới, not bốc",
      ("tests/test_chan_words.py",), area="cli"),
    M("chan-ca-order", "solver/totom/chan.py",
      'return f"Ăn cạ {card_said(eaten)} với {card_said(arg)}"',
      'return f"Ăn cạ {card_said(arg)} với {card_said(eaten)}"', "TT-T2",
      "a Cạ's words name the hand card as the card eaten", ("tests/test_chan_words.py",),
      area="cli"),
    M("chan-bon-lone-copy", "solver/totom/chan.py", "return copies_held(obs, card) >= 2",
      "return copies_held(obs, card) >= 1", "TT-C2",
      "a capture with a lone copy is called ăn bòn, as if the hand held a pair",
      ("tests/test_chan_words.py",), area="cli"),
    M("tb-close-by-any-seat", TABLES_SRV, "if t.owner is not None and people > 1:",
      "if t.owner is not None and people > 4:", "owner token",
      "a friend's seat token closes a table with several people's seats",
      ("tests/test_owner_token.py",), area="tables"),
    M("tb-close-owner-unchecked", TABLES_SRV,
      "if t.owner is None or not hmac.compare_digest(t.owner, token_digest(owner_token)):",
      "if t.owner is None:", "owner token",
      "any owner token closes any table", ("tests/test_owner_token.py",), area="tables"),
    M("st-owner-not-stored", "server/store.py",
      "header[\"played_at\"], int(over), public_actions, creator, owner))",
      "header[\"played_at\"], int(over), public_actions, creator, None))", "owner token",
      "the owner token is not stored: after a restart any seat token closes the table",
      ("tests/test_owner_token.py",), area="stores"),
    M("tb-renewal-keeps-watch", TABLES_SRV,
      "                    context.abort_with_status(token_renewed(t.table_id).status)\n",
      "                    pass\n", "seat token renewal",
      "a Watch stream opened with a seat's old token goes on streaming its cards",
      ("tests/test_seat_tokens.py",), area="tables"),
    M("st-renewal-not-kept", "server/store.py",
      '            ex("INSERT INTO renewed_tokens (table_id, seat, token_sha256) '
      'VALUES (?, ?, ?)",\n'
      '               (table_id, seat, old))\n', "", "seat token renewal",
      "a renewed token is told as one that never was a seat's (WRONG_SEAT_TOKEN)",
      ("tests/test_seat_tokens.py",), area="stores"),
    M("tb-sync-closed-elsewhere", TABLES_SRV, "if changes is None or changes.closed:",
      "if changes is None:", "replica sync",
      "a table closed through another server is still answered by this one", STORE_T,
      area="stores"),
    M("tb-commit-no-revision", TABLES_SRV, "t.table.is_over, revision=t.revision,",
      "t.table.is_over,", "store revision",
      "a commit names no revision, so two servers acting on one table both write", STORE_T,
      area="stores"),
    M("tb-failed-act-kept", TABLES_SRV, "                        self.tables.rollback(t, inputs)\n",
      "                        pass\n", "store failure: nothing changed",
      "an action the store refused to keep stays applied in memory", STORE_T,
      area="stores"),
    M("tb-rollback-keeps-action", TABLES_SRV,
      "list(t.table.inputs[:inputs]), False, False, t.revision,",
      "list(t.table.inputs[:inputs + 1]), False, False, t.revision,",
      "store failure: nothing changed",
      "rolling back a refused action keeps the action itself (only the replies go)",
      STORE_T, area="stores"),
    M("tb-seed-chosen-lost", TABLES_SRV,
      'seed_chosen = bool(stored.header.get("seed_chosen", False))', "seed_chosen = False",
      "chosen seed told", "a table read back from the store (another server, a restart) "
      "no longer tells every seat its chosen seed", STORE_T, area="stores"),
    M("tb-listed-counts-private", TABLES_SRV, "public_actions=t.table.public_actions)",
      "public_actions=len(inputs))", "R-claim-privacy",
      "the stored action count a listing shows counts private and presumed declines",
      STORE_T, area="stores"),
    M("tb-act-one-try", TABLES_SRV, "ACT_TRIES = 3", "ACT_TRIES = 1",
      "Act retry after Conflict", "an Act that loses a race with another server is "
      "refused STORE_CONFLICT instead of tried again on the new state", STORE_T,
      area="stores"),
    M("tb-health-not-told", TABLES_SRV,
      "                self.tables.store_failed(err)\n"
      "                context.abort_with_status(store_status(err))\n"
      "            except StaleVersion",
      "                context.abort_with_status(store_status(err))\n"
      "            except StaleVersion", "store health",
      "a call the store fails leaves health SERVING", STORE_T, area="stores"),
    M("tb-store-failure-internal", TABLES_SRV,
      "return status(code_pb2.UNAVAILABLE, err.message, err.reason)",
      "return status(code_pb2.INTERNAL, err.message, err.reason)", "store failure status",
      "a failing store answered INTERNAL instead of UNAVAILABLE with its reason", STORE_T,
      area="stores"),
    # -- Private decisions, versions, events, take-backs, matches (solver/tables.py) -------
    M("priv-own-decline-hidden", TABLES_PY, "return not e.private or e.seat == seat",
      "return not e.private", "R-claim-privacy",
      "a seat's own private decline is missing from its own events and version",
      PRIVACY_T),
    M("priv-void-shown", TABLES_PY,
      "if pos in self.void or seat in self.unseen.get(pos, ()):",
      "if seat in self.unseen.get(pos, ()):", "R-claim-privacy",
      "a presumed decline undone by the seat's claim is still shown to it", PRIVACY_T),
    M("priv-auto-turn-untold", TABLES_PY,
      "if self._told_a_person(self.told_void.get(pos, frozenset()), seat) \\\n"
      "                        and back.lines:",
      "if False:", "R-declare-privacy",
      "a declared seat's turn told after a presumed stay is not told as taken back when a "
      "late declaration undoes it", PRIVACY_T),
    M("priv-unseen-untold", TABLES_PY, "told += 1", "continue", "R-claim-privacy",
      "the claimant is not told what the others played and saw meanwhile (a stock card "
      "turned up): they know it, the claimant does not", PRIVACY_T),
    M("priv-seen-told-less", TABLES_PY,
      'if drew and not back.lines else ""))\n'
      '            said += (f"taken back: {line}" for line in back.lines)',
      'if drew and not back.lines else ""))', "R-claim-privacy",
      "a seat that saw the moves taken back is told the moves without the stock cards they "
      "turned up, where the claimant is told both: the seats are told different things",
      PRIVACY_T),
    M("priv-unseen-shown", TABLES_PY,
      "if pos in self.void or seat in self.unseen.get(pos, ()):", "if pos in self.void:",
      "R-claim-privacy",
      "moves taken back before a seat saw them are shown to it afterwards", PRIVACY_T),
    M("priv-public-count-private", TABLES_PY,
      "if not e.private and pos not in self.void)", "if pos not in self.void)",
      "R-claim-privacy", "a table's public action count counts private declines",
      PRIVACY_T),
    M("priv-events-repeat-last", TABLES_PY, "if version <= since:", "if version < since:",
      "versions", "the events after a version repeat the event at that version", PRIVACY_T),
    M("priv-stale-accepted", TABLES_PY,
      "if expected_version is not None and expected_version != since:",
      "if expected_version is not None and expected_version > since:", "versions",
      "an action decided on an older version is applied instead of refused STALE_VERSION",
      PRIVACY_T),
    M("priv-claim-stays-pending", TABLES_PY,
      "later = [p for p in self.pending if p.index >= pend.index]",
      "later = [p for p in self.pending if p.index > pend.index]", "R-claim-privacy",
      "a claim leaves the claiming seat's own decision open", PRIVACY_T),
    M("priv-public-count-after-claim", TABLES_PY,
      "        self.public_count = sum(1 for pos in self.line if not self.log[pos].private)\n",
      "", "R-claim-privacy",
      "after a late claim the AI seeds still count the moves taken back, so the AIs play "
      "otherwise than had the claim come at once", PRIVACY_T),
    M("priv-window-all-private", TABLES_PY,
      "private = decline is not None and state.normalize(text) == decline",
      "private = decline is not None", "R-claim-privacy",
      "every answer in a private window (a claim too) is logged as a private decline",
      PRIVACY_T),
    M("priv-draw-told-to-all", TABLES_PY,
      "return Event(version, e.seat, action, lines, e.gained if own else (), tuple(taken),",
      "return Event(version, e.seat, action, lines, e.gained, tuple(taken),", "R-hidden-draw",
      "the cards a seat drew are told to every seat", PRIVACY_T),
    M("priv-taken-draw-told", TABLES_PY, "back.gained if mine else ()))",
      "back.gained))", "R-hidden-draw",
      "a taken-back draw tells every seat the cards the drawer got", PRIVACY_T),
    M("priv-private-text-told", TABLES_PY, "action = e.text if own else e.public",
      "action = e.text", "R-hidden-draw",
      "another seat's action told in its own words, not its public form", PRIVACY_T),
    M("priv-one-person-waits", TABLES_PY,
      "elif self.state.private_decline() is not None:",
      "elif self.state.private_decline() is not None and sum(\n"
      "                    1 for s in self.seats if s.kind == HUMAN) > 1:", "R-claim-privacy",
      "a table with one person waits for its private decision instead of playing on",
      PRIVACY_T),
    M("priv-ai-only-moves-told", TABLES_PY,
      "if never_saw and not self._told_a_person(self._saw(pos), seat):",
      "if False:", "R-claim-privacy",
      "a claim at a table of one person tells it the moves only AI seats saw (the next "
      "stock card among them)", PRIVACY_T),
    M("priv-record-past-open-end", TABLES_PY,
      "        if seat is None and self.is_over != state.is_over:",
      "        if False:", "R-claim-privacy",
      "a record gives an end that an open decision may still take back as final",
      PRIVACY_T),
    M("priv-unseen-end-closed", TABLES_PY, "if self.pending and self._watched():",
      "if self.pending:", "R-claim-privacy",
      "an end no person has seen closes the open decisions: a claim ahead of it by TT-P3 "
      "is lost", PRIVACY_T),
    M("priv-stored-decline-replayed", TABLES_PY,
      '("" if head + " " == DECLINE else action)', '(action if head + " " == DECLINE '
      'else "")', "R-claim-privacy", "a stored decline replayed as a claim and a claim as a "
      "decline, so the table reads back otherwise than it was played", PRIVACY_T),
    M("match-one-deal-more", TABLES_PY, "return bool(m.deals and len(self.finished()) >= m.deals",
      "return bool(m.deals and len(self.finished()) > m.deals", "R-match",
      "a match plays one deal more than its length", PRIVACY_T),
    M("match-target-exceeded", TABLES_PY,
      "or m.to_points and max(self.totals()) >= m.to_points)",
      "or m.to_points and max(self.totals()) > m.to_points)", "R-match",
      "a match goes on when a seat reaches its target exactly", PRIVACY_T),
    M("match-kowah-wins-not-multipliers", TABLES_PY,
      "out[result.winner] += result.multiplier", "out[result.winner] += 1",
      "R-match / KW-K1", "a Kowah match's totals count wins, not the multipliers won",
      PRIVACY_T),
    M("match-hands-turned-back", TABLES_PY,
      "shift = starter - int(deal[game.first_seat_key])",
      "shift = int(deal[game.first_seat_key]) - starter", "R-match",
      "a match's next deal turns the hands the wrong way round the table", PRIVACY_T),
    # -- Admission, deadlines and what a client may hold -----------------------------------
    M("lim-gate-one-over", LIMITS, "if self.running < self.limit:",
      "if self.running <= self.limit:", "max concurrent calls",
      "one call more than --max-calls runs at once", SERVICE_T),
    M("lim-queue-one-over", LIMITS, "self.waiting >= self.queue or",
      "self.waiting > self.queue or", "--max-waiting",
      "one call more than the line holds waits (with --max-waiting 0, a call waits instead "
      "of being refused at once)", SERVICE_T),
    M("lim-first-waiter-hopeless", LIMITS,
      "expected = (self.waiting + 1) * self.typical_s / self.limit",
      "expected = self.waiting * self.typical_s / self.limit", "admission",
      "a call that the running calls would keep past its deadline waits in vain when no "
      "other call waits", SERVICE_T),
    M("lim-leave-no-notify", LIMITS,
      "            self._cond.notify()\n", "", "admission",
      "a finishing call wakes no waiting one: waiters start only when their wait runs out "
      "(and are refused)", SERVICE_T),
    M("lim-no-deadline-no-wait", LIMITS,
      "    if time_remaining is None:\n        return limits.queue_wait_s",
      "    if time_remaining is None:\n        return 0.0", "admission",
      "a call without a deadline is refused at once instead of waiting up to 5 s",
      SERVICE_T),
    M("lim-hint-cap-ignored", LIMITS,
      "budget = float(min(requested or spec(game).hint_budget_ms, limits.hint_cap_ms))",
      "budget = float(requested or spec(game).hint_budget_ms)", "--hint-cap-ms",
      "a hint runs for its asked budget beyond the server's cap", SERVICE_T),
    M("lim-hint-deadline-seconds", LIMITS,
      "max(0.0, time_remaining - answer_margin_s(time_remaining)) * 1000)",
      "max(0.0, time_remaining - answer_margin_s(time_remaining)))", "hint deadline",
      "a hint with a deadline gets its seconds left as milliseconds", SERVICE_T),
    M("lim-answer-margin-fixed", LIMITS,
      "max(DEADLINE_MARGIN_S, DEADLINE_MARGIN_SHARE * time_remaining))",
      "DEADLINE_MARGIN_S)", "hint deadline",
      "a hint keeps a fixed 50 ms to answer in, whatever its deadline", SERVICE_T),
    M("lim-answer-margin-uncapped", LIMITS, "DEADLINE_MARGIN_MAX_S = 0.5",
      "DEADLINE_MARGIN_MAX_S = 60.0", "hint deadline",
      "a hint with a long deadline keeps a tenth of it back, however long", SERVICE_T),
    M("lim-max-waiting-zero-ignored", LIMITS,
      "return self.queue if self.queue is not None else min(4 * self.max_concurrent, 256)",
      "return self.queue or min(4 * self.max_concurrent, 256)", "--max-waiting",
      "--max-waiting 0 (refuse at once) read as the default line", SERVICE_T),
    M("lim-watches-zero-refused", LIMITS, "if not 0 <= self.max_watches <= 10_000:",
      "if not 1 <= self.max_watches <= 10_000:", "--max-watches",
      "--max-watches 0 (Watch off) refused as a bad flag", SERVICE_T),
    M("ic-health-gated", INTERCEPTORS,
      "if handler is None or method.startswith(UNGUARDED):",
      "if handler is None:", "health never shed",
      "health checks and reflection wait and are shed with the solver calls", SERVICE_T),
    M("ic-tables-to-workers", INTERCEPTORS,
      "if self.pool is not None and not method.startswith(IN_PROCESS):",
      "if self.pool is not None:", "tables in the server process",
      "with --workers, TableService calls are sent to worker processes, which hold no "
      "tables", SERVICE_T),
    M("ic-abort-becomes-internal", INTERCEPTORS,
      "            except Exception:\n                if ctx.aborted:\n                    raise\n",
      "            except Exception:\n", "no UNKNOWN, statuses kept",
      "a handler's own abort (INVALID_ARGUMENT, NOT_FOUND) answered INTERNAL", SERVICE_T),
    M("ic-duration-not-kept", INTERCEPTORS,
      "                gate.leave(time.perf_counter() - started)\n"
      "                log.debug(\"request %s %s took %.1f ms\", request_id, method,\n"
      "                          (time.perf_counter() - started) * 1000)\n\n"
      "        return grpc.unary_unary_rpc_method_handler(",
      "                gate.leave()\n"
      "                log.debug(\"request %s %s took %.1f ms\", request_id, method,\n"
      "                          (time.perf_counter() - started) * 1000)\n\n"
      "        return grpc.unary_unary_rpc_method_handler(", "admission",
      "the calls' typical duration is never kept, so no hopeless waiter is refused early",
      SERVICE_T),
    M("wk-deadline-not-sent", INTERCEPTORS,
      "future = pool.submit(method, request, deadline_at, limits, slot)",
      "future = pool.submit(method, request, None, limits, slot)", "hint deadline",
      "a call run in a worker process does not know its deadline (a hint runs past it)",
      SERVICE_T),
    M("wk-slot-not-cleared", "server/workers.py", "        self.flags[k] = 0\n        return k",
      "        return k", "cancellation",
      "a call slot keeps the cancellation of the call that used it before", SERVICE_T),
    M("watch-limit-off-by-one", TABLES_SRV, "if self._open.get(key, 0) >= limit:",
      "if self._open.get(key, 0) > limit:", "Watch limits",
      "one Watch stream more than each limit (process, table, seat token) opens",
      SERVICE_T),
    M("watch-limits-swapped", TABLES_SRV, "self.limits = (per_process, per_table, per_token)",
      "self.limits = (per_process, per_token, per_table)", "Watch per-token limit",
      "a seat token may hold 12 streams and a table only 4", SERVICE_T),
    M("watch-slot-leaks", TABLES_SRV,
      "        finally:\n            self._watches.leave(t.table_id, request.seat_token)",
      "        finally:\n            pass", "Watch limits",
      "a Watch stream that ends keeps its slot", SERVICE_T),
    M("watch-idle-from-start", TABLES_SRV,
      "                    sent = msg.event.version\n            last = time.monotonic()",
      "                    sent = msg.event.version", "Watch idle limit",
      "a stream ends after the idle limit from its start, events or not", SERVICE_T),
    M("client-tables-one-over", STORE, "if count >= limit:",
      "if count > limit:", "per-client table limit",
      "a client address may create one open table more than the limit", SERVICE_T),
    M("client-finished-count", STORE,
      '"over = 0 AND closed = 0", (creator,)', '"closed = 0", (creator,)',
      "per-client table limit", "finished tables count against a client's open tables",
      SERVICE_T),
    M("client-count-per-server", TABLES_SRV,
      "creator=None if client is None else creator_digest(client),",
      "creator=None if client is None else f'{creator_digest(client)}/{id(self)}',",
      "per-client table limit",
      "each server (process, replica, restart) counts its own tables of a client",
      ("tests/test_public_service.py", "tests/test_bite_store.py")),
    M("operator-bearer-kept", TABLES_SRV,
      'said = credentials.strip() if scheme.lower() == "bearer" else ""',
      'said = value.strip()', "operator token check",
      "the operator token sent as 'Bearer TOKEN' never matches", SERVICE_T),
    M("operator-scheme-case", TABLES_SRV, 'if scheme.lower() == "bearer" else ""',
      'if scheme == "Bearer" else ""', "operator token check",
      "'bearer TOKEN' (RFC 7235: any case) refused", SERVICE_T),
    M("operator-private-peers", "server/addresses.py",
      "return ipaddress.ip_address(host).is_loopback",
      "return ipaddress.ip_address(host).is_private", "operator token check",
      "without an operator token, ListTables answers any private-network address", SERVICE_T),
    M("page-token-never-given", TABLES_SRV, "rows = self.tables.store.open_rows(size + 1, after)",
      "rows = self.tables.store.open_rows(size, after)", "ListTables page token",
      "a full page gives no token for the next one", SERVICE_T),
    M("page-size-max-refused", TABLES_SRV, "if not 1 <= size <= 500:",
      "if not 1 <= size < 500:", "ListTables page size",
      "a page of 500 tables (the most) refused", SERVICE_T),
    M("ai-only-max-deals", TABLES_SRV, "not 1 <= match.deals <= MAX_AI_DEALS:",
      "not 1 <= match.deals < MAX_AI_DEALS:", "ai_only limits",
      "an ai_only match of 20 deals (the most) refused", SERVICE_T),
    M("ai-only-waits-for-slot", TABLES_SRV,
      "if not self._ai_tables.acquire(blocking=False):",
      "if not self._ai_tables.acquire(blocking=True):", "ai_only limits",
      "a third AI-only table waits for a slot instead of being refused TOO_MANY_AI_TABLES",
      SERVICE_T),
    M("ai-only-person-seated", TABLES_SRV, 'if any(s.kind == "human" for s in seats):',
      'if all(s.kind == "human" for s in seats):', "ai_only limits",
      "an ai_only table with a person's seat accepted", SERVICE_T),
    M("ai-only-slot-kept", TABLES_SRV,
      "            finally:\n                self._ai_tables.release()",
      "            finally:\n                pass", "ai_only limits",
      "an AI-only table keeps its slot once played: after two, every one is refused",
      SERVICE_T),
    # -- Batches: the command's lines and chunks, the vectorised readers and checks --------
    M("batch-chunk-drops-line", CLI_BATCH, "chunk = items[start:start + CHUNK]",
      "chunk = items[start:start + CHUNK - 1]", "check --batch",
      "the last line of every chunk of lines is never answered", BATCH_T),
    M("batch-last-bad-named", CLI_BATCH, 'first_bad = first_bad or record["line"]',
      'first_bad = record["line"]', "check --batch",
      "the summary names the last bad line as the first", BATCH_T),
    M("batch-blank-lines-answered", CLI_BATCH,
      "        if not line.strip():\n            continue\n",
      "", "check --batch",
      "blank lines answered (as bad hands) instead of skipped", BATCH_T),
    M("batch-lines-from-zero", CLI_BATCH, 'enumerate(data.split(b"\\n"), 1)',
      'enumerate(data.split(b"\\n"))', "check --batch",
      "answer lines numbered from 0", BATCH_T),
    M("batch-bad-line-ends-batch", CLI_BATCH,
      "error_record(n, x) if isinstance(x, InvalidInput) else next(answers)",
      "error_record(n, x) if isinstance(x, InvalidInput) and n < 0 else next(answers)",
      "check --batch", "a line that is not UTF-8 answered as the next good line's answer "
      "(the lines after it shifted)", BATCH_T),
    M("batch-kowah-json-error-lost", CLI_BATCH,
      "problem = refused.get(k) or batch.errors.get(k)", "problem = batch.errors.get(k)",
      "check --batch", "a Kowah line that is bad JSON answered with an empty hand's error",
      BATCH_T),
    M("batch-newline-in-text", SOLVER_BATCH,
      'if not t.isascii() or "\\n" in t]', "if not t.isascii()]", "batch = single",
      "a hand text holding a newline read by the fast path, its cards spilling into the "
      "next hand", BATCH_T),
    M("batch-copies-unchecked", SOLVER_BATCH,
      "        rejected |= (wide > deck.copies).any(axis=1)\n", "", "batch = single",
      "a hand with more copies of a card than the deck holds read without error", BATCH_T),
    M("batch-lone-suit-letter", SOLVER_BATCH,
      "bad = other | (letter & ~prev_digit) | (digit & ~next_card)",
      "bad = other | (digit & ~next_card)", "batch = single",
      "a suit letter with no digit before it read without error", BATCH_T),
    M("batch-refused-context-overwritten", TT_BATCH, "for i in sorted(todo - set(errors)):",
      "for i in sorted(todo):", "batch = single",
      "a line refused for its context answered with its hand's error instead", BATCH_T),
    M("batch-tt-k2-main-dich", TT_BATCH,
      "k2 = (bonus * dichs).sum(axis=1, dtype=np.int16) + mains[head] - dichs[head]",
      "k2 = (bonus * dichs).sum(axis=1, dtype=np.int16) + mains[head]", "TT-K2",
      "the batch adds the main bonus's dịch to its main value", BATCH_T),
    M("batch-tt-tam-do", TT_BATCH, 'bonus[:, B["tam_do"]] = reds == 8',
      'bonus[:, B["tam_do"]] = reds >= 8', "TT-K3",
      "the batch scores Tám đỏ for more than eight red cards", BATCH_T),
    M("batch-kw-r5-r4-swapped", KW_BATCH, "np.where(shaped, BREAKS_221, NO_SHAPE)))",
      "np.where(shaped, NO_SHAPE, BREAKS_221)))", "KW-R5",
      "the batch cites KW-R4 for a 2-2-1 hand and KW-R5 for a hand of no shape", BATCH_T),
    M("batch-kw-ready-distance", KW_BATCH,
      "return np.where(ready, 0, np.where(one, 1, far)).astype(np.int8)",
      "return np.where(one, 1, far).astype(np.int8)", "KW-R4",
      "a ready hand's distance to ready given as 1", BATCH_T),
    M("batch-size-limit-off-by-one", "server/totom.py", "    if n > limit:",
      "    if n >= limit:", "batch size limit", "a batch of exactly the most hands refused",
      BATCH_T, area="batch"),
    M("batch-details-limit-ignored", "server/totom.py",
      "check_batch_size(len(hands), MAX_BATCH_DETAILS if request.details else MAX_BATCH)",
      "check_batch_size(len(hands), MAX_BATCH)", "batch size limit",
      "CheckHands with details takes 10,000 hands, not 1,000", BATCH_T, area="batch"),
    # -- The search's simulators, world samplers and rollouts --------------------------------
    M("sim-c3-declined-discard", TT_SIM,
      "if n == 0 or n == 2 or n == 4 or f in self.declined[seat]:",
      "if n == 0 or n == 2 or n == 4:", "TT-C3",
      "the simulator lets a seat discard a card it let go as a Chắn", SEARCH_T),
    M("sim-c4-ca-from-hand", TT_SIM,
      "if card in self.discarded[seat] or card in self.ca_from[seat]:  # TT-C4",
      "if card in self.discarded[seat]:  # TT-C4", "TT-C4",
      "the simulator lets a seat capture a face it used from its hand in a Cạ", SEARCH_T),
    M("sim-c6-lone-card", TT_SIM, "if RANK[card] in ca_ranks or left == 1:  # TT-C5, TT-C6",
      "if RANK[card] in ca_ranks:  # TT-C5, TT-C6", "TT-C6",
      "the simulator allows a Cạ capture when one card is left unpaired", SEARCH_T),
    M("sim-p4-no-return", TT_SIM,
      "to = self.return_to if self.return_to is not None else (s + 1) % SEATS",
      "to = (s + 1) % SEATS", "TT-P4",
      "after a Chíu the simulator's discard goes to the next seat, not back", SEARCH_T),
    M("sim-k7-settle", TT_SIM, "net[s] = 3 * points  # TT-K7", "net[s] = points  # TT-K7",
      "TT-K7", "the simulator's winner collects from one seat only", SEARCH_T),
    M("sim-u-chi-lost", TT_SIM,
      "v = self._verdict(s, card, VIA_OWN_DOOR if door == s else VIA_STOCK)",
      "v = self._verdict(s, card, VIA_STOCK)", "TT-K3",
      "the simulator scores a win on a seat's own stock card without Ù chì", SEARCH_T),
    M("sim-stock-order", TT_SIM, "s.stock = [TOTOM.index(f) for f in reversed(state.stock)]",
      "s.stock = [TOTOM.index(f) for f in state.stock]", "TT-T3",
      "the simulator draws the stock from the bottom", SEARCH_T),
    M("sim-win-faces-stale", TT_SIM,
      "        self.win_faces[s] = None\n", "", "TT-W4",
      "the simulator keeps a seat's winning faces from before its discard", SEARCH_T),
    M("sim-policy-passes", TT_SIM,
      "                    return CAPTURE, h\n",
      "                    return PASS, -1\n",
      "rollout policy", "the simulator's rollout player passes where the engine's takes "
      "a Cạ", SEARCH_T),
    M("sim-rollout-discard-declined", TT_SIM,
      "if (n != 1 and n != 3) or f in declined:  # TT-C2, TT-C3",
      "if n != 1 and n != 3:  # TT-C2, TT-C3", "TT-C3",
      "the rollout player discards a card it let go as a Chắn", SEARCH_T),
    M("sim-rollout-discard-c8", TT_SIM,
      "gone = self.discarded[seat] if self.captured_ca[seat] else ()  # TT-C8 applies",
      "gone = ()  # TT-C8 applies", "TT-C8",
      "the rollout player completes a Cạ it discarded after capturing a Cạ", SEARCH_T),
    M("sim-claims-quick-refusal", TT_SIM,
      "                if card in faces and self.wins_with(x, card):\n",
      "                if card not in faces and self.wins_with(x, card):\n", "TT-W4",
      "the simulator opens a win claim only for seats its quick test refuses", SEARCH_T),
    M("tt-world-dead-hand-exempt", TT_SEARCH,
      "if d.seat != obs.seat and d.seat not in obs.dead_hand:", "if d.seat != obs.seat:",
      "TT-S4", "a dead hand's sampled cards exclude the cards that died at its door",
      SEARCH_T),
    M("tt-world-no-room", TT_SEARCH,
      "ok = [p for p in range(SEATS + 1) if room[p] and (p == SEATS or f not in banned[p])]",
      "ok = [p for p in range(SEATS + 1) if p == SEATS or f not in banned[p]]",
      "world sampler", "a sampled world gives a card to a place with no room left",
      SEARCH_T),
    M("tt-searchable-no-sizes", TT_SEARCH,
      "and len(obs.hand_sizes) == SEATS)", ")", "world sampler",
      "an observation without hand sizes is searched (no deal can be sampled)", SEARCH_T),
    M("kw-sim-draw-bottom", KW_SEARCH, "card = self.stock.pop(0)", "card = self.stock.pop()",
      "KW-T2", "the simulator draws from the wrong end of the stock", SEARCH_T),
    M("kw-world-pile-counted", KW_SEARCH,
      "    for f in pile:\n        pool[f] -= 1\n", "", "world sampler",
      "a sampled world deals again the cards lying in the discard pile", SEARCH_T),
    M("kw-world-pair-added", KW_SEARCH, "known[seat][f] = max(known[seat][f], 2)",
      "known[seat][f] += 2", "KW-X1",
      "a declared seat's shown pair added on top of the copies it is known to hold",
      SEARCH_T),
    M("kw-sim-ready-class-counts", KW_SEARCH, "READY_CLASS_COUNTS = frozenset({2, 3, 5, 6, 8})",
      "READY_CLASS_COUNTS = frozenset({2, 3, 6, 8})", "KW-R5",
      "the rollout player never sees a hand made ready by a pair beside a triplet of its "
      "rank", SEARCH_T),
    M("kw-sim-feeds-wait", KW_SEARCH,
      "safe = ([f for f in held if f not in waits] or held) if waits else held",
      "safe = held", "rollout policy",
      "the rollout player discards a declared seat's wait when another card could go",
      SEARCH_T),
    M("kw-sim-company-once", KW_SEARCH,
      "comp = [totals[CLASS_OF[f]] + hand[f] for f in safe]",
      "comp = [totals[CLASS_OF[f]] for f in safe]", "KW-R3",
      "the rollout player counts a card's identical copy no more than a card of its rank, "
      "though a pair needs one", SEARCH_T),
    M("kw-near-typical-wait", "solver/kowah/hint.py",
      "            hit_later = last_step.wait_live / u", "", "KW-R6",
      "the race values a hand one card from ready as if every card that makes it ready "
      "left a typical wait, however many copies of it are unseen", SEARCH_T),
    M("kw-near-out-feeds-wait", "solver/kowah/hint.py",
      "if not unseen[c] or c in barred:", "if not unseen[c]:", "KW-X4",
      "the race counts as an out of a hand one card from ready a card another seat waits "
      "on, whose draw wins that seat the deal", SEARCH_T),
    M("kw-near-drawn-copy-unseen", "solver/kowah/hint.py",
      "best = max(best, unseen[p] - (p == c))", "best = max(best, unseen[p])", "KW-R6",
      "a wait made by drawing a copy of it still counts that copy as unseen", SEARCH_T),
    M("lf-sim-run-suits", LF_SEARCH,
      "return p.suit > best.suit or (p.suit == best.suit and p.rank > best.rank)",
      "return p.suit == best.suit and p.rank > best.rank", "LF-F4",
      "the simulator lets no run of a higher suit beat a run", SEARCH_T),
    M("lf-sim-old-top", LF_SEARCH, "for c in range(top, top - 9, -1):",
      "for c in range(top - 1, top - 9, -1):", "LF-O1",
      "the simulator's old-card test skips the nine of each suit", SEARCH_T),
    M("lf-sim-claim-timing", LF_SEARCH,
      "        if not hand and seat in self.played_on:\n            return False\n", "",
      "R-claim-timing", "the simulator lets a seat that played on claim at the end of "
      "the hands", SEARCH_T),
    M("lf-sim-caller", LF_SEARCH,
      "self.caller = (self.master + len(self.calls) - 1) % SEATS",
      "self.caller = (self.master + len(self.calls)) % SEATS", "LF-C2",
      "the simulator makes the seat after the one who called the caller", SEARCH_T),
    M("lf-sim-fu-per-trick", LF_SEARCH, "self.fu[w] += self.best.size",
      "self.fu[w] += 1", "LF-W1", "the simulator counts one fu a trick, not one a card",
      SEARCH_T),
    M("lf-world-played-on", LF_SEARCH, "if fu[trick.leader] >= WIN_FU:",
      "if fu[trick.leader] > WIN_FU:", "R-claim-timing",
      "a world forgets that a seat led with exactly six fu won", SEARCH_T),
    M("lf-world-constraints", LF_SEARCH,
      "for i in c.locations for f in c.cards if f in world[i]) <= c.limit",
      "for i in c.locations for f in c.cards if f in world[i]) < c.limit",
      "R-old-proof", "a face-down inference's limit read one too tight: placements "
      "that respect it are thrown away", SEARCH_T),
    M("lf-redeal-no-win", LF_SEARCH, "REDEAL_WIN = 1 / 3", "REDEAL_WIN = 0.0",
      "LF-C4", "a redeal counted as no win, so the last seat to speak calls on any hand",
      SEARCH_T),
    # -- serve: each option reaching its effect ------------------------------------------
    M("serve-max-waiting-lost", CLI_SERVE, "queue=max_waiting, ai_pace_ms=ai_pace_ms,",
      "ai_pace_ms=ai_pace_ms,", "--max-waiting",
      "--max-waiting never reaches the server's limits", SERVE_T),
    M("serve-max-open-tables-lost", CLI_SERVE, "max_open_tables=max_open_tables)", ")",
      "--max-open-tables",
      "--max-open-tables never reaches the server: every address keeps 50 open tables",
      ("tests/test_serve_options.py", "tests/test_web_page.py")),
    M("serve-grace-lost", CLI_SERVE,
      "limits = Limits(hint_cap_ms=hint_cap_ms, max_concurrent=max_calls, grace_s=grace,",
      "limits = Limits(hint_cap_ms=hint_cap_ms, max_concurrent=max_calls,", "--grace",
      "--grace never reaches the server: in-flight calls get 5 s", SERVE_T),
    M("serve-token-file-unread", CLI_SERVE, "    operator_token(operator_token_file)\n", "",
      "--operator-token-file", "the operator token file is never read: ListTables "
      "answers loopback callers without it", SERVE_T),
    M("serve-token-env-ignored", "server/app.py",
      'operator_token = os.environ.get("MONEYCARDS_OPERATOR_TOKEN") or None',
      "operator_token = None", "--operator-token-file",
      "the server ignores the operator token serve passes it", SERVE_T),
    M("serve-memory-two-processes", CLI_SERVE,
      "        if processes > 1 and path == \":memory:\":\n            raise",
      "        if processes > 2 and path == \":memory:\":\n            raise", "--processes",
      "--processes 2 with --db :memory: starts two processes with tables of their own",
      SERVE_T),
    M("serve-web-port-zero", CLI_SERVE, "if web_port and web_port == port:",
      "if web_port == port:", "--web-port",
      "--port 0 with the web port's default (0) refused as the same port", SERVE_T),
    M("serve-web-default-port", CLI_SERVE,
      "web_port = 0 if port == 0 else DEFAULT_PORT", "web_port = DEFAULT_PORT", "--web-port",
      "--port 0 still puts the web port on 8080 instead of a free one", SERVE_T),
    M("serve-insecure-ignored", "server/app.py",
      "if not tls and not insecure and not is_loopback(host):",
      "if not tls and not is_loopback(host):", "--insecure",
      "--insecure does not allow plaintext on an address other than loopback", SERVE_T),
    M("serve-max-watches-lost", "cli/main.py",
      "insecure, db, max_watches, processes, cpu_affinity,",
      "insecure, db, 16, processes, cpu_affinity,", "--max-watches",
      "--max-watches never reaches the server", SERVE_T),
    M("serve-watches-not-passed", "server/app.py",
      "lambda: TableService(tables, max_watches=limits.max_watches,",
      "lambda: TableService(tables,", "--max-watches",
      "the server's TableService keeps 16 watch streams whatever --max-watches says",
      SERVE_T),
    M("serve-hint-cap-lost", CLI_SERVE, "limits = Limits(hint_cap_ms=hint_cap_ms, ",
      "limits = Limits(", "--hint-cap-ms", "--hint-cap-ms never reaches the server",
      SERVE_T),
    # -- what people are told: a view that disagrees with itself, a bot of one's own ------
    M("obs-own-size-too-many-only", "solver/observation.py",
      "    if sizes and sizes[seat] != held:", "    if sizes and sizes[seat] > held:",
      "hand_sizes", "a seat's own hand_sizes entry below its hand's count is accepted",
      ("tests/test_observations.py",), area="records"),
    M("bot-crash-a-bug", "solver/hints.py",
      "            except Exception as err:  # its fault, not this program's: name the seat",
      "            except InvalidInput as err:  # its fault, not this program's: name the seat",
      "--seat", "a player of one's own that raises reads as this program's internal error",
      ("tests/test_players.py",), area="cli"),
    # -- the rules as written (`rules`, /rules.json) ----------------------------------------
    M("rules-continuation-lost", "solver/ruletext.py",
      '            out[-1] = (s, i, f"{t} {line.strip()}")', "            pass",
      "rules", "a proposed ruling loses the lines after its first", ("tests/test_ruletext.py",),
      area="cli"),
    M("rules-proposed-everywhere", "solver/ruletext.py",
      "and (s == EVERY_TABLE or found.title in _section_titles(s)):",
      "and s != 'Notes on settled rulings':",
      "R-take-limit", "Kowah's proposed ruling is listed as Tổ Tôm's and Luk Fu's too",
      ("tests/test_ruletext.py",), area="cli"),
    M("rules-marks-kept", "solver/ruletext.py",
      'return "".join(c for c in bare if not unicodedata.combining(c))', "return bare",
      "rules", "a ruling typed without its Vietnamese marks is not found",
      ("tests/test_ruletext.py",), area="cli"),
    M("rules-hyphens-split", "cli/rules.py", "break_on_hyphens=False", "break_on_hyphens=True",
      "rules", "a rule id is split at its hyphens where a line wraps",
      ("tests/test_ruletext.py",)),
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
    Equivalent(M("tb-load-closed", TABLES_SRV, "if stored is not None and stored.closed:",
                 "if False:", "CloseTable",
                 "a closed table read from the store into memory", STORE_T, area="stores"),
               "the table rebuilt from a closed row is itself closed, and `get` answers a "
               "closed table found in memory as `_load` answers one in the store: it was "
               "closed"),
    Equivalent(M("batch-json-bool-as-int", CLI_BATCH,
                 "(not isinstance(value, kind)\n" + " " * 34
                 + "or (kind is not bool and isinstance(value, bool)))",
                 "not isinstance(value, kind))", "check --batch",
                 "true/false no longer refused for a key that is not a flag", BATCH_T),
               "every key of a line is text or a flag (no number), and true/false is never "
               "text, so the first test already refuses it"),
    Equivalent(M("sim-first-stock-uncounted", TT_SIM, "        self.stock_exposed += 1\n", "",
                 "TT-W7", "the simulator never counts the stock cards turned", SEARCH_T),
               "the simulator plays the seed rules, where the first stock card matters only "
               "for Địa ù, which those rules do not score"),
    Equivalent(M("sim-win-check-via", TT_SIM,
                 "via = VIA_OWN_DOOR if self.offer[3] == seat else VIA_STOCK\n"
                 "        return self._verdict(seat, card, via).wins",
                 "via = VIA_STOCK\n        return self._verdict(seat, card, via).wins",
                 "TT-K3", "the simulator's win check reads a seat's own stock card as "
                 "another's", SEARCH_T),
               "whether a hand wins does not depend on whose stock card it is (only a "
               "discard, TT-W6, refuses a win); the points, which do, are counted apart"),
    Equivalent(M("kw-sim-take-first-turn", KW_SEARCH,
                 "return may_take(bool(self.pile), self.turns == 0, self.takes_in_row)",
                 "return may_take(bool(self.pile), False, self.takes_in_row)", "KW-T3",
                 "the simulator lets the first turn take from the discards", SEARCH_T),
               "the first turn (turns 0) draws before anyone has discarded, so the pile is "
               "empty then and bool(self.pile) already refuses the take; a world sampled at "
               "the first turn has no discards either"),
    Equivalent(M("priv-taken-back-own-decline", TABLES_PY,
                 "taken = tuple(pos for pos in self.line[pend.index + 1:]",
                 "taken = tuple(pos for pos in self.line[pend.index:]", "R-claim-privacy",
                 "a late claim lists the claimer's own presumed decline among the moves "
                 "taken back", PRIVACY_T),
               "the entry at pend.index is the claimer's presumed decline, pend.entry, and "
               "pend is among `later`, whose entries the same expression leaves out"),
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


# -- areas ----------------------------------------------------------------------------------
AREAS = ("totom", "kowah", "lukfu", "notation", "records", "cli", "stores", "tables",
         "service", "batch", "search", "serve")
# A mutant's area by its file (the first prefix that matches), unless the mutant names one:
# server/tables.py holds both the store's use (sync, commit, rollback) and the service's
# limits, so its store mutants say "stores".
AREA_OF_FILE = (
    ("solver/totom/batch.py", "batch"), ("solver/kowah/batch.py", "batch"),
    ("solver/batch.py", "batch"), ("cli/batch.py", "batch"),
    ("solver/totom/search.py", "search"), ("solver/totom/sim.py", "search"),
    ("solver/kowah/search.py", "search"), ("solver/lukfu/search.py", "search"),
    ("solver/search.py", "search"),
    ("solver/totom/", "totom"), ("solver/kowah/", "kowah"), ("solver/lukfu/", "lukfu"),
    ("solver/cards.py", "notation"), ("solver/tables.py", "tables"),
    ("server/store.py", "stores"), ("server/pgstore.py", "stores"),
    ("server/records.py", "records"), ("moneycards/records.py", "records"),
    ("solver/table.py", "records"),
    ("cli/serve.py", "serve"), ("cli/main.py", "serve"), ("server/app.py", "serve"),
    ("server/processes.py", "serve"),
    ("server/", "service"), ("cli/", "cli"),
)


def area_of(m: Mutant) -> str:
    if m.area:
        return m.area
    return next((area for prefix, area in AREA_OF_FILE if m.file.startswith(prefix)), "other")


# `--fast`: a fixed slice across the areas for CI (under 4 minutes with --jobs 2 on two
# cores, the unmutated run of its test files included), each mutant with few or quick test
# files and killed by the first of them. The service's test files alone take about two
# minutes unmutated: its mutants run in the full run and with --area service.
FAST = ("tt-k3-u-chi-main", "tt-c2-four", "kw-k1-discard", "lf-o1-bak-chi",
        "cards-last-face", "rec-seed-0-write", "cli-check-record-number",
        "st-append-stale-revision", "priv-hold-own-decision", "batch-lines-from-zero",
        "batch-kw-r5-r4-swapped", "sim-k7-settle", "kw-sim-draw-bottom",
        "serve-web-port-zero", "serve-insecure-ignored")


def line_of(m: Mutant) -> int:
    """The line of the checkout's file where the mutant's snippet starts (0: not found)."""
    try:
        source = (ROOT / m.file).read_text(encoding="utf-8")
    except OSError:
        return 0
    at = source.find(m.find)
    return source.count("\n", 0, at) + 1 if at >= 0 else 0


# -- running tests --------------------------------------------------------------------------
def run_tests(repo: Path, tests: tuple[str, ...], workers: int, timeout: float,
              run_timeout: float, deselect: tuple[str, ...] = (),
              first_failure: bool = True) -> tuple[int, float, str]:
    """(exit status, seconds, pytest's output); status -1 when the whole run took longer
    than `run_timeout`. Each test gets `timeout` seconds (pytest-timeout)."""
    cmd = [sys.executable, "-m", "pytest", *(["-x"] if first_failure else []), "-q", "-rfE",
           "-p", "no:cacheprovider", "-p", "no:randomly", "-n", str(workers),
           "--timeout", str(int(timeout)), *(a for d in deselect for a in ("--deselect", d)),
           *tests]
    start = time.monotonic()
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as out:
        try:
            rc = subprocess.run(cmd, cwd=repo, env=env_for(repo), stdout=out,
                                stderr=subprocess.STDOUT, timeout=run_timeout).returncode
        except subprocess.TimeoutExpired:
            rc = -1
        out.seek(0)
        text = out.read()
    return rc, time.monotonic() - start, text


def failed_tests(output: str) -> tuple[str, ...]:
    """The node ids pytest's short summary (-rfE) names as failed or in error."""
    found = []
    for line in output.splitlines():
        for head in ("FAILED ", "ERROR "):
            if line.startswith(head):
                found.append(line[len(head):].split(" - ", 1)[0].strip())
    return tuple(dict.fromkeys(found))


TIMED_OUT = ("Timeout >", "+ Timeout +")  # pytest-timeout's words for a test it stopped


def check_copy(repo: Path) -> None:
    out = subprocess.run([sys.executable, "-c", "import moneycards.solver.cards as c; "
                          "print(c.__file__)"], env=env_for(repo), capture_output=True,
                         text=True, check=True, cwd=repo).stdout.strip()
    if not out.startswith(str(repo)):
        raise SystemExit(f"the copy is not the package imported ({out})")


def run_mutant(m: Mutant, repo: Path, workers: int, timeout: float, run_timeout: float,
               deselect: tuple[str, ...] = ()) -> tuple[str, float]:
    """("killed" | "survived" | "timeout", seconds). A run that times out (the whole run,
    or one test by pytest-timeout) counts as killed and is reported as a timeout."""
    path = repo / m.file
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(m.apply(original), encoding="utf-8")
        rc, took, output = run_tests(repo, m.tests, workers, timeout, run_timeout, deselect)
    finally:
        path.write_text(original, encoding="utf-8")
    if rc == 0:
        return "survived", took
    if rc == 5:
        raise SystemExit(f"mutant {m.id}: no tests collected from {m.tests}")
    if rc == -1 or any(w in output for w in TIMED_OUT):
        return "timeout", took
    return "killed", took


def report(chosen: list[Mutant], results: dict[str, tuple[str, float]], seconds: float,
           deselected: tuple[str, ...]) -> None:
    """The score by area and in total, the timeouts and the survivors, on stdout."""
    print("mutation score by area (killed / run; a timeout counts as killed):")
    areas = sorted({area_of(m) for m in chosen},
                   key=lambda a: AREAS.index(a) if a in AREAS else len(AREAS))
    for area in areas:
        ms = [m for m in chosen if area_of(m) == area]
        killed = sum(1 for m in ms if results[m.id][0] != "survived")
        timeouts = sum(1 for m in ms if results[m.id][0] == "timeout")
        extra = f", {timeouts} by timeout" if timeouts else ""
        print(f"  {area:10} {killed:4}/{len(ms):<4} {100 * killed / len(ms):5.1f} %{extra}")
    killed = sum(1 for m in chosen if results[m.id][0] != "survived")
    print(f"  {'total':10} {killed:4}/{len(chosen):<4} {100 * killed / len(chosen):5.1f} %  "
          f"in {seconds:.0f}s")
    timeouts = [m for m in chosen if results[m.id][0] == "timeout"]
    if timeouts:
        print(f"timeouts, counted as killed ({len(timeouts)}):")
        for m in timeouts:
            print(f"  {m.id} {m.file}:{line_of(m)}: {m.what}")
    survivors = [m for m in chosen if results[m.id][0] == "survived"]
    print(f"survivors ({len(survivors)}):")
    for m in survivors:
        print(f"  {m.id} [{m.rule}] {m.file}:{line_of(m)}: {m.what}")
    if deselected:
        print(f"tests failing on the unmutated tree, left out of every run ({len(deselected)}):")
        for node in deselected:
            print(f"  {node}")
    print(f"equivalent mutants, not counted ({len(EQUIVALENT)}):")
    for e in EQUIVALENT:
        print(f"  {e.mutant.id} [{e.mutant.rule}] {e.mutant.file}: {e.reason}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="list the mutants and exit")
    ap.add_argument("--only", action="append", metavar="ID", help="run only this mutant "
                    "(repeatable; comma-separated ids too)")
    ap.add_argument("--area", action="append", metavar="NAME",
                    help=f"run only this area's mutants (repeatable; one of {', '.join(AREAS)})")
    ap.add_argument("--fast", action="store_true",
                    help=f"run the fixed CI slice of {len(FAST)} mutants across the areas")
    ap.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    ap.add_argument("--workers", type=int, default=0,
                    help="pytest-xdist workers per mutant (default 0: in process)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test")
    ap.add_argument("--run-timeout", type=float, default=None,
                    help="seconds per mutant's whole test run (default: twice the baseline's "
                         "time, at least twice --timeout); a run cut off counts as killed "
                         "and is reported as a timeout")
    ap.add_argument("--equivalent", action="store_true",
                    help="run the equivalent mutants instead: each should survive")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the check that the unmutated tests pass")
    ap.add_argument("--deselect-failing", action="store_true",
                    help="leave the tests that fail on the unmutated tree out of every run "
                         "(and list them) instead of stopping")
    args = ap.parse_args(argv)

    for m in MUTANTS + tuple(e.mutant for e in EQUIVALENT):  # every snippet unique, up front
        m.apply((ROOT / m.file).read_text(encoding="utf-8"))
    stray = set(FAST) - {m.id for m in MUTANTS}
    if stray:
        raise SystemExit(f"--fast names mutants that are not listed: {', '.join(sorted(stray))}")
    if args.list:
        for m in MUTANTS:
            print(f"{m.id:32} {area_of(m):8} {m.rule:20} {m.file}: {m.what}")
        for e in EQUIVALENT:
            print(f"{e.mutant.id:32} {area_of(e.mutant):8} {'equivalent':20} "
                  f"{e.mutant.file}: {e.reason}")
        return 0
    chosen = [e.mutant for e in EQUIVALENT] if args.equivalent else list(MUTANTS)
    known = {m.id for m in chosen}
    if args.fast:
        chosen = [m for m in chosen if m.id in FAST]
    if args.area:
        wanted = {x for arg in args.area for x in arg.split(",") if x}
        unknown = wanted - set(AREAS)
        if unknown:
            ap.error(f"unknown areas: {', '.join(sorted(unknown))}; choose from "
                     f"{', '.join(AREAS)}")
        chosen = [m for m in chosen if area_of(m) in wanted]
    if args.only:
        wanted = {x for arg in args.only for x in arg.split(",") if x}
        unknown = wanted - known
        if unknown:
            ap.error(f"unknown mutant ids: {', '.join(sorted(unknown))}")
        chosen = [m for m in chosen if m.id in wanted]
    if not chosen:
        ap.error("no mutant is chosen")

    start = time.monotonic()
    jobs = max(1, min(args.jobs, len(chosen)))
    run_timeout = args.run_timeout or 2 * args.timeout
    deselect: tuple[str, ...] = ()
    with tempfile.TemporaryDirectory(prefix="moneycards-mutation-") as tmp:
        copies: Queue[Path] = Queue()
        for j in range(jobs):
            copy = make_copy(Path(tmp) / f"copy{j}")
            copies.put(copy)
        check_copy(copy)
        if not args.no_baseline:
            tests = tuple(sorted({t for m in chosen for t in m.tests}))
            print(f"baseline: {len(tests)} test files on the unmutated copy", file=sys.stderr)
            rc, took, output = run_tests(copy, tests, args.workers, args.timeout,
                                         max(run_timeout, 4 * 3600), first_failure=False)
            if rc != 0:
                deselect = failed_tests(output)
                print(f"the unmutated tests fail (exit {rc}):", file=sys.stderr)
                for node in deselect:
                    print(f"  {node}", file=sys.stderr)
                if not args.deselect_failing or not deselect:
                    print("fix them first (or pass --deselect-failing)", file=sys.stderr)
                    return 2
                print(f"{len(deselect)} failing tests are left out of every run",
                      file=sys.stderr)
            print(f"baseline done in {took:.0f}s", file=sys.stderr)
            if args.run_timeout is None:
                run_timeout = max(run_timeout, 2 * took)

        results: dict[str, tuple[str, float]] = {}

        def one(m: Mutant) -> None:
            copy = copies.get()
            try:
                results[m.id] = run_mutant(m, copy, args.workers, args.timeout, run_timeout,
                                           deselect)
            finally:
                copies.put(copy)
            status, took = results[m.id]
            print(f"[{len(results)}/{len(chosen)}] {m.id} ({area_of(m)}): {status} "
                  f"({took:.1f}s)", file=sys.stderr, flush=True)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, chosen))

    report(chosen, results, time.monotonic() - start, deselect)
    return 0


if __name__ == "__main__":
    sys.exit(main())
