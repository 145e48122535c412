"""`moneycards kowah …`: Kowah readiness, waits, distance and wins."""

from __future__ import annotations

import click

from moneycards.cli.common import CONTEXT_SETTINGS, answers, cards_argument, json_option
from moneycards.cli.play import add_interactive_command, add_play_commands
from moneycards.cli.records import add_record_commands
from moneycards.cli.rules import add_rules_command
from moneycards.solver.cards import counted
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver.kowah import KOWAH, NAME


@click.group(NAME, context_settings=CONTEXT_SETTINGS)
def kowah() -> None:
    """Kowah (Cheki), two triplets and a pair (rules KW-*)."""


@kowah.command(short_help="Is an eight-card HAND ready? Its waits, or its distance.")
@cards_argument("hand", required=False)
@click.option("--batch", "batch", metavar="FILE|-",
              help="Check every hand of FILE (- for standard input) instead of HAND: one hand "
                   "per line, in notation or as JSON ({\"hand\": ...}); one JSON line out per "
                   "hand. A bad line is answered with its error and the batch goes on (exit "
                   "status 2).")
@click.option("--details", is_flag=True,
              help="With --batch: each line the full --json answer, with the splits, "
                   "unseen waits and the exchange to ready (much slower; the distance is "
                   "in every line).")
@click.option("--seen", help="Cards seen elsewhere: only unseen copies count for the distance.")
@click.option("--engine", default="cpsat", show_default=True, type=click.Choice(["cpsat", "exact"]),
              help="Split search: the CP-SAT model or the exact search (the distance always "
                   "uses CP-SAT).")
@json_option
@answers
def check(hand: str | None, batch: str | None, details: bool, seen: str | None, engine: str,
          as_json: bool) -> None:
    """Is an eight-card HAND ready? Its splits and waits, or its distance to ready.

    \b
    Example:
      moneycards kowah check "55c55s5m 777c"
      moneycards kowah check --batch hands.txt > verdicts.jsonl
    """
    from moneycards.solver.kowah.check import check_text

    if batch is not None:
        if hand is not None or seen:
            raise InvalidInput("every hand comes from the file: give no HAND and no --seen "
                               "(a line's seen cards: {\"hand\": …, \"seen\": …})",
                               field="--batch")
        from moneycards.cli.batch import kowah_answers, run

        run(batch, "Kowah hands", kowah_answers(details, engine), as_json)
        return
    if hand is None:
        raise InvalidInput("give a HAND, or --batch FILE (- for standard input)", field="hand")
    if details:
        raise InvalidInput("--details goes with --batch (a single hand: --json)",
                           field="--details")

    v = check_text(hand, seen=seen, engine=engine)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer
        from moneycards.server.kowah import ready_message

        emit_answer("kowah check", ready_message(v))
        return
    click.echo(f"Hand: {KOWAH.render(v.hand)}")
    if v.ready:
        # The choice a declaring seat has is the pair it shows (KW-T4, KW-R5): say how
        # many the splits leave, as two splits may show the same pair.
        pairs = len({s.pair for s in v.splits})
        click.echo(f"READY (checki): {counted(len(v.splits), 'ways')} to split it, "
                   + ("one pair to show" if pairs == 1 else f"{pairs} pairs to choose from "
                      "when declaring (KW-R5, KW-T4)"))
        for s in v.splits:
            split = s.to_dict()
            click.echo(f"  {split['triplets'][0]:<9} + {split['triplets'][1]:<9} "
                       f"pair {split['pair']:<5} "
                       f"waits on {KOWAH.render_named([s.wait])}")
        click.echo("Waits: " + ", ".join(
            f"{f.text} ({v.unseen[KOWAH.index(f)]} unseen)" for f in v.waits))
        return
    click.echo("Not ready:")
    for viol in v.violations:
        click.echo(f"  {viol.rule:<6} {viol.message}")
    d = v.distance
    if d is None:
        click.echo("No ready hand can be built from the unseen cards.")
    else:
        t = d.target.to_dict()
        click.echo(f"Distance to ready: {counted(d.exchanges, 'exchanges')}: discard "
                   f"{KOWAH.render(d.discard)}, draw {KOWAH.render(d.draw)} -> "
                   f"{t['triplets'][0]} + {t['triplets'][1]}, pair {t['pair']}")


@kowah.command(short_help="Does a declared HAND win on --card, at what multiplier?")
@cards_argument("hand")
@click.option("--pair", required=True, help="The shown pair, e.g. 55c.")
@click.option("--card", required=True, help="The new card.")
@click.option("--via", required=True, type=click.Choice(["self-draw", "draw", "discard"]),
              help="How the card came: the seat's own draw (x3), another seat's draw (x1), "
                   "a discard (x2).")
@json_option
@answers
def win(hand: str, pair: str, card: str, via: str, as_json: bool) -> None:
    """Does a declared HAND with its shown --pair win on --card, and at what multiplier?

    \b
    Example:
      moneycards kowah win "55c55s5m 777c" --pair 55c --card 5c --via discard
    """
    from moneycards.solver.kowah.check import win_text

    v = win_text(hand, pair=pair, card=card, via=via)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer, enum_name
        from moneycards.server.kowah import VIA, win_message
        from moneycards.v1 import kowah_pb2

        emit_answer("kowah win", win_message(v), via=enum_name(kowah_pb2.KowahVia, VIA, via))
        return
    if v.wins:
        shown = KOWAH.render(KOWAH.parse(card))  # the notation, not an alias as typed
        how = {"draw": "another seat's stock draw (KW-X4)"}.get(via, via)
        click.echo(f"WINS on {shown} by {how}: multiplier x{v.multiplier} (KW-K1)")
    else:
        click.echo("Does not win:")
        for viol in v.violations:
            click.echo(f"  {viol.rule:<6} {viol.message}")


add_record_commands(kowah, NAME)
add_play_commands(kowah, GAMES[NAME])
add_interactive_command(kowah, GAMES[NAME])
add_rules_command(kowah, NAME)
