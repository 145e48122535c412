"""`moneycards GAME play`: one person at a table, in the terminal.

The table runs in this process or on a server (cli/tables.py); this module reads what the
person types, shows the table from their seat (cli/screen.py) and keeps the deal saved after
every action, so nothing is lost to Ctrl-C, a closed terminal or a crash: `--resume`
continues from the file.
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import random
import signal
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

import click

from moneycards.cli.screen import (Printer, chan_end, chan_verb, chan_words, default_down,
                                   describe, explain, hint_lines, menu, menu_lines, plain,
                                   read_chan, screen, terminal_width, wrap, wrap_clauses)
from moneycards.cli.rules import example, known_rule, pick, rule_lines
from moneycards.cli.tables import CannotUndo, LocalTable, RemoteTable
from moneycards.records import rules_json
from moneycards.solver.cards import counted
from moneycards.solver.errors import InvalidInput, clip, json_object
from moneycards.solver.games import AnyGame
from moneycards.solver.table import IllegalAction
from moneycards.solver.tables import read_match

COMMANDS = {
    "help": "what you can type",
    "show": "the table again",
    "log": "the deal so far",
    "hint": "the actions ranked, best first, why in short (hint -v: in full)",
    "undo": "take back your last action and the replies (a practice game then)",
    "rule": "what a rule says: rule and the id an answer cites (alone: the last refusal's)",
    "quit": "leave; the deal stays saved (continue it with --resume)",
}
AUTO_PASS = "the only action; --no-auto-pass to be asked"
EXIT_INTERRUPTED = 130
PRACTICE = "A practice game: actions were taken back (undo), and its record says so."


def _hear_ctrl_c() -> None:
    """Ctrl-C leaves the table with the deal saved (KeyboardInterrupt below), even when the
    program was started with SIGINT ignored (a background job, some launchers), which
    Python would otherwise keep. Only the main thread may set a signal handler."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)


def deals_folder() -> pathlib.Path:
    base = os.environ.get("XDG_DATA_HOME") or pathlib.Path.home() / ".local" / "share"
    return pathlib.Path(base) / "moneycards" / "deals"


def undecodable(line: str) -> int | None:
    """Where (from 1) a typed line holds a byte that is not UTF-8, or None. Python reads such
    a byte as a lone surrogate (U+DC80..U+DCFF), which no message should echo."""
    return next((k for k, c in enumerate(line, 1) if "\udc80" <= c <= "\udcff"), None)


