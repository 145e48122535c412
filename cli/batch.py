"""`check --batch FILE|-`: many hands in, one JSON line out per hand.

Each input line is a hand in notation, or a JSON object with the hand and its context
(the same names as the command's options: {"hand": "...", "win_card": "3c", "via":
"own-door"}). Blank lines are skipped. Each answer line carries the input's line number.
A bad line is answered in its place with {"line": n, "error": {...}} (the error the single
command would print) and the batch goes on; the exit status is then 2 and one line on
stderr counts the bad lines. A progress bar is drawn on stderr when it is a terminal and
the input is long.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, Callable, Sequence

import click

from moneycards.cli.common import error_dict
from moneycards.cli.vocabulary import message_json
from moneycards.server.kowah import ready_message
from moneycards.server.totom import SCORING, bonus_kind, verdict_message
from moneycards.solver.errors import InvalidInput
from moneycards.solver.kowah import KOWAH
from moneycards.solver.kowah.batch import check_texts as check_kowah_texts
from moneycards.solver.kowah.check import check_ready, parse_seen
from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.batch import check_texts as check_totom_texts
from moneycards.solver.totom.check import check_hand
from moneycards.v1 import totom_pb2

if TYPE_CHECKING:
    from moneycards.solver.totom.rules import TotomRules

CHUNK = 4096  # lines evaluated at once
PROGRESS_FROM = 20_000  # lines: shorter inputs finish before a bar would help

Item = tuple[int, str]  # (line number, text)
# A line answered with its error before any hand is read: bytes that are not UTF-8, or a
# line longer than any hand (MAX_LINE).
BadLine = tuple[int, InvalidInput]
MAX_LINE = 10_000  # characters: a hand of the 120-card pack with its context is far less
BOM = b"\xef\xbb\xbf"  # a byte-order mark some editors write first: not part of a hand
# The answers of a chunk of lines, one JSON object each.
Answer = Callable[[Sequence[Item]], list[dict[str, Any]]]


def read_items(source: str) -> list[Item | BadLine]:
    """The input's non-blank lines, each decoded strictly on its own: a line that is not
    UTF-8 (bad bytes are not a bad card) or is too long is answered in its place with its
    error, and the lines around it still are; a leading byte-order mark is dropped."""
    if source == "-":
        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
    else:
        with open(source, "rb") as f:
            raw = f.read()
    data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogateescape")
    data = data.removeprefix(BOM)
    out: list[Item | BadLine] = []
    for n, chunk in enumerate(data.split(b"\n"), 1):
        chunk = chunk.removesuffix(b"\r")
        try:
            line = chunk.decode("utf-8")
        except UnicodeDecodeError as err:
            out.append((n, InvalidInput(f"the line is not UTF-8 text (byte {err.start + 1} "
                                        f"of the line)", field="line")))
            continue
        if not line.strip():
            continue
        if len(line) > MAX_LINE:
            out.append((n, InvalidInput(f"a line is at most {MAX_LINE:,} characters; this "
                                        f"one has {len(line):,}", field="line")))
            continue
        out.append((n, line))
    return out


_KIND_WORDS = {str: "text (a JSON string)", bool: "true or false"}  # a line's key kinds


def _json_kind(value: Any) -> str:
    """What a JSON value is, in JSON's words."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "a list" if isinstance(value, list) else "an object"


def parse_line(line: str, keys: dict[str, type]) -> tuple[str, dict[str, Any] | None]:
    """(hand text, context keywords or None) of one line; bad JSON is an InvalidInput."""
    text = line.strip()
    if not text.startswith("{"):
        return text, None
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as err:
        raise InvalidInput(f"not a JSON object: {getattr(err, 'msg', 'nested too deeply')}",
                           field="line") from None
    if not isinstance(obj, dict):
        raise InvalidInput("not a JSON object", field="line")
    if "hand" not in obj:
        raise InvalidInput("the object needs \"hand\": the cards in notation", field="hand")
    hand = obj.pop("hand")
    if not isinstance(hand, str):
        raise InvalidInput(f"hand must be {_KIND_WORDS[str]} of cards in notation, not "
                           f"{_json_kind(hand)}", field="hand")
    for key, value in obj.items():
        kind = keys.get(key)
        if kind is None:
            raise InvalidInput(f"unknown key {key!r}; known: {', '.join(['hand', *keys])}",
                               field="line")
        # bool is an int in Python: a flag must be true or false, a text a string
        if value is not None and (not isinstance(value, kind)
                                  or (kind is not bool and isinstance(value, bool))):
            raise InvalidInput(f"{key} must be {_KIND_WORDS[kind]}, not {_json_kind(value)}",
                               field=key)
    return hand, {k: v for k, v in obj.items() if v is not None} or None


