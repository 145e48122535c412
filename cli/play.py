"""`moneycards GAME observe|hint|selfplay`: seat observations, hints and AI self-play."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import sys
from typing import IO, Any, Callable, TypeVar

import click

from moneycards.cli.common import (POSITIVE_MS, WholeNumber, answers, emit_json, json_option,
                                   progress)
from moneycards.solver.cards import counted
from moneycards.solver.errors import InvalidInput, PlayerFailed, clip, json_object
from moneycards.solver.games import GAMES, AnyGame, final_state, title_of
from moneycards.solver.table import SEED_LIMIT, SEED_WORDS, check_seed, seat_label

_F = TypeVar("_F", bound=Callable[..., Any])


def _unchanged(fn: _F) -> _F:
    """A decorator that adds nothing (an option this game does not have)."""
    return fn


def add_play_commands(group: click.Group, spec: AnyGame) -> None:
    game, seats_n = spec.name, spec.seats
    default_seats = ",".join(["strong"] + ["random"] * (seats_n - 1))

    @group.command("observe", short_help="One seat's observation (JSON) of a game record.")
    @click.argument("record_file", metavar="FILE", type=click.File("r"))
    @click.option("--seat", type=int, help="The seat whose view to print (default: the seat "
                                           "to act).")
    @click.option("--deal", "deal_no", type=int,
                  help="Of a match record, the deal to replay, from 1 (default: its last).")
    @click.option("--actions", "upto", type=int,
                  help="Replay only the first N actions (0: the deal as dealt), to see a "
                       "seat mid-deal (default: all of them).")
    @answers
    def observe(record_file: IO[str], seat: int | None, deal_no: int | None,
                upto: int | None) -> None:
        """Replay a game record (or one deal of a match record) and print one seat's
        observation (JSON) — the state a hint takes. Cards the seat cannot see are left
        out.

        \b
        Example: a hint for the seat to act after the record's fifth action
          moneycards GAME observe game.json --actions 5 | moneycards GAME hint --state -"""
        from moneycards.records import is_match_record, read_game_record, read_match_record

        text = record_file.read()
        if is_match_record(text):
            match = read_match_record(game, text)
            deals = match["deals"]
            if not deals:
                raise InvalidInput("the match record has no deal yet", field="FILE")
            if deal_no is not None and not 1 <= deal_no <= len(deals):
                raise InvalidInput(f"the match record has deals 1-{len(deals)}, not {deal_no}",
                                   field="--deal")
            record = {**deals[(deal_no or len(deals)) - 1], "rules": match["rules"]}
        elif deal_no is not None:
            raise InvalidInput("--deal picks a deal of a match record; this is one deal's "
                               "record", field="--deal")
        else:
            record = read_game_record(game, text)
        if upto is not None:
            actions = record.get("actions", [])
            if not 0 <= upto <= len(actions):
                raise InvalidInput(f"the deal has actions 0-{len(actions)}, not {upto}",
                                   field="--actions")
            # the result stated is that of the whole deal: not of a part of it
            record = {k: v for k, v in record.items() if k != "result"}
            record["actions"] = actions[:upto]
        state = final_state(game, record)
        if seat is None:
            seat = state.current_seat()
            if seat is None:  # no seat is to act: the deal is over
                raise InvalidInput(f"the deal is over, so no seat is to act: give --seat "
                                   f"(0-{state.seats - 1})", field="--seat")
        if not 0 <= seat < state.seats:
            raise InvalidInput(f"seat must be 0-{state.seats - 1}", field="--seat")
        emit_json(state.observation(seat).to_json())
        # The JSON leaves a Tổ Tôm table's rules out: a hint on it would take the seed
        # page's, silently, unless told (stderr, so the pipe carries the JSON alone).
        preset = str(getattr(state.rules_object(), "preset", "") or "")
        if len(spec.presets) > 1 and preset and preset != spec.presets[0]:
            click.echo(f"note: this deal is played by the {preset} preset, which the "
                       f"observation leaves out: hint it with --rules {preset}", err=True)

    observe.help = (observe.help or "").replace("GAME", game)  # this game's own example

    engine_option = click.option(
        "--engine", type=click.Choice(["auto", "cpsat", "exact"]), default="auto",
        show_default=True,
        help="Distance to a win: the CP-SAT model, its exact dynamic-programming twin (the same "
             "numbers, ~10x faster), or auto: the twin.") \
        if "engine" in spec.hint_options else _unchanged
    # A game whose observation does not carry its table's rules (Tổ Tôm's presets and
    # switches): they are told with it, as the table would.
    rules_option = click.option(
        "--rules", "rules_name", type=click.Choice(list(spec.presets)), default=None,
        help=f"The rules of the table the observation is from, as its game record's "
             f"`rules` names them (default: {spec.presets[0]}): the observation's JSON "
             "leaves them out.") if len(spec.presets) > 1 else _unchanged

    @group.command("hint", short_help="Rank a seat's legal actions, best first, with reasons.")
    @click.option("--state", "state_file", required=True, type=click.File("r"),
                  help="A seat's observation as JSON (see `observe`).")
    @click.option("--budget-ms", default=spec.hint_budget_ms, show_default=True,
                  type=POSITIVE_MS,
                  help="Wall-clock safety cap for the hint (the search is counted in "
                       "work, so it matters only if it runs out first).")
    @click.option("--top", default=0, show_default=True, type=WholeNumber(0, 10_000),
                  metavar="N",
                  help="List the N best actions only, and how many more there are (0: "
                       "every legal action; --json always gives all of them).")
    @engine_option
    @rules_option
    @json_option
    @answers
    def hint(state_file: IO[str], budget_ms: float, top: int, as_json: bool,
             **options: Any) -> None:
        """Rank every legal action of a seat's observation, best first, with reasons."""
        from moneycards.records import is_match_record
        from moneycards.solver.hints import hint as run
        from moneycards.solver.observation import read_observation

        data = json_object(state_file.read(), field="--state", what="an observation object")
        # Another game's file names the command that reads it.
        named = data.get("game")  # any JSON value: only a game's name is looked up
        other = named if isinstance(named, str) and named in GAMES else game
        if "actions" in data or is_match_record(data):  # a record, not a seat's view
            of = "" if other == game else f" of {title_of(other)}"
            raise InvalidInput(f"this is a game record{of}, not an observation: `moneycards "
                               f"{other} observe FILE` prints a seat's observation from it",
                               field="--state")
        if other != game:
            raise InvalidInput(f"this is a {title_of(other)} observation, not one of "
                               f"{spec.title}: `moneycards {other} hint` ranks it",
                               field="state.game")
        if data.get("game") != game:
            raise InvalidInput(f"not a {game} observation", field="state.game")
        obs = read_observation(data, field="state")
        rules_name = options.pop("rules_name", None)
        if rules_name:
            obs = dataclasses.replace(obs, rules=spec.rules(rules_name, field="--rules"))
        ranked = run(obs, budget_ms, **options)
        if as_json:
            from moneycards.cli.vocabulary import hint_json

            emit_json(hint_json(game, obs.seat, ranked))
            return
        from moneycards.cli.screen import without_action

        shown_count = top or len(ranked)
        # A ranking in settlements shows, for an option that states none (not played out),
        # no figure: its value only orders it below the others (-1.364, -1.374, … in steps
        # of 0.01 read as measured points).
        in_points = any(r.settlement is not None for r in ranked)
        sign = "+" if spec.settles_in_points or not in_points else ""
        for k, r in enumerate(ranked[:shown_count]):
            mark = "->" if k == 0 else "  "
            # the figure the reason states, where it states one: the order is the list's
            # (a value kept just below an option it is not surely worse than is no figure)
            shown = r.settlement if in_points else r.value
            # a net in points is signed; a multiplier won is never below zero (R-match)
            value = f"{shown:{sign}8.3f}" if r.evaluated and shown is not None else f"{'-':>8}"
            click.echo(f"{mark} {r.action:<16} {value}  {without_action(r.action, r.reason)}")
        if len(ranked) > shown_count:
            click.echo(f"   … and {counted(len(ranked) - shown_count, 'more actions')}, ranked "
                       "below these (--top 0 lists them all)")
        # A figure above the first's, listed below it: said in a line, as the column alone
        # reads as an order that contradicts its numbers (each reason says it too)
        first = ranked[0].settlement if ranked else None
        # ... among the options played out in the same sampled deals: one not played out
        # shows another model's estimate (Kowah's race), no figure of those deals
        above = [r.action for r in ranked[1:shown_count]
                 if first is not None and r.settlement is not None and r.settlement > first
                 and "not played out" not in r.reason]
        if above:
            click.echo(f"   ({', '.join(above)}: more in these sampled deals than "
                       f"{ranked[0].action}, but not surely more; the surer choice stays first)")

    @group.command("selfplay", short_help="Play deals between AI seats (or bots of your own).")
    @click.option("--deals", default=10, show_default=True, type=WholeNumber(1, 100_000),
                  help="How many deals to play (1 to 100,000).")
    @click.option("--seed", default=0, show_default=True, type=int,
                  help="Deal k uses seed SEED + k.")
    @click.option("--seats", default=default_seats, show_default=True,
                  help="Who plays each seat, seat 0 first: an AI level (random, greedy, "
                       "heuristic, strong, expert), a player of your own as module:attr, or "
                       "grpc:module:attr, that player at a person's seat of a TableService "
                       "table in a process of its own (docs/bots.md).")
    @click.option("--seat", "seat_overrides", multiple=True, metavar="N=SEAT",
                  help="Seat N played by SEAT (a level, module:attr or grpc:module:attr) "
                       "instead of what --seats says; repeatable, e.g. --seat "
                       "0=mybots:Cautious.")
    @click.option("--server", metavar="HOST:PORT",
                  help="The moneycards server whose tables a grpc: seat plays at (default: "
                       "one started in this process for the run).")
    @click.option("--budget-ms", default=spec.hint_budget_ms, show_default=True,
                  type=POSITIVE_MS,
                  help="Wall-clock safety cap per strong decision (the search is "
                       "counted in work: the same seed plays the same deals).")
    @click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
                  show_default=True,
                  help="Where the deals run: in this process, or spread over a Ray cluster "
                       "(pip install 'moneycards[ray]'); the results are the same.")
    @click.option("--address", metavar="ADDR",
                  help="The Ray cluster to use (default: a Ray instance started for the "
                       "run).")
    @click.option("--records", "records_dir", metavar="DIR",
                  type=click.Path(file_okay=False, path_type=pathlib.Path),
                  help=f"Write each deal's game record to DIR/{game}-SEED.json (DIR is made "
                       "if missing): replay, check-record and the --record questions read "
                       "them.")
    @json_option
    @answers
    def selfplay(deals: int, seed: int, seats: str, seat_overrides: tuple[str, ...],
                 server: str | None, budget_ms: float, backend: str, address: str | None,
                 records_dir: pathlib.Path | None, as_json: bool) -> None:
        """Play --deals deals between AI seats: how each ended, its settlement, and each
        seat's wins and totals."""
        from moneycards.cli.deals import grpc_seat, play_deals
        from moneycards.players import resolve, seat_spec
        from moneycards.solver.hints import check_budget, seat_score

        levels = [seat_spec(s, field="--seats") for s in seats.split(",")]
        if len(levels) != seats_n:
            raise InvalidInput(f"{title_of(game)} has {seats_n} seats, got "
                               f"{len(levels)} levels", field="--seats")
        named_by = ["--seats"] * seats_n  # the option that named each seat, for its errors
        for given in seat_overrides:
            n, eq, who = given.partition("=")
            if not eq or not n.strip().isdigit() or not 0 <= int(n) < seats_n:
                raise InvalidInput(f"{given!r} is not N=SEAT with N a seat 0-{seats_n - 1}",
                                   field="--seat")
            levels[int(n)] = seat_spec(who, field="--seat")
            named_by[int(n)] = "--seat"
        for level, option in zip(levels, named_by):  # a path that does not load fails here
            resolve([level], field=option)
        check_budget(budget_ms)
        # every deal's seed, SEED + k, as `play --seed` takes it: a run's deals can be replayed
        check_seed(seed, field="--seed")
        if seed + deals - 1 >= SEED_LIMIT:
            raise InvalidInput(f"{SEED_WORDS}; deal k has seed SEED + k, so with --deals "
                               f"{deals} SEED is at most 2^63-{deals}", field="--seed")
        remote = grpc_seat(levels)
        if remote is not None and backend != "local":
            raise InvalidInput("a grpc: seat plays with --backend local", field="--backend")
        if server is not None and remote is None:
            raise InvalidInput("--server is where a grpc: seat plays: give one with --seat "
                               "N=grpc:module:attr", field="--server")
        if records_dir is not None:
            try:
                records_dir.mkdir(parents=True, exist_ok=True)
            except OSError as err:  # a file of that name, a directory not writable
                raise InvalidInput(f"'{records_dir}': {err.strerror or err}",
                                   field="--records") from None
        results, totals, wins = [], [0.0] * len(levels), [0] * len(levels)
        played = play_deals(game, ((seed + k, levels) for k in range(deals)), budget_ms,
                            backend, address, server=server, records=records_dir is not None)
        for k, deal in _named_by(progress(enumerate(played), length=deals,
                                          label=f"{game} selfplay"), named_by):
            r = deal.result
            score = [seat_score(game, r, s) for s in range(len(levels))]
            totals = [a + b for a, b in zip(totals, score)]
            if r.winner is not None:
                wins[r.winner] += 1
            results.append({"seed": seed + k, "result": r.to_json(), "settlement": score})
            if records_dir is not None and deal.record is not None:
                (records_dir / f"{game}-{seed + k}.json").write_text(
                    json.dumps(deal.record, ensure_ascii=False, indent=1) + "\n",
                    encoding="utf-8")
            if not as_json:  # the engine's words say who settles what
                click.echo(f"deal {k + 1} (seed {seed + k}): {deal.summary}")
        summary = {"seats": levels, "deals": deals, "wins": wins, "settlement": totals,
                   "average": [t / deals for t in totals]}
        if as_json:
            emit_json({"summary": summary, "deals": results})
        else:
            for s, lv in enumerate(levels):
                if not spec.settles_in_points:  # Kowah's KW-K1: multipliers won
                    tally = (f"multipliers won {totals[s]:.0f}, {totals[s] / deals:.3f} a "
                             f"deal")
                else:
                    tally = (f"total {totals[s]:+.0f}, average {totals[s] / deals:+.3f} per "
                             f"deal")
                click.echo(f"{seat_label(s)} ({lv}): {counted(wins[s], 'wins')}, {tally}")
            if records_dir is not None:
                click.echo(f"The deals' records are in {records_dir}, one a deal "
                           f"({game}-{seed}.json to {game}-{seed + deals - 1}.json).")


