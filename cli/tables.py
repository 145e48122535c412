"""Tables in the terminal: `play` on a table in this process or on a server, and
`moneycards tables list|show|export` over a server's table store."""

from __future__ import annotations

import datetime
import json
import os
import time
from typing import TYPE_CHECKING, Any

import click

from moneycards.cli.common import answers, emit_json, json_option, quiet_grpc_log
from moneycards.solver.errors import InvalidInput
from moneycards.solver.games import GAMES, final_state, load_plugins, replay, spec, title_of
from moneycards.solver.screen import chan_log_verb
from moneycards.solver.table import IllegalAction, named_seats

if TYPE_CHECKING:
    from moneycards.solver.tables import Match, Table


def event_lines(events: list[Any], chan_game: str | None = None) -> list[str]:
    """Events as the terminal prints them: the action, then what followed, indented;
    `chan_game`: each action's verb in its players' words beside it ("AI 2: pass · dưới")."""
    out = []
    for e in events:
        lines = list(e.lines)
        if not lines:
            continue
        drawn = " ".join(e.drawn) if isinstance(e.drawn, tuple) else e.drawn
        head = lines[0] + (f" (drew {drawn})" if drawn else "")
        if chan_game:
            ended = e.HasField("result") if hasattr(e, "HasField") else e.result is not None
            verb = chan_log_verb(chan_game, e.action, lines, ended)
            head += f" · {verb}" if verb else ""
        out.append(head)
        out.extend(f"     {x}" for x in lines[1:])
    return out


def match_summary(game: str, names: list[str], totals: list[int], wins: list[int],
                  deals: int, over: bool) -> list[str]:
    """How a match stands, for the end of a session: deals played, totals, deals won."""
    from moneycards.solver.tables import totals_text

    points = spec(game).settles_in_points
    head = (f"The match is over after {deals} deals." if over
            else f"The match stands after {deals} deals.")
    return [head, f"Totals: {totals_text(names, totals, points)}",
            "Deals won: " + ", ".join(f"{n} {w}" for n, w in zip(names, wins))]


