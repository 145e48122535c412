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
from moneycards.solver.kowah.check import check_ready
from moneycards.solver.totom import TOTOM
from moneycards.solver.totom.batch import check_texts as check_totom_texts
from moneycards.solver.totom.check import check_hand
from moneycards.v1 import totom_pb2

if TYPE_CHECKING:
    from moneycards.solver.totom.rules import TotomRules

CHUNK = 4096  # lines evaluated at once
PROGRESS_FROM = 20_000  # lines: shorter inputs finish before a bar would help

Item = tuple[int, str]  # (line number, text)
# The answers of a chunk of lines, one JSON object each.
Answer = Callable[[Sequence[Item]], list[dict[str, Any]]]


def read_items(source: str) -> list[Item]:
    if source == "-":  # decoded strictly, as a file is: bad bytes are not a bad card
        raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    else:
        with open(source, encoding="utf-8") as f:
            text = f.read()
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


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


def run(source: str, label: str, answer: Answer) -> None:
    """Answer every line of `source` in chunks, one JSON line each, in input order."""
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
            lines = []
            for record in answer(chunk):
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
        click.echo(f"error: {bad} of {len(items)} lines are bad input (first: line "
                   f"{first_bad}); each is answered with its error", err=True)
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


def kowah_answers(details: bool, engine: str) -> Answer:
    """Answer a chunk of Kowah lines by the batch evaluator (or, with `details`, each hand's
    full `check --json` object)."""
    def answer(chunk: Sequence[Item]) -> list[dict[str, Any]]:
        hands, refused = [], {}
        for k, (_, line) in enumerate(chunk):
            try:
                hand, _ctx = parse_line(line, {})
            except InvalidInput as err:
                hand = ""
                refused[k] = err
            hands.append(hand)
        batch = check_kowah_texts(hands, distance=not details)
        out = []
        for k, (n, _) in enumerate(chunk):
            problem = refused.get(k) or batch.errors.get(k)
            if problem is not None:
                out.append(error_record(n, problem))
                continue
            counts = tuple(batch.counts[k].tolist())
            if details:
                row = message_json(ready_message(check_ready(counts, engine=engine)))
            else:
                row = {"hand": KOWAH.render(counts), **batch.verdicts.row(k)}
            out.append({"line": n, **row})
        return out

    return answer
