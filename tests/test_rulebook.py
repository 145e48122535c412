"""The rule book (solver/rulebook.py): every rule id and ruling of docs/rules maps to exactly
one rule object, registered beside the code that implements it; nothing is registered
that the docs do not have; and every id is named by a test."""

import ast
import dataclasses
import importlib
import inspect
import re
from pathlib import Path

import pytest

from moneycards.solver import rulebook
from moneycards.solver.games import spec
from moneycards.solver.rulebook import DuplicateRule, Rule, UnknownRule

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
PROPOSED = ROOT / "docs" / "proposed-rulings.md"
# A rule or ruling is a list item that opens with its id in bold.
DOC_ID = re.compile(r"^- \*\*((?:TT|KW|LF)-[A-Z][0-9]+|R-[^*\s]+)\*\*", re.M)
# The games with a rules page, by the page's name.
GAMES = tuple(sorted(p.stem for p in RULES_DIR.glob("*.md")))


def doc_ids() -> dict[tuple[str, str], str]:
    """(game, id) -> the rule's line, for every rule and ruling of docs/rules."""
    out: dict[tuple[str, str], str] = {}
    for path in sorted(RULES_DIR.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for m in DOC_ID.finditer(text):
            key = (path.stem, m.group(1))
            assert key not in out, f"{key} is defined twice in {path.name}"
            out[key] = text[m.start():text.find("\n", m.start())]
    return out


def proposed_ids() -> set[str]:
    return set(DOC_ID.findall(PROPOSED.read_text(encoding="utf-8")))


def registered() -> list[Rule]:
    return [r for game in GAMES for r in rulebook.rules_of(game)]


def test_the_docs_have_every_game_s_rules():
    ids = doc_ids()
    assert GAMES == ("kowah", "lukfu", "totom") and {g for g, _ in ids} == set(GAMES)
    for game in GAMES:  # each page is the one the game registry names
        assert spec(game).rules_doc == f"{game}.md"
        assert rulebook.packages()[game] == f"moneycards.solver.{game}"
    numbered = [i for _, i in ids if not i.startswith("R-")]
    assert len(numbered) == len(set(numbered)) >= 80  # each numbered id belongs to one game
    prefixes: dict[str, set[str]] = {}
    for game, rule_id in ids:
        if not rule_id.startswith("R-"):
            prefixes.setdefault(game, set()).add(rule_id.split("-")[0])
    # One prefix per game's page (TT, KW, LF), no two pages sharing one.
    assert all(len(p) == 1 for p in prefixes.values()), prefixes
    assert len({next(iter(p)) for p in prefixes.values()}) == len(prefixes)


def test_every_rule_id_in_the_docs_maps_to_exactly_one_rule_object():
    by_key: dict[tuple[str, str], list[Rule]] = {}
    for r in registered():
        by_key.setdefault((r.game, r.id), []).append(r)
    missing = [key for key in doc_ids() if key not in by_key]
    assert not missing, f"rules with no rule object: {missing}"
    for key in doc_ids():
        assert len(by_key[key]) == 1, f"{key} has {len(by_key[key])} rule objects"
        assert rulebook.rule(key[1], key[0]) is by_key[key][0]


def test_no_rule_object_names_an_id_the_docs_do_not_have():
    ids = doc_ids()
    proposed = proposed_ids()
    stray = [(r.game, r.id) for r in registered()
             if (r.game, r.id) not in ids and r.id not in proposed]
    assert not stray, f"registered, but in no docs/rules file nor proposed: {stray}"


def _source_of(module: str) -> str:
    return inspect.getsource(importlib.import_module(module))


def _module_level_names(module: str) -> set[str]:
    names = set()
    for node in ast.parse(_source_of(module)).body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    names.add(n.id)
    return names


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_object_is_importable_and_defined_where_it_says(game):
    for r in rulebook.rules_of(game):
        module = importlib.import_module(r.module)
        found: object = module
        for part in r.qualname.split("."):
            found = getattr(found, part)  # importable by its qualified name
        source = _source_of(r.module)
        if r.kind == "switch":
            assert found is r.obj and isinstance(found, type)
            assert r.field in {f.name for f in dataclasses.fields(found)}, r
            assert f'switch("{r.id}"' in source, r
        elif r.kind == "data":
            assert found is r.obj, r
            assert r.qualname in _module_level_names(r.module), f"{r}: assigned elsewhere"
            assert f'data("{r.id}"' in source, r
        else:
            if isinstance(found, property):
                found = found.fget
            assert found is r.obj, r
            # Defined in that module, not imported into it (an lru_cache keeps the name).
            assert getattr(found, "__module__", None) == r.module, r
            assert getattr(found, "__qualname__", None) == r.qualname, r
            assert f'@implements("{r.id}"' in source, r
        assert r.kind in rulebook.KINDS and r.title and "\n" not in r.title, r


def _test_texts() -> dict[str, str]:
    me = Path(__file__).name
    return {p.relative_to(ROOT / "tests").as_posix(): p.read_text(encoding="utf-8")
            for p in (ROOT / "tests").rglob("*.py") if p.name != me}


def _named_in(rule_id: str, text: str, longer: list[str]) -> bool:
    """Whether `text` names the id as written (TT-C2, R-own-faces) or as a test name spells
    it (test_TT_C2_..., test_R_own_faces_...): a whole id, not the start of a longer word
    (TT-C20) nor of one of the `longer` ids (R-declare in R-declare-privacy)."""
    for spelling in (rule_id, rule_id.replace("-", "_")):
        for m in re.finditer(re.escape(spelling), text):
            before, after = text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
            if before.isalnum() or before == "-" or after.isalnum() or (
                    after == "-" and spelling == rule_id):
                continue
            rest = text[m.start():]
            if any(rest.startswith(o) or rest.startswith(o.replace("-", "_")) for o in longer):
                continue
            return True
    return False


def test_every_rule_id_is_named_by_a_test():
    texts = _test_texts()
    ids = {i for _, i in doc_ids()} | {r.id for r in registered()}
    unnamed = []
    for rule_id in sorted(ids):
        longer = [o for o in ids if o != rule_id and o.startswith(rule_id + "-")]
        if not any(_named_in(rule_id, t, longer) for t in texts.values()):
            unnamed.append(rule_id)
    assert not unnamed, f"no test under tests/ names: {unnamed}"


def test_the_name_search_needs_the_whole_id():
    assert _named_in("TT-C2", "def test_TT_C2_pairs():", [])
    assert _named_in("TT-C2", "refused with TT-C2.", [])
    assert not _named_in("TT-C2", "TT-C20 and TT-C2x", [])
    assert not _named_in("R-declare", "R-declare-privacy; test_R_declare_privacy_x",
                         ["R-declare-privacy"])
    assert _named_in("R-declare", "(R-declare)", ["R-declare-privacy"])
    assert _named_in("R-own-faces", "def test_R_own_faces_only_the_seat():", [])


def _breaks_a_pair_again(card: object, held: int) -> None:
    return None


def test_a_rule_id_is_registered_once():
    from moneycards.solver.kowah.rules import KowahRules

    for game in ("totom", "kowah"):  # registered first, whichever test ran before this one
        rulebook.load(game)
    with pytest.raises(DuplicateRule, match="TT-C2"):
        rulebook.implements("TT-C2", "again", game="totom")(_breaks_a_pair_again)
    with pytest.raises(DuplicateRule, match="R-match"):
        rulebook.switch("R-match", "again", KowahRules, "first_seat_rotates")
    with pytest.raises(DuplicateRule, match="KW-K1"):
        rulebook.data("KW-K1", "again", "moneycards.solver.kowah.check", "MULTIPLIERS")
    # The refused registrations left the book as it was.
    assert rulebook.rule("TT-C2").qualname == "breaks_a_pair"


def test_registrations_say_what_they_implement():
    with pytest.raises(ValueError, match="not a rule id"):
        rulebook.implements("TT-c2", "lower case")(test_registrations_say_what_they_implement)
    with pytest.raises(ValueError, match="say which game"):
        rulebook.data("R-new", "no game", __name__, "ROOT")
    with pytest.raises(ValueError, match="has no field"):
        rulebook.switch("R-new", "no such field", Rule, "colour", game="totom")
    with pytest.raises(ValueError, match="has no"):
        rulebook.data("R-new", "not assigned", __name__, "NOT_HERE", game="totom")


def test_lookups():
    from moneycards.solver.kowah.rules import KowahRules
    from moneycards.solver.totom import legal

    r = rulebook.rule("TT-C2")
    assert r.obj is legal.breaks_a_pair and r.game == "totom" and r.kind == "function"
    assert r.where == "moneycards.solver.totom.legal.breaks_a_pair"
    m = rulebook.rule("R-match", "kowah")
    assert m.kind == "switch" and m.obj is KowahRules and m.field == "first_seat_rotates"
    assert m.where.endswith("KowahRules.first_seat_rotates")
    with pytest.raises(UnknownRule, match="say which game"):
        rulebook.rule("R-match")  # a ruling of all three games
    with pytest.raises(UnknownRule):
        rulebook.rule("TT-C99")
    with pytest.raises(UnknownRule):
        rulebook.rule("TT-C2", "kowah")
    with pytest.raises(UnknownRule):
        rulebook.rules_of("chess")
    ids = [r.id for r in rulebook.rules_of("lukfu")]
    assert ids.index("LF-D1") < ids.index("LF-D2") < ids.index("R-ace-sets")
    assert all(i.startswith("R-") for i in ids[ids.index("R-ace-sets"):])


def test_the_readers_call_the_rule_objects():
    """The engine, the observation check and the hint's look-ahead share one object per
    rule: each reader's name for it is the registered object itself."""
    from moneycards.solver.kowah import facts as kw_facts, table as kw_table
    from moneycards.solver.lukfu import table as lf_table
    from moneycards.solver.totom import facts as tt_facts, hint as tt_hint, table as tt_table

    for rule_id in ("TT-C1", "TT-C3", "TT-C4"):
        obj = rulebook.rule(rule_id).obj
        assert getattr(tt_table, obj.__name__) is obj and getattr(tt_facts, obj.__name__) is obj
    assert tt_hint.breaks_a_pair is rulebook.rule("TT-C2").obj
    assert tt_table.no_discard_left is rulebook.rule("TT-C9").obj
    assert kw_facts.legal_actions is rulebook.rule("KW-T2").obj
    assert kw_table.legal.legal_actions is rulebook.rule("KW-T2").obj
    assert lf_table.legal_actions is rulebook.rule("LF-W3").obj
    assert lf_table.may_claim is rulebook.rule("LF-W2").obj