class LocalTable:
    """A table in this process: one person and AI seats."""

    table_id = ""
    address = ""
    chan_words = False  # the log's actions in Chắn verbs too (play --chan-words)

    def __init__(self, game: str, seed: int, seat: int, level: str, name: str,
                 table: Table | None = None, match: Match | None = None, rules: Any = None):
        from moneycards.solver.tables import AI, HUMAN, Seat, Table

        self.game, self.seat, self.seen = game, seat, 0
        if table is None:
            seats = [Seat(HUMAN, name=name) if s == seat else Seat(AI, level)
                     for s in range(spec(game).seats)]
            table = Table.create(game, seats, seed=seed, match=match, rules=rules)
        self.table = table
        self.seed = table.seed
        self.rules = table.rules  # the engine's rules object, for the opening line
        self.new_deal = False  # a match's next deal began since the person last looked
        self.practice = False  # an action was taken back (`undo`): the record says so

    @classmethod
    def resume(cls, game: str, data: dict[str, Any]) -> "LocalTable":
        """A deal saved by `play` (its record, with the seats), replayed to where it was."""
        from moneycards.records import read_game_record
        from moneycards.solver.tables import HUMAN, Table

        from moneycards.records import is_match_record

        if is_match_record(data):
            return cls._resume_match(game, data)
        try:
            rec = read_game_record(game, json.dumps(data))
        except InvalidInput as err:
            err.field = "--resume"
            raise
        if not rec.get("seats") or "seed" not in rec or "played_at" not in rec:
            missing = [what for what, there in (("seats", rec.get("seats")),
                                                 ("seed", "seed" in rec),
                                                 ("played_at", "played_at" in rec)) if not there]
            raise InvalidInput(f"not a deal saved by play (it has no {' or '.join(missing)}: "
                               "play saves them)", field="--resume")
        try:
            table = Table.from_record(rec)
        except IllegalAction as err:
            raise InvalidInput(f"the saved deal does not replay: {err.message}",
                               field="--resume", rule=err.rule) from None
        # Saved where an AI seat was to act (Ctrl-C while it thought, or a record cut
        # there): the AI seats play on, as the seed has them, until the person is to act.
        table.advance(answering=False)
        seat = next(k for k, s in enumerate(table.seats) if s.kind == HUMAN)
        out = cls(game, table.seed, seat, "", "", table=table)
        out.practice = data.get("practice") is True
        return out

    @classmethod
    def _resume_match(cls, game: str, data: dict[str, Any]) -> "LocalTable":
        """A match saved by `play --deals/--to`: checked as R-match deals it, then rebuilt
        to where it was."""
        from moneycards.records import check_match_record, read_match_record
        from moneycards.solver.tables import HUMAN, SEALED_MATCH, Table

        try:
            found = check_match_record(game, data)
            rec = read_match_record(game, data)
        except InvalidInput as err:
            err.field = "--resume"
            raise
        if not found.valid:
            raise InvalidInput(f"the saved match does not replay: deal {found.bad_deal}, "
                               f"action {(found.action or 0) + 1}: {found.message}",
                               field="--resume", rule=found.rule)
        if not rec["seats"]:
            raise InvalidInput("not a match saved by play (it names no seats)",
                               field="--resume")
        if rec["seed"] is None:  # the deals to come are the seed's
            raise InvalidInput(SEALED_MATCH + ": it cannot be played on", field="--resume")
        try:
            table = Table.from_match_record(rec)
        except IllegalAction as err:
            raise InvalidInput(f"the saved match does not replay: {err.message}",
                               field="--resume", rule=err.rule) from None
        table.advance(answering=False)  # saved while an AI seat was to act: it plays on
        seat = next(k for k, s in enumerate(table.seats) if s.kind == HUMAN)
        out = cls(game, table.seed, seat, "", "", table=table)
        out.practice = any(isinstance(d, dict) and d.get("practice") is True
                           for d in match_deals(game, data))
        return out

    def names(self) -> list[str]:
        return self.table.names()

    def new_lines(self) -> list[str]:
        """What happened since the person last looked; at a match, a deal that ended is
        explained before the next begins (R-match)."""
        out: list[str] = []
        for e in self.table.events(self.seat, self.seen):
            self.seen = e.version
            out += self._told(e)
            if e.new_deal:  # stop there: the person reads how the deal ended first
                self.new_deal = True
                break
        return out

    def history(self) -> list[str]:
        """Everything the person has seen, as `new_lines` told it."""
        return [line for e in self.table.events(self.seat) for line in self._told(e)]

    def _told(self, e: Any) -> list[str]:
        from moneycards.cli.screen import explain, wrap_clauses

        if not e.new_deal:
            return event_lines([e], self.game if self.chan_words else None)
        ended = self.table.deal_state(e.deal - 1)
        with named_seats(self.names()):
            said = ended.result_line()
        return ["", *wrap_clauses(said), *explain(ended, self.names()), "",
                *event_lines([e], self.game if self.chan_words else None)]

    def undo(self, *, skip_forced: bool = True) -> tuple[str, int]:
        """Take back the person's last decision of this deal and the actions after it: the
        table rebuilt from its inputs up to just before it, so the AI seats (seeded by the
        seed and the count of public actions) answer the same action the same way. With
        `skip_forced`, a lone `pass` played for the person is no decision: undo goes back
        past it. The action taken back and how many followed it; CannotUndo says why not."""
        from moneycards.solver.tables import HUMAN, NEXT_DEAL, Table

        t = self.table
        if sum(1 for s in t.seats if s.kind == HUMAN) != 1:
            raise CannotUndo("Undo needs a table of one person and AI seats.")
        inputs = list(t.inputs)
        start = max((k + 1 for k, x in enumerate(inputs) if x == NEXT_DEAL), default=0)
        header = t.header()
        # The person's decisions in this deal, found by replaying it: its actions, and its
        # answers to a private decision the table played on past (R-claim-privacy); the AI
        # replies, the presumed declines and a lone pass played for it (`skip_forced`)
        # are none.
        replayed = Table.from_record({**header, "actions": inputs[:start]})
        chosen: list[tuple[int, str, bool]] = []  # (input, the action, a lone pass)
        for k in range(start, len(inputs)):
            action = self._chosen(replayed, inputs[k])
            if action is not None:
                lone = list(replayed.observation(self.seat).legal_actions) == ["pass"]
                chosen.append((k, action, lone))
            replayed.replay([inputs[k]])
        here = [(k, a) for k, a, lone in chosen if not (skip_forced and lone)]
        if not here:
            before = start > 0 and any(e.seat == self.seat and e.text != NEXT_DEAL
                                       and e.deal < t.deal_no for e in t.log)
            raise CannotUndo(
                "Nothing to undo in this deal: pass was your only action each time."
                if chosen else
                "Nothing to undo in this deal: a deal that has ended stays as played."
                if before else "Nothing to undo: you have not acted yet.")
        k, action = here[-1]
        seen = t.version(self.seat)
        self.table = Table.from_record({**header, "actions": inputs[:k]})
        self.seen = self.table.version(self.seat)
        self.new_deal = False
        self.practice = True
        # what followed it as the person saw it (not what the AI seats played past an open
        # decision of its own, which it never saw)
        return action, seen - self.seen - 1

    def _chosen(self, replayed: Any, text: str) -> str | None:
        """The action the person chose with stored input `text`, if it did (`undo`)."""
        from moneycards.solver.tables import NEXT_DEAL, PRESUME, read_answer

        if text == NEXT_DEAL or text.startswith(PRESUME):
            return None
        answer = read_answer(text)
        if answer is not None:
            seat, claim = answer
            if seat != self.seat:
                return None
            decline: str | None = replayed.view_state(self.seat).private_decline()
            return claim or decline
        return text if replayed.state.current_seat() == self.seat else None

    def match_lines(self) -> list[str]:
        """How a match stands, for the end of the session (nothing at a single deal)."""
        t = self.table
        if t.match is None:
            return []
        return match_summary(self.game, self.names(), t.totals(), t.wins(),
                             len(t.finished()), t.is_over)

    def view(self) -> tuple[Any, list[str]]:
        obs = self.table.observation(self.seat)
        return obs, list(obs.legal_actions)

    def over(self) -> bool:
        return self.table.is_over

    def act(self, action: str) -> None:
        self.table.act(self.seat, action)

    def wait(self) -> None:  # AI seats answer at once: there is never anyone to wait for
        raise AssertionError("a local table never waits")

    def hint(self) -> list[tuple[str, str]]:
        from moneycards.solver.hints import hint

        with named_seats(self.names()):  # seats named as the screen names them
            return [(r.action, r.reason) for r in hint(self.table.observation(self.seat))]

    def result_text(self) -> str:
        return self.table.result_line() if self.table.is_over else \
            "You left the table before the deal ended."

    def final_state(self) -> Any:
        return self.table.state

    def record_json(self) -> dict[str, Any]:
        """The game record as the person sees it: up to its open decision, if any."""
        from moneycards.records import game_record_json

        return game_record_json(self.game, self.table.record(seat=self.seat))

    def saved(self) -> dict[str, Any]:
        """The game record; at a match, the match record with the deal in play last."""
        from moneycards.records import match_record_json

        t = self.table
        if t.match is None:
            out = self.record_json()
            if self.practice:
                out["practice"] = True
            return out
        rec = t.match_record()
        if not t.is_over:  # the deal in play, as the person sees it (at its open decision)
            rec["deals"].append(t.view_state(self.seat).engine_record())
        out = match_record_json(self.game, rec)
        if self.practice:  # the match record's header has no place for it: every deal
            for deal in match_deals(self.game, out):
                deal["practice"] = True
        return out