def _named_by(deals: Any, named_by: list[str]) -> Any:
    """The deals as they are played; a seat's player that fails is named by the option
    that gave it (--seat N=... or --seats)."""
    try:
        yield from deals
    except PlayerFailed as err:
        if err.seat < len(named_by):
            err.field = named_by[err.seat]
        raise


def presets_option(spec: AnyGame) -> Callable[[_F], _F]:
    """`--rules PRESET` for a game with a choice of presets (one preset: no option)."""
    if len(spec.presets) == 1:
        return lambda f: f
    return click.option("--rules", "preset", type=click.Choice(list(spec.presets)),
                        default=spec.presets[0], show_default=True,
                        help="The rules preset: seed, the seed page's reading (the source the "
                             "rules are taken from, docs/rules); traditional, tradition's "
                             "tables where they differ. Not the deal's --seed.")


def _switches(spec: AnyGame) -> dict[str, Any]:
    """The switches a game's rules have that a record's `rules` carries (true/false or a
    number), with their defaults."""
    base = spec.rules()
    return {f.name: getattr(base, f.name) for f in dataclasses.fields(base)
            if f.init and f.name != "preset"
            and isinstance(getattr(base, f.name), (bool, int, tuple))}


def play_rules(spec: AnyGame, preset: str, switches: tuple[str, ...]) -> Any:
    """The rules `--rules` and `--switch NAME=VALUE` name, read as a record's `rules` is
    (records.rules_from_json): errors name the switch."""
    from moneycards.records import rules_from_json

    obj: dict[str, Any] = {"preset": preset}
    known = _switches(spec)
    for text in switches:
        key, eq, value = text.partition("=")
        key = key.strip()
        if not eq or key not in known:
            # the names only: every one fits the error's one line (the table's first
            # lines show each switch's value)
            raise InvalidInput(f"{clip(text)!r}: give NAME=VALUE, NAME one of "
                               f"{', '.join(known)}", field="--switch")
        value = value.strip() if isinstance(known[key], tuple) else value.strip().lower()
        if isinstance(known[key], bool):
            if value not in ("true", "false", "on", "off", "1", "0"):
                raise InvalidInput(f"{key}: true or false, not {value[:20]!r}",
                                   field="--switch")
            obj[key] = value in ("true", "on", "1")
        else:
            obj[key] = value
    return rules_from_json(spec.name, obj, field="--switch")