def run(source: str, label: str, answer: Answer, as_json: bool = False) -> None:
    """Answer every line of `source` in chunks, one JSON line each, in input order. Bad
    lines make the exit status 2, with one line on stderr that counts them (under
    `as_json` a JSON object, as every error of --json is)."""
    items = read_items(source)
    bad, first_bad = 0, None
    bar = None
    if sys.stderr.isatty() and len(items) >= PROGRESS_FROM:
        bar = click.progressbar(length=len(items), label=label, file=sys.stderr,
                                show_pos=True, show_eta=True)
        bar.__enter__()
    out = sys.stdout
    try:
        for start in range(0, len(items), CHUNK):
            chunk = items[start:start + CHUNK]
            # the lines read as text are answered together; those that were not, in place
            answers = iter(answer([x for x in chunk if isinstance(x[1], str)]))
            records = [error_record(n, x) if isinstance(x, InvalidInput) else next(answers)
                       for n, x in chunk]
            lines = []
            for record in records:
                if "error" in record:
                    bad += 1
                    first_bad = first_bad or record["line"]
                lines.append(json.dumps(record, ensure_ascii=False))
            out.write("\n".join(lines) + "\n")
            if bar is not None:
                bar.update(len(chunk))
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    out.flush()
    if bad:
        said = (f"{bad} of {len(items)} lines (blank ones aside) are bad input (first: line "
                f"{first_bad}); each is answered with its error")
        click.echo(json.dumps({"error": {"field": "--batch", "rule": None, "message": said}},
                              ensure_ascii=False) if as_json else f"error: {said}", err=True)
        sys.exit(2)


def error_record(line: int, err: InvalidInput) -> dict[str, Any]:
    return {"line": line, "error": error_dict(err)}


TOTOM_KEYS: dict[str, type] = {"win_card": str, "via": str, "thien_u": bool, "opening": str,
                               "won_previous": bool, "first_stock": bool}


def totom_answers(rules: str | TotomRules, details: bool, engine: str) -> Answer:
    """Answer a chunk of Tổ Tôm lines by the batch evaluator (or, with `details`, each
    hand's full `check --json` object)."""
    def answer(chunk: Sequence[Item]) -> list[dict[str, Any]]:
        hands, contexts, refused = [], [], {}
        for k, (_, line) in enumerate(chunk):
            try:
                hand, ctx = parse_line(line, TOTOM_KEYS)
            except InvalidInput as err:
                hand, ctx = "", None
                refused[k] = err
            hands.append(hand)
            contexts.append(ctx)
        batch = check_totom_texts(hands, contexts, rules, refused=refused)
        out = []
        for k, (n, _) in enumerate(chunk):
            problem = batch.errors.get(k)
            if problem is not None:
                out.append(error_record(n, problem))
                continue
            counts = tuple(batch.counts[k].tolist())
            if details:
                row = message_json(verdict_message(
                    check_hand(counts, batch.contexts[k], batch.rules, engine)))
            else:
                row = {"hand": TOTOM.render(counts), **totom_row(batch.verdicts.row(k))}
            out.append({"line": n, **row})
        return out

    return answer


def totom_row(row: dict[str, Any]) -> dict[str, Any]:
    """A batch line in the API's vocabulary (docs/json.md): CheckHands' column names and
    enum names (`chan_count`, `TOTOM_SCORING_MAIN_PLUS_DICH`, bonus counts by
    `TOTOM_BONUS_KIND_…`)."""
    def kind(key: str | None) -> str:
        return str(totom_pb2.TotomBonusKind.Name(bonus_kind(key)))

    return {"wins": row["wins"], "chan_count": row["chan"], "ca_count": row["ca"],
            "rules": row["rules"], "points": row["points"],
            "scored_by": totom_pb2.TotomScoring.Name(SCORING[row["scored_by"]]),
            "main_bonus": kind(row["main_bonus"]),
            "bonus_counts": {kind(k): c for k, c in row["bonus_counts"].items()}}


# A Kowah line's context: the cards seen elsewhere (as `check --seen`).
KOWAH_KEYS: dict[str, type] = {"seen": str}


def kowah_answers(details: bool, engine: str) -> Answer:
    """Answer a chunk of Kowah lines by the batch evaluator (or, with `details`, each hand's
    full `check --json` object)."""
    def answer(chunk: Sequence[Item]) -> list[dict[str, Any]]:
        hands, seen_texts, refused = [], [], {}
        for k, (_, line) in enumerate(chunk):
            try:
                hand, ctx = parse_line(line, KOWAH_KEYS)
            except InvalidInput as err:
                hand, ctx = "", None
                refused[k] = err
            hands.append(hand)
            seen_texts.append((ctx or {}).get("seen"))
        batch = check_kowah_texts(hands, distance=not details)
        out = []
        for k, (n, _) in enumerate(chunk):
            problem = refused.get(k) or batch.errors.get(k)
            seen = None
            if problem is None:
                counts = tuple(batch.counts[k].tolist())
                try:
                    seen = parse_seen(seen_texts[k], counts) if seen_texts[k] else None
                except InvalidInput as err:
                    problem = err
            if problem is not None:
                out.append(error_record(n, problem))
                continue
            if details:
                row = message_json(ready_message(check_ready(counts, seen, engine=engine)))
            else:
                row = {"hand": KOWAH.render(counts), **batch.verdicts.row(k)}
                if seen is not None and not row["ready"]:
                    # the table's distance counts no card seen: this hand's is worked out
                    # alone, over the unseen copies (absent if no ready hand is left)
                    far = check_ready(counts, seen, engine=engine).distance
                    row.pop("distance")
                    if far is not None:
                        row["distance"] = far.exchanges
            out.append({"line": n, **row})
        return out

    return answer