class CannotUndo(Exception):
    """Why `undo` cannot take anything back: one sentence."""


def match_deals(game: str, data: dict[str, Any]) -> list[Any]:
    """A match record file's deals, by the field's proto or JSON name."""
    from moneycards.wire import wire

    name = wire(game).match_deals_field
    json_name = name.split("_")[0] + "".join(w.title() for w in name.split("_")[1:])
    found = data.get(name, data.get(json_name, []))
    return found if isinstance(found, list) else []


CONNECT_S = 5.0  # how long `play --remote` waits for the server (and the TLS handshake)


def remote_channel(address: str, *, tls: bool | None, ca: str | None) -> tuple[Any, bool, Any]:
    """A channel to `address`, its TLS and CA: TLS unless `tls` is False or (by default)
    the host is this machine, as `serve` is plaintext on loopback only; the system's
    certificate authorities, or those in the PEM file `ca`."""
    quiet_grpc_log()
    import grpc

    from moneycards.server.addresses import is_loopback

    host = address.rsplit(":", 1)[0] if ":" in address else address
    if ca is not None and tls is False:
        raise InvalidInput("--ca is for TLS: give it without --no-tls", field="--ca")
    use_tls = tls if tls is not None else (ca is not None or not is_loopback(host))
    if not use_tls:
        return grpc.insecure_channel(address), False, None
    roots = None
    if ca is not None:
        from moneycards.cli.serve import read_pem

        roots = read_pem(ca, "--ca")
    return grpc.secure_channel(address, grpc.ssl_channel_credentials(roots)), True, ca


