"""`moneycards lukfu …`: Luk Fu plays, legality, old-card proofs and settlement."""

from __future__ import annotations

import click

from typing import IO, TYPE_CHECKING, Any, Callable, TypeVar

from moneycards.cli.common import CONTEXT_SETTINGS, answers, cards_argument, json_option
from moneycards.cli.play import add_interactive_command, add_play_commands
from moneycards.cli.records import add_record_commands
from moneycards.cli.rules import add_rules_command
from moneycards.solver.cards import counted
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver.lukfu import NAME
from moneycards.solver.table import in_sentence, seat_label

if TYPE_CHECKING:
    from moneycards.solver.lukfu.rules import LukFuRules

_F = TypeVar("_F", bound=Callable[..., object])

record_option = click.option(
    "--record", "record_file", type=click.File("r"),
    help="The deal so far: a public record (docs/lukfu-record.md) or a game record "
         "(docs/records.md; then --hand defaults to the seat's own); '-' reads stdin. "
         "The record's rules apply: a switch that contradicts them is refused.")
rules_options = [
    click.option("--ace-rule/--no-ace-rule", default=None,
                 help="R-ace-sets: a led set of 1s falls only to 9s (default on)."),
    click.option("--strict-leads/--advice-leads", default=None,
                 help="R-lead-advice: make the non-caller's single-lead advice a rule "
                      "(default off)."),
]


def with_rules(fn: _F) -> _F:
    for opt in reversed(rules_options):
        fn = opt(fn)
    return fn


def _rules(ace_rule: bool | None, strict_leads: bool | None) -> LukFuRules:
    from moneycards.solver.lukfu.check import rules_from

    return rules_from(ace_rule, strict_leads)


def _history(record_file: IO[str] | None, hand: str | None, seat: int | None,
             ace_rule: bool | None, strict_leads: bool | None
             ) -> tuple[dict[str, Any] | None, str, int | None, LukFuRules, str | None]:
    """The record, hand, seat and rules for a question, and the rule that ended the deal
    (None: in play): a game record file is replayed and seen from the seat (its record's
    rules apply); a public record is read as it is (its `rules`, where it names a switch,
    apply). A switch given on the command line that the record's rules contradict is
    refused: it would be dropped without a word."""
    from moneycards.records import read_lukfu_history
    from moneycards.solver.lukfu.check import refuse_contradicted

    rules = _rules(ace_rule, strict_leads)
    if record_file is None:
        if hand is None:
            raise InvalidInput("give the seat's hand, or --record with a game record (which "
                               "holds it)", field="--hand")
        return None, hand, seat, rules, None
    view = read_lukfu_history(record_file.read(), seat)
    refuse_contradicted(
        {"ace_sets_beaten_only_by_nines": ace_rule, "strict_non_caller_leads": strict_leads},
        view["rules"], view["record"].get("rules"),
        {"ace_sets_beaten_only_by_nines": "--ace-rule" if ace_rule else "--no-ace-rule",
         "strict_non_caller_leads": "--strict-leads" if strict_leads else "--advice-leads"})
    if hand is None:
        hand = view["hand"]
        if hand is None:  # a game record's seat may hold no card (""): that is its hand
            raise InvalidInput("a public record does not show the seat's hand: give it",
                               field="--hand")
    return view["record"], hand, view["seat"], view["rules"] or rules, view["ended"]


@click.group(NAME, context_settings=CONTEXT_SETTINGS)
def lukfu() -> None:
    """Luk Fu, the Hakka trick-taking game (rules LF-*)."""


@lukfu.command()
@cards_argument("play")
@click.option("--over", required=True, help="The play to beat, taken as led.")
@with_rules
@json_option
@answers
def beats(play: str, over: str, ace_rule: bool | None, strict_leads: bool | None,
          as_json: bool) -> None:
    """Does PLAY beat the play --over (LF-F2–F5)?

    \b
    Example:
      moneycards lukfu beats 9c9s9m --over 1c1s1m
    """
    from moneycards.solver.lukfu.check import beats_text

    d = beats_text(play, over, _rules(ace_rule, strict_leads))
    if as_json:
        from moneycards.cli.vocabulary import emit_answer
        from moneycards.server.lukfu import compare_message

        emit_answer("lukfu beats", compare_message(d), play=d["play"], over=d["over"])
    else:
        verdict = "beats" if d["beats"] else "does not beat"
        click.echo(f"{d['play']} ({d['play_kind']}) {verdict} {d['over']} ({d['over_kind']}): "
                   f"{d['explanation']} [{d['rule']}]")


@lukfu.command()
@cards_argument("play")
@click.option("--hand", help="The seat's hand (required without a game record).")
@click.option("--role", type=click.Choice(["caller", "master-passed", "non-caller"]),
              help="The seat's role (derived from --record when given).")
@record_option
@click.option("--seat", type=int, help="The seat (0 You, 1 AI 1, 2 AI 2); with --record, "
                                       "the seat to act.")
@click.option("--down", "face_down", is_flag=True,
              help="PLAY lists cards discarded face down (a follow that cannot beat).")
