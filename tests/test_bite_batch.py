"""Batch paths at their sizes: exactly the documented maximum of a batch call is answered
and one more is refused (with details and without), a `check --batch` input longer than
any chunk it is read in answers every line, and the Kowah distance tables, built from the
ready hands in slices, hold every ready hand."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from moneycards.cli.batch import CHUNK
from moneycards.cli.main import cli
from moneycards.server import kowah as kowah_server
from moneycards.server import totom as totom_server
from moneycards.v1 import kowah_pb2, totom_pb2

from tests.test_bite_store import Aborted, Context

TOTOM_HAND = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"  # wins
KOWAH_HAND = "55c55s5m 777c"  # ready


def refused_for_size(call, request) -> str:
    with pytest.raises(Aborted) as err:
        call(request, Context())
    assert err.value.code.name == "INVALID_ARGUMENT"
    return err.value.details


@pytest.mark.parametrize("details, limit", [(False, totom_server.MAX_BATCH),
                                            (True, totom_server.MAX_BATCH_DETAILS)])
def test_check_hands_answers_exactly_its_maximum_and_refuses_one_more(details, limit):
    assert limit == (1_000 if details else 10_000)  # as the proto and README say
    call = totom_server.TotomService().CheckHands
    r = call(totom_pb2.CheckHandsRequest(hands=[TOTOM_HAND] * limit, details=details),
             Context())
    assert len(r.wins) == limit and all(r.wins)
    message = refused_for_size(call, totom_pb2.CheckHandsRequest(
        hands=[TOTOM_HAND] * (limit + 1), details=details))
    assert f"at most {limit}" in message


@pytest.mark.parametrize("details, limit", [(False, 10_000), (True, 100)])
def test_check_ready_many_answers_exactly_its_maximum_and_refuses_one_more(details, limit):
    """With details each hand gets a whole CheckReady answer (a CP-SAT solve for a hand
    not ready): at most 100 of them, not the 10,000 of the plain columns."""
    call = kowah_server.KowahService().CheckReadyMany
    r = call(kowah_pb2.CheckReadyManyRequest(hands=[KOWAH_HAND] * limit, details=details),
             Context())
    assert len(r.ready) == limit and all(r.ready)
    assert len(r.verdicts) == (limit if details else 0)
    message = refused_for_size(call, kowah_pb2.CheckReadyManyRequest(
        hands=[KOWAH_HAND] * (limit + 1), details=details))
    assert f"at most {limit}" in message


@pytest.mark.parametrize("game, hand", [("totom", TOTOM_HAND), ("kowah", KOWAH_HAND)])
def test_check_batch_answers_every_line_of_an_input_longer_than_its_chunks(game, hand):
    """Two whole chunks and three lines more: every line is answered once, in order, the
    last line of each chunk included."""
    n = 2 * CHUNK + 3
    out = CliRunner().invoke(cli, [game, "check", "--batch", "-"],
                             input="\n".join([hand] * n) + "\n", catch_exceptions=False)
    assert out.exit_code == 0, out.output[-500:]
    answers = [json.loads(line) for line in out.output.splitlines()]
    assert [a["line"] for a in answers] == list(range(1, n + 1))
    assert all(a.get("wins", a.get("ready")) for a in answers)


def test_kowah_distance_tables_hold_every_ready_hand_across_their_slices():
    """The ready hands (over 100,000, five slices and more) are marked into the tables
    slice by slice: marked as whole 8-card hands, each one is there, none lost at a
    slice's end; and every 7 cards of a ready hand are one exchange from ready."""
    from moneycards.solver.kowah.batch import _faces, _inside, _ranks, distance_tables, tables

    ready = _faces(tables().ready_counts)
    assert len(ready) > 5 * 20_000
    whole = _inside(ready, 8)
    assert int(whole.sum()) == len(ready)
    assert whole[_ranks(ready, 8).ravel()].all()
    assert distance_tables().inside7[_ranks(ready, 7).ravel()].all()


def test_check_batch_refuses_a_suit_letter_with_no_digit_before_it():
    # The fast path must not read a lone suit letter as nothing: the line is bad input, as
    # the single command says.
    from click.testing import CliRunner

    from moneycards.cli.main import cli

    hand = "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m"
    r = CliRunner().invoke(cli, ["totom", "check", "--batch", "-"],
                           input=f"{hand}\n{hand} c\n")
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert lines[0]["wins"] is True
    assert lines[1]["error"]["message"] == "not a card or a known name: 'c' at position 45"