def untrusted(channel: Any, address: str, ca: str | None) -> str:
    """Why a TLS channel never became ready, when the reason is the server's certificate
    (one quick call reads gRPC's reason): else ''."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    try:
        health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=2)
    except grpc.RpcError as err:
        if "CERTIFICATE_VERIFY_FAILED" in (err.details() or ""):
            by = f"the authority in {ca}" if ca else "an authority this system trusts"
            return (f"the server at {address} answers over TLS, but its certificate is not "
                    f"signed by {by} (a private authority's certificate: --ca FILE)")
    return ""


def no_answer(address: str, tls: bool) -> str:
    if tls:
        return (f"no server answers at {address} over TLS (TLS? a server on this machine "
                "speaks plaintext unless started with --tls-cert: give --no-tls; a "
                "certificate from a private authority needs --ca FILE)")
    return (f"no server answers at {address} in plaintext (TLS? a server started with "
            "--tls-cert needs --tls, and --ca FILE for a private certificate authority)")


class RemoteTable:
    """A table on a moneycards server, played through TableService."""

    chan_words = False  # the log's actions in Chắn verbs too (play --chan-words)

    def __init__(self, address: str, game: str, seed: int | None, seat: int, level: str,
                 name: str, *, joined: tuple[str, str, int] | None = None, match: Any = None,
                 tls: bool | None = None, ca: str | None = None, rules: Any = None):
        quiet_grpc_log()
        import grpc

        from moneycards.records import AI_LEVELS
        from moneycards.wire import wire
        from moneycards.v1 import common_pb2, table_pb2, table_pb2_grpc

        self.grpc, self.pb = grpc, table_pb2
        self.game, self.address, self.seed = game, address, seed
        self.rules = rules  # as asked, until the server's view tells them
        self.channel, self.tls, self.ca = remote_channel(address, tls=tls, ca=ca)
        try:
            grpc.channel_ready_future(self.channel).result(timeout=CONNECT_S)
        except grpc.FutureTimeoutError:
            raise InvalidInput(untrusted(self.channel, address, self.ca)
                               or no_answer(address, self.tls), field="--remote") from None
        self.stub = table_pb2_grpc.TableServiceStub(self.channel)
        if joined is None:
            seats = [common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_HUMAN, name=name)
                     if s == seat else common_pb2.TableSeat(kind=common_pb2.SEAT_KIND_AI,
                                                            ai_level=AI_LEVELS[level])
                     for s in range(spec(game).seats)]
            # The server shuffles unless the person chose a seed (it is then told to the
            # seat, as to every seat of a table with a chosen seed).
            request = table_pb2.CreateTableRequest(game=wire(game).enum, seats=seats,
                                                   seed=seed)
            if match is not None:
                request.match_rules.CopyFrom(table_pb2.MatchRules(
                    deals=match.deals, to_points=match.to_points))
            if rules is not None:
                from moneycards.records import rules_message
                rules_message(game, rules, getattr(request, wire(game).rules_field))
            r = self._call(self.stub.CreateTable, request)
            joined = (r.table_id, r.seat_tokens[0].token, seat)
        self.table_id, self.token, self.seat = joined
        self.seen = 0
        self.new_deal = False  # a match's next deal began since the person last looked
        self._view = self._get_view()
        self._names = [s.name for s in self._view.seats]
        which = self._view.WhichOneof("rules")
        if which == wire(game).rules_field:  # as the server tells every seat (on resuming too)
            from moneycards.records import rules_object
            try:
                self.rules = rules_object(game, getattr(self._view, which), field=which)
            except InvalidInput:  # a newer server's preset: they only feed the opening line
                pass

    @classmethod
    def reconnect(cls, game: str, data: dict[str, Any]) -> "RemoteTable":
        saved = data.get("game")
        if saved not in (None, "", game):  # asked before any connection is tried
            fix = (f": continue it with `moneycards {saved} play --resume`"
                   if isinstance(saved, str) and saved in GAMES else "")
            raise InvalidInput(f"this is a saved server table of {title_of(saved)}, not of "
                               f"{title_of(game)}{fix}", field="--resume")
        try:
            seed = data.get("seed")
            return cls(str(data["remote"]), game, None if seed is None else int(seed),
                       int(data["seat"]), "", "",
                       joined=(str(data["table_id"]), str(data["seat_token"]),
                               int(data["seat"])),
                       tls=data.get("tls"), ca=data.get("ca"))
        except (KeyError, TypeError, ValueError):
            raise InvalidInput("not a saved server table (remote, table_id, seat_token, "
                               "seat)", field="--resume") from None

    def names(self) -> list[str]:
        return self._names

    def _call(self, method: Any, request: Any) -> Any:
        grpc = self.grpc

        try:
            return method(request, timeout=60)
        except grpc.RpcError as err:
            from moneycards.wire import error_info

            info = error_info(err)
            reason = info.reason if info else ""
            if err.code() == grpc.StatusCode.FAILED_PRECONDITION:
                message = err.details().removesuffix(f" [{reason}]")
                raise IllegalAction(message, rule=reason,
                                    why=info.metadata.get("why") if info else None) from None
            if err.code() == grpc.StatusCode.INVALID_ARGUMENT:
                raise InvalidInput(err.details()) from None
            raise InvalidInput(f"the server answered {err.code().name}: {err.details()}",
                               field="--remote") from None

    def _get_view(self) -> Any:
        return self._call(self.stub.GetView, self.pb.GetViewRequest(
            table_id=self.table_id, seat_token=self.token)).view

    def new_lines(self) -> list[str]:
        rec = self._call(self.stub.GetRecord, self.pb.GetRecordRequest(
            table_id=self.table_id, seat_token=self.token))
        events = [e for e in rec.events if e.version > self.seen]
        cut = next((k for k, e in enumerate(events) if e.new_deal), None)
        if cut is not None:  # stop there: the person reads how the deal ended first
            events = events[:cut + 1]
            self.new_deal = True
        if events:
            self.seen = events[-1].version
        return event_lines(events, self.game if self.chan_words else None)

    def match_lines(self) -> list[str]:
        """How a match stands, for the end of the session (nothing at a single deal)."""
        m = self._view.match_state if self._view.HasField("match_state") else None
        if m is None:
            return []
        return match_summary(self.game, self._names, list(m.totals), list(m.wins),
                             m.deal if m.over else m.deal - 1, m.over)

    def view(self) -> tuple[Any, list[str]]:
        from moneycards.players import observation_of

        # The game and the legal actions are the view's own fields (docs/observations.md).
        self._view = v = self._get_view()
        obs = observation_of(v)
        return obs, list(obs.legal_actions)

    def over(self) -> bool:
        return bool(self._view.over)

    def act(self, action: str) -> None:
        r = self._call(self.stub.Act, self.pb.ActRequest(
            table_id=self.table_id, seat_token=self.token, action=action,
            expected_version=self._view.version))
        self._view = r.view

    def wait(self) -> None:
        time.sleep(0.5)
        self._view = self._get_view()

    def hint(self) -> list[tuple[str, str]]:
        r = self._call(self.stub.Hint, self.pb.TableServiceHintRequest(
            table_id=self.table_id, seat_token=self.token))
        return [(a.action, a.explanation) for a in r.actions]

    def result_text(self) -> str:
        return self._view.result_text if self._view.over else \
            f"You left table {self.table_id} before the deal ended."

    def final_state(self) -> Any:
        """The finished deal replayed here from the table's record (all is public now)."""
        from moneycards.records import read_game_record

        return final_state(self.game, read_game_record(self.game,
                                                       json.dumps(self.record_json())))

    def record_json(self) -> dict[str, Any]:
        from moneycards.records import record_file_json

        rec = self._call(self.stub.GetRecord, self.pb.GetRecordRequest(
            table_id=self.table_id, seat_token=self.token))
        return record_file_json(getattr(rec, rec.WhichOneof("record")))

    def saved(self) -> dict[str, Any]:
        """How to sit at this table again: its server, id and this seat's token (the file
        is the person's own, like a password); the game record once the deal is over."""
        if self._view.over:  # nothing left to resume: the game (or match) record itself
            if self._view.HasField("match_state"):
                from google.protobuf import json_format

                rec = self._call(self.stub.GetRecord, self.pb.GetRecordRequest(
                    table_id=self.table_id, seat_token=self.token))
                out: dict[str, Any] = json_format.MessageToDict(
                    rec.match_record, preserving_proto_field_name=True)
                if "seed" in out:  # absent only while a match is in play
                    out["seed"] = int(out["seed"])
                return out
            return self.record_json()
        out = {"remote": self.address, "game": self.game, "table_id": self.table_id,
               "seat_token": self.token, "seat": self.seat, "tls": self.tls}
        if self.seed is not None:
            out["seed"] = self.seed
        if self.ca is not None:
            out["ca"] = self.ca
        return out