@with_rules
@json_option
@answers
def legal(play: str, hand: str | None, role: str | None, record_file: IO[str] | None,
          seat: int | None, face_down: bool, ace_rule: bool | None, strict_leads: bool | None,
          as_json: bool) -> None:
    """Is PLAY a legal lead or follow for a seat (LF-L1–L5, LF-F1)?

    Without --record PLAY is a lead; with one, a follow when a trick is in progress.

    \b
    Examples:
      moneycards lukfu legal 1234c --hand "1234c 5s 9t" --role master-passed
      moneycards lukfu legal 7c --hand "789c 123m 56t" --record examples/lukfu-record.json
    """
    from moneycards.solver.lukfu.check import legal_text

    record, hand, seat, rules, ended = _history(record_file, hand, seat, ace_rule,
                                                strict_leads)
    d = legal_text(play, hand=hand, role=role, record=record, seat=seat, face_down=face_down,
                   rules=rules, ended=ended)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer
        from moneycards.server.lukfu import play_message

        emit_answer("lukfu legal", play_message(d))
    else:
        word = "LEGAL" if d["legal"] else "ILLEGAL"
        over = f" on {d['to_beat']}" if d["to_beat"] else ""
        click.echo(f"{word} as a {d['turn']}{over} by {in_sentence(d['seat'])} ({d['role']}): "
                   f"{d['explanation']} [{d['rule']}]")


@lukfu.command(short_help="Which cards of a hand are old (LF-O1–O3); can it claim?")
@click.option("--hand", help="The seat's hand (required without a game record).")
@record_option
@click.option("--seat", type=int, default=0, show_default=True,
              help="The seat whose hand it is (0 You, 1 AI 1, 2 AI 2).")
@click.option("--engine", type=click.Choice(["cpsat", "exact"]), default="cpsat",
              show_default=True, help="cpsat: an exact search, with CP-SAT past its node "
                                      "budget; exact: every world enumerated (small "
                                      "positions only).")
@with_rules
@json_option
@answers
def old(hand: str | None, record_file: IO[str] | None, seat: int | None, engine: str,
        ace_rule: bool | None, strict_leads: bool | None, as_json: bool) -> None:
    """Which cards of a hand are old (LF-O1–O3), and why; can the seat claim (LF-W2)?

    \b
    Example:
      moneycards lukfu old --hand "7c 5m6m 1t2t 9t 5s 8t" --record examples/lukfu-record.json
    """
    from moneycards.solver.lukfu.check import old_text

    record, hand, seat, rules, ended = _history(record_file, hand, seat, ace_rule,
                                                strict_leads)
    d = old_text(hand=hand, record=record, seat=seat, engine=engine, rules=rules, ended=ended)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer
        from moneycards.server.lukfu import old_message

        emit_answer("lukfu old", old_message(d), seat=d["seat"],
                    about_to_lead=d["about_to_lead"])
        return
    click.echo(f"{seat_label(d['seat'])}: old cards {' '.join(d['old']) or '(none)'}")
    for r in d["reasons"]:
        mark = "old    " if r["old"] else "not old"
        click.echo(f"  {r['card']:<3} {mark} {r['rule']:<6} {r['explanation']}")
    total = f"Fu won {d['fu']} + old cards {len(d['old'])} = {d['claim_total']}"
    if d["ended"]:  # "may claim now" would offer a claim after the deal's end
        click.echo(f"{total}; the deal is over ({d['ended']}): no claim follows its end")
        return
    claim = {True: "may claim now", False: "cannot claim now",
             None: "a claim needs the seat about to lead, which only a record shows"}[
        d["can_claim"]]
    click.echo(f"{total}: {claim} (LF-W2: six at the moment of leading)")


@lukfu.command()
@click.option("--fu", type=int, help="The winner's total fu (fu won plus old cards).")
@click.option("--winner", type=int, help="The winning seat (0, 1, 2).")
@click.option("--caller", type=int, help="The caller's seat (0, 1, 2).")
@click.option("--drawn", is_flag=True, help="The deal was drawn or dealt again.")
@json_option
@answers
def score(fu: int | None, winner: int | None, caller: int | None, drawn: bool,
          as_json: bool) -> None:
    """Settle a deal (LF-K2–K4): net points per seat.

    \b
    Example:
      moneycards lukfu score --fu 8 --winner 0 --caller 1
    """
    from moneycards.solver.lukfu.check import score_text

    d = score_text(fu=fu, winner=winner, caller=caller, drawn=drawn)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer
        from moneycards.server.lukfu import score_message

        emit_answer("lukfu score", score_message(d))
        return
    if d["outcome"] == "drawn":
        click.echo("Drawn: everyone settles 0 (R-settle-zero)")
        return
    # the amount is LF-K2's, who pays it LF-K3's (`rule`: the JSON's, who pays)
    pays = (f"the caller, {seat_label(caller)}, paying both shares" if caller != winner
            else "each loser paying it")
    click.echo(f"{counted(d['points'], 'points')} (LF-K2), {pays} ({d['rule']}): " + ", ".join(
        f"{seat_label(s)} {n:+d}" for s, n in enumerate(d["net"])))


add_record_commands(lukfu, NAME)
add_play_commands(lukfu, GAMES[NAME])
add_interactive_command(lukfu, GAMES[NAME])
add_rules_command(lukfu, NAME)
