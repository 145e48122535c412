"""`moneycards GAME replay FILE` and `moneycards GAME check-record FILE`, for every game."""

from __future__ import annotations

import click

from moneycards.cli.common import answers, emit_json, json_option


def add_record_commands(group: click.Group, game: str) -> None:
    @group.command("replay")
    @click.argument("record_file", metavar="FILE", type=click.File("r"))
    @answers
    def replay(record_file):
        """Print a game record's deal step by step (FILE is JSON; '-' reads stdin)."""
        from moneycards.cli.screen import explain
        from moneycards.records import read_game_record
        from moneycards.solver.games import final_state, replay as run
        from moneycards.solver.table import IllegalAction, record_names, seat_label

        record = read_game_record(game, record_file.read())
        for line in run(game, record):
            click.echo(line)
        try:
            state = final_state(game, record)
        except IllegalAction:
            return  # the replay stopped at it and said so
        names = record_names(record) or [seat_label(s) for s in range(state.seats)]
        for line in explain(state, names):
            click.echo(line)

    @group.command("check-record")
    @click.argument("record_file", metavar="FILE", type=click.File("r"))
    @json_option
    @answers
    def check_record(record_file, as_json):
        """Validate a game record: the first illegal action, by index and rule id.

        Exit 0 when the record was read (valid or not), 2 when it is malformed.
        """
        from moneycards.records import read_game_record
        from moneycards.solver.games import check

        result = check(game, read_game_record(game, record_file.read()))
        if as_json:
            emit_json(result.to_dict())
        elif result.valid:
            state = "complete" if result.complete else "unfinished"
            click.echo(f"VALID: {result.actions} actions, deal {state}"
                       + (f". {result.summary}" if result.summary else "."))
        else:
            # Numbered from 1, as `replay` numbers them (the JSON `first_illegal` counts from 0).
            click.echo(f"INVALID at action {result.index + 1}: {result.message} "
                       f"[{result.rule}]")