# -- moneycards tables ----------------------------------------------------------------------
db_option = click.option("--db", default=None, metavar="PATH|URL",
                         help="The server's table store: an SQLite file (default: "
                              "$MONEYCARDS_DB, else ~/.local/share/moneycards/tables.db) or "
                              "a postgresql:// URL.")


def _store(db: str | None) -> Any:
    from moneycards.server.store import StoreUnavailable, default_path, is_url, open_store

    path = str(default_path()) if db is None else db
    if not is_url(path) and "://" not in path and not path.startswith("file:") \
            and path.strip() and (path == ":memory:" or not os.path.isfile(path)):
        raise InvalidInput(f"no table store at {path!r}", field="--db")
    try:
        return open_store(path, read_only=True)  # these commands never change the store
    except StoreUnavailable as err:
        raise InvalidInput(str(err).replace("cannot open", "cannot read the table store"),
                           field="--db") from None


def _writable_store(db: str | None) -> Any:
    """The store opened to change it (`tables purge`), once it has been read as this
    release's (an older release's store is refused, as by the reading commands, and not
    upgraded: `serve` upgrades it)."""
    from moneycards.server.store import StoreUnavailable, default_path, open_store

    _store(db).close_connection()
    try:
        return open_store(str(default_path()) if db is None else db)
    except StoreUnavailable as err:
        raise InvalidInput(str(err).replace("cannot open", "cannot write the table store"),
                           field="--db") from None


