"""`moneycards GAME replay FILE` and `moneycards GAME check-record FILE`, for every game."""

from __future__ import annotations

import json
from typing import IO

import click

from moneycards.cli.common import answers, emit_json, json_option
from moneycards.cli.tables import match_deals
from moneycards.solver.games import check, final_state, replay as replay_record, spec
from moneycards.solver.table import (IllegalAction, name_says, named_seats, record_names,
                                     seat_label)


def add_record_commands(group: click.Group, game: str) -> None:
    @group.command("replay", short_help="Print a game record's deal step by step.")
    @click.argument("record_file", metavar="FILE", type=click.File("r"))
    @answers
    def replay(record_file: IO[str]) -> None:
        """Print a game record's deal step by step (FILE is JSON; '-' reads stdin)."""
        from moneycards.cli.screen import explain
        from moneycards.records import read_game_record

        text = record_file.read()
        if is_match(text):
            for line in match_lines(game, text):
                click.echo(line)
            return
        record = read_game_record(game, text)
        for line in replay_record(game, record):
            click.echo(line)
        try:
            state = final_state(game, record)
        except IllegalAction:
            return  # the replay stopped at it and said so
        names = record_names(record) or [seat_label(s) for s in range(state.seats)]
        for line in explain(state, names):
            click.echo(line)
        if is_practice(game, text):
            click.echo(PRACTICE)

    @group.command("check-record", short_help="Validate a game record: its first illegal action.")
    @click.argument("record_file", metavar="FILE", type=click.File("r"))
    @json_option
    @answers
    def check_record(record_file: IO[str], as_json: bool) -> None:
        """Validate a game record: the first illegal action, by its number and rule id.

        Actions are numbered from 1 as `replay` numbers them (under --json,
        `first_illegal` is the API's index, from 0). Exit 0 when the record was read
        (valid or not), 2 when it is malformed.
        """
        from moneycards.records import check_match_record, read_game_record

        text = record_file.read()
        if is_match(text):
            found = check_match_record(game, text)
            if as_json:
                emit_json({"valid": found.valid, "complete": found.complete,
                           "deals": found.deals, "match_deals": found.length,
                           "totals": list(found.totals),
                           "deal": found.bad_deal, "first_illegal": found.action,
                           "rule": found.rule, "message": found.message,
                           **({"practice": True} if is_practice(game, text) else {})})
            elif found.valid:
                from moneycards.solver.tables import totals_text

                state = "complete" if found.complete else "unfinished"
                points = spec(game).settles_in_points
                # the deals played, of the match's set number (R-match: none, until closed)
                played = (f"{found.deals} deals of a match of {found.length}"
                          if found.length and found.deals != found.length
                          else f"a match of {found.deals} deals")
                click.echo(f"VALID: {played}, {state}. Totals: "
                           + totals_text(match_names(game, text), found.totals, points) + ".")
            else:
                assert found.action is not None  # an invalid match names the action
                click.echo(f"INVALID in deal {found.bad_deal} at action {found.action + 1}: "
                           f"{found.message} [{found.rule}]")
            if is_practice(game, text) and not as_json:
                click.echo(PRACTICE)
            return
        result = check(game, read_game_record(game, text))
        if as_json:
            from moneycards.cli.vocabulary import record_check_json

            emit_json(record_check_json(game, result, is_practice(game, text)))
            return
        elif result.valid:
            state = "complete" if result.complete else "unfinished"
            click.echo(f"VALID: {result.actions} actions, deal {state}"
                       + (f". {result.summary}" if result.summary else "."))
        else:
            assert result.index is not None  # an invalid record names the action
            # Numbered from 1, as `replay` numbers them (the JSON `first_illegal` counts from 0).
            click.echo(f"INVALID at action {result.index + 1}: {result.message} "
                       f"[{result.rule}]")
        if is_practice(game, text):
            click.echo(PRACTICE)


PRACTICE = "A practice game: actions were taken back as it was played (undo)."


def is_practice(game: str, text: str) -> bool:
    """Whether a record (already read, so well formed) marks a practice game: the deal's
    `practice`, or any deal's in a match record."""
    data = json.loads(text)
    deals = match_deals(game, data) if is_match(text) else [data]
    return any(isinstance(d, dict) and d.get("practice") is True for d in deals)


def is_match(text: str) -> bool:
    from moneycards.records import is_match_record

    return is_match_record(text)


def match_names(game: str, text: str) -> list[str]:
    """The seats' names of a match record (well formed), their labels where it names none."""
    from moneycards.records import read_match_record

    seats = read_match_record(game, text)["seats"]
    return [s.get("name") or seat_label(k) for k, s in enumerate(seats)] or \
        [seat_label(k) for k in range(spec(game).seats)]


def match_lines(game: str, text: str) -> list[str]:
    """A match record told deal by deal (R-match): each deal's replay and explanation, the
    totals after it."""
    from moneycards.cli.screen import explain
    from moneycards.records import check_match_record, read_match_record
    from moneycards.solver.tables import Match, add_result, totals_text

    rec = read_match_record(game, text)
    found = check_match_record(game, text)  # the cards and every action checked first
    g = spec(game)
    names = match_names(game, text)
    out: list[str] = []
    match: Match = rec["match"]
    of = f" of {match.deals}" if match.deals else ""
    running = [0] * g.seats
    previous = None
    for k, deal in enumerate(rec["deals"][:found.deals], 1):
        state = g.new_state({**deal, "rules": rec["rules"]})
        state.previous_winner = previous
        first = int(state.deal_json()[g.first_seat_key])
        out.append(f"== Deal {k}{of}: {name_says(names[first], g.starter_words)} ==")
        with named_seats(names):
            for action in deal["actions"]:
                # told as a single deal's replay tells it: the action, then what followed
                # (a declared seat's forced draw and discard, KW-X2; a card exposed...)
                seat = state.current_seat()
                before, mark = state.clone(), state.narration_mark()
                try:
                    state.apply(action)
                except IllegalAction:
                    break  # said below, as check-record says it
                assert seat is not None  # the action was legal: the deal was on
                out.append(before.describe(action, seat))
                out.extend(f"  {x}" for x in state.after_lines(mark))
        if state.result is None:
            if found.valid:
                out.append("(the deal goes on)")
            break
        out.extend(explain(state, names))
        r = state.result
        running = add_result(running, r)
        out.append("Totals: " + totals_text(names, running, g.settles_in_points))
        previous = r.winner
    if not found.valid:
        assert found.action is not None  # an invalid match names the action
        out.append(f"INVALID in deal {found.bad_deal} at action {found.action + 1}: "
                   f"{found.message} [{found.rule}]")
    if is_practice(game, text):
        out.append(PRACTICE)
    return out
