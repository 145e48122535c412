"""Solves shared by concurrent callers (solver/cpsat.py Combiner) answer each caller as
it would be answered alone, and the Tổ Tôm partition model solved for several hands at once
gives each hand its own partition (TT-W1–W4, TT-D3)."""

import random
import threading

import pytest

from moneycards.solver.totom import TOTOM
from moneycards.solver.cpsat import Combiner
from moneycards.solver.totom import model
from moneycards.solver.totom.exact import partition_exact
from tests.test_totom_differential import hands


def run_together(fn, queries, threads=8):
    """fn(query) for every query, from `threads` threads started at one barrier."""
    out: dict[int, object] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def work(k: int) -> None:
        start.wait()
        for i in range(k, len(queries), threads):
            try:
                out[i] = fn(queries[i])
            except BaseException as err:  # noqa: BLE001 - collected for the assertion
                errors.append(err)

    pool = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in pool), "a caller never got its answer"
    return out, errors


def slow_square_many(batches):
    def solve(queries):
        batches.append(list(queries))
        threading.Event().wait(0.002)  # a solve long enough for others to queue behind it
        return [q * q for q in queries]

    return solve


def test_every_caller_gets_its_own_answer_and_batches_form():
    batches: list[list[int]] = []
    square = Combiner(slow_square_many(batches), most=4)
    queries = list(range(400))
    out, errors = run_together(square, queries)
    assert not errors
    assert out == {q: q * q for q in queries}
    assert sorted(q for b in batches for q in b) == queries  # each solved exactly once
    assert max(len(b) for b in batches) == 4  # callers queued and were solved together
    assert len(batches) < len(queries)


def test_a_lone_caller_is_solved_alone_at_once():
    batches: list[list[int]] = []
    square = Combiner(slow_square_many(batches), most=16)
    assert [square(q) for q in range(5)] == [0, 1, 4, 9, 16]
    assert batches == [[0], [1], [2], [3], [4]]


def test_an_error_reaches_every_caller_of_its_batch_and_the_next_solve_works():
    calls = []

    def solve(queries):
        calls.append(list(queries))
        if any(q < 0 for q in queries):
            raise ValueError("negative")
        threading.Event().wait(0.001)
        return [q + 1 for q in queries]

    plus_one = Combiner(solve, most=8)
    queries = [-1 if i % 50 == 0 else i for i in range(200)]
    out, errors = run_together(plus_one, queries)
    failed_batches = [b for b in calls if any(q < 0 for q in b)]
    assert len(errors) == sum(len(b) for b in failed_batches)
    assert all(isinstance(e, ValueError) for e in errors)
    good = [q for b in calls if b not in failed_batches for q in b]
    assert sorted(out.values()) == sorted(q + 1 for q in good)
    assert plus_one(41) == 42  # nothing is left stuck after the errors


@pytest.mark.parametrize("size", [1, 2, 4, 8, 16])
def test_partition_model_for_several_hands_gives_each_its_own_partition(size):
    sample = hands(1000 + size, 6 * size)
    solver = model._PartitionModel(size)
    for start in range(0, len(sample), size):
        group = sample[start:start + size - (start // size) % 2]  # full and short groups
        got = solver.partitions(group)
        assert got == [partition_exact(h) for h in group], [TOTOM.render(h) for h in group]


def test_partitions_asked_from_many_threads_match_the_exact_partition():
    sample = hands(77, 600)
    random.Random(5).shuffle(sample)
    out, errors = run_together(model.partition_cpsat, sample, threads=12)
    assert not errors
    for i, h in enumerate(sample):
        assert out[i] == partition_exact(h), TOTOM.render(h)


def test_a_callers_group_is_solved_in_solves_of_at_most_most_queries():
    batches: list[list[int]] = []
    square = Combiner(slow_square_many(batches), most=4)
    assert square.many(list(range(10))) == [q * q for q in range(10)]
    assert batches == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]


def test_groups_and_single_queries_from_many_threads_all_get_their_answers():
    batches: list[list[int]] = []
    square = Combiner(slow_square_many(batches), most=8)
    groups = [list(range(k * 100, k * 100 + k % 11)) for k in range(60)]
    out, errors = run_together(square.many, groups)
    assert not errors
    assert all(out[k] == [q * q for q in g] for k, g in enumerate(groups))
    assert all(len(b) <= 8 for b in batches)


def test_waits_found_with_batched_partitions_equal_the_exact_engine():
    from moneycards.solver.totom.check import waits_text

    rng = random.Random(3)
    for counts in hands(31, 60):
        short = list(counts)
        short[rng.choice([i for i, n in enumerate(short) if n])] -= 1  # 19 cards
        text = TOTOM.render(short)
        for via in ("stock", "chiu"):
            got = [(w.card, w.points, w.unseen) for w in waits_text(text, via=via)]
            want = [(w.card, w.points, w.unseen)
                    for w in waits_text(text, via=via, engine="exact")]
            assert got == want, (text, via)