def _stored(db: str | None, table_id: str) -> Any:
    found = _store(db).get(table_id)
    if found is None:
        raise InvalidInput(f"no table {table_id!r} in the store", field="TABLE_ID")
    return found


plugin_option = click.option(
    "--plugin", "plugins", multiple=True, metavar="MODULE",
    help="A game of one's own whose tables the store keeps (as `serve --plugin` took it): "
         "its module, looked for on the Python path and in the current directory; "
         "repeatable.")


def _table(stored: Any, plugins: tuple[str, ...] = ()) -> Any:
    """The stored table replayed (its private-decision markers and a match's deals
    included), as the server rebuilds it; `plugins`: the games of one's own to load first."""
    from moneycards.server.tables import table_of

    if plugins:
        load_plugins(plugins)
    game = stored.header.get("game")
    if game not in GAMES:  # a game of one's own, served with --plugin
        raise InvalidInput(f"table {stored.table_id!r} is a table of {game!r}, a game of "
                           "one's own: give its module with --plugin MODULE, as the server "
                           "was started with (docs/plugins.md)", field="--plugin")

    try:
        return table_of(stored)
    except IllegalAction as err:
        raise InvalidInput(f"the stored actions do not replay: {err}",
                           field="TABLE_ID") from None


def _record(stored: Any, plugins: tuple[str, ...] = ()) -> dict[str, Any]:
    """The stored table as a record file: a game record of the deal's actions that stand
    (and the result once over), or a match record at a match's table."""
    return _record_of(_table(stored, plugins))


def _record_of(table: Any) -> dict[str, Any]:
    from moneycards.records import game_record_json, match_record_json

    if table.match is not None:
        return match_record_json(table.game.name, table.match_record())
    return game_record_json(table.game.name, table.record())


@click.group("tables")
def tables() -> None:
    """The tables a server keeps in its store (`moneycards serve --db`)."""