@dataclass
class Session:
    spec: AnyGame
    table: Any  # LocalTable or RemoteTable
    path: pathlib.Path
    printer: Printer = field(default_factory=Printer)
    auto_pass: bool = True  # a lone `pass` is played without asking
    named_by_time: bool = False  # no --record or --resume: a new file in the deals folder
    chan: bool = False  # Tổ Tôm's moves named in Chắn words too (--chan-words)
    log: list[str] = field(default_factory=list)
    _shown: str = ""  # the observation last shown
    _completions: list[str] = field(default_factory=list)  # what Tab completes now
    _refused_by: str = ""  # the rule id of the last refusal, for `rule` alone
    _refused: bool = False  # a move was refused (perhaps citing no rule)

    # -- opening --------------------------------------------------------------------------
    @classmethod
    def open(cls, spec: AnyGame, *, seed: int | None, seat: int, level: str, name: str,
             record_out: str | None, resume_file: str | None, remote: str | None,
             deals: int | None = None, to_points: int | None = None,
             auto_pass: bool = True, tls: bool | None = None,
             ca: str | None = None, overwrite: bool = False,
             rules: Any = None, chan: bool = False) -> "Session":
        if not 0 <= seat < spec.seats:
            raise InvalidInput(f"seat must be 0-{spec.seats - 1}", field="seat")
        match = None
        if deals is not None or to_points is not None:
            if resume_file:  # the saved match has its own length
                raise InvalidInput("a resumed match keeps its own length: give --resume or "
                                   "--deals/--to, not both", field="--deals")
            try:
                match = read_match(spec, deals or 0, to_points or 0)
            except InvalidInput as err:
                err.field = "--to" if (err.field or "").endswith("to_points") else "--deals"
                raise
        path = pathlib.Path(record_out or resume_file or _new_path(spec.name))
        if not (record_out or resume_file):
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:  # the folder deals are saved in, by default
                raise InvalidInput(
                    f"cannot make the folder deals are saved in, {str(path.parent)!r} "
                    f"({err.strerror or err}; it is under XDG_DATA_HOME or ~/.local/share): "
                    f"give --record FILE", field="--record") from None
        _check_writable(path, "--record" if record_out else "--resume")
        if record_out and not overwrite and path.is_file() and path.stat().st_size > 0 and \
                not (resume_file and path.samefile(resume_file)):
            # saving replaces the file at the first action: an earlier deal would be lost
            raise InvalidInput(f"{str(path)!r} exists: continue it with --resume, choose "
                               f"another file, or add --overwrite to replace it",
                               field="--record")
        if (tls is not None or ca is not None) and not remote:
            raise InvalidInput("--tls, --no-tls and --ca are for a server table: give "
                               "--remote HOST:PORT", field="--ca" if ca else "--tls")
        if resume_file:
            if seed is not None:  # the saved deal has its seed: another would be ignored
                raise InvalidInput("a resumed deal keeps its own seed: give --resume or "
                                   "--seed, not both", field="--seed")
            table = _resume(spec, pathlib.Path(resume_file))
        else:
            try:
                if remote:  # the server shuffles unless a seed was chosen
                    table = RemoteTable(remote, spec.name, seed, seat, level, name,
                                        match=match, tls=tls, ca=ca, rules=rules)
                else:
                    seed = random.randrange(1_000_000) if seed is None else seed
                    table = LocalTable(spec.name, seed, seat, level, name, match=match,
                                       rules=rules)
            except InvalidInput as err:
                # the table names the seat's field; the command line names its own option
                if err.field == f"seats[{seat}].name":
                    err.field = "--name"
                raise
        table.chan_words = chan
        return cls(spec, table, path, auto_pass=auto_pass,
                   named_by_time=not (record_out or resume_file), chan=chan)

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the deal ends or the person leaves; the exit code."""
        _hear_ctrl_c()
        t = self.table
        others = ", ".join(n for s, n in enumerate(t.names()) if s != t.seat)
        me = t.names()[t.seat]
        seed = f", seed {t.seed}" if t.seed is not None else ", shuffled by the server"
        self.echo(f"{self.spec.title}{seed}. You play seat {t.seat}"
                  f"{'' if me == 'You' else ' as ' + me}, with {others}.")
        if t.table_id:  # a line of its own: with the address it would pass 80 columns
            self.echo(f"The table is {t.table_id} at {t.address}.")
        rules = rules_words(self.spec, getattr(t, "rules", None))
        if rules:
            self.echo(rules)
        what = "match" if self.is_match() else "deal"
        if self.named_by_time:
            self.path = _claim(self.path)
        self.echo(f"The {what} is saved to {self.path} after every action.")
        if self.practice():
            self.echo(PRACTICE)
        self.news()
        self.save()
        self._complete_with_tab()
        try:
            while not t.over():
                if t.new_deal:  # a match's deal ended: let the person read how, first
                    t.new_deal = False
                    if not self.next_deal():
                        self.save()
                        self.echo(self._left())
                        return 0
                    self.news()
                    continue
                obs, _ = t.view()
                if not obs.legal_actions:  # another person decides (server tables only)
                    t.wait()
                    self.news()
                    continue
                if self.auto_pass and list(obs.legal_actions) == ["pass"] \
                        and self.pass_for_them(obs):
                    continue
                seen = json.dumps(obs.to_json(), sort_keys=True)
                if seen != self._shown:  # the table changed: show it again
                    self.show(obs)
                    self._shown = seen
                if not self.turn(obs):
                    self.save()
                    self.echo(self._left())
                    return 0
            self.echo("")
            for line in self.ending():
                self.echo(line)
            self.save()
            return 0
        except KeyboardInterrupt:
            self.save()
            self.echo(f"\nInterrupted. The deal is saved: continue with {self._go_on()}")
            return EXIT_INTERRUPTED

    def turn(self, obs: Any) -> bool:
        """Read one answer and act on it; False when the person leaves."""
        options = menu(obs)
        self._completions = sorted({*obs.legal_actions, *COMMANDS})
        try:
            answer = input("your action: ").strip()
        except EOFError:
            return False
        if not answer:
            self.echo("  Type an action, its number, or help.")
            return True
        if (where := undecodable(answer)) is not None:
            self.echo(f"  That line is not UTF-8 text (at character {where}): type it again.")
            return True
        words = answer.lower().split()
        if words[0] in ("rule", "rules"):
            self.rule(answer.split()[1:])  # as typed: an error repeats it
            return True
        if words[0] in COMMANDS and (len(words) == 1 or words in (["hint", "-v"],
                                                                ["hint", "--verbose"])):
            return self.command(words[0], obs, full=len(words) > 1)
        if words[0] in COMMANDS and words[0] not in self.spec.module("table").STATE.verbs:
            takes = "takes only -v (the reasons in full)" if words[0] == "hint" else \
                "takes nothing after it"
            self.echo(f"  {words[0]!r} {takes}, not {clip(' '.join(words[1:]))!r}.")
            return True
        action = self.read(answer, options, obs)
        if action is None:
            return True
        try:
            self.table.act(action)
        except InvalidInput as err:  # a move the rules refuse, or text that is no move
            self._refused = True
            self._refused_by = err.rule if err.rule and known_rule(self.spec.name, err.rule) \
                else ""
            said = " (type rule to read it)" if self._refused_by else ""
            lead = "Not allowed: " if isinstance(err, IllegalAction) else ""
            cited = f" [{err.rule}]" if err.rule else ""
            message = err.message
            typed = " ".join(answer.split())
            if self.chan and message.startswith(f"'{action}'") and plain(typed) != action \
                    and not typed.isdigit():  # typed in Chắn words: echoed as typed
                message = f"'{clip(typed)}' ({action}){message[len(action) + 2:]}"
            self.say("  ", f"{lead}{message}{cited}{said}", 4)
            return True
        self.save()
        self.news()
        return True

    def read(self, answer: str, options: list[str], obs: Any) -> str | None:
        """The action an answer names, or None after saying what is expected."""
        if answer.isdigit():
            k = int(answer) if len(answer) <= 6 else 0  # a long run of digits is no option
            if not 1 <= k <= len(options):
                choose = "1 is the only one" if len(options) == 1 else \
                    f"choose 1-{len(options)}"
                self.echo(f"  {clip(answer)} is not an option: {choose}, or type an action.")
                return None
            chosen = options[k - 1]
            return default_down(obs) if chosen == "down" else chosen
        said = " ".join(answer.lower().split())
        for a in options:  # an option typed as the menu words it ("capture 6m with 6s")
            if a != "down" and said == describe(obs, a, self.table.names()).partition(
                    ":")[0].lower():
                return a
        if self.chan:  # or as its Chắn words ("bốc", "đánh ngũ vạn"), marks and all
            exact = [a for a in options if said == chan_words(obs, a).lower()]
            # typed without their marks, where that names one option ("ngu van" is Ngũ vạn
            # or Ngũ văn); typed with them, the marks decide (read_chan reads the card, and
            # the table plays or refuses it: "đánh nhị văn" is never Nhị vạn)
            bare = [a for a in options if plain(said) == plain(chan_words(obs, a))] \
                if said == plain(said) else []
            if exact or len(bare) == 1:
                return (exact or bare)[0]
        # any other move in Chắn words goes to the table as the action it names, to be
        # played or refused by its rule as the English would be ("danh 4c": TT-C2)
        if self.chan:
            try:
                named = read_chan(obs, said.split())
            except InvalidInput as err:  # the words name no such move (ăn a card not offered)
                self._refused = True  # `rule` alone reads its rule, as after the table's
                self._refused_by = err.rule if err.rule and known_rule(self.spec.name,
                                                                       err.rule) else ""
                lead = "Not allowed: " if isinstance(err, IllegalAction) else ""
                self.say("  ", f"{lead}{err.message}" + (f" [{err.rule}]" if err.rule else ""), 4)
                return None
            if named is not None:
                return named
        verb, _, rest = answer.partition(" ")
        verb = verb.lower()
        verbs = sorted({a.split()[0] for a in obs.legal_actions})
        # A verb of the game that is not legal now goes to the table, which says which
        # rule refuses it (`down` while the hand can beat: LF-F1); other words stop here.
        if verb not in verbs and verb not in self.spec.module("table").STATE.verbs:
            # at a table in Chắn words, the Chắn verbs open now, each with its English
            said_as = [f"{chan_verb(obs, v)} ({v})" for v in verbs] if self.chan else verbs
            self.echo(f"  {clip(verb)!r} is not an action now: type one of "
                      f"{', '.join(said_as)}, a number, or help.")
            return None
        return f"{verb} {' '.join(rest.split())}".strip()

    def pass_for_them(self, obs: Any) -> bool:
        """Play a lone `pass` without asking and say so in the log; False when the table
        refuses it (the person is asked then)."""
        try:
            self.table.act("pass")
        except (IllegalAction, InvalidInput) as err:
            self.echo(f"  Not passed for you: {err.message}")
            return False
        self.save()
        lines = self.table.new_lines()
        me = self.table.names()[self.table.seat]
        what = describe(obs, "pass", self.table.names()).partition(": ")[2]
        # the log's own line for it, with its Chắn verb under --chan-words ("You: pass · bốc")
        head = next((line for line in lines if line.split(" · ")[0] == f"{me}: pass"),
                    f"{me}: pass")
        said = wrap("", head + (f" — {what}" if what else "") + f" ({AUTO_PASS})", 5)
        told = [k for k, line in enumerate(lines) if line == head][:1]
        if told:  # the log's own line for it, with why it was played
            lines[told[0]:told[0] + 1] = said
        else:
            lines = said + lines
        self.log.extend(lines)
        for line in lines:
            self.echo(line)
        return True

    def undo(self) -> None:
        """`undo`: back to the person's previous decision (tables in this process)."""
        take_back = getattr(self.table, "undo", None)
        if take_back is None:
            self.echo("  Undo works only at a table in this process:\n"
                      "  a server's table keeps every action.")
            return
        first = not self.practice()
        try:
            action, after = take_back(skip_forced=self.auto_pass)
        except CannotUndo as err:
            self.echo(f"  {err}")
            return
        self.log = self.table.history()
        self._shown = ""  # the table as it was, shown again
        self.save()
        then = f" and the {counted(after, 'actions')} after it" if after else ""
        self.echo(f"  Taken back: your {action}{then}. Decide again.")
        if first:
            self.echo("  " + PRACTICE)

    def _left(self) -> str:
        return f"You left the table. Continue with {self._go_on()}"

    def _go_on(self) -> str:
        """The options that go on with this deal: the file, and --chan-words again if it was
        given (a saved deal keeps its rules, not how the terminal names the moves)."""
        words = " --chan-words" if self.chan else ""
        return f"--resume {self.path}{words}"

    def practice(self) -> bool:
        return bool(getattr(self.table, "practice", False))

    def command(self, word: str, obs: Any, *, full: bool = False) -> bool:
        if word == "quit":
            return False
        if word == "help":
            self.echo("  A number picks an option; or type the action: "
                      + ", ".join(sorted({a.split()[0] for a in obs.legal_actions})) + ".")
            if self.chan:
                self.say("  ", "Or in Chắn words, with or without their marks: đánh 3c, ăn "
                         "chắn 4s, ăn cạ 4s với 4m, bốc, dưới, ù, chíu, không.", 4)
            if any(a.startswith("down ") for a in obs.legal_actions):
                self.echo("  Face down: type down and the cards, in any order.")
            for name, what in COMMANDS.items():
                self.say(f"  {name:<5} ", what, 8)
        elif word == "show":
            self.show(obs)
        elif word == "log":
            for line in self.log or ["  (nothing has happened yet)"]:
                self.echo(line)
        elif word == "hint":
            # at a table in Chắn words, each action as its menu line says it ("Đánh Nhị sách")
            label = (lambda a: chan_words(obs, a)) if self.chan else None
            for line in hint_lines(self.table.hint()[:5], terminal_width(), full=full,
                                   label=label):
                self.echo(line)
        elif word == "undo":
            self.undo()
        return True

    def rule(self, ids: list[str]) -> None:
        """The rules the ids name, as `moneycards GAME rules` prints them; no id: the rule of
        the last refusal."""
        if not ids and not self._refused_by:
            # after a refusal of words that are no move, which no rule is cited for
            last = "the last refusal cites no rule; " if self._refused else ""
            self.echo(f"  {last}rule takes a rule id, as refusals, hints and results cite "
                      f"them: rule {example(self.spec.name)[0]}")
            return
        try:
            chosen = pick(self.spec.name, tuple(ids) or (self._refused_by,))
        except InvalidInput as err:
            self.echo(f"  {err.message}")
            return
        # A rule this table's preset changes is marked, and the preset's entry, which says
        # how, follows (TT-K3's values at a traditional table are not the page's).
        preset = str(getattr(self.table.rules, "preset", "") or "")
        changes = getattr(self.spec.module("rules"), "PRESET_CHANGES", {}).get(preset, ())
        differs = {r.id: preset for r in chosen if r.id in changes}
        if differs and all(r.id != preset for r in chosen):
            chosen = [*chosen, *pick(self.spec.name, (preset,))]
        for line in rule_lines(chosen, margin=2, differs=differs):
            self.echo(f"  {line}" if line else "")

    def _complete_with_tab(self) -> None:
        """Tab completes actions and commands, where the terminal has readline."""
        if not sys.stdin.isatty():
            return
        try:
            import readline
        except ImportError:  # not every platform has it: typing still works
            return

        def complete(text: str, state: int) -> str | None:
            line = readline.get_line_buffer().lower()
            found = [c for c in self._completions if c.startswith(line)]
            return found[state][len(line) - len(text):] if state < len(found) else None

        readline.set_completer_delims("")
        readline.set_completer(complete)
        readline.parse_and_bind("tab: complete")

    # -- showing --------------------------------------------------------------------------
    def show(self, obs: Any) -> None:
        names = self.table.names()
        self.echo("")
        self.printer.lines(screen(obs, names, chan=self.chan), first_bold=True)
        for line in menu_lines(obs, names, chan=self.chan):
            self.echo(line)

    def news(self) -> None:
        lines = self.table.new_lines()
        self.log.extend(lines)
        for line in lines:
            self.echo(line)

    def ending(self) -> list[str]:
        names = self.table.names()
        out = [*wrap_clauses(self.table.result_text())]
        if self.table.over():
            final = self.table.final_state()
            ended = explain(final, names)
            out += chan_end(final.game, ended) if self.chan else ended
        out += self.table.match_lines()
        return [*out, PRACTICE] if self.practice() else out

    def is_match(self) -> bool:
        return bool(self.table.match_lines())

    def next_deal(self) -> bool:
        """Between a match's deals: wait for Enter; False when the person leaves. Any
        other answer is asked again: a move typed a moment too late must not start the
        next deal unread."""
        while True:
            try:
                answer = input("Press Enter for the next deal (or type quit): ")
            except EOFError:
                return False
            word = answer.strip().lower()
            if word == "":
                return True
            if word == "quit":
                return False
            self.echo(f"  '{answer.strip()}' is not an answer here: press Enter for the "
                      "next deal, or type quit.")

    def echo(self, line: str) -> None:
        click.echo(line)

    def say(self, head: str, text: str, indent: int) -> None:
        """Words of the session within 80 columns, as every screen: `text` after `head`,
        wrapped between words under `indent` (a refusal, a help line; a line naming a file
        goes through `echo` whole, so a path is never split)."""
        for part in wrap(head, text, indent):
            self.echo(part)

    # -- saving ---------------------------------------------------------------------------
    def save(self) -> None:
        """The deal as it stands: the game record (a table in this process), or how to
        reach the table again (a server's)."""
        data = self.table.saved()
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if self.path.exists() and not self.path.is_file():
            # /dev/null, a pipe, a terminal: written in place. A rename would put a regular
            # file where the device was (as root, /dev/null itself).
            with open(self.path, "w", encoding="utf-8") as f:
                f.write(text)
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        # Owner only: a saved deal holds its seed (every hidden card) or a seat's token.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.fchmod(fd, 0o600)  # a leftover temporary file keeps its old mode otherwise
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, self.path)  # never a half-written file


