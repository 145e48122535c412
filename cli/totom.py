"""`moneycards totom …`: Tổ Tôm hand checks and waits."""

from __future__ import annotations

import click

from typing import Callable, TypeVar

from moneycards.cli.common import CONTEXT_SETTINGS, answers, cards_argument, json_option
from moneycards.cli.play import add_interactive_command, add_play_commands
from moneycards.cli.records import add_record_commands
from moneycards.cli.rules import add_rules_command
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES
from moneycards.solver.totom import NAME, TOTOM
from moneycards.solver.totom.screen import format_verdict

_F = TypeVar("_F", bound=Callable[..., object])

VIA_CHOICES = ["own-door", "stock", "chiu", "discard"]
rules_option = click.option("--rules", "rules", default="seed", show_default=True,
                            type=click.Choice(list(GAMES[NAME].presets)),
                            help="Rules preset: seed (the seed page) or traditional (Chắn "
                                 "Vạn Văn table).")
engine_option = click.option("--engine", default="cpsat", show_default=True,
                             type=click.Choice(["cpsat", "exact"]),
                             help="Partition solver: the CP-SAT model or the exact counter.")
extra_options = [
    click.option("--won-previous", is_flag=True,
                 help="The winner won the previous deal too (traditional Thông)."),
    click.option("--first-stock", is_flag=True,
                 help="Won on the first stock card of the deal (traditional Địa ù)."),
]


def with_extra(fn: _F) -> _F:
    for opt in reversed(extra_options):
        fn = opt(fn)
    return fn


@click.group(NAME, context_settings=CONTEXT_SETTINGS)
def totom() -> None:
    """Tổ Tôm, the 100-card Chắn table (rules TT-*)."""


@totom.command()
@cards_argument("hand", required=False)
@click.option("--batch", "batch", metavar="FILE|-",
              help="Check every hand of FILE (- for standard input) instead of HAND: one hand "
                   "per line, in notation or as JSON with its context ({\"hand\": ..., "
                   "\"win_card\": ..., \"via\": ...}); one JSON line out per hand. A bad line "
                   "is answered with its error and the batch goes on (exit status 2).")
@click.option("--details", is_flag=True,
              help="With --batch: each line the full --json answer (slower).")
@click.option("--win-card", help="The winning card (must be in HAND).")
@click.option("--via", type=click.Choice(VIA_CHOICES),
              help="How the winning card came: exposed at the winner's own doorway "
                   "(Ù chì), another seat's exposed stock card (default), a Chíu on a "
                   "discard (a Chíu on a stock card scores as a win on it: TT-P6), or a "
                   "discard (never wins: TT-W6).")
@click.option("--thien-u", is_flag=True, help="The dealer's opening twenty, no winning card.")
@click.option("--opening", help="The seat's dealt hand (for Thiên khai, Bòn, Chíu ù); checked "
              "against the hand: its pairs still held (TT-C2), a Chíu's triple dealt (TT-P2), "
              "a copy of the winning face left undealt (TT-D1).")
@rules_option
@engine_option
@with_extra
@json_option
@answers
def check(hand: str | None, batch: str | None, details: bool, win_card: str | None,
          via: str | None, thien_u: bool, opening: str | None, rules: str, engine: str,
          won_previous: bool, first_stock: bool, as_json: bool) -> None:
    """Does a 20-card HAND win, and what does it score?

    \b
    Example:
      moneycards totom check "2234455667c 2256788s 356m" --win-card 3c --via own-door
      moneycards totom check --batch hands.txt > verdicts.jsonl
    """
    from moneycards.solver.totom.check import check_text

    if batch is not None:
        if hand is not None or win_card or via or thien_u or opening or won_previous \
                or first_stock:
            raise InvalidInput("every hand and its context come from the file: give no "
                               "HAND and no context options", field="--batch")
        from moneycards.cli.batch import run, totom_answers
        from moneycards.solver.totom.rules import preset

        run(batch, "Tổ Tôm hands", totom_answers(preset(rules, field="--rules"), details,
                                                 engine), as_json)
        return
    if hand is None:
        raise InvalidInput("give a HAND, or --batch FILE (- for standard input)", field="hand")
    if details:
        raise InvalidInput("--details goes with --batch (a single hand: --json)",
                           field="--details")
    if win_card is not None and not win_card.strip():  # not the same as no --win-card
        raise InvalidInput("an empty winning card: give one card, or leave the option out",
                           field="win_card")

    verdict = check_text(hand, win_card=win_card, via=via, thien_u=thien_u, opening=opening,
                         rules=rules, engine=engine, won_previous=won_previous,
                         first_stock=first_stock)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer
        from moneycards.server.totom import verdict_message

        emit_answer("totom check", verdict_message(verdict))
    else:
        click.echo(format_verdict(verdict))


@totom.command(short_help="Which cards make a 19-card HAND win, and what each scores.")
@cards_argument("hand")
@click.option("--via", type=click.Choice(VIA_CHOICES), default="stock", show_default=True,
              help="How the winning card would come.")
@click.option("--seen", help="Cards already seen elsewhere (discards, exposures).")
@click.option("--opening", help="The seat's dealt hand (for Thiên khai, Bòn, Chíu ù); checked "
              "against the hand: its pairs still held (TT-C2), a Chíu's triple dealt (TT-P2), "
              "a copy of the winning face left undealt (TT-D1).")
@rules_option
@engine_option
@with_extra
@json_option
@answers
def waits(hand: str, via: str, seen: str | None, opening: str | None, rules: str, engine: str,
          won_previous: bool, first_stock: bool, as_json: bool) -> None:
    """Which cards would make a 19-card HAND win, what each scores, how many are unseen.

    \b
    Example:
      moneycards totom waits "2234455667c 2256788s 56m" --via own-door --seen 3m
    """
    from moneycards.solver.totom.check import waits_text

    found = waits_text(hand, seen=seen, via=via, opening=opening, rules=rules, engine=engine,
                       won_previous=won_previous, first_stock=first_stock)
    if as_json:
        from moneycards.cli.vocabulary import emit_answer, enum_name
        from moneycards.server.totom import VIA, waits_message
        from moneycards.v1 import totom_pb2

        emit_answer("totom waits", waits_message(found), hand=TOTOM.render(TOTOM.parse(hand)),
                    via=enum_name(totom_pb2.WinVia, VIA, via))
        return
    if not found:
        click.echo("No card makes this hand win.")
        return
    click.echo(f"Waits ({via}):")
    for w in found:
        score = w.verdict.score
        assert score is not None  # a wait makes the hand win, so it is scored
        names = ", ".join(f"{b.bonus.name}×{b.count}" if b.count > 1 else b.bonus.name
                          for b in score.bonuses) or "Ù xuông"
        click.echo(f"  {w.card.text:<3} {TOTOM.name(w.card):<10} {w.points:>3} points  "
                   f"{w.unseen} unseen   {names}")


add_record_commands(totom, NAME)
add_play_commands(totom, GAMES[NAME])
add_interactive_command(totom, GAMES[NAME])
add_rules_command(totom, NAME)