@tables.command("list", short_help="Every table: id, game, date, actions, state, seats.")
@db_option
@json_option
@answers
def list_tables(db: str | None, as_json: bool) -> None:
    """Every table, oldest first: id, game, date, actions, state, seats, and a match's
    length."""
    rows = []
    for t in _store(db).load(include_closed=True):
        state = "closed" if t.closed else "over" if t.over else "open"
        names = [s.get("name", "") for s in t.header.get("seats", [])]
        row = {"table_id": t.table_id, "game": t.header["game"],
               "played_at": t.header.get("played_at", ""), "actions": len(t.actions),
               "state": state, "seats": names}
        if t.header.get("match") is not None:  # R-match: its length, as the table was made
            row["match"] = t.header["match"]
        rows.append(row)
    if as_json:
        emit_json({"tables": rows})
        return
    if not rows:
        click.echo("no tables")
    for r in rows:
        acts = "action " if r["actions"] == 1 else "actions"
        click.echo(f"{r['table_id']:<14} {r['game']:<6} {r['played_at']:<21} "
                   f"{r['actions']:>4} {acts}  {r['state']:<6}  {', '.join(r['seats'])}"
                   + (f"  ({match_words(r['match'])})" if "match" in r else ""))


MAX_DAYS = 36500  # a hundred years: tables are dated from 1970 on, and a date must be one


@tables.command("purge", short_help="Remove the closed and finished tables older than DAYS.")
@db_option
@click.option("--older-than", "days", type=click.IntRange(min=0, max=MAX_DAYS), default=30,
              show_default=True, metavar="DAYS",
              help="Only tables made DAYS days ago or earlier (0: every closed or finished "
                   "table, up to now).")
@click.option("--dry-run", is_flag=True, help="Name the tables it would remove; remove none.")
@json_option
@answers
def purge(db: str | None, days: int, dry_run: bool, as_json: bool) -> None:
    """Remove from the store the tables that are closed (CloseTable) or over (their deal or
    match played; a self-play table, ai_only, is over when made) and were made DAYS days
    ago or earlier, with their actions and token digests. A table still open and not over is
    never removed. A server running on the store answers NOT_FOUND for a removed table, as
    for an id never made; its record is gone with it (`tables export` first to keep it).
    The one `tables` command that writes to the store.

    \b
    Example:
      moneycards tables purge --db tables.db --dry-run
      moneycards tables purge --db tables.db --older-than 90"""
    made_by = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=days)) \
        .isoformat(timespec="seconds").replace("+00:00", "Z")
    store = _writable_store(db)
    try:
        removed = store.purge(made_by, dry_run=dry_run)
    finally:
        store.close_connection()
    closed = sum(1 for _, state in removed if state == "closed")
    if as_json:
        emit_json({"made_by": made_by, "dry_run": dry_run,
                   "tables": [{"table_id": t, "state": state} for t, state in removed]})
        return
    if dry_run:
        for table_id, state in removed:
            click.echo(f"{table_id:<14} {state}")
    verb = "would remove" if dry_run else "removed"
    n = len(removed)
    click.echo(f"{verb} {n} table{'' if n == 1 else 's'} made by {made_by}"
               + (f": {closed} closed, {n - closed} over" if n else ""))


def match_words(match: dict[str, int]) -> str:
    """A match's length as the lobby sets it (R-match): deals, a target, or neither."""
    parts = ([f"of {match['deals']} deals"] if match.get("deals") else []) \
        + ([f"to {match['to_points']} points"] if match.get("to_points") else [])
    return "a match " + (" or ".join(parts) if parts else "until the table is closed")


@tables.command("show", short_help="The deal at a table so far, step by step.")
@click.argument("table_id")
@db_option
@plugin_option
@answers
def show_table(table_id: str, db: str | None, plugins: tuple[str, ...]) -> None:
    """The deal at a table so far, step by step, seats named; at a match's table each
    finished deal with the totals after it (as `replay` tells a match record), then the
    deal in play."""
    table = _table(_stored(db, table_id), plugins)
    if table.match is not None:
        from moneycards.cli.records import match_lines

        if table.finished():
            for line in match_lines(table.game.name, json.dumps(_record_of(table))):
                click.echo(line)
        if table.is_over:
            return
        of = f" of {table.match.deals}" if table.match.deals else ""
        click.echo(f"== Deal {table.deal_no}{of}, in play ==")
    record = {k: v for k, v in table.record().items() if k != "match"}
    for line in replay(table.game.name, record):
        click.echo(line)


@tables.command("export", short_help="The table's game record (JSON).")
@click.argument("table_id")
@db_option
@plugin_option
@answers
def export_table(table_id: str, db: str | None, plugins: tuple[str, ...]) -> None:
    """The table's game record (JSON), as `check-record` and `replay` take it."""
    emit_json(_record(_stored(db, table_id), plugins))