def rules_words(spec: AnyGame, rules: Any) -> str:
    """The rules a table plays, where they are not the game's defaults, as a sentence for
    the opening: "Rules: the traditional preset with must_take_win true." ("" for the
    defaults), so a person sees which switches are on before the first action."""
    if rules is None:
        return ""
    obj = rules_json(spec.name, rules)
    preset = obj.pop("preset")
    if preset == spec.presets[0] and not obj:  # the game's first preset is its default
        return ""
    said = ", ".join(f"{k} {str(v).lower()}" if isinstance(v, bool)
                     else f"{k} '{v}'" if isinstance(v, str) else f"{k} {v}"
                     for k, v in obj.items())
    return f"Rules: the {preset} preset" + (f" with {said}." if said else ".")


def _new_path(game: str) -> pathlib.Path:
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    return deals_folder() / f"{game}-{stamp}.json"


def _claim(path: pathlib.Path) -> pathlib.Path:
    """A new deal's own file: `path`, or `path` with -2, -3, ... when a deal started in the
    same second (here or in another process) has it; created empty at once, so two plays
    never save to one file."""
    for n in range(1, 1000):
        claimed = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
        try:
            os.close(os.open(claimed, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        return claimed
    raise InvalidInput(f"{str(path)!r} and 998 names after it exist: give --record FILE",
                       field="--record")


def _check_writable(path: pathlib.Path, field_name: str) -> None:
    """A path that cannot be written is found before the deal, not after it (and nothing
    is created until the deal is saved)."""
    if path.is_dir():
        raise InvalidInput(f"{str(path)!r} is a folder, not a file", field=field_name)
    if path.exists():
        ok = os.access(path, os.W_OK)
    else:
        ok = path.parent.is_dir() and os.access(path.parent, os.W_OK)
    if not ok:
        why = "no such folder" if not path.parent.is_dir() else "permission denied"
        raise InvalidInput(f"cannot write {str(path)!r}: {why}", field=field_name)


def _resume(spec: AnyGame, path: pathlib.Path) -> Any:
    data = json_object(path.read_text(encoding="utf-8"), field="--resume",
                       what="a deal saved by play")
    if "remote" in data:
        return RemoteTable.reconnect(spec.name, data)
    return LocalTable.resume(spec.name, data)
