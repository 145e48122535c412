"""`moneycards GAME observe|hint|selfplay`: seat observations, hints and AI self-play."""

from __future__ import annotations

import json

import click

from cli.common import answers, emit_json, json_option


def add_play_commands(group: click.Group, game: str, seats: int) -> None:
    default_seats = ",".join(["strong"] + ["random"] * (seats - 1))

    @group.command("observe")
    @click.argument("record_file", metavar="FILE", type=click.File("r"))
    @click.option("--seat", type=int, help="The seat whose view to print (default: the seat "
                                           "to act).")
    @answers
    def observe(record_file, seat):
        """Replay a game record and print one seat's observation (JSON) — the state a hint
        takes. Cards the seat cannot see are left out."""
        from solver.errors import InvalidInput
        from solver.games import final_state

        state = final_state(game, record_file.read())
        seat = state.current_seat() if seat is None else seat
        if seat is None or not 0 <= seat < state.seats:
            raise InvalidInput(f"seat must be 0-{state.seats - 1}", field="seat")
        emit_json(state.observation(seat))

    engine_option = click.option(
        "--engine", type=click.Choice(["exact", "cpsat"]), default="exact", show_default=True,
        help="Distance to a win: the exact dynamic programme or the CP-SAT model (the same "
             "numbers; CP-SAT is slower).") if game == "totom" else (lambda fn: fn)

    @group.command("hint")
    @click.option("--state", "state_file", required=True, type=click.File("r"),
                  help="A seat's observation as JSON (see `observe`).")
    @click.option("--budget-ms", default=100.0 if game != "lukfu" else 500.0,
                  show_default=True, help="Time budget for the decision.")
    @engine_option
    @json_option
    @answers
    def hint(state_file, budget_ms, as_json, **options):
        """Rank every legal action of a seat's observation, best first, with reasons."""
        from solver.errors import InvalidInput
        from solver.hints import hint as run

        try:
            obs = json.load(state_file)
        except json.JSONDecodeError as err:
            raise InvalidInput(f"not JSON: {err.msg}", field="state") from None
        if not isinstance(obs, dict) or obs.get("game") != game:
            raise InvalidInput(f"not a {game} observation", field="state.game")
        ranked = run(obs, budget_ms, **options)
        if as_json:
            emit_json({"seat": obs.get("seat"), "actions": [r.to_dict() for r in ranked]})
            return
        for k, r in enumerate(ranked):
            mark = "->" if k == 0 else "  "
            click.echo(f"{mark} {r.action:<16} {r.value:8.3f}  {r.reason}")

    @group.command("selfplay")
    @click.option("--deals", default=10, show_default=True, type=click.IntRange(1, 100_000))
    @click.option("--seed", default=0, show_default=True, type=int,
                  help="Deal k uses seed SEED + k.")
    @click.option("--seats", default=default_seats, show_default=True,
                  help="AI level per seat: random, greedy or strong.")
    @click.option("--budget-ms", default=100.0 if game != "lukfu" else 500.0,
                  show_default=True, help="Time budget per strong decision.")
    @json_option
    @answers
    def selfplay(deals, seed, seats, budget_ms, as_json):
        """Play DEALS deals between AI seats and print results and settlements."""
        from solver.errors import InvalidInput
        from solver.hints import LEVELS, play_deal, seat_score

        levels = [s.strip() for s in seats.split(",")]
        for lv in levels:
            if lv not in LEVELS:
                raise InvalidInput(f"unknown AI level {lv!r}; choose from {', '.join(LEVELS)}",
                                   field="seats")
        results, totals, wins = [], [0.0] * len(levels), [0] * len(levels)
        for k in range(deals):
            state = play_deal(game, seed + k, levels, budget_ms)
            r = state.result
            score = [seat_score(game, r, s) for s in range(len(levels))]
            totals = [a + b for a, b in zip(totals, score)]
            if r.get("outcome") == "win":
                wins[r["winner"]] += 1
            results.append({"seed": seed + k, "result": r, "settlement": score})
            if not as_json:
                what = f"{r['outcome']}" + (f" by seat {r['winner']}" if "winner" in r else "")
                click.echo(f"deal {seed + k}: {what}; settlement {score}")
        summary = {"seats": levels, "deals": deals, "wins": wins, "settlement": totals,
                   "average": [t / deals for t in totals]}
        if as_json:
            emit_json({"summary": summary, "deals": results})
        else:
            for s, lv in enumerate(levels):
                click.echo(f"seat {s} ({lv}): {wins[s]} wins, total {totals[s]:+.0f}, "
                           f"average {totals[s] / deals:+.3f} per deal")