def add_interactive_command(group: click.Group, spec: AnyGame) -> None:

    @group.command("play", short_help="Play a deal or a match against the built-in AIs.", help=(
        "Play a deal against the built-in AIs: type an action's number or its text "
        f"({spec.play_examples or 'the actions the table lists'}), or `help`, `show`, `log`, "
        "`hint` (`hint -v`: the reasons in full), `undo`, `quit`. `undo` takes back your "
        "last action and the AI replies to it (in this process only; the record then marks "
        "a practice game). "
        + ("A lone `pass` is played for you, and the log says so. " if spec.lone_pass else "")
        + "The deal is saved after every action; Ctrl-C keeps it too, and `--resume` "
        "continues it."))
    @click.option("--seed", type=int, help="The deal's seed (default: a random one).")
    @click.option("--seat", default=0, show_default=True, type=int, help="Your seat.")
    @click.option("--level", default="strong", show_default=True,
                  type=click.Choice(["random", "greedy", "heuristic", "strong", "expert"]),
                  help="The AI seats' level.")
    @click.option("--name", default="You", show_default=True, help="Your name at the table.")
    @click.option("--record", "record_out", type=click.Path(dir_okay=False, writable=True),
                  help="Keep the deal here, saved after every action (default: a new file "
                       "in the data folder, printed at the start).")
    @presets_option(spec)
    @click.option("--switch", "switches", multiple=True, metavar="NAME=VALUE",
                  help="A ruling's switch (repeatable), as a record's `rules` names it, "
                       f"e.g. {spec.switch_example or 'NAME=true'}; a NAME that is "
                       "not one is answered with the game's switches.")
    @click.option("--overwrite", is_flag=True,
                  help="Let --record replace a file that exists (by default it is refused, "
                       "so an earlier deal is never lost).")
    @click.option("--resume", "resume_file", type=click.Path(dir_okay=False, exists=True),
                  help="Continue a deal saved by an earlier `play` (its --record file).")
    @click.option("--remote", metavar="HOST:PORT",
                  help="Play at a table on a moneycards server (TableService) instead of in "
                       "this process: over TLS with the system's certificate authorities, "
                       "or in plaintext to this machine.")
    @click.option("--tls/--no-tls", default=None,
                  help="With --remote: TLS or plaintext whatever the host (default: "
                       "plaintext to this machine only).")
    @click.option("--ca", type=click.Path(dir_okay=False), metavar="FILE",
                  help="With --remote: a PEM file of the certificate authority that signed "
                       "the server's certificate (implies TLS).")
    @click.option("--deals", type=WholeNumber(1, 1000), default=None,
                  help="Play a match of this many deals, with running totals (R-match)."
                  if spec.settles_in_points else "Play a match of this many deals, tallying "
                  "each seat's wins and multipliers won (R-match; KW-K1 keeps no running "
                  "totals).")
    @click.option("--to", "to_points", type=WholeNumber(1, 100_000), default=None,
                  hidden=not spec.settles_in_points,
                  help="Play a match until a seat's running total reaches these points "
                       "(R-match).")
    @click.option("--no-auto-pass", "ask_pass", is_flag=True, hidden=not spec.lone_pass,
                  help="Ask even when `pass` is the only action (by default it is played "
                       "for you and the log says so).")
    @click.option("--chan-words", "chan", is_flag=True, hidden=not spec.chan_words,
                  help="Name the moves as Chắn players do, beside what they do: Đánh "
                       "(discard), Ăn chắn / Ăn bòn / Ăn cạ (capture), Bốc (let the card go "
                       "and turn the stock), Dưới (let your own turned card go on), Ù, Chíu, "
                       "Không. They can be typed too, with or without their marks ('boc').")
    @answers
    def play(seed: int | None, seat: int, level: str, name: str, record_out: str | None,
             switches: tuple[str, ...], overwrite: bool,
             resume_file: str | None, remote: str | None, tls: bool | None,
             ca: str | None, deals: int | None, to_points: int | None,
             ask_pass: bool, preset: str = spec.presets[0], chan: bool = False) -> None:
        from moneycards.cli.session import Session

        if chan and not spec.chan_words:  # said so, not "no such option" (a typo's words)
            raise InvalidInput("Tổ Tôm's moves in Chắn words are an option of totom play",
                               field="--chan-words")
        rules = play_rules(spec, preset, switches)
        if resume_file and (switches or preset != spec.presets[0]):
            raise InvalidInput("a resumed deal keeps its own rules: give --resume or "
                               "--rules/--switch, not both", field="--rules")
        session = Session.open(spec, seed=seed, seat=seat, level=level, name=name,
                               record_out=record_out, overwrite=overwrite, rules=rules,
                               resume_file=resume_file, remote=remote,
                               deals=deals, to_points=to_points, auto_pass=not ask_pass,
                               tls=tls, ca=ca, chan=chan)
        sys.exit(session.run())
