"""The web table in a real browser: Debian's chromium driven by Playwright (sync API) against
a real `moneycards serve` on loopback. A whole deal of each game played by clicking the
hint's top action, to the same result as the same deal played in process; two people at one
table through a friend's link, each seeing only its own cards and the other's moves live;
a refused action's rule id; a reload that resumes the seat; a lost Watch stream resumed;
no console errors anywhere; the table drawn at 1280x800 and 390x844.

Skipped where chromium or Playwright is missing; .ci/run installs both and sets
MONEYCARDS_REQUIRE_BROWSER, which turns the skip into a failure. MONEYCARDS_SCREENSHOTS=DIR
keeps the screenshots there (docs/screenshots holds the committed ones)."""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager

import pytest

from moneycards.solver.ruletext import mentions, rule_texts
from moneycards.solver.tables import Seat, Table
from tests.test_chan_words import named  # each card by its Chắn name ("Bát văn", "Chi chi")

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None

MISSING = ("chromium is not installed (apt-get install chromium)" if CHROMIUM is None else
           "Playwright is not installed (pip install -c constraints.txt -e '.[test]')"
           if sync_playwright is None else "")
pytestmark = [
    pytest.mark.skipif(bool(MISSING) and not os.environ.get("MONEYCARDS_REQUIRE_BROWSER"),
                       reason=MISSING),
    pytest.mark.xdist_group("web-page"),
]

SEATS = {"totom": 4, "kowah": 3, "lukfu": 3}
LEVELS = ["random", "greedy", "random"]
SIZES = [(1280, 800), (390, 844)]


# -- the server and the browser -----------------------------------------------------------------
def start_serve(db: str, grpc_port: int = 0, web_port: int = 0, open_tables: int = 1000,
                pace_ms: float = 0.0, plugins: tuple[str, ...] = ()):
    """A server for the page; the tests leave many tables open from one address, so it
    allows more than the default 50 (a test of that limit asks for fewer). Its AI seats
    answer at once (`pace_ms`, serve's --ai-pace-ms): what the pace does is tested apart
    (tests/test_ai_pace.py), and a page shows a paced table as any other, only later."""
    proc = subprocess.Popen([sys.executable, "-m", "moneycards", "serve", "--port", str(grpc_port),
                             "--web-port", str(web_port), "--db", db, "--processes", "1",
                             "--max-open-tables", str(open_tables),
                             "--ai-pace-ms", str(pace_ms),
                             *(a for m in plugins for a in ("--plugin", m))],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=pathlib.Path(__file__).resolve().parent.parent)
    lines = []
    for _ in range(4):
        lines.append(proc.stdout.readline())
        web = re.search(r"web server listening on (http://127\.0\.0\.1:(\d+))/ ", lines[-1])
        if web:
            ports = re.search(r"gRPC server listening on 127\.0\.0\.1:(\d+)", "".join(lines))
            return proc, web.group(1), int(ports.group(1)), int(web.group(2))
    proc.kill()
    raise AssertionError("".join(lines) + proc.stderr.read())


def stop_serve(proc) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """A real server with a table store in a temporary folder: its web address."""
    db = str(tmp_path_factory.mktemp("web-page") / "tables.db")
    proc, base, _, _ = start_serve(db)
    yield base
    stop_serve(proc)


@pytest.fixture(scope="module")
def served_paced(tmp_path_factory):
    """A server at the default AI pace (300 ms an AI action), as `moneycards serve` runs."""
    db = str(tmp_path_factory.mktemp("web-page-paced") / "tables.db")
    proc, base, _, _ = start_serve(db, pace_ms=300.0)
    yield base
    stop_serve(proc)


@pytest.fixture(scope="module")
def browser():
    if MISSING:
        pytest.fail(f"MONEYCARDS_REQUIRE_BROWSER is set but {MISSING}")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"])
        yield b
        b.close()


def wait_for(page, js: str, arg=None, timeout: float = 90_000) -> None:
    """`page.wait_for_function` without eval in the page: the page's Content-Security-
    Policy (script-src 'self') refuses the eval its predicate needs, while
    `page.evaluate` goes through the debugger protocol, which the policy does not govern.
    `js` is an expression or a function of `arg`."""
    fn = js if "=>" in js else f"() => ({js})"
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(fn, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page never came to: {js}")
        page.wait_for_timeout(50)


class Watched:
    """A page whose console errors and uncaught exceptions are kept (none are allowed)."""

    def __init__(self, context, width=1280, height=800):
        self.page = context.new_page()
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.set_default_timeout(90_000)  # a hint on a busy machine takes its time
        self.errors: list[str] = []
        self.ended: list[str] = []  # the text of each match deal's end, as the page held it
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))

    def debug(self, what: str, *args):
        return self.page.evaluate(f"(a) => window.moneycards.page().{what}(...a)", list(args))

    def press_to_play(self, key: str) -> None:
        """Press `key` and wait for the move it plays (the view's version moving on)."""
        version = self.debug("version")
        self.page.keyboard.press(key)
        wait_for(self.page, f"document.body.dataset.version !== '{version}'")

    def settled(self) -> None:
        """Wait until no call of the page is under way and its view is drawn."""
        try:
            wait_for(self.page, "document.body.dataset.busy === '0' && "
                     "document.querySelector('.board .me, .board .between') !== null")
        except Exception:
            if os.environ.get("MONEYCARDS_DEBUG_SHOT"):
                self.page.screenshot(path=os.environ["MONEYCARDS_DEBUG_SHOT"], full_page=True)
                print("page errors:", self.errors)
            raise


@pytest.fixture()
def context(browser):
    ctx = browser.new_context()
    yield ctx
    ctx.close()


def shots_dir(tmp_path) -> pathlib.Path:
    d = pathlib.Path(os.environ.get("MONEYCARDS_SCREENSHOTS") or tmp_path)
    d.mkdir(parents=True, exist_ok=True)
    return d


def deal_in_lobby(w: Watched, base: str, game: str, seats: list[str], seed: int | None,
                  preset: str | None = None, auto_pass: bool = False,
                  deals: int | None = None, names: dict[int, str] | None = None) -> None:
    """A table dealt from the lobby (`deals`: a match of that many; `names`: seats named).
    A lone pass is clicked by the test (`auto_pass` off) unless asked: the page's own pass
    would race the test's clicks."""
    page = w.page
    page.goto(base + "/")
    page.evaluate(f"localStorage.setItem('moneycards.autoPass', '{int(auto_pass)}')")
    page.check(f"input[name=game][value={game}]")
    for s, who in enumerate(seats):
        page.select_option(f"#seat{s}", who)
    for s, name in (names or {}).items():
        page.fill(f"input[name=name{s}]", name)
    if seed is not None:
        page.fill("#seed", str(seed))
    if deals is not None:
        page.fill("#deals", str(deals))
    if preset:
        page.select_option("#preset", preset)
    page.click("#deal")


def lukfu_first_decision(w: Watched, base: str, seeds: range, moves: int, look) -> bool:
    """Luk Fu deals of `seeds` (greedy seats beside the person at seat 0, who passes every
    call, else plays its first legal action) until `look(legal)`, asked at each of the
    person's decisions with the page settled, says True (found: the deal stops there) or
    None (on to the next seed); False plays on. Whether it found one."""
    for seed in seeds:
        deal_in_lobby(w, base, "lukfu", ["you", "greedy", "greedy"], seed)
        for _ in range(moves):
            w.settled()
            legal = w.debug("legal")
            if w.debug("over") or not legal:
                break
            seen = look(legal)
            if seen:
                return True
            if seen is None:
                break
            version = w.debug("version")
            w.debug("act", "call pass" if "call pass" in legal else legal[0])
            wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    return False


def play_first_moves(w: Watched, moves: int, until=lambda: False, pick=None) -> None:
    """Click the first move offered, at most `moves` times, until the deal is over or
    `until()` holds; with `pick`, play `pick(legal actions)` through the page's own act
    instead of a click."""
    page = w.page
    for _ in range(moves):
        w.settled()
        if w.debug("over") or until():
            return
        version = w.debug("version")
        if pick is None:
            page.click("section.actions button.act >> nth=0")
        else:
            w.debug("act", pick(w.debug("legal")))
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'")


def play_over_http(w: Watched, base: str, until=lambda view: False, moves: int = 400,
                   others: tuple[dict, ...] = ()) -> dict:
    """Play the page's seat (and the seats of `others`, friends' tokens) by their first legal
    action over HTTP, the page's own calls, each with the version it was decided on, until
    `until(view)` holds for the page's seat or the deal is over; then wait until the page
    shows the table as it is. Many moves without a click and a drawing each; the page
    follows them on its Watch stream as it follows another seat's. The last view."""
    w.settled()
    me = w.debug("who")
    view = {}
    for _ in range(moves):
        view = connect(base, "GetView", me)["view"]
        if view.get("over") or until(view):
            break
        for who in (me, *others):
            seen = view if who is me else connect(base, "GetView", who)["view"]
            if seen.get("legalActions"):
                connect(base, "Act", {**who, "action": seen["legalActions"][0]["text"],
                                      "expectedVersion": seen["version"]})
                break
        else:
            raise AssertionError("no seat to act before the deal's end")
    view = connect(base, "GetView", me)["view"]  # after the last move, if the moves ran out
    wait_for(w.page, f"document.body.dataset.version === '{view['version']}'")
    w.settled()
    return view


def read_all(page, selector: str, fn: str):
    """`fn` (JavaScript, of an array of elements) over the elements `selector` finds, found
    and read in one evaluation of the page: Playwright's eval_on_selector_all finds them in
    one step and reads them in another, between which an AI seat's move can redraw the
    board, leaving detached elements with no computed style."""
    return page.evaluate(f"(sel) => ({fn})([...document.querySelectorAll(sel)])", selector)


def connect(base: str, method: str, body: dict) -> dict:
    req = urllib.request.Request(f"{base}/moneycards.v1.TableService/{method}",
                                 data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def opened_link(base: str, link: str) -> dict:
    """A friend's seat as its link's page opens it (RenewSeatToken: the link's own token
    opens nothing else): the table id and the seat's new token, for `connect`."""
    table_id = urllib.parse.unquote(re.search(r"table=([^&]+)", link).group(1))
    token = urllib.parse.unquote(re.search(r"token=([^&]+)", link).group(1))
    fresh = connect(base, "RenewSeatToken", {"tableId": table_id, "seatToken": token})
    return {"tableId": table_id, "seatToken": fresh["seatToken"]["token"]}


def hand_shown(w: Watched) -> list[str]:
    return sorted(read_all(w.page, ".me .hand [data-card]",
                                              "els => els.map(e => e.dataset.card)"))


def page_width(page) -> int:
    """How wide the page's content is drawn: more than the viewport scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth")


def cards_of(text: str) -> list[str]:
    return sorted(d + s for ranks, s in re.findall(r"([0-9]+)([csmth])", text) for d in ranks)


def turn_offers(turn: str, legal: list[str]) -> None:
    """The turn line names only the choices the seat has."""
    verbs = {a.split()[0] for a in legal}
    for words, verb in (("capture or pass", "capture"), ("draw or take", "take"),
                        ("lead or claim", "claim"), ("(or Thiên ù)", "win"),
                        ("declare or stay", "stay"), ("beat it", "follow"),
                        ("claim a Chíu", "chiu")):
        if words in turn:
            assert verb in verbs, (turn, legal)
    if "pass (no capture" in turn or "face down (nothing" in turn:
        assert verbs <= {"pass", "down"}, (turn, legal)


# -- a whole deal of each game ------------------------------------------------------------------
def play_by_hints(w: Watched, shot=None) -> list[str]:
    """Click Hint, then the hint's top action, until the deal (or match) is over and every
    finished deal's end was read: the actions taken."""
    page, taken = w.page, []
    while True:
        w.settled()
        between = page.query_selector(".between button.next-deal")
        if w.debug("over") and not between:
            return taken
        if between:  # a match's deal ended: its end is held up until read, each in turn
            wait_for(page, "document.querySelector('.between .result-text') !== null")
            ended = int(page.get_attribute(".between", "aria-label").rsplit(" ", 1)[1])
            w.ended.append(page.text_content(".between"))
            # the next deal's turn waits until this end is read, marked as the person's to
            # do whoever the next deal asks first
            assert " is over: its end is below" in page.text_content(".status .turn")
            assert page.query_selector(".status .turn.mine") is not None
            # a next deal that asks this seat first says so, here and in the tab's title
            # (the other seats wait on it); one that asks another seat first does not, nor
            # does one over already (read next)
            current = int(page.eval_on_selector(".match", "e => e.dataset.deal"))
            waits = bool(w.debug("legal")) and ended + 1 == current and not w.debug("over")
            assert page.text_content(".status .turn").endswith(", which waits for you") == waits
            assert page.title().startswith("Your turn" if waits else "Deal over")
            # the header speaks of the deal that ended, and nothing yet of the next one
            # (its caller or its stock, like its board, wait until the person goes on)
            assert re.match(rf"Deal {ended}( of \d+)? is over · ",
                            page.text_content(".status .match"))
            facts = page.text_content(".status .facts")
            assert not re.search(r"stock|dealer|master|caller", facts), facts
            # the next deal, already dealt, is not drawn under it (its new hands and badges
            # contradicted the end's account)
            assert page.query_selector(".board .felt") is None
            assert page.query_selector(".board .me") is None
            # ... and so does its log: the later deals' moves show once the person goes on
            hidden = """(d) => [...document.querySelectorAll('.log-lines > li')]
                .filter(li => Number(li.dataset.deal) === d).map(li => li.hidden)"""
            held = page.evaluate(hidden, ended + 1)
            assert held and all(held), held
            shown = page.evaluate(hidden, ended)
            assert shown and not any(shown), shown  # the finished deal's moves stay
            if os.environ.get("MONEYCARDS_SCREENSHOTS"):
                page.screenshot(path=str(shots_dir(None) / "match-between-deals.png"),
                                full_page=True)
            page.click(".between button.next-deal")
            wait_for(page, f"document.querySelector('.between[aria-label=\"The end of deal "
                           f"{ended}\"]') === null")
            assert not any(page.evaluate(hidden, ended + 1))
            continue
        version = w.debug("version")
        turn_offers(page.text_content(".status .turn") or "", w.debug("legal"))
        page.click("button.hint-button")
        page.wait_for_selector(".ranked li")
        top = page.get_attribute(".ranked li >> nth=0", "data-action")
        assert top in w.debug("legal")
        # Each line names its action once, on its button (the terminal's hint does the same).
        why = page.text_content(".ranked li >> nth=0 >> .why") or ""
        assert why and not why.startswith(f"{top}: "), why
        if shot is not None and len(taken) == 2:
            shot()
        page.click(".ranked li >> nth=0 >> button")
        taken.append(top)
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 f"document.body.dataset.busy === '0'")
        assert len(taken) < 200, "the deal did not end"


@pytest.mark.parametrize("game,seed", [("totom", 17), ("kowah", 5), ("lukfu", 8)])
def test_a_whole_deal_played_by_clicking_hints(served, context, tmp_path, game, seed):
    w = Watched(context)
    seats = ["you", *LEVELS[:SEATS[game] - 1]]
    deal_in_lobby(w, served, game, seats, seed)
    shots = shots_dir(tmp_path)

    def shot():
        for width, height in SIZES:
            w.page.set_viewport_size({"width": width, "height": height})
            w.page.wait_for_timeout(100)
            w.page.screenshot(path=str(shots / f"{game}-{width}x{height}.png"))
            clipped = w.page.evaluate(  # a card's word ("Chi chi") fits its card
                "() => Array.from(document.querySelectorAll('.card .word'))"
                ".filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)"
                ".map((e) => e.textContent)")
            assert clipped == [], (width, clipped)
            assert page_width(w.page) <= width
        w.page.set_viewport_size({"width": 1280, "height": 800})

    taken = play_by_hints(w, shot)
    assert (shots / f"{game}-390x844.png").exists() or len(taken) <= 2
    # every log number sits inside the log's box: from the hundredth entry on the list's
    # margin widens, else "100." spills past the box's left edge
    entries = w.page.eval_on_selector(".log-lines", "(ol) => [ol.children.length, "
                                      "ol.classList.contains('long')]")
    assert entries[1] == (entries[0] >= 100), entries
    if os.environ.get("MONEYCARDS_SCREENSHOTS"):
        w.page.screenshot(path=str(shots / f"{game}-end.png"), full_page=True)
    result = w.page.text_content(".result .result-text")

    # the same seeded deal, the same seats and actions, in process
    table = Table.create(game, [Seat("human")] + [Seat("ai", lv) for lv in seats[1:]], seed=seed)
    for action in taken:
        table.act(0, action)
    assert table.is_over
    assert result == table.result_line()
    # the end explained, the log in words
    explained = w.page.text_content(".result .explain")
    assert explained and ("won" in explained or "claimed" in explained or "drawn" in explained
                          or "no one plays" in explained)
    # a won deal shows the winner's cards, as `replay` ends (a finished deal is public)
    shown = w.page.query_selector(".result pre.shown")
    if table.state.result.winner is not None:
        from moneycards.solver.screen import explain

        lines = [x for x in explain(table.state, table.names())
                 if not (table.state.result.net and x.startswith("Settlement"))]
        assert shown is not None
        # on screen a line each; to a screen reader each but the last ends as a sentence
        seen = shown.evaluate("(e) => { const c = e.cloneNode(true); c.querySelectorAll("
                              "'.sr-only').forEach((x) => x.remove()); return c.textContent; }")
        assert seen == "\n".join(lines)
        heard = re.sub(r"\s+", " ", shown.text_content())
        assert heard == re.sub(r"\s+", " ", " ".join(x.strip() + (
            "" if k == len(lines) - 1 or re.search(r"[.!?:]\s*$", x) else ".")
            for k, x in enumerate(lines))), heard
        # fonts that have ắ and ấ whole: not DejaVu Sans Mono, nor the generic monospace
        # that is it on many Linux desktops (its marks land beside the letters)
        font = shown.evaluate("(e) => getComputedStyle(e).fontFamily")
        assert "DejaVu" not in font and "monospace" not in font.split(", "), font
        # a Tổ Tôm winner's twenty are drawn as cards too, the same as its Hand line
        drawn = read_all(w.page, ".result .winning-hand [data-card]",
                                            "cs => cs.map(c => c.dataset.card)")
        hand = next((x.split("Hand: ", 1)[1] for x in lines if "Hand: " in x), None)
        if game == "totom":
            assert hand and sorted(drawn) == cards_of(hand), (drawn, hand)
            # in its ten pairs, each under its kind, as the lines list them (TT-W1, TT-W4)
            pairs = read_all(w.page,
                ".result .winning-hand .pair", "ps => ps.map(p => [p.querySelector("
                "'.pair-kind').textContent, [...p.querySelectorAll('[data-card]')].map("
                "c => c.dataset.card).join(' ')])")
            listed_pairs = [(m.group(1), " ".join(cards_of(m.group(2)))) for m in (
                re.match(r"\s+(Chắn|Cạ)\s+(\S+(?: \S+)?)\s{2,}", x) for x in lines) if m]
            assert [(k, " ".join(sorted(c.split()))) for k, c in pairs] == listed_pairs
            assert len(pairs) == 10
        elif game == "kowah":  # its eight cards and the card won on, as the line reads them
            held, on = re.search(r"cards: ([0-9a-z ]+) \+ ([0-9a-z]+) \(", lines[0]).groups()
            assert sorted(drawn) == sorted(cards_of(held) + cards_of(on)), (drawn, lines[0])
            # in its three triplets, as the next line lists them, then the card won on
            groups = read_all(w.page,
                ".result .winning-hand .pair", "ps => ps.map(p => [p.querySelector("
                "'.pair-kind').textContent, [...p.querySelectorAll('[data-card]')].map("
                "c => c.dataset.card)])")
            listed = re.match(r"\s+(.+): three triplets", lines[1]).group(1)
            assert [k for k, _ in groups] == ["triplet"] * 3
            assert [sorted(c) for _, c in groups] == [
                sorted(cards_of(t)) for t in re.split(r", | and ", listed)]
            assert read_all(w.page, ".result .won-card", "cs => cs.map(c => "
                                               "c.dataset.card)") == cards_of(on)
            assert w.page.text_content(".result .won-on .plus-card") == f"won on {on}"
        else:
            assert drawn == []
    else:
        assert shown is None
    assert not w.page.query_selector(".board section.actions")  # no empty box at the end
    # the hand's cards are cards now, not buttons: nothing is left to pick after the deal
    # (a Luk Fu hand's note on its old cards keeps its rule links)
    assert w.page.query_selector_all(".me .hand button.card") == []
    if game != "lukfu":  # a Luk Fu hand may have been played out
        assert w.page.query_selector_all(".me .hand [data-card][role=img]")
    offer = w.page.query_selector(".center .offer-box")  # a card won on stays, offered to no one
    assert offer is None or "offered to" not in offer.text_content(), offer.text_content()
    # On a phone the end, with the winner's cards in a fixed-width box, never makes the page
    # wider than the screen (that box scrolls sideways on its own).
    w.page.set_viewport_size({"width": 390, "height": 844})
    w.page.wait_for_timeout(100)
    assert page_width(w.page) <= 390, "the page scrolls sideways at the deal's end"
    if shown is not None:  # and the winner's cards wrap there, nothing hidden to the right
        assert shown.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), shown.text_content()
    log = w.page.text_content(".log-lines")
    assert all(a in log for a in taken[:3])
    assert w.errors == []


# -- two people at one table ----------------------------------------------------------------
def test_the_header_names_rules_that_are_not_the_defaults_to_every_seat(served, browser):
    """A traditional Tổ Tôm table says so in its header; a Kowah table with optional
    declaration says so to the friend who joined by the link too; a table of the default
    rules says nothing of them."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        deal_in_lobby(a, served, "totom", ["you", "greedy", "greedy", "greedy"], 17,
                      "traditional")
        a.settled()
        assert "Tổ Tôm · rules: traditional · " in a.page.text_content(".facts")
        # the preset's name opens where it differs from the page (its Tôm, Địa ù …)
        a.page.click(".facts .rules-fact button.rule[data-rule='traditional']")
        wait_for(a.page, "document.querySelector('#rule-title')?.textContent === "
                 "'traditional · Tổ Tôm · The traditional preset (Chắn Vạn Văn table)'")
        assert "Địa ù" in a.page.text_content("dialog#rule-dialog p")
        a.page.keyboard.press("Escape")
        # the table's book says first that the table plays it, the entry a link
        a.page.click("button.rules-link")
        a.page.wait_for_selector("dialog#rule-dialog[open] .book-list")
        assert a.page.text_content("dialog#rule-dialog .book-preset") == \
            "This table plays the traditional preset: the rules below that it changes say " \
            "so, and its entry says how."
        assert a.page.query_selector(".book-rule[data-rule='traditional']") is not None
        # each rule it changes says so (TT-W5 read as holding at a table where it is off)
        from moneycards.solver.totom.rules import PRESET_CHANGES

        marked = read_all(a.page,
            ".book-rule:has(.preset-differs)", "(es) => es.map((e) => e.dataset.rule)")
        assert sorted(marked) == sorted(PRESET_CHANGES["traditional"])
        assert a.page.text_content(".book-rule[data-rule='TT-W5'] .preset-differs") == \
            "Differs at this table: see the traditional preset"
        a.page.click("dialog#rule-dialog .book-preset button.rule")
        wait_for(a.page, "document.querySelector('#rule-title')?.textContent"
                 ".startsWith('traditional')")
        a.page.keyboard.press("Escape")
        deal_in_lobby(a, served, "totom", ["you", "greedy", "greedy", "greedy"], 17, "seed")
        a.settled()
        assert "rules" not in a.page.text_content(".facts")
        a.page.click("button.rules-link")  # the page's own rules: no preset said first
        a.page.wait_for_selector("dialog#rule-dialog[open] .book-list")
        assert a.page.query_selector("dialog#rule-dialog .book-preset") is None
        assert a.page.query_selector("dialog#rule-dialog .preset-differs") is None
        a.page.keyboard.press("Escape")

        a.page.goto(served + "/")
        a.page.check("input[name=game][value=kowah]")
        for s, who in enumerate(["you", "friend", "random"]):
            a.page.select_option(f"#seat{s}", who)
        a.page.check("#optional-declaration")
        a.page.click("#deal")
        link = a.page.get_attribute(".invite-link[data-seat='1']", "value")
        a.page.click("#to-my-seat")
        a.settled()
        b = Watched(b_ctx)
        b.page.goto(link)
        b.settled()
        for w in (a, b):
            # in the lobby's words, not the record's switch name ("optional_declaration on")
            assert ("Kowah · rules: optional declaration: a ready seat may stay undeclared "
                    "(R-declare) · ") in w.page.text_content(".facts")
            # the brackets inside the rule's span, which never wraps (a "(" left at a
            # phone's line end); the record's name in the title, said as such
            assert w.page.text_content(".facts .switch-said .rule-ref") == "(R-declare)"
            assert w.page.get_attribute(".facts .switch-said", "title") == (
                "the switch optional_declaration, on (as records and the API name it)")
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_choosing_you_at_a_second_seat_hands_the_first_to_an_ai(served, context):
    """One seat is the person's: choosing You at another seat gives the one chosen before
    the other seats' default, an AI, never a friend's seat (a table that would wait on a
    link nobody meant to send); a name typed for the person comes along, unless one was
    typed at the new seat already."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=kowah]")
    w.page.select_option("#seat0", "you")
    w.page.fill("input[name=name0]", "Lan")
    w.page.select_option("#seat1", "you")
    assert [w.page.input_value(f"#seat{s}") for s in range(3)][:2] == ["strong", "you"]
    # the name typed for the person comes along; the AI's box is empty again
    assert [w.page.input_value(f"input[name=name{s}]") for s in range(2)] == ["", "Lan"]
    w.page.fill("input[name=name0]", "Hoa")
    w.page.select_option("#seat0", "you")  # back: a name typed at the new seat stays there
    assert [w.page.input_value(f"input[name=name{s}]") for s in range(2)] == ["Hoa", ""]
    # a select's arrow keys pass through You on the way to another choice: you go back to
    # where you were, with your name, and the seat keeps the choice it was going to
    w.page.select_option("#seat1", "friend")
    w.page.select_option("#seat1", "you")
    assert w.page.text_content(".seat-said") == "You sit at Seat 1; Seat 0 is now AI: strong."
    w.page.select_option("#seat1", "random")
    assert [w.page.input_value(f"#seat{s}") for s in range(2)] == ["you", "random"]
    assert [w.page.input_value(f"input[name=name{s}]") for s in range(2)] == ["Hoa", ""]
    assert w.page.text_content(".seat-said") == \
        "You sit at Seat 0 again; Seat 1 is AI: random."
    page_keys = w.page.locator("#seat1")
    page_keys.focus()
    for _ in range(3):
        w.page.keyboard.press("ArrowUp")  # random, friend, you
    w.page.keyboard.press("ArrowDown")
    assert [w.page.input_value(f"#seat{s}") for s in range(2)] == ["you", "friend"]
    assert w.page.input_value("input[name=name0]") == "Hoa"
    assert w.errors == []


def test_a_blank_name_field_shows_the_name_the_table_will_give(served, context):
    """A seat left unnamed is "Player N" (a person's or a friend's) or "AI N" at the table
    (solver/tables.py): each name field says so while it is blank, and follows the seat's
    choice."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=kowah]")
    shown = lambda: [w.page.get_attribute(f"input[name=name{s}]", "placeholder")  # noqa: E731
                     for s in range(3)]
    assert shown() == ["name (blank: Player 0)", "name (blank: AI 1)", "name (blank: AI 2)"]
    w.page.select_option("#seat2", "friend")
    w.page.select_option("#seat1", "you")  # seat 0 goes to an AI
    assert shown() == ["name (blank: AI 0)", "name (blank: Player 1)", "name (blank: Player 2)"]
    w.page.check("input[name=game][value=totom]")  # four seats, drawn again
    assert w.page.get_attribute("input[name=name3]", "placeholder") == "name (blank: AI 3)"
    assert w.errors == []


def test_the_lobby_sets_every_game_s_ruling_switches(served, context):
    """Each game's rulings that a switch decides are boxes in the lobby, ticked as their
    defaults; a box set otherwise reaches the table (its header names the switch), and the
    next lobby of that game starts from it."""
    w = Watched(context)
    expected = {"totom": {"switch-mustTakeWin": False, "switch-dealerRotates": False,
                          "switch-mustChiu": False, "switch-noDiscardOfCapturedFace": False},
                "kowah": {"optional-declaration": False, "switch-firstSeatRotates": False},
                "lukfu": {"switch-aceSetsBeatenOnlyByNines": True,
                          "switch-strictNonCallerLeads": False, "switch-masterRotates": False}}
    w.page.goto(served + "/")
    for game, boxes in expected.items():
        w.page.check(f"input[name=game][value={game}]")
        assert {b: w.page.is_checked(f"#{b}") for b in boxes} == boxes, game
        rulings = read_all(w.page, ".rules button.rule",
                                              "els => els.map(e => e.dataset.rule)")
        assert "R-match" in rulings, (game, rulings)
    w.page.uncheck("#switch-aceSetsBeatenOnlyByNines")
    w.page.check("#switch-masterRotates")
    w.page.fill("#deals", "2")
    # seeded: about one random Luk Fu deal in a hundred is over at once (an AI master
    # claims before the first lead, LF-W2), and between deals the header names no rules yet
    w.page.fill("#seed", "5")
    w.page.click("#deal")
    w.settled()
    assert ("Luk Fu · rules: a led set of 1s falls to any higher set of its size (R-ace-sets); "
            "in a match the next seat is the next master, not the winner (R-match) · "
            in w.page.text_content(".facts"))
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], None)
    w.settled()
    assert "rules" not in w.page.text_content(".facts")  # every box as its default
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=totom]")
    # the traditional errors the page does not have link the preset's paragraph, which
    # names them, as does the preset's choice
    slots = read_all(w.page,
        ".rules .ruling-slot", "els => els.map(e => e.textContent)")
    assert slots.count("(traditional)") == 2
    assert "(traditional: where it differs from the page)" in slots
    # the third traditional error refuses nothing TT-C2 and TT-C5 do not: no box
    assert w.page.query_selector("#switch-noSameRankDiscardAfterCa") is None
    w.page.check("#switch-mustTakeWin")
    w.page.check("#switch-mustChiu")
    w.page.click("#deal")
    w.settled()
    assert ("Tổ Tôm · rules: a seat must take a win offered to it (R-decline-win); a seat "
            "holding three identical cards must Chíu a public fourth (traditional) · "
            in w.page.text_content(".facts"))
    again = Watched(context).page
    again.goto(served + "/")
    again.wait_for_selector("#deal")
    assert again.is_checked("#switch-mustTakeWin")
    again.check("input[name=game][value=lukfu]")
    assert not again.is_checked("#switch-aceSetsBeatenOnlyByNines")
    assert again.is_checked("#switch-masterRotates")
    close_remembered_tables(again)
    assert w.errors == []


def close_remembered_tables(page) -> None:
    """Close every table the page's browser remembers, from the lobby's Your tables (tests
    that leave tables open use up the tables one address may keep open)."""
    page.goto(page.url.split("#")[0])
    page.wait_for_selector("#deal")
    while page.query_selector(".resume button.close"):
        page.evaluate("document.querySelectorAll('.resume details').forEach((d) => d.open = true)")
        count = len(page.query_selector_all(".resume li"))
        page.click(".resume button.close >> nth=0")
        page.click(".resume button.close-yes")  # asked first, as at the table
        wait_for(page, "(n) => document.querySelectorAll('.resume li').length < n", count)


def test_your_tables_says_which_tables_are_finished(served, context):
    """A table seen finished (here a Luk Fu redeal, LF-C4: seed 2's greedy seats pass after
    this seat) is marked "finished" under Your tables, with only "forget": it needs no
    closing, as only unfinished tables count against those an address may keep open. An
    unfinished one keeps "close"."""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 2)
    w.settled()
    finished = w.debug("table")
    version = w.debug("version")
    w.page.click("section.actions button.act[data-action='call pass']")
    wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    w.settled()
    assert w.debug("over")
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 3)
    w.settled()
    going = w.debug("table")
    w.page.goto(served + "/")
    w.page.wait_for_selector(".resume li")
    done = w.page.locator(f".resume li:has-text('table {finished}')")
    assert done.locator(".finished").text_content() == "finished"
    assert done.locator("button.close").count() == 0 and done.locator("button.forget").count()
    open_one = w.page.locator(f".resume li:has-text('table {going}')")
    assert open_one.locator(".finished").count() == 0 and open_one.locator("button.close").count()
    close_remembered_tables(w.page)
    assert w.errors == []


def test_your_tables_say_where_each_table_waits(served, context):
    """Under Your tables an unfinished table says where it stands for its seat: the
    match's deal and whose turn ("deal 1 of 3, your turn"; "Ann to act" where a friend's
    seat is to act), so a person with several tables sees which waits on them."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 5, deals=3)
    w.settled()
    assert w.debug("legal")  # the AI seats have played: this seat's turn
    mine = w.debug("table")
    # a random seat starts (KW-T1): at seed 3 the second, the friend's, named
    deal_in_lobby(w, served, "kowah", ["you", "friend", "greedy"], 3, names={1: "Ann"})
    w.page.click("#to-my-seat")
    w.settled()
    theirs = w.debug("table")
    # the same deal from the second seat, a friend in the first: it waits on this seat
    deal_in_lobby(w, served, "kowah", ["friend", "you", "greedy"], 3, names={0: "Bo"})
    w.page.click("#to-my-seat")
    w.settled()
    waiting = w.debug("table")
    w.page.goto(served + "/")
    w.page.wait_for_selector(".resume li .standing:not(:empty)")
    wait_for(w.page, "() => [...document.querySelectorAll('.resume li .standing')]"
                     ".every((s) => s.textContent)")
    entry = w.page.locator(f".resume li:has-text('table {mine}')")
    assert entry.locator(".standing").text_content() == "· deal 1 of 3, your turn · "
    assert "yours" in entry.locator(".standing").get_attribute("class")
    entry = w.page.locator(f".resume li:has-text('table {theirs}')")
    # Ann's seat was dealt as a link, which she has not opened
    assert entry.locator(".standing").text_content() == \
        "· Ann to act; link not opened yet: Ann · "
    assert "yours" not in entry.locator(".standing").get_attribute("class")
    entry = w.page.locator(f".resume li:has-text('table {waiting}')")
    assert entry.locator(".standing").text_content() == \
        "· your turn; link not opened yet: Bo · "
    assert "yours" in entry.locator(".standing").get_attribute("class")
    close_remembered_tables(w.page)
    assert w.errors == []


def test_your_tables_asks_how_each_table_stands_now(served, context):
    """Tables that changed while this browser was away: one played to its end elsewhere (a
    Luk Fu redeal, LF-C4, by the seat's own token), one closed, one whose seat moved to
    another link (RenewSeatToken). The lobby asks the server and marks each ("finished",
    "closed", "moved to another link") with only "forget"; a table that stands as it was
    keeps "close"."""
    w = Watched(context)
    made = {}
    for name, game, seed in (("ends", "lukfu", 2), ("closed", "kowah", 3),
                             ("moved", "kowah", 4), ("open", "kowah", 5)):
        deal_in_lobby(w, served, game, ["you", "greedy", "greedy"], seed)
        w.settled()
        made[name] = w.debug("table")
    w.page.goto(served + "/")
    w.page.wait_for_selector(".resume li")
    kept = {s["tableId"]: s["token"] for s in w.page.evaluate(
        "JSON.parse(localStorage.getItem('moneycards.seats'))")}
    connect(served, "Act", {"tableId": made["ends"], "seatToken": kept[made["ends"]],
                            "action": "call pass"})
    connect(served, "CloseTable", {"tableId": made["closed"],
                                   "seatToken": kept[made["closed"]]})
    connect(served, "RenewSeatToken", {"tableId": made["moved"],
                                       "seatToken": kept[made["moved"]]})
    w.page.reload()
    w.page.wait_for_selector(".resume li")
    for name, said in (("ends", "finished"), ("closed", "closed"),
                       ("moved", "moved to another link")):
        entry = w.page.locator(f".resume li:has-text('table {made[name]}')")
        entry.locator(".finished").wait_for()
        assert entry.locator(".finished").text_content() == said, name
        assert entry.locator("button.close").count() == 0 and entry.locator(
            "button.forget").count(), name
    still = w.page.locator(f".resume li:has-text('table {made['open']}')")
    assert still.locator(".finished").count() == 0 and still.locator("button.close").count()
    # the finished mark is kept: the next lobby shows it before any answer
    assert [s.get("over") for s in w.page.evaluate(
        "JSON.parse(localStorage.getItem('moneycards.seats'))")
        if s["tableId"] == made["ends"]] == [True]
    close_remembered_tables(w.page)
    # the browser logs the two refused GetViews (and their repeats on reload), nothing else
    assert w.errors and set(w.errors) <= {
        "Failed to load resource: the server responded with a status of 404 (Not Found)",
        "Failed to load resource: the server responded with a status of 403 (Forbidden)"}, \
        w.errors


def test_a_seat_closes_its_table_for_every_seat_after_asking(browser, tmp_path):
    """\"close table\" asks first ("no" keeps the table), then closes it: this seat is back
    in the lobby, which says so and no longer lists it; the friend's page, which offers no
    "close table" (nor does its lobby), says the table is closed; the server answers
    NOT_FOUND for it. A table in the lobby's Your tables closes from there too. When the
    address has as many open tables as it may keep, the lobby's refusal says how to close
    one (a server allowing 2: `serve --max-open-tables`)."""
    proc, served, _, _ = start_serve(str(tmp_path / "tables.db"), open_tables=2)
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        a.page.goto(served + "/")
        a.page.check("input[name=game][value=kowah]")
        for s, who in enumerate(["you", "friend", "greedy"]):
            a.page.select_option(f"#seat{s}", who)
        a.page.click("#deal")
        link = a.page.get_attribute(".invite-link[data-seat='1']", "value")
        # the Deal button gone, the focus is on what was dealt, not on the page's body
        assert a.page.evaluate("document.activeElement.matches('.invite h2')")
        a.page.click("#to-my-seat")
        a.settled()
        table_id = re.search(r"table (\w+)", a.page.text_content(".status .meta")).group(1)
        b = Watched(b_ctx)
        b.page.goto(link)
        b.settled()
        # the friend, at a seat opened from a link, leaves by "lobby": it cannot end the
        # table under whoever dealt it, at the table or from its lobby's Your tables
        assert b.page.query_selector(".status button.close-table") is None
        b.page.click(".status button.link >> text=lobby")
        b.page.wait_for_selector(f".resume li >> text={table_id}")
        friend_entry = f".resume li:has-text('{table_id}')"
        assert b.page.query_selector(f"{friend_entry} button.close") is None
        assert b.page.query_selector(f"{friend_entry} button.forget") is not None
        b.page.click(f"{friend_entry} > button >> nth=0")  # back to its seat
        b.settled()
        # "move this seat" asks first, its safe answer focused, as the close's is
        a.page.click(".status button.move-seat")
        assert a.page.evaluate("document.activeElement.matches('.status button.move-no')")
        a.page.keyboard.press("Enter")
        assert a.page.evaluate("document.activeElement.matches('.status button.move-seat')")
        a.page.click(".status button.close-table")
        assert "close it for good, for every seat?" in a.page.text_content(".status .close-ask")
        a.page.click(".status button.close-no")
        assert a.page.query_selector(".status .close-ask") is None
        a.page.click(".status button.close-table")
        a.page.click(".status button.close-yes")
        a.page.wait_for_selector("#deal")
        assert f"Table {table_id} is closed." in a.page.text_content(".notice")
        assert table_id not in a.page.text_content(".lobby-wrap").replace(
            f"Table {table_id} is closed.", "")  # Your tables no longer list it
        wait_for(b.page, "document.body.innerText.includes("
                         "'This table was closed by whoever dealt it.')")
        # nothing left to be read of a turn at a table gone
        assert b.page.text_content(".table > .sr-only[aria-live]") == ""
        b.page.click("button >> text=Back to the lobby")
        b.page.wait_for_selector("#deal")
        assert table_id not in b.page.text_content(".lobby-wrap")  # forgotten there too
        with pytest.raises(urllib.error.HTTPError) as gone:
            connect(served, "GetView", {"tableId": table_id, "seatToken": "x" * 22})
        assert gone.value.code == 404
        # from the lobby's list: a table dealt, then left for the lobby (seed 5: not over at
        # once, as a deal whose AI master claims before the first lead is, LF-W2, and a
        # finished table is offered no "close")
        deal_in_lobby(a, served, "lukfu", ["you", "greedy", "greedy"], 5)
        a.settled()
        other = re.search(r"table (\w+)", a.page.text_content(".status .meta")).group(1)
        a.page.click(".status button.link >> text=lobby")
        a.page.wait_for_selector(f".resume li >> text={other}")
        entry = f".resume li:has-text('{other}')"
        a.page.click(f"{entry} button.close")
        # asked first, as at the table: "no" keeps it, "yes" closes it for every seat
        assert "close it for good, for every seat?" in a.page.text_content(f"{entry} .close-ask")
        a.page.click(f"{entry} button.close-no")
        assert a.page.query_selector(f"{entry} .close-ask") is None
        # focus back on the close asked from, not on the page's body
        assert a.page.evaluate("document.activeElement.matches('.resume button.close')")
        a.page.click(f"{entry} button.close")
        a.page.click(f"{entry} button.close-yes")
        wait_for(a.page, "(t) => !document.body.innerText.includes(t)", other)
        # the entry gone, the focus is on a heading (Your tables', or the form's)
        wait_for(a.page, "document.activeElement.matches('.resume h2, form h2')",
                 timeout=10_000)
        # the address's open tables used up: the refusal says what to do
        made = []
        ai = {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_RANDOM"}
        seats = [{"kind": "SEAT_KIND_HUMAN"}, ai, ai]
        try:
            while len(made) < 5:
                try:
                    r = connect(served, "CreateTable", {"game": "GAME_KOWAH", "seats": seats})
                except urllib.error.HTTPError as err:
                    assert err.code == 429
                    break
                made.append((r["tableId"], r["seatTokens"][0]["token"]))
            deal_in_lobby(a, served, "kowah", ["you", "greedy", "greedy"], None)
            a.page.wait_for_selector(".lobby .refusal:not([hidden])")
            said = a.page.text_content(".lobby .refusal")
            assert said.startswith("Refused: 2 open tables were created from this address "
                                   "already. Finish one, or close one you no longer play: "), said
            assert "(CloseTable)" not in said
        finally:
            for table_id, token in made:
                connect(served, "CloseTable", {"tableId": table_id, "seatToken": token})
        refused = "the server responded with a status of 429 (Too Many Requests)"
        assert [e for e in a.errors if refused not in e] == [] and b.errors == []
        assert len(made) == 2  # the limit the server was given
    finally:
        a_ctx.close()
        b_ctx.close()
        stop_serve(proc)


def link_says(w: Watched, link: str, selector: str) -> str:
    """A seat's link opened in `w`: the text of what it shows (`selector`), once the token
    has left the address bar."""
    w.page.goto(link)
    w.page.wait_for_selector(selector)
    assert "token" not in w.page.url
    return w.page.text_content(selector)


def test_a_friend_who_has_not_opened_their_link_is_said_so_at_every_seat(served, browser):
    """A seat dealt to a friend as a link is invited (TableSeat.invited): until the friend
    opens it, every seat's table says so beside that seat and in whose turn it is ("Ann to
    act (their link not opened yet)"), where before a friend not yet arrived could not be
    told from the dealer's own seat; once opened, the words go, at every page, at once."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        # a random seat starts (KW-T1): at seed 3 the second, Ann's
        deal_in_lobby(a, served, "kowah", ["you", "friend", "friend"], 3,
                      names={1: "Ann", 2: "Cy"})
        ann = a.page.get_attribute(".invite-link[data-seat='1']", "value")
        a.page.click("#to-my-seat")
        a.settled()
        away = " (their link not opened yet)"
        assert a.page.text_content(".status .turn") == "Ann to act" + away
        assert a.page.text_content("section.seat[data-seat='1'] .badge.away") == \
            "link not opened yet"
        b = Watched(b_ctx)
        b.page.goto(ann)
        b.settled()
        assert b.debug("seat") == 1 and b.debug("legal")
        # Cy has not come: said at Ann's page too; Ann has: said nowhere
        assert b.page.text_content("section.seat[data-seat='2'] .badge.away") == \
            "link not opened yet"
        assert b.page.query_selector("section.seat[data-seat='0'] .badge.away") is None
        # told by the dealer's Watch stream (WatchResponse.arrival), not by its 15 s read,
        # and said to a screen reader
        wait_for(a.page, "() => document.querySelector('.status .turn').textContent"
                         " === 'Ann to act'", timeout=10_000)
        assert a.page.query_selector("section.seat[data-seat='1'] .badge.away") is None
        assert a.page.text_content(".table > .sr-only[aria-live]") == \
            "Ann opened their link: they are at the table."
        assert a.page.text_content("section.seat[data-seat='2'] .badge.away") == \
            "link not opened yet"
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_two_people_at_one_table_see_their_own_cards_and_each_others_moves(served, browser):
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        deal_in_lobby(a, served, "kowah", ["you", "friend", "random"], 21)
        link = a.page.get_attribute(".invite-link[data-seat='1']", "value")
        # the invite names the seat as the table will (no name typed: "Player 1")
        assert a.page.text_content(".invites li span") == "Seat 1: Player 1"
        assert link.startswith(served + "/#table=") and "&token=" in link
        friend_token = re.search(r"token=([^&]+)", link).group(1)
        a.page.click("#to-my-seat")
        a.settled()
        a_token = a.page.evaluate("JSON.parse(sessionStorage.getItem('moneycards.seat')).token")
        table_id = a.debug("table")

        b = Watched(b_ctx, 390, 844)
        b.page.goto(link)
        b.settled()
        assert b.debug("table") == table_id and b.debug("seat") == 1
        # the token leaves the address bar; neither page holds the other's token
        assert "token" not in b.page.url
        assert friend_token not in a.page.content() and a_token not in b.page.content()
        assert a_token not in b.page.evaluate("JSON.stringify(sessionStorage) + "
                                              "JSON.stringify(localStorage)")
        # the friend's page renewed the seat's token (RenewSeatToken): the link the host
        # was handed opens nothing now, and the host cannot look at the friend's cards
        b_token = b.page.evaluate("JSON.parse(sessionStorage.getItem('moneycards.seat')).token")
        assert b_token != friend_token and b_token not in a.page.content()
        with pytest.raises(urllib.error.HTTPError) as refused:
            connect(served, "GetView", {"tableId": table_id, "seatToken": friend_token})
        assert refused.value.code == 403 and "opened already" in refused.value.read().decode()
        # the link opened again in the friend's browser finds the seat it opened (after a
        # reload too, which remembers the seat again); in another browser it is refused,
        # and the lobby says why
        b.page.reload()
        b.settled()
        assert b.debug("seat") == 1
        again = b_ctx.new_page()
        again.goto(link)
        again.wait_for_function("() => window.moneycards.page()?.seat() === 1")
        again.close()
        c_ctx = browser.new_context()
        said = link_says(Watched(c_ctx), link, ".lobby-wrap .notice")
        assert "This seat's link was opened already, in another browser or tab" in said
        assert "someone else has the seat: tell whoever made the table" in said
        c_ctx.close()

        # each hand drawn is that seat's hand, as the server tells that seat alone
        for w, token in ((a, a_token), (b, b_token)):
            view = connect(served, "GetView", {"tableId": table_id, "seatToken": token})["view"]
            assert hand_shown(w) == cards_of(view["kowah"]["hand"])
        assert hand_shown(a) != hand_shown(b)

        # a move at one page appears at the other through Watch, without a reload
        for k in range(3):
            mover, other = (a, b) if a.debug("legal") else (b, a)
            if not mover.debug("legal"):
                break
            action = mover.debug("legal")[0]
            if k == 0:  # the other's refusal (not its turn) stands until the table moves on
                other.debug("act", "draw")
                other.page.wait_for_selector(".refusal")
                # the browser logs the refused call's 400 itself: expected here
                other.errors[:] = [e for e in other.errors if "(Bad Request)" not in e]
            before = other.page.locator(".log-lines > li").count()
            mover.page.click(f"button.act[data-action='{action}']")
            mover.settled()
            who = "Player 0" if mover is a else "Player 1"
            wait_for(
                other.page,
                "([n, line]) => document.querySelectorAll('.log-lines > li').length > n && "
                "document.querySelector('.log-lines').textContent.includes(line)",
                arg=[before, f"{who}: {action}"], timeout=15000)
            other.settled()
            wait_for(other.page, "document.querySelector('.refusal') === null", timeout=15000)
        # the friend's lobby lists the seat by its name at the table; on a phone, above
        # the form for a new table
        b.page.goto(served + "/")
        b.page.wait_for_selector(".resume li")
        assert f"Kowah, table {table_id}, seat 1 as Player 1" in \
            b.page.text_content(".resume li")
        assert box_of(b, ".resume")["y"] < box_of(b, "form.lobby")["y"]
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_three_passes_say_once_what_follows_at_this_table(served, context):
    """Luk Fu seed 2: every seat passes (LF-C4). The result line speaks of any table; the
    explanation says what follows at this one, a table of one deal, without saying the
    redeal again."""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "heuristic"], 2)
    w.settled()
    w.page.click("button.act[data-action='call pass']")
    w.page.wait_for_selector(".result .explain")
    explained = w.page.text_content(".result .explain")
    assert ("Every seat passed, so no one plays (LF-C4), and every seat settles 0 "
            "(R-settle-zero); this table plays one deal: deal again from the lobby.") in explained
    assert "dealt again" not in explained
    # nor the result line: what follows is the table's to say (none here, nor after a
    # match's last deal), where it had said "the cards are dealt again"
    assert w.page.text_content(".result .result-text") == (
        "Three passes: the cards are to be dealt again (LF-C4); this deal settles 0 for "
        "everyone (R-settle-zero).")
    assert w.errors == []


def test_a_late_claim_takes_back_what_the_other_person_saw_played(served, browser):
    """Tổ Tôm, two people (seed 0): seat 1 may claim a Chíu while seat 0 is offered a card;
    only seat 1 is asked. Seat 0 plays on; seat 1's Chíu then takes that back, and seat 0's
    log shows it undone (R-claim-privacy, TableEvent.taken_back)."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        deal_in_lobby(a, served, "totom", ["you", "friend", "greedy", "greedy"], 0)
        link = a.page.get_attribute(".invite-link[data-seat='1']", "value")
        a.page.click("#to-my-seat")
        b = Watched(b_ctx)
        b.page.goto(link)

        def click(w: Watched, action: str) -> None:
            w.page.wait_for_selector(f"button.act[data-action='{action}']:not([disabled])")
            w.page.click(f"button.act[data-action='{action}']")
            w.settled()

        click(a, "discard 3c")
        click(b, "capture 3c")
        click(b, "discard 4c")
        b.page.wait_for_selector("button.act[data-action='chiu']")
        offered = b.page.get_attribute(".center .offer-box [data-card]", "data-card")
        assert (f"You may claim it for a Chíu, with your three {offered}, or decline."
                in b.page.text_content(".center"))
        # and why the table it sees may be taken back under the others' moves
        assert ("the others play on as if you declined, and a claim comes first, taking "
                "back what they played meanwhile (R-claim-privacy)"
                in b.page.text_content(".center"))
        # the three the claim joins are held together, not as a Chắn and a single
        three = read_all(b.page,
            ".me .hand .group", "gs => gs.filter(g => g.querySelector('.group-label')"
            ".textContent === 'three for a Chíu').map(g => [...g.querySelectorAll("
            "'[data-card]')].map(c => c.dataset.card))")
        assert len(three) == 1 and len(three[0]) == 3 and len(set(three[0])) == 1, three
        assert three[0][0] in b.page.text_content(".center")  # the offered card's face
        a.page.wait_for_selector("button.act[data-action='pass']")
        assert "claim" not in a.page.text_content(".board").lower()
        click(a, "pass")
        click(b, "chiu")
        a.page.wait_for_selector(".log-lines .taken-back", timeout=15000)
        undone = [t.strip() for t in a.page.locator(".log-lines .taken-back").all_text_contents()]
        assert "taken back: Player 0: pass" in undone
        assert len(undone) == len(set(undone))  # each told once (the server's own lines)
        assert a.page.locator(".log-lines .undone").count() >= 1
        assert "Player 1 claims a Chíu" in a.page.text_content(".log-lines")
        # the claimant never saw seat 0's pass, but is told it and the stock card it turned
        # up, as seat 0 saw it: both know the 6c comes next (nothing struck: not in its log)
        b.page.wait_for_selector(".log-lines .taken-back")
        told = [t.strip() for t in b.page.locator(".log-lines .taken-back").all_text_contents()]
        assert "taken back: Player 0 exposes 6c from the stock" in told
        assert told == undone  # both told the same, the stock card with the pass
        assert "Player 0 exposes 6c from the stock" in a.page.text_content(".log-lines")
        assert b.page.locator(".log-lines .undone").count() == 0
        # and said beside seat 0's moves, where its turn went back with no word (the log
        # is below the hand): until it acts again
        a.page.wait_for_selector(".actions .undone")
        assert a.page.text_content(".actions .undone") == (
            "Player 1's claim came first (R-claim-privacy): your pass was taken back, and "
            "the table is as it was before it.")
        assert b.page.locator(".actions .undone").count() == 0
        b.page.wait_for_selector("button.act[data-action^='discard']:not([disabled])")
        b.page.click("button.act[data-action^='discard']")
        b.settled()
        a.page.wait_for_selector("button.act:not([disabled])")
        a.page.click("button.act:not([disabled])")
        a.settled()
        assert a.page.locator(".actions .undone").count() == 0
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


# -- refusals, the keyboard, a reload -------------------------------------------------------------
def test_a_refused_action_shows_its_rule_and_a_reload_resumes_the_seat(served, context):
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "random"], 5)
    w.settled()
    assert w.debug("legal")[:1] == ["draw"]
    # an action the rules refuse, sent through the page's own client: its rule id shown
    w.debug("act", "discard 9m")
    w.page.wait_for_selector(".refusal .rule")
    assert w.page.text_content(".refusal .rule") == "KW-T2"
    assert "draw or take" in w.page.text_content(".refusal")
    # a stale version: not played, said in plain words, and the page reads the view again
    w.debug("act", "draw", 0)
    wait_for(w.page, "document.querySelector('.refusal.stale') !== null")
    said = w.page.text_content(".refusal.stale")
    assert "moved on before your action reached it" in said and "STALE" not in said
    # the keyboard: 1 is the first action
    w.press_to_play("1")
    w.settled()
    hand, table, version = hand_shown(w), w.debug("table"), w.debug("version")
    log = w.page.locator(".log-lines > li").count()

    w.page.reload()
    w.settled()
    assert (w.debug("table"), w.debug("version"), hand_shown(w)) == (table, version, hand)
    wait_for(w.page, f"document.querySelectorAll('.log-lines > li').length === {log}")
    # every card names itself on hover
    assert re.fullmatch(r"[1-9] (Coins|Strings|Myriads) \([1-9][csm]\)|"
                        r"(Old Thousand|Red Flower|White Flower) \([123]h\)",
                        w.page.get_attribute(".me .hand [data-card] >> nth=0", "title"))
    # Chromium notes each refused call's HTTP status (Connect answers a refusal with 400,
    # a stale version with 409); nothing else may be logged
    refused = [f"the server responded with a status of {n}" for n in
               ("400 (Bad Request)", "409 (Conflict)")]
    assert [e for e in w.errors if not any(r in e for r in refused)] == []
    assert len(w.errors) == 2


def test_an_action_that_gets_no_answer_is_not_called_refused(served, context):
    """The connection lost as an action is sent: the page says no answer came and that the
    table will show whether it counted (it read "Refused  Failed to fetch", the label of a
    rules refusal with the browser's own words); once calls get through, play goes on."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 4)
    w.settled()
    page = w.page
    while not w.debug("legal"):
        w.settled()
    version = w.debug("version")
    page.route("**/moneycards.v1.TableService/Act", lambda route: route.abort())
    page.click("section.actions button.act >> nth=0")
    page.wait_for_selector("section.actions .refusal")
    said = page.text_content("section.actions .refusal")
    assert said.startswith("No answer") and "could not be reached" in said, said
    assert "Refused" not in said and "fetch" not in said
    assert w.debug("version") == version
    page.unroute("**/moneycards.v1.TableService/Act")
    page.click("section.actions button.act >> nth=0")
    wait_for(page, f"document.body.dataset.version !== '{version}'")
    assert page.query_selector("section.actions .refusal") is None
    assert all("ERR_FAILED" in e or "Failed to load resource" in e for e in w.errors), w.errors


def test_the_log_keeps_its_heading_in_view_as_it_scrolls(served, context):
    """The log scrolls in its own box to its newest line; its heading stays at the box's
    top rather than scrolling away with the oldest lines."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    for _ in range(30):
        w.settled()
        if w.debug("over"):
            break
        version = w.debug("version")
        w.debug("act", w.debug("legal")[-1])
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    w.settled()
    box = w.page.evaluate("""() => { const log = document.querySelector('.log');
        log.scrollTop = log.scrollHeight;
        const h = log.querySelector('h2').getBoundingClientRect(), b = log.getBoundingClientRect();
        return {scrolled: log.scrollTop, top: h.top - b.top, bottom: h.bottom - b.top}; }""")
    assert box["scrolled"] > 100, box  # a log long enough to scroll
    assert 0 <= box["top"] and box["bottom"] < 60, box  # the heading at the box's top
    assert w.errors == []


def test_a_passed_turn_leaves_no_stale_turn_for_a_screen_reader(served, context):
    """The page's status region says "your turn: …" when the seat is to act; once the turn
    has passed to a friend, it holds no stale turn (a screen reader reading the page again
    would be told to act). Seed 8: this seat acts first."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "friend", "greedy"], 8)
    w.page.click("#to-my-seat")
    w.settled()
    region = ".table > .sr-only[aria-live]"
    assert w.page.text_content(region).startswith("your turn"), w.page.text_content(region)
    while w.debug("legal"):  # draw, then discard: then the friend's turn
        version = w.debug("version")
        w.page.click("section.actions button.act >> nth=0")
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
        w.settled()
    assert not w.page.text_content(region).startswith("your turn"), w.page.text_content(region)
    assert w.errors == []
    close_remembered_tables(w.page)


def test_an_action_out_of_turn_is_refused_in_words(served, context):
    """Sent while a friend is to act: the refusal says whose turn it is, without the
    program's reason code ("[NOT_YOUR_TURN]"), which is no rule."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "friend", "greedy"], 5)
    w.page.click("#to-my-seat")
    w.settled()
    while w.debug("legal"):  # this seat's turn: draw, then discard, then the friend's
        version = w.debug("version")
        w.page.click("section.actions button.act >> nth=0")
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
        w.settled()
    w.debug("act", "draw")
    w.page.wait_for_selector("section.actions .refusal")
    said = w.page.text_content("section.actions .refusal")
    assert "turn" in said and "NOT_YOUR_TURN" not in said and "[" not in said, said
    close_remembered_tables(w.page)


def test_a_totom_hand_holds_its_threes_together(served, context):
    """Tổ Tôm, seed 1: the person's opening hand holds three 3s. They are one group, "three
    for a Chíu" (the public fourth may be claimed, TT-P2), not a Chắn and a single apart;
    every card of the hand is in exactly one group."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 1)
    w.settled()
    groups = read_all(w.page,
        ".me .hand .group", "gs => gs.map(g => [g.querySelector('.group-label').textContent, "
        "[...g.querySelectorAll('[data-card]')].map(c => c.dataset.card)])")
    threes = [cards for label, cards in groups if label == "three for a Chíu"]
    assert threes == [["3s", "3s", "3s"]], groups
    assert all("3s" not in cards for label, cards in groups if label != "three for a Chíu")
    assert sorted(c for _, cards in groups for c in cards) == hand_shown(w)
    assert w.errors == []


@pytest.mark.parametrize("game,seats", [("totom", ["greedy", "you", "greedy", "greedy"]),
                                        ("kowah", ["greedy", "greedy", "you"])])
def test_the_seats_beside_you_say_who_plays_before_and_after_you(served, context, game,
                                                                  seats):
    """Turns go in seat order (TT-S1, KW-T1): the seat after the person's says "plays after
    you", the one before "plays before you" (in Tổ Tôm, whose discards it is offered,
    TT-T1). On a phone's two columns, Tổ Tôm's seat across sits on top and the two
    beside below it, the one before on the left, as at a table."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, game, seats, 3)
    w.settled()
    me, n = seats.index("you"), len(seats)
    said = {int(s): t for s, t in read_all(w.page,
        ".felt .seat", "ss => ss.map(s => [s.dataset.seat, "
        "s.querySelector('.turn-order')?.textContent ?? ''])")}
    assert said == {**{k: "" for k in range(n) if k != me}, (me + 1) % n: "plays after you",
                    (me - 1) % n: "plays before you"}
    # to a screen reader each part of a seat's header is set apart by a comma
    after = w.page.text_content(f".felt .seat[data-seat='{(me + 1) % n}'] header")
    assert re.match(r"AI \d+AI, greedy, plays after you, ", after), after
    if n == 4:
        across, before, after = (box_of(w, f".felt .seat[data-seat='{(me + k) % n}']")
                                 for k in (2, 3, 1))
        assert across["y"] + across["height"] <= min(before["y"], after["y"]) + 1
        assert before["x"] < after["x"] and abs(before["y"] - after["y"]) < 1
    assert w.errors == []


def test_totom_cards_carry_their_vietnamese_names(served, context):
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17, "traditional")
    w.settled()
    titles = read_all(w.page, ".me .hand [data-card]", "els => els.map(e => e.title)")
    names = {"c": "văn", "s": "sách", "m": "vạn"}
    ranks = dict(zip("23456789", ["Nhị", "Tam", "Tứ", "Ngũ", "Lục", "Thất", "Bát", "Cửu"]))
    for title in titles:
        card = re.search(r"\((\w\w)\)", title).group(1)
        red = ", red" if card in ("8m", "9m", "8s", "9s", "1h") else ""  # TT-D2
        assert title == (f"Chi chi ({card}){red}" if card == "1h"
                         else f"{ranks[card[0]]} {names[card[1]]} ({card}){red}")
    assert w.errors == []


def chan_label(action: str, offer: str, legal: list[str], hand: list[str]) -> str:
    """A Tổ Tôm action as Chắn players call it, from its text, the offer line's words and
    the seat's concealed hand."""
    verb, _, arg = action.partition(" ")
    card = re.search(r"On the table: (\w\w)", offer)
    if verb == "discard":
        return f"Đánh {named(arg)}"
    if verb == "capture":  # the card eaten, and for a Cạ the hand card put with it
        eaten = card.group(1)
        if arg != eaten:
            return f"Ăn cạ {named(eaten)} với {named(arg)}"
        # with one card of a pair the hand keeps: ăn bòn (TT-C2)
        return f"{'Ăn bòn' if hand.count(arg) >= 2 else 'Ăn chắn'} {named(eaten)}"
    if verb == "pass":  # TT-T3: a card turned at one's own doorway goes on; any other, bốc
        return "Dưới" if re.search(r"\(from the stock, at your (doorway|cửa)\)", offer) \
            else "Bốc"
    if verb == "decline":
        return {(True, True): "Không ù, không chíu", (True, False): "Không ù",
                (False, True): "Không chíu"}[("win" in legal, "chiu" in legal)]
    if verb == "chiu" and card:  # the fourth of the card on offer, by its name
        return f"Chíu {named(card.group(1))}"
    return {"win": "Ù", "chiu": "Chíu"}[verb]


def test_a_wins_bonuses_are_its_cuoc_in_chan_words(served, context):
    """At the end of a Tổ Tôm deal won with bonuses, the bonuses' table is captioned Cước in
    Chắn words (Vietnamese, "bonuses" in its title), Bonuses in English."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.evaluate("localStorage.setItem('moneycards.chanWords', '1')")
    for seed in range(1, 40):
        deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], seed)
        view = play_over_http(w, served)
        if view["totom"].get("result", {}).get("bonuses"):
            break
    else:
        raise AssertionError("no deal of seeds 1-39 was won with bonuses")
    caption = w.page.locator("table.bonuses caption")
    assert caption.inner_text() == "Cước (TT-K2, TT-K3)"
    assert w.page.inner_text("table.bonuses th >> nth=0") == "cước"
    # the server's lines, every seat's and in English, say cước too for this seat
    shown = w.page.inner_text(".result pre.shown")
    assert "Cước (TT-K2" in shown and "Bonuses" not in shown, shown
    told = w.page.inner_text(".result .explain")  # how it was won: at a cửa, if at one
    assert "doorway" not in told and " won" in told, told
    assert w.page.get_attribute("table.bonuses caption .chan-term", "lang") == "vi"
    assert w.page.get_attribute("table.bonuses caption .chan-term", "title") == "bonuses"
    w.page.click(".words-switch")
    w.settled()
    assert caption.inner_text() == "Bonuses (TT-K2, TT-K3)"
    assert "Bonuses (TT-K2" in w.page.inner_text(".result pre.shown")
    # each bonus says what it is (TT-K3's table), not only its values
    meanings = read_all(w.page, "table.bonuses td .meaning", "els => els.map(e => e.textContent)")
    assert len(meanings) == len(view["totom"]["result"]["bonuses"]) and all(meanings), meanings
    if os.environ.get("MONEYCARDS_SCREENSHOTS"):
        for width, height in [(1280, 800), (390, 844)]:
            w.page.set_viewport_size({"width": width, "height": height})
            w.page.locator("table.bonuses").screenshot(
                path=str(shots_dir(None) / f"totom-bonuses-{width}.png"))
        assert page_width(w.page) <= 390
    assert w.errors == []


def test_totom_moves_read_in_chan_words_when_asked(served, context):
    """The header's "moves in Chắn words" names Tổ Tôm's moves as Chắn players call them
    (Đánh, Ăn chắn / Ăn cạ naming the card eaten, Bốc, Dưới, Ù, Chíu, Không …): on the
    buttons, the hint's and the turn line, each button's own text after them for a screen
    reader. The action sent is the same; the choice is kept across a reload, and "moves in
    English" turns it off."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 1)
    w.settled()
    page = w.page

    def buttons():
        return read_all(page,
            "section.actions button.act", "bs => bs.map(b => [b.dataset.action, "
            "b.querySelector('.text').textContent, b.getAttribute('aria-label'), "
            "b.querySelector('.text').lang, b.querySelector('.said')?.textContent ?? '', "
            "b.querySelector('.said-short')?.textContent ?? ''])")

    assert all(text == action and lang == "" for action, text, _, lang, _, _ in buttons())
    assert page.inner_text(".words-switch") == "moves in Chắn words"
    page.click(".words-switch")
    w.settled()
    # the table's parts as Chắn players call them: the stock is the nọc, a doorway the cửa,
    # three of a card held for a Chíu a khàn, the unpaired cards què, the seats beside one
    # nhà dưới and nhà trên, the dealer the cái, a seat's eaten pairs its bài ăn, a win's
    # bonuses its cước; spoken as Vietnamese, the English in the title
    terms = ("[...document.querySelectorAll('.chan-term')]"
             ".map(e => [e.textContent, e.lang, e.title])")
    said = page.evaluate(terms)
    assert ["nọc", "vi", "stock"] in said and ["cửa", "vi", "doorway"] in said, said
    assert set(map(tuple, said)) <= {
        ("nọc", "vi", "stock"), ("cửa", "vi", "doorway"), ("khàn", "vi", "three for a Chíu"),
        ("què", "vi", "singles"), ("nhà dưới", "vi", "plays after you"),
        ("nhà trên", "vi", "plays before you"), ("cái", "vi", "dealer"),
        ("bài ăn", "vi", "shown")}, said
    assert ["cái", "vi", "dealer"] in said and ["bài ăn", "vi", "shown"] in said, said
    assert "dealer" not in page.inner_text(".board")
    assert ["nhà dưới", "vi", "plays after you"] in said and \
        ["nhà trên", "vi", "plays before you"] in said, said
    labels = page.evaluate("[...document.querySelectorAll('.label, .group-label')]"
                           ".map(e => e.textContent)")
    assert not {"doorway", "three for a Chíu", "singles", "shown"} & set(labels), labels
    assert not page.query_selector_all(".turn-order:not(:has(.chan-term))")
    facts = page.inner_text(".status .facts")
    assert not re.search(r"\bstock \d", facts), facts
    seen = set()
    for _ in range(60):
        w.settled()
        if w.debug("over") or {"Đánh", "Ăn", "Bốc", "Dưới"} <= seen:
            break
        legal = w.debug("legal")
        if not legal:
            continue
        offer = page.inner_text(".center") if page.query_selector(".offer-box") else ""
        shown = buttons()
        hand = cards_of(w.debug("hand"))
        assert sorted(a for a, _, _, _, _, _ in shown) == sorted(legal)
        if offer:  # the offered card's Vietnamese name is marked as Vietnamese
            assert page.get_attribute(".offer-box p span[lang]", "lang") == "vi"
            # and it lies at a cửa: the table's parts by their Chắn names in every line
            assert " cửa)" in offer and "doorway" not in offer, offer
        for action, text, aria, lang, said, short in shown:
            assert text == chan_label(action, offer, legal, hand), (action, offer)
            assert lang == "vi"  # a screen reader speaks the Chắn words as Vietnamese
            assert f"{text} ({action})" in aria
            # the English verb stays in sight, on a phone too (a title is never shown there)
            verb = action.split()[0]
            assert said.startswith(verb) and short == verb, (action, said, short)
            seen.add(text.split(" ")[0])
        turn = page.inner_text(".turn")
        # the verbs as the buttons say them, then the English: no brackets inside brackets
        assert re.fullmatch(r"your turn: [^()]+ — .+", turn), turn
        version = w.debug("version")
        page.click("section.actions button.act >> nth=0")
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'")
    assert {"Đánh", "Ăn", "Bốc", "Dưới"} <= seen, seen
    # the log says each move's Chắn verb beside it: a pass the seat's own stock card
    # followed is bốc (TT-T3), one that let its own turned card go on, dưới
    glossed = """() => [...document.querySelectorAll('.log-lines > li[data-action]')].map(li =>
        [li.dataset.action, li.textContent, getComputedStyle(li.querySelector('.gloss')
         || li, '::after').content])"""
    entries = page.evaluate(glossed)
    verbs = {"discard": "đánh", "capture": "ăn", "win": "ù", "chiu": "chíu", "decline": "không"}
    for action, text, after in entries:
        verb = action.split()[0]
        want = (("bốc" if re.search(r" exposes \S+ from the stock", text) else "dưới")
                if verb == "pass" else verbs[verb])
        if verb == "discard" and " goes back to " in text:  # after a Chíu (TT-P4)
            want = "trả cửa"
        if verb == "discard":  # the card by its name, as the buttons say it
            want += f" {named(action.split()[1])}"
        if verb == "capture":  # a Chắn when the hand card is the card eaten (TT-T2)
            eaten = re.search(r"taking (\S+)$", text).group(1)
            chan = action == f"capture {eaten}"
            want += f" chắn {named(eaten)}" if chan \
                else f" cạ {named(eaten)} với {named(action.split()[1])}"  # eaten, then mate
        assert after == f'" · {want}"', (action, text, after)
        assert "·" not in text  # the line's own text is the server's
    assert {a.split()[0] for a, _, after in entries if "dưới" in after} == {"pass"}
    page.reload()
    w.settled()
    assert page.inner_text(".words-switch") == "moves in English"
    assert not w.debug("over") and w.debug("legal")  # seed 1: the deal goes on, a move waits
    page.keyboard.press("h")
    wait_for(page, "document.querySelector('.ranked .play-hint') !== null")
    legal = w.debug("legal")
    offer = page.inner_text(".center") if page.query_selector(".offer-box") else ""
    hand = cards_of(w.debug("hand"))
    hinted = read_all(page,
        ".ranked li[data-action]", "ls => ls.map(l => [l.dataset.action, "
        "l.querySelector('.play-hint').textContent, l.querySelector('.play-hint').lang])")
    assert hinted and all(text == chan_label(a, offer, legal, hand) and lang == "vi"
                          for a, text, lang in hinted), hinted
    page.click(".words-switch")
    w.settled()
    assert all(text == action and lang == "" for action, text, _, lang, _, _ in buttons())
    assert {after for _, _, after in page.evaluate(glossed)} == {"none"}
    assert page.evaluate(terms) == []
    assert re.search(r"\bstock \d", page.inner_text(".status .facts"))
    assert w.errors == []


def dealt_with_a_friend(context, served: str) -> tuple[Watched, str]:
    """Kowah seed 8 dealt from the lobby with a friend at seat 1: the dealer's page, at its
    own seat, and the friend's link."""
    a = Watched(context)
    deal_in_lobby(a, served, "kowah", ["you", "friend", "random"], 8)
    link = a.page.get_attribute(".invite-link[data-seat='1']", "value")
    a.page.click("#to-my-seat")
    a.settled()
    return a, link


def test_whoever_dealt_is_asked_before_opening_a_friend_s_link_in_their_own_browser(
        served, browser):
    """The person who dealt tries a friend's link in a tab of their own browser: the page
    asks first (opening it would use the link up) and goes to their own seat; the friend's
    link still opens the friend's seat. Tried here after that, the page knows from the
    table that the link was opened: it says so, with nothing to try. A browser at the table
    that does not know whose link it is (it did not deal) asks, and opened here the link
    is refused with a word on where this browser's own seat is."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a, link = dealt_with_a_friend(a_ctx, served)
        tab = Watched(a_ctx, 390, 844)
        asked = link_says(tab, link, ".link-ask")
        assert "as Player 0 (seat 0), and this link is Player 1's seat (seat 1)" in asked
        assert "uses it up" in asked
        tab.page.click("#link-to-my-seat")
        tab.settled()
        assert tab.debug("seat") == 0
        b = Watched(b_ctx)
        b.page.goto(link)
        b.settled()
        assert b.debug("seat") == 1  # the link was not used up by the question
        known = Watched(a_ctx)
        known.page.goto(link)
        wait_for(known.page, "(document.querySelector('#link-ask-said')?.textContent || '')"
                             ".includes('opened already')")
        assert "is Player 1's seat (seat 1), which was opened already: the seat is theirs" \
            in known.page.text_content("#link-ask-said")
        assert known.page.query_selector("#link-open-here") is None
        known.page.click("#link-to-my-seat")
        known.settled()
        assert known.debug("seat") == 0
        # the links this browser kept are gone (as where another seat's person sits)
        known.page.evaluate("localStorage.setItem('moneycards.seats', JSON.stringify("
                            "JSON.parse(localStorage.getItem('moneycards.seats'))"
                            ".map(({invites, ...s}) => s)))")
        again = Watched(a_ctx)
        again.page.goto(link)
        again.page.wait_for_selector(".link-ask")
        assert "this link is another seat's" in again.page.text_content("#link-ask-said")
        again.page.click("#link-open-here")  # asked again, and opened here after all
        again.page.wait_for_selector(".lobby-wrap .notice")
        said = again.page.text_content(".lobby-wrap .notice")
        assert "opened already" in said and "own seat at the table is under Your tables" in said
        # the browser logs the refused renewal's 403 itself: expected here
        assert [e for e in again.errors if "(Forbidden)" not in e] == []
        assert a.errors == [] and b.errors == [] and tab.errors == [] and known.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_another_tables_address_typed_in_the_tab_opens_that_table(served, context):
    """The address's fragment changed in the tab to another of this browser's tables (typed,
    pasted, or a bookmark): the page shows that table, not the one it showed under the new
    address; a table this browser has no seat at says so in the lobby; the address of the
    table on screen changes nothing."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 4)
    w.settled()
    first = w.debug("table")
    w.page.click("[data-focus=header-lobby]")
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 8)
    w.settled()
    second = w.debug("table")
    assert w.debug("game") == "lukfu" and second != first
    w.page.evaluate(f"location.hash = '#table={first}'")
    wait_for(w.page, f"window.moneycards.page()?.table() === '{first}'")
    w.settled()
    assert w.debug("game") == "kowah"
    version = w.debug("version")
    w.page.evaluate(f"location.hash = '#table={first}&x=1'")  # the same table: nothing new
    w.page.wait_for_timeout(300)
    assert w.debug("table") == first and w.debug("version") == version
    w.page.evaluate("location.hash = '#table=nosuchtable0000'")
    w.page.wait_for_selector(".lobby-wrap .notice")
    assert "This page has no seat at that table" in w.page.text_content(".lobby-wrap .notice")
    assert w.errors == []


@pytest.mark.parametrize("game, seed, deals", [("kowah", 3, None), ("lukfu", 8, 2)])
def test_a_finished_table_s_record_downloads_as_the_file_check_record_reads(
        served, context, tmp_path, game, seed, deals):
    """At a deal's end, or a match's, the page downloads the table's record (GetRecord): the
    deal's, or the match's with every deal, as the JSON file `moneycards GAME check-record`
    and `replay` read; what it saved is said, and stays said when the table is drawn
    again."""
    w = Watched(context)
    deal_in_lobby(w, served, game, ["you", "greedy", "greedy"], seed, deals=deals)
    play_over_http(w, served, moves=1500)
    for _ in range(2 * (deals or 1)):  # a match's ends, each read in turn
        if not w.page.query_selector(".between button.next-deal"):
            break
        w.page.click(".between button.next-deal")
        w.settled()
    w.page.wait_for_selector(".result .record-download button")
    label = w.page.text_content(".result .record-download button")
    assert label == ("Download the match's record" if deals else "Download the deal's record")
    with w.page.expect_download() as got:
        w.page.click(".result .record-download button")
    name = f"moneycards-{game}-{w.debug('table')}.json"
    assert got.value.suggested_filename == name
    path = tmp_path / name
    got.value.save_as(path)
    checked = subprocess.run([sys.executable, "-m", "moneycards", game, "check-record", str(path)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith(f"VALID: a match of {deals} deals, complete." if deals
                                     else "VALID: "), checked.stdout
    assert "complete" in checked.stdout.splitlines()[0]
    said = (f"Saved as {name}: moneycards {game} replay tells it again, and check-record "
            "checks it.")
    wait_for(w.page, "document.querySelector('.result .record-said').textContent === "
                     f"{json.dumps(said)}")
    assert w.page.text_content(".table > .sr-only[aria-live]") == said
    w.page.click("[data-focus=keys-switch]")  # drawn again: still said
    assert w.page.text_content(".result .record-said") == said
    assert w.errors == []


def test_copy_puts_a_friends_link_on_the_clipboard_and_keeps_saying_so(served, browser):
    """Copy writes the seat's link to the clipboard, keeps the focus on its button (the
    field selected took it, and a screen reader read the whole link again), says "Copied"
    on the button and once in its own live region, and the button still says so when the
    list is drawn again; the other seat's button still says "Copy"."""
    ctx = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    try:
        a = Watched(ctx)
        deal_in_lobby(a, served, "kowah", ["you", "friend", "friend"], 4)
        a.page.click("#to-my-seat")
        a.settled()
        a.page.click(".status button.invites-again")
        a.page.wait_for_selector(".status .invite .invite-link")
        link = a.page.get_attribute(".status .invite-link[data-seat='1']", "value")
        copy = ".status li:has(.invite-link[data-seat='1']) button"
        a.page.focus(copy)
        a.page.keyboard.press("Enter")
        wait_for(a.page, "() => document.querySelector(\".status li:has(.invite-link"
                         "[data-seat='1']) .copy-said\").textContent === 'Copied.'")
        assert a.page.evaluate("navigator.clipboard.readText()") == link
        assert a.page.evaluate("document.activeElement.matches(\".status li:has(.invite-link"
                               "[data-seat='1']) button\")")
        assert a.page.inner_text(copy).startswith("Copied")
        a.page.click(".status button.invites-again")  # folded and drawn again
        a.page.click(".status button.invites-again")
        a.page.wait_for_selector(".status .invite .invite-link")
        assert a.page.inner_text(copy).startswith("Copied")
        # said once: the region drawn again is empty, not read out a second time
        assert a.page.text_content(".status li:has(.invite-link[data-seat='1']) .copy-said") == ""
        other = ".status li:has(.invite-link[data-seat='2']) button"
        assert a.page.inner_text(other).startswith("Copy") and \
            not a.page.inner_text(other).startswith("Copied")
        assert a.errors == []
    finally:
        ctx.close()


def test_whoever_dealt_finds_the_friends_links_again_at_their_table(served, browser):
    """A friend lost the link: the dealer's table lists the friends' links again ("links for
    friends", after a reload too), and the link shown there opens the friend's seat."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        deal_in_lobby(a, served, "totom", ["you", "friend", "greedy", "friend"], 9)
        first = [a.page.get_attribute(f".invite-link[data-seat='{s}']", "value") for s in (1, 3)]
        a.page.click("#to-my-seat")
        a.settled()
        a.page.reload()
        a.settled()
        a.page.click(".status button.invites-again")
        a.page.wait_for_selector(".status .invite .invite-link")
        again = [a.page.get_attribute(f".status .invite-link[data-seat='{s}']", "value")
                 for s in (1, 3)]
        assert again == first
        assert "opens its seat once" in a.page.text_content(".status .invite")
        shown = box_of(a, ".status .invite")
        assert shown["y"] >= 0 and shown["y"] < 800  # opened in view
        # whose link was opened: none yet
        states = ".status .link-state"
        assert [e.text_content() for e in a.page.query_selector_all(states)] == \
            [" not opened yet"] * 2
        b = Watched(b_ctx, 390, 844)
        b.page.goto(again[1])
        b.settled()
        assert b.debug("seat") == 3
        # opened again, the dealer's list says seat 3's link was opened (the view's
        # token_renewed, read again when the list opens)
        a.page.click(".status button.invites-again")
        a.page.click(".status button.invites-again")
        wait_for(a.page, "() => document.querySelector(\".status .link-state[data-seat='3']\")"
                 "?.textContent.includes('opened: the seat is theirs')", timeout=15000)
        assert a.page.text_content(".status .link-state[data-seat='1']") == " not opened yet"
        # the opened link, which opens the seat no more, is no longer offered to copy
        assert a.page.query_selector(".status .invite-link[data-seat='3']") is None
        assert a.page.query_selector(".status .invite-link[data-seat='1']") is not None
        a.page.click(".status button.invites-again")  # folded away again
        assert a.page.query_selector(".status .invite") is None
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_the_links_for_friends_leave_with_their_toggle_when_the_table_finishes(served,
                                                                                context):
    """The dealer has "links for friends" open when the table finishes (a Luk Fu redeal,
    LF-C4: the friend passes from its own client, greedy after it): the header's toggle
    goes, and the panel with it, where before it stayed with nothing to close it."""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "friend", "greedy"], 2)
    link = w.page.get_attribute(".invite-link[data-seat='1']", "value")
    friend = opened_link(served, link)
    w.page.click("#to-my-seat")
    w.settled()
    w.page.click(".status button.invites-again")
    w.page.wait_for_selector(".status .invite")
    version = w.debug("version")
    w.page.click("section.actions button.act[data-action='call pass']")
    wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    connect(served, "Act", {**friend, "action": "call pass"})
    wait_for(w.page, "document.body.innerText.includes('deal over')", timeout=15000)
    w.settled()
    assert w.debug("over")
    assert w.page.query_selector(".status .invite") is None
    assert w.page.query_selector(".status button.invites-again") is None
    assert w.errors == []


@pytest.mark.parametrize("fragment, said", [
    ("#token=abc", "This link has a seat token but no table: it was cut short."),
    ("#table=nosuchtable", "This page has no seat at that table.")])
def test_a_broken_link_says_what_is_wrong(served, context, fragment, said):
    """A link cut short (a token, no table) or a table this browser has no seat at opens the
    lobby with a sentence saying so, not the lobby alone; the token leaves the address."""
    w = Watched(context)
    w.page.goto(served + "/" + fragment)
    w.page.wait_for_selector(".lobby-wrap .notice")
    assert said in w.page.text_content(".lobby-wrap .notice")
    assert "token" not in w.page.url
    assert w.errors == []


def test_a_seat_moves_to_another_browser_by_a_new_link(served, browser):
    """The person who dealt opened a friend's link in their own browser after all (asked
    first), so the friend's link opens nothing. "move this seat" at that seat asks first,
    then makes a new link (RenewSeatToken): this browser leaves the seat (its stream ends
    without a failure shown, Your tables no longer lists it, a reload opens the browser's own
    seat), the seat's old token is refused, and the new link opens the seat, with its
    cards, in the friend's browser. The dealer's own seat stays where it was."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a, link = dealt_with_a_friend(a_ctx, served)
        taken = Watched(a_ctx)
        taken.page.goto(link)
        # by mistake, and twice: the seat opens once (a second renewal would be refused),
        # and now the friend's link is used up
        taken.page.dblclick("#link-open-here")
        taken.settled()
        assert taken.debug("seat") == 1
        hand = hand_shown(taken)
        table = taken.debug("table")
        mine = ("JSON.parse(localStorage.getItem('moneycards.seats') || '[]')"
                ".map((s) => s.seat)")
        assert sorted(taken.page.evaluate(mine)) == [0, 1]
        old_token = next(s["token"] for s in taken.page.evaluate(
            "JSON.parse(localStorage.getItem('moneycards.seats'))") if s["seat"] == 1)
        taken.page.click(".status button.move-seat")
        assert "this browser then leaves the seat" in taken.page.text_content(".move-ask")
        taken.page.click(".status button.move-no")  # asked, and kept
        assert taken.page.query_selector(".move-ask") is None
        taken.page.click(".status button.move-seat")
        # a double click renews once: a second renewal of the old token would be refused
        # and must not take the new link off the page (the seat would be lost for good)
        taken.page.dblclick(".status button.move-yes")
        taken.page.wait_for_selector(".moved .moved-link")
        new_link = taken.page.input_value(".moved .moved-link")
        # its Copy button named for it, in a sentence ("Copy the seat's new link")
        assert taken.page.text_content(".moved .moved-link + button") == \
            "Copy the seat's new link"
        assert new_link != link and f"table={table}" in new_link
        said = taken.page.text_content(".moved")
        assert "opens the seat once" in said and "no longer sits at the table" in said
        taken.page.wait_for_timeout(500)  # the ended stream shows no failure
        assert taken.page.query_selector(".board [role=alert]:not(.moved)") is None
        assert taken.page.input_value(".moved .moved-link") == new_link
        # the seat's log left the page with it, its box too, and the status read aloud no
        # longer says whose turn it is
        assert taken.page.locator(".log").count() == 0
        assert taken.page.text_content("[role=status].sr-only") == (
            "This browser no longer sits at the table.")
        assert taken.page.title().startswith("Seat moved · ")  # not "Waiting" nor "Your turn"
        assert taken.page.evaluate(mine) == [0]  # the dealer's own seat is kept
        refused = urllib.request.Request(
            f"{served}/moneycards.v1.TableService/GetView",
            data=json.dumps({"tableId": table, "seatToken": old_token}).encode(),
            method="POST", headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(refused, timeout=30)
        assert err.value.code == 403  # PERMISSION_DENIED, SEAT_TOKEN_RENEWED
        assert "exchanged for a new one" in json.loads(err.value.read())["message"]
        taken.page.reload()  # this tab no longer holds seat 1: the browser's own seat opens
        taken.settled()
        assert taken.debug("seat") == 0
        b = Watched(b_ctx, 390, 844)
        b.page.goto(new_link)
        b.settled()
        assert b.debug("seat") == 1 and hand_shown(b) == hand
        a.page.reload()
        a.settled()
        assert a.debug("seat") == 0
        # the dealer's links for friends give the seat's new link, said to be one
        a.page.click(".status button.invites-again")
        a.page.wait_for_selector(".status .invite .invite-link")
        assert a.page.get_attribute(".status .invite-link[data-seat='1']", "value") == new_link
        assert a.page.text_content(".status .link-state[data-seat='1']") == \
            " a new link: the seat was moved here, send them this one"
        assert a.errors == [] and b.errors == []
        # the second click's renewal was never sent: no refused call was logged
        assert taken.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_whoever_dealt_keeps_close_table_after_moving_their_seat(served, browser):
    """"move this seat" from the dealer's own seat gives a link that carries the table's
    owner token (`&owner=`): opened in another browser, that seat is still offered "close
    table" and its lobby's "close", as before the move, and it closes the table. A friend's
    seat moved the same way is not: its new link has no owner token, and the friend still
    cannot end the table (else a table whose every seat was opened from a link could be
    closed by no one on the page), on the page or over the API (OWNER_ONLY)."""
    a_ctx, b_ctx, c_ctx, d_ctx = (browser.new_context() for _ in range(4))
    try:
        a, link = dealt_with_a_friend(a_ctx, served)
        assert a.page.query_selector(".status button.close-table") is not None

        def moved(w: Watched) -> str:
            w.page.click(".status button.move-seat")
            w.page.click(".status button.move-yes")
            w.page.wait_for_selector(".moved .moved-link")
            return w.page.input_value(".moved .moved-link")

        dealer_link = moved(a)
        assert "&owner=" in dealer_link
        assert "owner" not in (a.page.evaluate("localStorage.getItem('moneycards.seats')") or "")
        b = Watched(b_ctx, 390, 844)
        b.page.goto(dealer_link)
        b.settled()
        assert b.debug("seat") == 0
        assert b.page.query_selector(".status button.close-table") is not None
        b.page.reload()  # kept with the seat, not only in the page that opened the link
        b.settled()
        assert b.page.query_selector(".status button.close-table") is not None
        table_id = b.debug("table")
        b.page.click(".status button.link >> text=lobby")
        entry = f".resume li:has-text('{table_id}')"
        b.page.wait_for_selector(entry)
        assert b.page.query_selector(f"{entry} button.close") is not None

        c = Watched(c_ctx)
        c.page.goto(link)
        c.settled()
        assert c.debug("seat") == 1
        assert c.page.query_selector(".status button.close-table") is None
        friend_link = moved(c)
        assert "owner" not in friend_link
        d = Watched(d_ctx)
        d.page.goto(friend_link)
        d.settled()
        assert d.debug("seat") == 1
        assert d.page.query_selector(".status button.close-table") is None
        friend_token = d.page.evaluate(
            "JSON.parse(sessionStorage.getItem('moneycards.seat')).token")
        with pytest.raises(urllib.error.HTTPError) as refused:
            connect(served, "CloseTable", {"tableId": table_id, "seatToken": friend_token})
        assert refused.value.code == 403 and b"OWNER_ONLY" in refused.value.read()
        b.page.click(f"{entry} button.close")
        b.page.click(f"{entry} button.close-yes")
        b.page.wait_for_selector(entry, state="detached")
        wait_for(d.page, "document.body.innerText.includes("
                         "'This table was closed by whoever dealt it.')")
        assert [w.errors for w in (a, b, c, d)] == [[], [], [], []]
    finally:
        for ctx in (a_ctx, b_ctx, c_ctx, d_ctx):
            ctx.close()


def test_the_friends_links_line_up_whatever_their_names(served, context):
    """The dealer's panel of friends' links: the link boxes start at one edge, a short name
    beside a long one (each line a row of one grid), on a desktop and on a phone."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "friend", "friend"], 8,
                  names={1: "Lan", 2: "Nguyễn Thị Minh Khai"})
    w.page.wait_for_selector(".invite-link[data-seat='2']")
    for width, height in SIZES:
        w.page.set_viewport_size({"width": width, "height": height})
        lefts = read_all(w.page,
            ".invite-link", "els => els.map((e) => Math.round(e.getBoundingClientRect().left))")
        assert len(lefts) == 2 and lefts[0] == lefts[1], (width, lefts)
        assert page_width(w.page) <= width
    assert w.errors == []


def test_a_seat_moved_mid_match_goes_on_where_it_was(served, browser):
    """R-match: a seat that read deal 1's end and went on, then moved to another browser
    ("move this seat"), goes on with deal 2 there: its link carries the deal read (`&read=`),
    and deal 1's end is not held up again."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        deal_in_lobby(a, served, "lukfu", ["you", "greedy", "greedy"], 5, deals=3)
        for _ in range(300):
            a.settled()
            if a.page.query_selector(".between button.next-deal"):
                break
            version = a.debug("version")
            a.debug("act", a.debug("legal")[0])
            wait_for(a.page, f"document.body.dataset.version !== '{version}' && "
                     "document.body.dataset.busy === '0'")
        assert a.page.text_content(".between h2") == "Deal 1 of 3 is over"
        a.page.click(".between button.next-deal")
        a.settled()
        a.page.click(".status button.move-seat")
        a.page.click(".status button.move-yes")
        a.page.wait_for_selector(".moved .moved-link")
        link = a.page.input_value(".moved .moved-link")
        assert link.endswith("&read=1"), link
        b = Watched(b_ctx)
        b.page.goto(link)
        b.settled()
        assert b.debug("seat") == 0
        between = b.page.query_selector(".between h2")
        assert between is None or between.text_content() != "Deal 1 of 3 is over"
        assert not b.page.text_content(".status .match").startswith("Deal 1 ")
        assert [w.errors for w in (a, b)] == [[], []]
    finally:
        a_ctx.close()
        b_ctx.close()


def test_a_friend_who_edits_an_owner_token_into_their_link_closes_nothing(served, browser):
    """A friend adds `&owner=` to their link: the page cannot tell a forged owner token,
    and offers "close table"; the server refuses it (WRONG_OWNER_TOKEN) and the page says
    only whoever dealt can close the table, keeps the friend at the table, and offers the
    close no more (nor after a reload, nor in the lobby). When the dealer closes it, the
    friend's tab title says so rather than a stale turn."""
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a, link = dealt_with_a_friend(a_ctx, served)
        b = Watched(b_ctx, 390, 844)
        b.page.goto(link + "&owner=" + "f" * 32)
        b.settled()
        assert b.debug("seat") == 1
        b.page.click(".status button.close-table")
        b.page.click(".status button.close-yes")
        b.page.wait_for_selector(".status .close-refused")
        assert b.page.text_content(".status .close-refused") == \
            "not closed: only whoever dealt this table can close it"
        assert b.page.query_selector(".status button.close-table") is None
        assert b.page.query_selector(".me .hand [data-card]") is not None  # still seated
        b.page.reload()
        b.settled()
        assert b.page.query_selector(".status button.close-table") is None
        table_id = b.debug("table")
        b.page.click(".status button.link >> text=lobby")
        entry = f".resume li:has-text('{table_id}')"
        b.page.wait_for_selector(entry)
        assert b.page.query_selector(f"{entry} button.close") is None
        b.page.click(f"{entry} > button >> nth=0")  # back to the seat
        b.settled()
        a.page.click(".status button.close-table")
        a.page.click(".status button.close-yes")
        a.page.wait_for_selector("#deal")
        wait_for(b.page, "document.title === 'Table closed · moneycards'")
        assert a.errors == []  # the friend's console has the refused call's status alone
        assert b.errors == ["Failed to load resource: the server responded with a status of "
                            "403 (Forbidden)"]
    finally:
        a_ctx.close()
        b_ctx.close()


# -- a lost stream ------------------------------------------------------------------------------
def test_a_lost_watch_stream_resumes_from_the_last_version(browser, tmp_path):
    """The server stops and comes back on the same ports with the same store: the page
    reconnects and shows a move made after the restart without a reload."""
    db = str(tmp_path / "tables.db")
    proc, base, grpc_port, web_port = start_serve(db)
    ctx = browser.new_context()
    try:
        w = Watched(ctx)
        deal_in_lobby(w, base, "kowah", ["you", "friend", "random"], 21)
        link = w.page.get_attribute(".invite-link[data-seat='1']", "value")
        friend = opened_link(base, link)
        w.page.click("#to-my-seat")
        w.settled()
        wait_for(w.page, "document.querySelector('.live')?.dataset.live === 'live'")
        # play to the friend's turn
        while w.debug("legal"):
            version = w.debug("version")
            w.page.click("button.act >> nth=0")
            wait_for(w.page, f"document.body.dataset.version !== '{version}'")
            w.settled()
        stop_serve(proc)
        wait_for(w.page, "document.querySelector('.live')?.dataset.live === "
                 "'reconnecting'", timeout=15000)
        # said once to a screen reader; the line itself, drawn anew, is no live region
        said = "document.querySelector('.table > .sr-only[aria-live]').textContent"
        wait_for(w.page, f"{said} === 'The connection to the table was lost: reconnecting…'")
        assert w.page.get_attribute(".live", "aria-live") is None
        proc, base, _, _ = start_serve(db, grpc_port, web_port)
        view = connect(base, "GetView", friend)["view"]
        action = view["legalActions"][0]["text"]
        connect(base, "Act", {**friend, "action": action})
        wait_for(
            w.page,
            "line => document.querySelector('.log-lines').textContent.includes(line)",
            arg=f"Player 1: {action}", timeout=20000)
        wait_for(w.page, "document.querySelector('.live')?.dataset.live === 'live'")
        wait_for(w.page, f"{said} === 'Connected to the table again.' || "
                         f"{said}.startsWith('your turn')")
        # only the refused connections while the server was away
        assert [e for e in w.errors if "ERR_CONNECTION_REFUSED" not in e
                and "Failed to load resource" not in e] == []
    finally:
        ctx.close()
        stop_serve(proc)


def test_the_page_is_package_data_and_small():
    web = ROOT / "moneycards" / "web"
    import gzip

    assert (web / "index.html").is_file()
    size = len(gzip.compress((web / "app.js").read_bytes(), 9))
    assert size <= 300_000, f"the bundle is {size} bytes gzipped"
    assert 'src="app.js"' in (web / "index.html").read_text()


# -- a match ------------------------------------------------------------------------------------
def test_a_match_shows_its_deal_and_totals_and_equals_the_match_in_process(served, context):
    """R-match in the browser: a two-deal Kowah match from the lobby, played by the hints;
    the header names the deal and the running totals, which equal the same match in
    process."""
    from moneycards.solver.tables import Match

    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5, deals=2)
    w.settled()
    assert w.page.text_content(".status .match") == \
        "Deal 1 of 2 · totals: Player 0: 0, AI 1: 0, AI 2: 0 (multipliers won)"
    # a seat's name and its total are never split over two lines
    assert w.page.evaluate("Array.from(document.querySelectorAll('.status .match .total'), "
                           "(e) => getComputedStyle(e).whiteSpace)") == ["nowrap"] * 3
    taken = play_by_hints(w)
    header = w.page.text_content(".status .match")
    assert header.startswith("Deal 2 of 2 · the match is over · totals: ")
    assert w.page.text_content(".status .turn") == "the match is over"  # not "the deal"
    # the stream's end says the same (it said "deal over" under the match's result)
    wait_for(w.page, "document.querySelector('.live')?.textContent === 'match over'")
    table = Table.create("kowah", [Seat("human"), Seat("ai", "greedy"), Seat("ai", "greedy")],
                         seed=5, match=Match(deals=2))
    for action in taken:
        table.act(0, action)
    assert table.is_over and len(table.finished()) == 2
    # the page held the first deal's end up until it was read, with the winner's cards
    first = table.finished()[0].result
    assert len(w.ended) == 1 and w.ended[0].startswith("Deal 1 of 2 is over")
    if first.winner is not None:
        assert all(line.strip() in w.ended[0] for line in table.result_lines(1))
        # the winner's declaration is the finished deal's, not the next deal's (none yet)
        pair = next(e.action.split()[1] for e in table.events(0)
                    if e.deal == 1 and e.seat == first.winner and e.action.startswith("declare "))
        assert f"had declared checki showing the pair {pair}" in w.ended[0]
    names = [s.name for s in table.seats]
    assert header.endswith(", ".join(f"{n}: {t}" for n, t in zip(names, table.totals()))
                           + " (multipliers won)")
    # the end is the match's: its totals and deals won per seat, then the last deal
    assert w.page.text_content(".result h2") == "The match is over after 2 deals"
    rows = read_all(w.page,
        ".result table.totals tr",
        "rs => rs.slice(1).map(r => Array.from(r.cells, c => c.textContent))")
    assert rows == [[n, str(t), str(k)] for n, t, k in zip(names, table.totals(), table.wins())]
    # KW-K1 keeps no running totals: the table names the ruling that tallies them
    assert w.page.text_content(".result table.totals caption") == "Multipliers won (R-match)"
    assert w.page.query_selector(".result table.totals caption button.rule[data-rule='R-match']")
    top = max(table.totals())
    leaders = [n for n, t in zip(names, table.totals()) if t == top]
    lead = w.page.text_content(".result .match-lead")
    assert all(n in lead for n in leaders)
    # a sum of multipliers (KW-K1), never counted as if each were one
    assert lead.endswith(f"with multipliers won that add up to {top}"
                         f"{' each' if len(leaders) > 1 else ''}.")
    # a screen reader is told the match's end, not only the last deal's
    said = w.page.text_content(".table > .sr-only[aria-live]")
    assert said.startswith(f"The match is over after 2 deals. {lead} The last deal: "), said
    assert w.page.text_content(".result h3").startswith("Deal 2 of 2")
    assert w.errors == []


def test_between_deals_a_next_deal_that_asks_a_friend_first_does_not_wait_for_you(served,
                                                                                  context):
    """R-match, Kowah seed 23, a friend at seat 1, a two-deal match; both people play the
    first move offered (the friend over HTTP, with its link's token). The first deal is
    drawn (KW-K2), so the second starts at the next seat, the friend's: the dealer's page
    says the first deal is over, not that the next one waits for it, and its tab's title
    is no 'Your turn'. (A table of AI seats always comes back to the person before it
    waits, so only a friend's table shows this.)"""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "friend", "greedy"], 23, deals=2)
    link = w.page.get_attribute(".invite-link[data-seat='1']", "value")
    friend = opened_link(served, link)
    w.page.click("#to-my-seat")
    for _ in range(400):
        w.settled()
        if w.page.query_selector(".between button.next-deal"):
            break
        version = w.debug("version")
        if w.debug("legal"):
            w.debug("act", w.debug("legal")[0])
        else:
            seen = connect(served, "GetView", friend)["view"]
            connect(served, "Act", {**friend, "action": seen["legalActions"][0]["text"],
                                    "expectedVersion": seen["version"]})
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    else:
        raise AssertionError("the first deal did not end")
    wait_for(w.page, "document.querySelector('.between .result-text') !== null")
    assert "drawn" in w.page.text_content(".between .result-text")
    assert connect(served, "GetView", friend)["view"]["legalActions"]  # the friend's turn
    assert w.debug("legal") == []
    turn = w.page.text_content(".status .turn")
    assert turn == "deal 1 is over: its end is below, then go on to deal 2", turn
    assert w.page.title().startswith("Deal over"), w.page.title()
    # a screen reader hears how it ended before the way on, where focus goes
    result = w.page.text_content(".between .result-text")
    said = w.page.text_content(".table > .sr-only[aria-live]")
    assert said.startswith("Deal 1 is over. ") and said.endswith(" Then go on to deal 2."), said
    assert result.split(" (KW-")[0] in said, (result, said)
    # each part a sentence: "… x1. Then go on", never "x1 Then go on"
    assert re.search(r"[.!?] Then go on to deal 2\.$", said), said
    assert w.errors == []


def test_a_turn_that_comes_while_a_friend_acted_puts_focus_on_the_moves(served, context):
    """The table opened while a friend is to act (Kowah seed 3: seat 1 starts) has no move to
    focus; when the friend has played and the turn comes, focus is on the first move, not
    left on the page's body, where a keyboard or a screen reader would have to find it."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "friend", "greedy"], 3)
    link = w.page.get_attribute(".invite-link[data-seat='1']", "value")
    friend = opened_link(served, link)
    w.page.click("#to-my-seat")
    w.settled()
    assert w.debug("legal") == []
    # a key with nothing to do says whose turn it is
    w.page.keyboard.press("1")
    wait_for(w.page, "document.querySelector('.table > .sr-only[aria-live]').textContent"
                     " === 'Not your turn: Player 1 to act.'", timeout=10_000)
    # and again: the waiting line, drawn anew under focus, keeps it (it was lost to the
    # body at every other drawing, and the turn's drawing could be one of those)
    w.page.keyboard.press("1")
    w.settled()
    assert w.page.evaluate("document.activeElement.matches('.actions .quiet')"), \
        w.page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    # the page's reads are held while the friend draws and discards (and the AI seat after
    # them plays), so the turn comes in one drawing while focus is on the waiting line
    held: list = []
    w.page.route("**/TableService/GetView", lambda route: held.append(route))
    for _ in range(2):  # the friend draws, then discards
        seen = connect(served, "GetView", friend)["view"]
        connect(served, "Act", {**friend, "action": seen["legalActions"][0]["text"],
                                "expectedVersion": seen.get("version", "0")})
    w.page.wait_for_timeout(300)
    w.page.unroute("**/TableService/GetView")
    for route in held:
        route.continue_()
    wait_for(w.page, "document.querySelector('section.actions button.act') !== null")
    w.settled()
    assert w.page.evaluate("document.activeElement.matches('section.actions button.act')"), \
        w.page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    assert w.errors == []


def play_first_legal_reading_each_end(w: Watched, headers: list[str] | None = None
                                      ) -> list[str]:
    """Play the first legal action (as the page's own client) until the match is over,
    reading each deal's end the page holds up: the ends' headings, in the order shown (and
    the header's match line at each, in `headers`)."""
    page, ends = w.page, []
    for _ in range(400):
        w.settled()
        if page.query_selector(".between button.next-deal"):
            wait_for(page, "document.querySelector('.between .result-text') !== null")
            ends.append(page.text_content(".between h2"))
            if headers is not None:
                headers.append(page.text_content(".status .match"))
            page.click(".between button.next-deal")
            continue
        if w.debug("over"):
            return ends
        version = w.debug("version")
        w.debug("act", w.debug("legal")[0])
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("deals", [2, 3])
def test_a_deal_over_before_the_person_s_first_move_still_shows_the_end_before_it(
        served, context, deals):
    """Luk Fu seed 51, the person playing its first legal action: deal 2 is over before
    the person has a move (its AI caller claims at once, LF-W2). Deal 1's end is still held
    up, then deal 2's (a match of 3), or then the match's end (a match of 2): each finished
    deal's end is read in turn, none skipped."""
    from moneycards.solver.tables import Match, add_result

    table = Table.create("lukfu", [Seat("human"), Seat("ai", "greedy"), Seat("ai", "greedy")],
                         seed=51, match=Match(deals=deals))
    moves: dict[int, int] = {}
    while not table.is_over:
        moves[table.deal_no] = moves.get(table.deal_no, 0) + 1
        table.act(0, table.view_state(0).legal_texts()[0])
    assert moves.get(1) and not moves.get(2)  # the deal this test is about
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 51, deals=deals)
    headers: list[str] = []
    ends = play_first_legal_reading_each_end(w, headers)
    assert ends == [f"Deal {d} of {deals} is over" for d in range(1, deals)]
    # the header's totals are the match's as they stood after the deal being read, though
    # a later deal has ended already; the match's end is told once reached (R-match)
    totals, after = [0, 0, 0], []
    for played in table.finished():
        totals = add_result(totals, played.result)
        after.append(totals)
    assert after[0] != after[1]  # deal 2 settled something: the totals tell them apart
    for d, line in enumerate(headers, 1):
        assert line.startswith(f"Deal {d} of {deals} is over · totals: "), line
        assert [int(n) for n in re.findall(r": ([+-]?\d+)", line)] == after[d - 1], line
    assert w.page.text_content(".result h2") == f"The match is over after {deals} deals"
    assert w.page.text_content(".status .turn") == "the match is over"
    assert w.page.title() == "Match over · Luk Fu · moneycards"
    assert w.errors == []


def test_a_match_to_a_points_target_from_the_lobby(served, context):
    """R-match: a Luk Fu match until a seat's total reaches 3 points, no number of deals;
    the header names the target, the table's match has it, and Kowah (no points, KW-K1)
    offers no target."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=kowah]")
    assert not w.page.is_visible("#to-points")
    w.page.check("input[name=game][value=lukfu]")
    for s, who in enumerate(["you", "random", "random"]):
        w.page.select_option(f"#seat{s}", who)
    w.page.fill("#to-points", "3")
    w.page.fill("#seed", "5")  # not a deal over at once (an AI master's claim, LF-W2)
    w.page.click("#deal")
    w.settled()
    assert w.page.text_content(".status .match").startswith("Deal 1 · to 3 points · totals: ")
    token = w.page.evaluate("JSON.parse(sessionStorage.getItem('moneycards.seat')).token")
    view = connect(served, "GetView", {"tableId": w.debug("table"), "seatToken": token})
    assert view["view"]["matchState"]["rules"] == {"toPoints": 3}
    # played to its end (each turn's first action): it ends with the target reached
    for _ in range(400):
        w.settled()
        if w.debug("over"):
            break
        if w.page.query_selector(".between button.next-deal"):
            w.page.click(".between button.next-deal")
            continue
        version = w.debug("version")
        w.debug("act", w.debug("legal")[0])
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    assert w.debug("over")
    assert "(the target was 3)" in w.page.text_content(".result .match-lead")
    assert w.errors == []


def test_a_deal_s_end_once_read_stays_read_in_a_new_tab(served, context):
    """R-match: "Go on to deal 2" read in one tab; the seat opened again in a new tab (as a
    browser opened again on "Your tables") goes on with deal 2, not deal 1's end again.
    (Luk Fu seed 2: three passes end deal 1 at once, LF-C4, and count as a deal.)"""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 2, deals=2)
    w.settled()
    version = w.debug("version")
    w.page.click("section.actions button.act[data-action='call pass']")
    wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    w.page.wait_for_selector(".between button.next-deal")
    # the redeal is the match's next deal, not this one again; it settles 0, and the
    # result line reads as a sentence
    wait_for(w.page, "document.querySelector('.between .explain') !== null")
    assert w.page.text_content(".between .result-text").startswith("Three passes: ")
    assert w.page.text_content(".between .explain") == (
        "Every seat passed, so no one plays (LF-C4), and every seat settles 0 "
        "(R-settle-zero); the cards are dealt again as the match's next deal (R-match).")
    w.page.click(".between button.next-deal")
    w.settled()
    assert w.page.query_selector(".between") is None
    table_id = w.debug("table")
    again = Watched(context)
    again.page.goto(f"{served}/#table={table_id}")
    again.settled()
    assert again.debug("table") == table_id
    assert again.page.query_selector(".between") is None
    assert again.page.text_content(".status .match").startswith("Deal 2 of 2")
    assert w.errors == [] and again.errors == []


def test_the_lobby_opens_without_an_empty_alert(served, context):
    """The lobby's refusal line is hidden until a refusal fills it: a class's display
    never overrides `hidden`."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.wait_for_selector("#deal")
    assert w.page.query_selector(".refusal") is not None
    assert not w.page.is_visible(".refusal")
    assert w.errors == []


def test_the_lobby_fits_a_320_pixel_screen(served, context):
    """No sideways scrolling on the smallest phones: a fieldset is as wide as its content
    unless told otherwise."""
    w = Watched(context, 320, 640)
    w.page.goto(served + "/")
    w.page.wait_for_selector("#deal")
    assert w.page.evaluate("document.documentElement.scrollWidth") <= 320
    wide = w.page.evaluate("[...document.querySelectorAll('.lobby *')].filter(e => "
                           "e.getBoundingClientRect().right > 320).map(e => e.tagName)")
    assert wide == []
    assert w.errors == []


def test_the_lobby_starts_from_the_last_table_s_choices_of_each_game(served, context):
    """The seats, names, rules and match length of the last table dealt, per game; never
    its seed. A damaged entry opens the lobby as new."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=kowah]")
    for s, who in enumerate(["friend", "you", "strong"]):
        w.page.select_option(f"#seat{s}", who)
    w.page.fill("input[name=name0]", "Lan")
    w.page.check("#optional-declaration")
    w.page.fill("#deals", "3")
    w.page.fill("#seed", "41")
    w.page.click("#deal")
    w.page.wait_for_selector("#to-my-seat")  # the friend's link is shown
    again = Watched(context).page  # a new tab: the lobby, not this tab's seat
    again.goto(served + "/")
    again.wait_for_selector("#deal")
    assert again.is_checked("input[name=game][value=kowah]")
    assert [again.input_value(f"#seat{s}") for s in range(3)] == ["friend", "you", "strong"]
    assert again.input_value("input[name=name0]") == "Lan"
    assert again.is_checked("#optional-declaration")
    assert (again.input_value("#deals"), again.input_value("#seed")) == ("3", "")
    again.check("input[name=game][value=lukfu]")  # a game not dealt yet: the defaults
    assert [again.input_value(f"#seat{s}") for s in range(3)] == ["you", "strong", "strong"]
    assert again.input_value("#deals") == ""
    again.evaluate("localStorage.setItem('moneycards.lobby', '{not json')")
    w2 = Watched(context)
    w2.page.goto(served + "/")
    w2.page.wait_for_selector("#deal")
    assert w2.page.is_checked("input[name=game][value=totom]")
    assert w.errors == [] and w2.errors == []


def test_the_lobby_keeps_each_game_s_choices_while_another_game_is_looked_at(served,
                                                                            context):
    """A choice is kept as it is made: looking at another game and coming back, or a
    reload, shows it as it was left, not as the last table dealt had it (a newcomer's
    unticked switch came back ticked and reached the table unnoticed)."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=totom]")
    w.page.select_option("#seat1", "random")
    w.page.fill("input[name=name0]", "Minh")
    w.page.fill("#deals", "5")
    w.page.check("input[name=game][value=kowah]")
    w.page.check("#switch-firstSeatRotates")
    w.page.check("input[name=game][value=totom]")
    assert w.page.input_value("#seat1") == "random"
    assert (w.page.input_value("input[name=name0]"), w.page.input_value("#deals")) == ("Minh", "5")
    w.page.check("input[name=game][value=kowah]")
    assert w.page.is_checked("#switch-firstSeatRotates")
    w.page.reload()
    w.page.wait_for_selector("#deal")
    assert w.page.is_checked("input[name=game][value=kowah]")  # the game left open
    assert w.page.is_checked("#switch-firstSeatRotates")
    w.page.check("input[name=game][value=totom]")
    assert (w.page.input_value("#seat1"), w.page.input_value("#deals")) == ("random", "5")
    # a choice half made (no seat is yours) keeps the names and the other seats: seat 0 is
    # yours again, where every seat and name went back to the defaults
    w.page.fill("input[name=name2]", "Lan")
    w.page.select_option("#seat0", "heuristic")
    w.page.check("input[name=game][value=lukfu]")
    w.page.check("input[name=game][value=totom]")
    assert [w.page.input_value(f"#seat{s}") for s in range(4)] == [
        "you", "random", "strong", "strong"]
    assert [w.page.input_value(f"input[name=name{s}]") for s in range(4)] == [
        "Minh", "", "Lan", ""]
    w.page.evaluate("localStorage.removeItem('moneycards.lobby')")
    assert w.errors == []


def test_the_lobby_says_how_each_game_is_played_citing_its_rules(served, context):
    """A newcomer found no plain account of a game before its numbered rules: the lobby
    sums up the chosen game (the goal, a turn, the end, what it pays), each line linking
    the rules it sums up, and every id it cites is one of the game's rules."""
    import json as json_mod
    import re
    import urllib.request

    book = json_mod.loads(urllib.request.urlopen(served + "/rules.json").read())
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.wait_for_selector("#deal")
    for game, title in [("totom", "Tổ Tôm"), ("kowah", "Kowah"), ("lukfu", "Luk Fu")]:
        w.page.check(f"input[name=game][value={game}]")
        assert w.page.text_content(".how-to-play summary") == f"How to play {title}"
        if not w.page.evaluate("document.querySelector('.how-to-play').open"):
            w.page.click(".how-to-play summary")
        wait_for(w.page, "document.querySelector('.how-to-play li button.rule') !== null")
        lines = read_all(w.page, ".how-to-play li", "els => els.map(e => e.textContent)")
        assert 5 <= len(lines) <= 6, lines
        cited = set(read_all(w.page, ".how-to-play li button.rule",
                             "els => els.map(e => e.dataset.rule)"))
        ids = {r["id"] for r in book[game]} if isinstance(book, dict) and game in book else None
        written = set(re.findall(r"\b(?:TT|KW|LF)-[A-Z]\d+\b", " ".join(lines)))
        assert written and written == cited, (written - cited, cited - written)
        if ids is not None:
            assert cited <= ids, cited - ids
    # and what each AI level of the seats is, weakest first
    assert w.page.text_content(".ai-levels").startswith(
        "AI levels, weakest first: random (any legal move), greedy ")
    if os.environ.get("MONEYCARDS_SCREENSHOTS"):
        w.page.screenshot(path=str(shots_dir(None) / "lobby-how-to-play.png"))
    assert w.errors == []


def test_a_phone_s_move_panel_says_while_moves_lie_below_its_edge(served, context):
    """The moves sit in a panel pinned to a phone's foot, scrolling on its own: a newcomer
    saw a sliver of a row and took it for the end. While moves lie below the edge its foot
    says "more moves below"; scrolled to the end, it does not. Seed 2: the person is the
    Luk Fu master and, calling, leads the first trick with fourteen leads."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 2)
    w.settled()
    w.debug("act", "call play")
    w.settled()
    assert len(w.debug("legal")) == 14
    wait_for(w.page, "document.querySelector('section.actions').classList.contains('more-below')")
    said = w.page.evaluate("getComputedStyle(document.querySelector('section.actions'), "
                           "'::after').content")
    assert "more moves below" in said, said
    w.page.evaluate("(p => p.scrollTop = p.scrollHeight)"
                    "(document.querySelector('section.actions'))")
    wait_for(w.page, "!document.querySelector('section.actions').classList.contains('more-below')")
    if os.environ.get("MONEYCARDS_SCREENSHOTS"):
        w.page.evaluate("document.querySelector('section.actions').scrollTop = 0")
        w.page.wait_for_timeout(200)
        w.page.screenshot(path=str(shots_dir(None) / "lukfu-more-moves-390.png"))
    assert w.errors == []


def test_the_lobby_forgets_a_remembered_seat_and_its_token(served, context):
    """A seat this browser sat at is offered again in the lobby's "Your tables", its token
    kept in localStorage; "forget" takes both off the device (a shared one)."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 3)
    w.settled()
    table = w.debug("table")
    page = w.page
    page.goto(served + "/")
    page.wait_for_selector(".resume li")
    mine = "JSON.parse(localStorage.getItem('moneycards.seats') || '[]').map((s) => s.tableId)"
    assert table in page.evaluate(mine)
    entry = page.locator(".resume li", has_text=f"table {table}")
    assert entry.count() == 1
    entry.locator("button.forget").click()
    assert table not in page.evaluate(mine)
    assert page.locator(".resume li", has_text=f"table {table}").count() == 0
    page.reload()
    page.wait_for_selector("#deal")
    assert page.locator(".resume li", has_text=f"table {table}").count() == 0
    assert w.errors == []


def test_the_lobby_keeps_older_seats_in_a_fold(served, context):
    """A browser keeps every seat it may still have to close (as many as one address may
    keep open by default), not only the newest eight: the lobby lists eight and folds the
    rest under "N older tables", each still there to resume, close or forget; a new table
    is kept beside them all."""
    w = Watched(context)
    page = w.page
    page.goto(served + "/")
    old = [{"tableId": f"old{k:02d}", "token": "t" * 32, "game": "kowah", "seat": 0,
            "at": 1_700_000_000_000 - k} for k in range(11)]
    page.evaluate("(list) => localStorage.setItem('moneycards.seats', JSON.stringify(list))",
                  old)
    page.reload()
    page.wait_for_selector(".resume details.older")
    shown = ".resume > ul > li"
    assert page.locator(shown).count() == 8
    assert page.text_content(".resume details.older summary") == "3 older tables"
    assert not page.is_visible(".resume details.older li >> text=table old08")
    page.click(".resume details.older summary")
    assert page.is_visible(".resume details.older li >> text=table old08")
    page.click(".resume details.older li:has-text('table old09') button.forget")
    assert page.text_content(".resume details.older summary") == "2 older tables"
    mine = "JSON.parse(localStorage.getItem('moneycards.seats') || '[]').map((s) => s.tableId)"
    assert "old09" not in page.evaluate(mine)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 5)
    w.settled()
    kept = page.evaluate(mine)
    assert len(kept) == 11 and kept[0] == w.debug("table") and kept[-1] == "old10"
    # the server has no table by the old ones' ids: the lobby marks those it asks about
    # "closed" (forget only); closing the others finds them gone, and forgets them
    close_remembered_tables(page)
    left = page.evaluate(mine)
    assert left and all(t.startswith("old") for t in left), left
    assert page.locator(".resume .finished").all_text_contents() == ["closed"] * len(left)
    assert set(w.errors) <= {"Failed to load resource: the server responded with a "
                             "status of 404 (Not Found)"}  # the old ones' answers


@pytest.mark.parametrize("field, typed, said", [
    ("#seed", "1e5", "Seed: a whole number from 0 to 9223372036854775807"),
    ("#seed", "99999999999999999999999", "Seed: a whole number from 0 to"),
    ("#seed", "-3", "Seed: a whole number"), ("#seed", "abc", "Seed: a whole number"),
    ("#deals", "0", "Deals: a whole number from 1 to 1000"),
    ("#deals", "2.5", "Deals: a whole number"),
    ("#deals", "100000", "Deals: a whole number from 1 to 1000"),  # not cut to 1000
    ("#to-points", "1000000", "Points: a whole number from 1 to 100000"),
    ("#to-points", "0", "Points: a whole number from 1 to 100000"),
    ("#to-points", "1e3", "Points: a whole number")])
def test_the_lobby_names_a_bad_seed_or_deal_count_and_deals_nothing(served, context, field,
                                                                      typed, said):
    """What the lobby cannot send is refused on the page, the field named, before any call:
    '1e5' is a number to the browser but no int64, and a seed past int64 no request."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.wait_for_selector("#deal")
    w.page.fill(field, typed)
    w.page.click("#deal")
    w.page.wait_for_selector(".refusal:not([hidden])")
    assert w.page.text_content(".refusal").startswith(said)
    assert w.page.url.rstrip("/") == served.rstrip("/") and w.errors == []
    # corrected, it deals
    w.page.fill(field, "7" if field == "#seed" else "2")
    w.page.click("#deal")
    w.settled()
    assert w.errors == []


def test_a_kowah_take_draws_the_card_it_takes_on_its_button(served, context):
    """KW-T2: "take" names no card; its button draws the pile's top, the card it takes, as
    a phone hides the words beside it ("8m, the last discard"). Seed 5 offers a take at the
    person's first turn."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    w.settled()
    assert "take" in w.debug("legal")
    drawn = read_all(w.page, "button.act[data-action='take'] [data-card]",
                                        "cs => cs.map(c => c.dataset.card)")
    top = w.page.get_attribute(".center .discard.top [data-card]", "data-card")
    assert drawn == [top]
    assert read_all(w.page, "button.act[data-action='draw'] [data-card]",
                                       "cs => cs.length") == 0
    assert w.errors == []


def test_kowah_honours_are_told_apart_on_small_cards(served, context):
    """KW-D2: Old Thousand, Red Flower and White Flower are three kinds. On the pile the
    small cards drop their word, so each honour has its own glyph (and colour) there; seed
    21 puts White and Red Flower on the pile in the first round."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "strong", "strong"], 21)
    page = w.page
    for _ in range(20):
        w.settled()
        pile = read_all(page, ".center [data-card]",
                                         "els => els.map(e => e.dataset.card)")
        if {"2h", "3h"} <= set(pile):
            break
        version = w.debug("version")
        page.click("section.actions button.act >> nth=0")
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'")
    glyphs = {c: page.text_content(f".center [data-card='{c}'] .rank") for c in ("2h", "3h")}
    assert glyphs["2h"] != glyphs["3h"], glyphs
    colours = read_all(page,
        ".center [data-card$='h'] .rank", "els => els.map(e => getComputedStyle(e).color)")
    assert len(set(colours)) == len(colours), colours
    assert w.errors == []


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_a_name_under_a_kowah_discard_stays_on_one_line(served, context, width, height):
    """A seat's name under its discard, and "→ NAME" under a taken one, is one line: a long
    name is cut with an ellipsis and is whole in the label's title ("Grandmother / Lan"
    read as two labels of the row)."""
    seats = [{"kind": "SEAT_KIND_HUMAN", "name": "Grandmother Lan"},
             {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_GREEDY", "name": "Uncle Minh"},
             {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_GREEDY",
              "name": "A name of forty characters, the longest"}]
    made = connect(served, "CreateTable", {"game": "GAME_KOWAH", "seats": seats, "seed": "4"})
    w = Watched(context, width, height)
    w.page.goto(f"{served}/#table={made['tableId']}&token={made['seatTokens'][0]['token']}")
    play_first_moves(w, 30, until=lambda: len(w.page.query_selector_all(".center .discard"))
                     >= 9)
    labels = w.page.evaluate("""() => Array.from(document.querySelectorAll(
        '.center .discard .who, .center .discard .took')).map((e) => ({
            text: e.textContent, title: e.title,
            tall: e.getBoundingClientRect().height
                  > 1.6 * parseFloat(getComputedStyle(e).fontSize)}))""")
    assert len(labels) >= 9
    assert [x for x in labels if x["tall"]] == [], labels
    assert {x["title"] for x in labels} >= {"Grandmother Lan", "Uncle Minh",
                                            "A name of forty characters, the longest"}
    token = w.page.evaluate("JSON.parse(sessionStorage.getItem('moneycards.seat')).token")
    connect(served, "CloseTable", {"tableId": made["tableId"], "seatToken": token})
    assert w.errors == []


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_a_long_kowah_pile_keeps_the_hand_and_the_moves_on_screen(served, context, width,
                                                                   height):
    """Late in a Kowah deal the pile holds ninety discards: it scrolls in its own box,
    newest in view, so the hand and the moves stay on screen. The box holds whole rows: its
    top edge cuts no discard (a name under a card scrolled out of sight read as a label of
    the row below), and the heading counts the discards above."""
    w = Watched(context, width, height)
    deal_in_lobby(w, served, "kowah", ["you", "random", "random"], 11)
    page = w.page
    view = play_over_http(w, served, until=lambda v: len(
        v["kowah"].get("discards", [])) >= 90)
    assert not view.get("over")
    assert len(page.query_selector_all(".center .discard")) >= 90
    page.wait_for_timeout(100)  # the pile fits its rows in the next frame
    page.evaluate("window.scrollTo(0, 0)")
    if width > 800:
        moves = page.evaluate("document.querySelector('section.actions')"
                              ".getBoundingClientRect().top")
        assert moves < height - 40, moves  # at least the moves' first row shows
    cut = """() => {
        const pile = document.querySelector('.center .pile').getBoundingClientRect();
        const rows = Array.from(document.querySelectorAll('.center .discard'))
            .map((li) => li.getBoundingClientRect());
        return {newest: rows[rows.length - 1].top >= pile.top - 1
                        && rows[rows.length - 1].bottom <= pile.bottom + 1,
                above: rows.filter((r) => r.bottom <= pile.top + 1).length,
                cut: rows.filter((r) => r.top < pile.top - 1 && r.bottom > pile.top + 1).length,
                said: document.querySelector('.center h3 .above').textContent}; }"""
    seen = page.evaluate(cut)
    assert seen["newest"] and seen["cut"] == 0, seen
    # every name under a discard on one line ("Player / 0" read as two labels)
    wrapped = page.evaluate("""() => Array.from(document.querySelectorAll(
        '.center .discard .who, .center .discard .took')).filter((e) =>
        e.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(e).fontSize))
        .map((e) => e.textContent)""")
    assert wrapped == [], wrapped
    many = "s" if seen["above"] > 1 else ""
    assert seen["above"] > 0 and seen["said"] == (
        f" · {seen['above']} earlier discard{many} above: scroll up"), seen
    if os.environ.get("MONEYCARDS_SCREENSHOTS"):
        page.query_selector(".center").screenshot(
            path=str(shots_dir(None) / f"kowah-long-pile-{width}.png"))
    # scrolled to the top, nothing is above
    page.evaluate("document.querySelector('.center .pile').scrollTop = 0")
    wait_for(page, "document.querySelector('.center h3 .above').textContent === ''")
    assert w.errors == []


def test_a_paced_table_says_it_is_answering_while_its_ai_seats_play(served_paced, context):
    """At the server's default pace every AI action takes 300 ms (and each searching AI
    decision works a third of it, solver/tables.py STEADY_SHARE): the page says the table is
    answering until the AI seats have played, then shows their moves and the person's turn."""
    w = Watched(context)
    deal_in_lobby(w, served_paced, "kowah", ["you", "strong", "heuristic"], 5)
    answering = turned = False
    for _ in range(3):
        w.settled()
        version = w.debug("version")
        # found and clicked in one step of the page: a redraw between finding the button and
        # clicking it would leave the click on a detached button, and nothing sent
        w.page.evaluate("document.querySelector('section.actions button.act').click()")
        wait_for(w.page, "document.querySelector('section.actions .quiet')?.textContent === "
                 "'Sent; the table is answering…'", timeout=5000)
        # a move key meanwhile is told why nothing happens (pressed and read in one step of
        # the page, while it is still answering)
        said = w.page.evaluate("""() => {
            if (document.body.dataset.busy !== '1') return null;
            document.dispatchEvent(new KeyboardEvent('keydown', {key: '1', bubbles: true}));
            return document.querySelector('[role=status].sr-only').textContent; }""")
        assert said in (None, "Your move was sent: the table is answering."), said
        answering = answering or said is not None
        # the header no longer offers the turn just taken
        turn = w.page.evaluate("""() => document.body.dataset.busy === '1'
            ? document.querySelector('.status .turn').textContent : null""")
        assert turn is None or (turn.startswith("sent ")
                                and turn.endswith(": the table is answering…")), turn
        turned = turned or turn is not None
        wait_for(w.page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'")
        assert w.page.locator("section.actions .quiet").count() == 0 or \
            "answering" not in w.page.text_content("section.actions")
    w.settled()
    assert w.debug("legal") and not w.debug("over")
    assert answering  # two AI seats at 300 ms each: the page answered for 600 ms or more
    assert turned
    assert w.errors == []


def test_dealing_keeps_the_focus_on_deal_and_says_so_while_ai_seats_play_first(
        served_paced, context):
    """Seed 5 deals Kowah's first turn to seat 1: at the server's pace both AI seats play
    before the table answers. Meanwhile the Deal button keeps the focus (a disabled one
    dropped it to the page's body, with nothing said for seconds), says it is dealing, and
    a second press deals no second table; then the table opens."""
    w = Watched(context)
    page = w.page
    page.goto(served_paced + "/")
    page.check("input[name=game][value=kowah]")
    page.select_option("#seat1", "greedy")
    page.select_option("#seat2", "greedy")
    page.fill("#seed", "5")
    page.focus("#deal")
    page.keyboard.press("Enter")
    seen = page.evaluate("""() => [document.activeElement.id,
        document.querySelector('#deal').getAttribute('aria-disabled'),
        document.querySelector('#deal').textContent,
        document.querySelector('#deal ~ [role=status]').textContent]""")
    assert seen == ["deal", "true", "Dealing…", "Dealing the table: the AI seats before you "
                    "play their first moves."], seen
    page.keyboard.press("Enter")  # pressed again while it deals: nothing more is dealt
    w.settled()
    assert w.debug("legal")  # the person's first turn, after the two AI seats'
    assert len(page.evaluate("JSON.parse(localStorage.getItem('moneycards.seats') ?? '[]')")) \
        == 1
    assert w.errors == []


def test_on_a_phone_the_page_ends_at_the_log_however_long_it_grows(served, context):
    """The log's screen-reader separators are clipped with it: as it grows past its own
    scroll box on a phone, the page below it stays no longer than the page's margin."""
    w = Watched(context, 360, 740)
    deal_in_lobby(w, served, "kowah", ["you", "random", "random"], 5)
    page = w.page
    play_over_http(w, served, moves=60)
    assert page.evaluate("document.querySelectorAll('.log-lines > li').length") > 20
    below = page.evaluate("""() => {
        const log = document.querySelector('.log').getBoundingClientRect();
        return document.documentElement.scrollHeight - (log.bottom + window.scrollY); }""")
    assert below < 80, below
    assert w.errors == []


def test_a_lone_pass_is_played_for_the_person_at_a_table_of_ai_players(served, context):
    """As the terminal does: at a table where every other seat is an AI player, a lone
    `pass` is played for the person after a moment, the switch remembered; with a friend
    at the table it is asked (an instant pass would tell the friend the hand had nothing to
    capture)."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17,
                  auto_pass=True)
    page, clicked = w.page, []
    for _ in range(400):
        w.settled()
        if w.debug("over"):
            break
        legal = w.debug("legal")
        if legal == ["pass"]:  # the page plays it: wait for the next view
            version = w.debug("version")
            assert page.is_visible(".auto-pass-note")
            # said once, by the turn line: no "your turn" for a turn the page plays, and
            # the note is no status region said again at each redraw
            assert page.get_attribute(".auto-pass-note", "role") is None
            said = page.text_content(".table > .sr-only[aria-live]")
            assert said in ("Pass is your only action: playing it for you.", ""), said
            wait_for(page, f"document.body.dataset.version !== '{version}'", timeout=30_000)
            continue
        version = w.debug("version")
        page.click("section.actions button.act >> nth=0")
        clicked.append(legal[0])
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'")
    assert w.debug("over") and w.debug("autoPassed") > 0
    assert page.evaluate("localStorage.getItem('moneycards.autoPass')") == "1"
    assert w.errors == []


def test_the_auto_pass_switch_turns_it_off_and_friends_are_always_asked(served, browser):
    ctx = browser.new_context()
    try:
        w = Watched(ctx)
        deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17,
                      auto_pass=True)
        page = w.page
        for _ in range(60):  # to the first lone pass, with the switch turned off
            w.settled()
            if w.debug("legal") == ["pass"] or w.debug("over"):
                break
            if page.query_selector("#auto-pass") and page.is_checked("#auto-pass"):
                page.uncheck("#auto-pass")
                continue
            version = w.debug("version")
            page.click("section.actions button.act >> nth=0")
            wait_for(page, f"document.body.dataset.version !== '{version}' && "
                     "document.body.dataset.busy === '0'")
        assert w.debug("legal") == ["pass"]
        assert page.evaluate("localStorage.getItem('moneycards.autoPass')") == "0"
        version = w.debug("version")
        page.wait_for_timeout(1500)  # twice the page's pause: nothing is played
        assert w.debug("version") == version and w.debug("autoPassed") == 0
        assert w.errors == []
    finally:
        ctx.close()
    # A friend at the table: the switch on, and still a lone pass waits for the person.
    a_ctx, b_ctx = browser.new_context(), browser.new_context()
    try:
        a = Watched(a_ctx)
        deal_in_lobby(a, served, "totom", ["you", "friend", "greedy", "greedy"], 0,
                      auto_pass=True)
        link = a.page.get_attribute(".invite-link[data-seat='1']", "value")
        a.page.click("#to-my-seat")
        b = Watched(b_ctx)
        b.page.goto(link)
        lone = False
        for _ in range(200):
            a.settled()
            b.settled()
            if a.debug("over"):
                break
            if a.debug("legal") == ["pass"]:
                lone = True
                break
            mover = a if a.debug("legal") else b
            if not mover.debug("legal"):
                mover.page.wait_for_timeout(100)
                continue
            version = mover.debug("version")
            mover.page.click("section.actions button.act >> nth=0")
            wait_for(mover.page, f"document.body.dataset.version !== '{version}' && "
                     "document.body.dataset.busy === '0'")
        assert lone, "no lone pass came to the person in the deal"
        version = a.debug("version")
        a.page.wait_for_timeout(1500)
        assert a.debug("version") == version and a.debug("autoPassed") == 0
        assert not a.page.query_selector("#auto-pass")
        assert a.errors == [] and b.errors == []
    finally:
        a_ctx.close()
        b_ctx.close()


def test_a_hint_on_a_phone_opens_in_view(served, context, tmp_path):
    """On a phone the move panel is pinned to the foot of the screen and scrolls inside
    itself; a hint asked there is brought into view, its best action's reason on screen
    and not covered (Tổ Tôm, seed 17: played on until a turn offers eight actions or more)."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17)
    for _ in range(40):
        w.settled()
        legal = w.debug("legal")
        if len(legal) >= 8:
            break
        version = w.debug("version")
        w.page.click(f"button.act[data-action='{legal[0]}']")
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    assert len(w.debug("legal")) >= 8
    assert w.page.evaluate("(() => { const p = document.querySelector('.actions'); "
                           "return p.scrollHeight > p.clientHeight; })()")  # it scrolls
    # more moves than the keys reach: picking the card in the hand is said to be shorter
    touch = w.page.evaluate("matchMedia('(pointer: coarse)').matches")  # tapped, or clicked
    assert w.page.text_content(".actions .pick-tip") == \
        ("Or tap a card in your hand: only its moves stay." if touch else
         "Or pick a card in your hand (click it, or Enter on it): only its moves stay.")
    # the Hint button heads the panel, in sight without scrolling it; a fade at its foot
    # says that more moves lie below
    button, panel = box_of(w, ".hint-button"), box_of(w, ".actions")
    assert panel["y"] <= button["y"] and button["y"] + button["height"] <= 844, (button, panel)
    # and the keyboard meets it there too: first in the page as on the screen (the style
    # sheet alone put it first on screen and after the moves in the tab order)
    assert hint_before_moves(w)
    assert w.page.evaluate("getComputedStyle(document.querySelector('.actions'), '::after')"
                           ".position") == "sticky"
    w.page.keyboard.press("h")
    w.page.wait_for_selector(".ranked li .why")
    w.page.wait_for_timeout(100)
    assert w.page.evaluate("""() => {
        const why = document.querySelector('.ranked li .why');
        const r = why.getBoundingClientRect(), p = document.querySelector('.actions')
            .getBoundingClientRect();
        const x = r.left + 4, y = r.top + 4;
        return r.top >= p.top && y < p.bottom && y < innerHeight
            && why.contains(document.elementFromPoint(x, y));
    }""")
    # the best action alone stays open, the others folded: their reasons filled the
    # pinned panel and hid the moves below them, which now start in sight
    legal = w.debug("legal")
    assert w.page.locator("ol.ranked[aria-label] > li:not(.more)").count() == 1
    assert w.page.text_content(".ranked li.more summary") == f"{len(legal) - 1} more actions"
    first_move, panel = box_of(w, ".action-list button.act >> nth=0"), box_of(w, ".actions")
    assert first_move["y"] + first_move["height"] <= panel["y"] + panel["height"], \
        (first_move, panel)
    # the hand the hint speaks of stays on screen above the panel, not under it
    hand, panel = box_of(w, ".me .hand"), box_of(w, ".actions")
    assert hand["y"] >= 0 and hand["y"] + hand["height"] <= panel["y"] + 1, (hand, panel)
    w.page.screenshot(path=str(shots_dir(tmp_path) / "hint-totom-390x844.png"))
    # turned into a desktop's layout, the Hint button follows the moves, on screen and in
    # the page alike, without waiting for the next move to draw the table
    w.page.set_viewport_size({"width": 1280, "height": 800})
    wait_for(w.page, "document.querySelector('.action-list').compareDocumentPosition("
                     "document.querySelector('.hint-button')) & Node.DOCUMENT_POSITION_FOLLOWING")
    move, button = box_of(w, ".action-list button.act >> nth=-1"), box_of(w, ".hint-button")
    assert button["y"] >= move["y"] + move["height"], (move, button)
    assert w.errors == []


def hint_before_moves(w: "Watched") -> bool:
    """Whether the Hint button comes before the first move in the page (the tab order)."""
    return w.page.evaluate("document.querySelector('.hint-button').compareDocumentPosition("
                           "document.querySelector('.action-list button.act')) "
                           "& Node.DOCUMENT_POSITION_FOLLOWING") != 0


def play_until(w: "Watched", verb: str, tries: int = 60, pick=lambda legal: legal[0]) -> None:
    """Play the page's moves (`pick` of the legal ones: the first) until `verb` is legal."""
    def come() -> bool:
        return any(a.startswith(verb + " ") for a in w.debug("legal"))

    play_first_moves(w, tries, until=come, pick=pick)
    w.settled()
    assert come(), f"no {verb} came"


@pytest.mark.parametrize("game,seats,verb", [
    ("totom", ["you", "greedy", "greedy", "greedy"], "discard"),
    ("totom", ["you", "greedy", "greedy", "greedy"], "capture"),
    ("lukfu", ["you", "greedy", "greedy"], "lead"),
])
def test_on_a_phone_a_decision_s_hand_is_drawn_above_the_pinned_move_panel(served, context,
                                                                       game, seats, verb):
    """At 390x844 the move panel is pinned to the screen's foot and, at a Tổ Tôm discard or
    a Luk Fu lead, is a third of the screen high: the page scrolls the hand above it, so
    the cards the moves speak of are not under them (seed 17; the first decision of its
    kind, reached by playing the first move offered). The decision is drawn more than once
    (busy, then settled, then with its old cards marked): each drawing leaves the page
    where the last one put it, where emptying the board first scrolled it to its top."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, game, seats, 17)
    play_until(w, verb)
    w.page.wait_for_timeout(200)  # a later drawing of the same decision (old cards marked)
    hand, panel = box_of(w, ".me .hand"), box_of(w, ".actions")
    assert w.page.evaluate("getComputedStyle(document.querySelector('.actions')).position") \
        == "sticky"
    assert hand["y"] >= 0 and hand["y"] + hand["height"] <= panel["y"] + 1, (hand, panel)
    assert w.errors == []


def test_a_window_narrowed_to_a_phone_keeps_the_decision_s_hand_above_the_move_panel(
        served, context):
    """A decision drawn at 1280x800 (no pinned panel) and the window then narrowed to 390x844,
    as a phone turned or a window resized: the hand is scrolled above the panel pinned
    there (Tổ Tôm, seed 17, its first discard)."""
    w = Watched(context, 1280, 800)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17)
    play_until(w, "discard")
    w.page.wait_for_timeout(200)
    w.page.set_viewport_size({"width": 390, "height": 844})
    w.page.wait_for_timeout(200)
    hand, panel = box_of(w, ".me .hand"), box_of(w, ".actions")
    assert hand["y"] >= 0 and hand["y"] + hand["height"] <= panel["y"] + 1, (hand, panel)
    assert w.errors == []


@contextmanager
def narrow(browser, touch: bool):
    """A page 390 by 844: a phone's touch screen, or a desktop's narrow window."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=touch,
                              is_mobile=touch)
    try:
        yield Watched(ctx, 390, 844)
    finally:
        ctx.close()


def test_a_touch_screen_shows_no_key_badges(served, browser):
    """A phone with no keyboard (hover: none, pointer: coarse) has no use for the badges of
    the keys (1-9, H): none is drawn there; a desktop's are."""
    for touch, shown in ((True, False), (False, True)):
        with narrow(browser, touch) as w:
            deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
            w.settled()
            visible = read_all(w.page,
                "kbd", "ks => ks.filter(k => getComputedStyle(k).display !== 'none').length")
            assert (visible > 0) == shown, (touch, visible)
            assert w.errors == []


def test_the_rules_book_on_a_touch_screen_does_not_open_the_on_screen_keyboard(served,
                                                                               browser):
    """The book opens with focus on its search on a desktop, where typing finds at once; on
    a touch screen focus there would open the on-screen keyboard over the rules, so it is
    on the book's Close button."""
    for touch, focused in ((True, "button.done"), (False, "input.find")):
        with narrow(browser, touch) as w:
            deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 5)
            w.settled()
            w.page.click("button.rules-link")
            w.page.wait_for_selector("dialog#rule-dialog[open] .book-list")
            assert w.page.evaluate(f"document.activeElement.matches('dialog#rule-dialog "
                                   f"{focused}')"), (touch, focused)
            assert w.errors == []


def test_an_alert_is_read_out_once_however_often_the_table_is_drawn(served, context):
    """The table is drawn anew on every change (a card picked, an old card proved, a friend
    arriving): a refusal shown again is no new alert (each new alert element is read out
    again), while it stays in view."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    w.settled()
    assert "draw" in w.debug("legal")
    w.debug("act", "discard 9m")  # before a draw or take: refused (KW-T2)
    w.page.wait_for_selector("section.actions .refusal[role=alert]")
    said = w.page.text_content("section.actions .refusal")
    w.page.click(".me .card >> nth=0")  # drawn again: the refusal stays, unannounced
    w.page.wait_for_selector(".picked-note")
    assert w.page.text_content("section.actions .refusal") == said
    assert w.page.query_selector("section.actions .refusal[role=alert]") is None
    # the browser logs the refused call's 400 itself: expected here
    assert [e for e in w.errors if "(Bad Request)" not in e] == []


def test_a_finished_luk_fu_deal_still_marks_the_old_cards_left_in_hand(served, context):
    """Luk Fu seed 1, the person playing the first move offered: the deal ends with 1t
    (proved old, LF-O1) among the cards left; the hand shown at the end marks it, as the
    claim line counts it (the marks went with the deal's end)."""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 1)
    play_first_moves(w, 200, pick=lambda legal: legal[0])
    w.settled()
    assert w.debug("over")
    w.page.wait_for_selector(".me .card.old")
    old = read_all(w.page, ".me .card.old", "es => es.map(e => e.dataset.card)")
    assert old == ["1t"], old
    assert w.errors == []


def test_a_short_list_of_face_down_choices_names_the_lowest_not_old(served, context):
    """Eight face-down choices or fewer are not folded: the one the terminal's number picks
    (the lowest cards not old) is named among them, as it is beside a fold."""
    w = Watched(context)

    def look(legal: list[str]) -> bool:
        downs = [a for a in legal if a.startswith("down ")]
        if not 1 < len(downs) <= 8:
            return False
        w.page.wait_for_selector("button.act[aria-label*='the lowest cards not old']")
        named = read_all(w.page,
            "button.act[aria-label*='the lowest cards not old']",
            "es => es.map(e => e.dataset.action)")
        assert len(named) == 1 and named[0] in downs, named
        assert w.page.query_selector("details.downs") is None  # not folded
        return True

    assert lukfu_first_decision(w, served, range(6), 60, look), \
        "no short list of face-down choices in these deals"
    assert w.errors == []


def lukfu_lowest_down(seed: int) -> str:
    """The face-down play the terminal's number picks at seat 0's first decision."""
    from moneycards.solver.lukfu.screen import default_down

    table = Table.create("lukfu", [Seat("human"), Seat("ai", "random"), Seat("ai", "random")],
                         seed=seed)
    return default_down(table.observation(0))


def test_keys_play_only_the_choices_in_view(served, context):
    """Luk Fu, seed 0: seat 0 first goes down with one of 12 cards, a list folded away; its
    buttons carry no key, and 1 plays the one choice keyed beside the fold, as the
    terminal's number does (the lowest cards not old), once the server has said which are
    old; a picked card brings its choices into view, numbered."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "lukfu", ["you", "random", "random"], 0)
    w.settled()
    legal = w.debug("legal")
    assert len(legal) == 12 and all(a.startswith("down ") for a in legal)
    assert w.page.query_selector("details.downs:not([open])") is not None
    assert w.page.query_selector("details.downs button[data-key]") is None
    lowest = lukfu_lowest_down(0)
    keyed = w.page.wait_for_selector(".action-list > button.act[data-key='1']")
    assert keyed.get_attribute("data-action") == lowest
    assert "the lowest cards not old" in keyed.get_attribute("aria-label")
    w.page.click(".me .card[data-card='1c']")  # picked: the one choice that uses it
    w.page.wait_for_selector("button.act[data-key='1'][data-action='down 1c']")
    w.press_to_play("1")
    assert "Player 0: down 1c" in w.page.text_content(".log-lines")
    assert w.errors == []


def test_one_key_puts_the_lowest_cards_not_old_down(served, context):
    """Luk Fu, seed 0, the fold untouched: 1 plays the choice keyed beside it."""
    w = Watched(context, 1280, 800)
    deal_in_lobby(w, served, "lukfu", ["you", "random", "random"], 0)
    w.settled()
    w.page.wait_for_selector(".action-list > button.act[data-key='1']")
    w.press_to_play("1")
    assert f"Player 0: {lukfu_lowest_down(0)}" in w.page.text_content(".log-lines")
    assert w.errors == []


def test_an_opened_fold_numbers_its_choices_for_the_keys(served, context):
    """Luk Fu, seed 0: the twelve face-down choices folded away carry no key; opened, the
    first nine are numbered 2-9 and 0 (1 is the lowest cards not old, beside the fold), and
    0 plays its ninth."""
    w = Watched(context, 1280, 800)
    deal_in_lobby(w, served, "lukfu", ["you", "random", "random"], 0)
    w.settled()
    assert w.page.query_selector("details.downs button[data-key]") is None
    w.page.wait_for_selector(".action-list > button.act[data-key='1']")  # the lowest, 1
    w.page.focus("details.downs summary")
    w.page.keyboard.press("Enter")
    w.page.wait_for_selector("details.downs[open] button[data-key='9']")
    # the tenth key is 0, as a keyboard's digits run; the last three have no key
    keys = read_all(w.page, "details.downs button.act",
                                       "(es) => es.map((e) => e.dataset.key ?? '')")
    assert keys == [str(k) for k in range(2, 10)] + ["0", "", "", ""]
    tenth = w.page.get_attribute("details.downs button[data-key='0']", "data-action")
    w.press_to_play("0")
    assert f"Player 0: {tenth}" in w.page.text_content(".log-lines")
    assert w.errors == []


def test_focus_stays_on_the_moves_after_an_action_played_by_keyboard(served, context):
    """Kowah, seed 5: a move played with Enter leaves focus on the next move's first
    button, not on the page's body (a keyboard user would Tab back from the page's top);
    the turn is said in the page's one live region, and Escape closes a hint."""
    w = Watched(context, 1280, 800)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    w.settled()
    active = ("document.activeElement && document.activeElement.dataset.focus"
              " || document.activeElement.tagName")
    assert w.page.evaluate(active).startswith("act-")  # a table just opened: its first move
    for _ in range(3):
        version = w.debug("version")
        w.page.focus("button.act")
        w.page.keyboard.press("Enter")
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
        w.settled()
        if w.debug("over"):
            break
        assert w.page.evaluate(active).startswith("act-"), w.page.evaluate(active)
        said = w.page.text_content(".table > .sr-only[aria-live]")
        assert said.startswith("your turn: "), said
    w.page.keyboard.press("h")
    w.page.wait_for_selector(".hint ol.ranked")
    wait_for(w.page, "document.querySelector('.table > .sr-only').textContent.startsWith('Hint: ')")
    w.page.keyboard.press("Escape")
    w.page.wait_for_selector(".hint ol.ranked", state="detached")
    assert w.page.evaluate(active).startswith("act-")  # where it was
    assert w.errors == []


def test_a_draw_face_up_is_told_once_in_the_log(served, context):
    """Kowah after a declaration: this seat's draw is shown to all (KW-X3), and its log
    entry says the card once ("drew 7m face up"), not again as "you drew 7m"."""
    w = Watched(context)
    face_up = """[...document.querySelectorAll('.log-lines > li')].filter(li =>
        li.textContent.includes('Player 0 drew') && li.textContent.includes('face up'))
        .map(li => li.textContent)"""
    found = []
    for seed in range(1, 9):
        deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], seed)
        play_first_moves(w, 60, until=lambda: bool(w.page.evaluate(face_up)))
        found = w.page.evaluate(face_up)
        if found:
            break
    assert found, "no face-up draw of this seat in eight deals"
    assert all("you drew" not in entry for entry in found), found
    close_remembered_tables(w.page)


def test_a_log_entry_s_lines_are_read_as_sentences(served, context):
    """Tổ Tôm, seed 17: an entry's lines (the action, what followed, the card this seat
    drew) are blocks on screen; to a screen reader, which reads the entry's text, each but
    the last ends as a sentence, so "…discards 5s" and "you drew 3c" do not run together."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17, "traditional")
    w.settled()
    entries = []
    for _ in range(12):
        entries = w.page.evaluate("""[...document.querySelectorAll('.log-lines > li')]
            .filter(li => li.querySelectorAll(':scope > .line').length > 1)
            .map(li => [[...li.querySelectorAll(':scope > .line')].map(l => l.textContent),
                        li.textContent])""")
        if entries or w.debug("over"):
            break
        version = w.debug("version")
        w.page.click("button.act")
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
        w.settled()
    assert entries, "no entry of two lines within twelve moves"
    for lines, said in entries:
        joined = "".join(line + ("" if k == len(lines) - 1 else " " if line[-1] in ".!?" else ". ")
                         for k, line in enumerate(lines))
        assert said.startswith(joined), (lines, said)
    assert w.errors == []


@pytest.mark.parametrize("game", ["totom", "kowah", "lukfu"])
def test_every_control_outside_running_text_is_24_pixels_tall_on_a_phone(served, context, game):
    """WCAG 2.5.8's minimum target: every link, button, field and fold of the table at
    390 px but a rule id inside a sentence (its inline exception)."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, game, ["you"] + ["greedy"] * (3 if game == "totom" else 2), 3)
    w.settled()
    small = w.page.evaluate("""[...document.querySelectorAll(
            'a, button, summary, input, select, [tabindex]')]
        .filter(e => e.offsetParent && !e.matches('button.rule'))
        .map(e => [e.tagName + ' ' + (e.textContent || '').trim().slice(0, 20),
                   e.getBoundingClientRect().height])
        .filter(([, height]) => height < 24)""")
    assert small == []
    # a move is tapped with a thumb: a lone "take" or "Ù" is no smaller than 44 x 40
    moves = read_all(w.page,
        "section.actions button.act", "bs => bs.filter(b => b.offsetParent).map(b => "
        "[b.dataset.action, b.getBoundingClientRect().width, b.getBoundingClientRect().height])")
    assert moves and all(wd >= 44 and ht >= 40 for _, wd, ht in moves), moves
    assert w.errors == []


def test_a_new_decision_takes_focus_to_its_first_move_and_is_said_again(served, context):
    """Tổ Tôm, seed 17: passing with the keyboard from the second button, the next offer
    to this seat ('capture or pass' again) puts focus on its first move, not on a pass of
    the same name, and the turn is said again though in the same words."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17, "traditional")
    w.settled()
    w.page.evaluate("""() => { window.said = 0; new MutationObserver(() => window.said++)
        .observe(document.querySelector('.table > .sr-only'), {childList: true,
        characterData: true, subtree: true}); }""")
    focus = "document.activeElement.dataset.focus || document.activeElement.tagName"
    seen = 0
    for _ in range(30):
        legal = w.debug("legal")
        if w.debug("over"):
            break
        if len(legal) > 1 and legal[-1] == "pass":
            before = w.page.evaluate("window.said")
            version = w.debug("version")
            w.page.focus("button.act[data-action='pass']")
            w.page.keyboard.press("Enter")
            wait_for(w.page, f"document.body.dataset.version !== '{version}'")
            w.settled()
            now = w.debug("legal")
            if len(now) > 1 and now[0] != "pass" and not w.debug("over"):
                assert w.page.evaluate(focus) == f"act-{now[0]}"
                assert w.page.evaluate("window.said") > before
                seen += 1
                if seen >= 2:
                    break
        else:
            version = w.debug("version")
            w.debug("act", legal[0])
            wait_for(w.page, f"document.body.dataset.version !== '{version}'")
            w.settled()
    assert seen >= 1
    assert w.errors == []


@pytest.mark.parametrize("width,height", SIZES)
def test_a_picked_card_rises_under_its_group_label_not_over_it(served, context, width, height):
    w = Watched(context, width, height)
    deal_in_lobby(w, served, "lukfu", ["you", "random", "random"], 0)
    # seed 0: AI 1 is the master and speaks first; on a loaded machine the table can be
    # drawn before the AI seats have played to the person's turn, when no card is picked
    wait_for(w.page, "(window.moneycards?.page?.()?.legal?.() ?? []).length > 0")
    w.settled()
    cards = ".me .group .cards > button.card"
    for i in range(len(w.page.query_selector_all(cards))):
        w.page.click(f"{cards} >> nth={i}")
        w.page.wait_for_selector(f"{cards}.picked >> nth={i}")
    w.page.wait_for_timeout(100)
    clash = w.page.evaluate("""() => Array.from(document.querySelectorAll('.me .group'))
        .flatMap((g) => {
            const label = g.querySelector('.group-label').getBoundingClientRect();
            return Array.from(g.querySelectorAll('button.card.picked'))
                .filter((c) => c.getBoundingClientRect().top < label.bottom - 0.5)
                .map((c) => c.dataset.card); })""")
    assert clash == []
    assert w.errors == []


def test_a_card_on_offer_at_a_doorway_is_said_apart_from_its_dead_cards(served, context):
    """Tổ Tôm, seed 17: the first card offered at the person's own doorway stands in the
    doorway's row after "on offer:", never right beside "no dead cards" as if it were one."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17)
    for _ in range(60):
        w.settled()
        if w.page.query_selector(".me .door .offer"):
            break
        version = w.debug("version")
        w.debug("act", w.debug("legal")[0])
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    else:
        raise AssertionError("no card was offered at the person's doorway")
    words = w.page.evaluate("""() => Array.from(document.querySelector('.me .door').children,
        (e) => e.classList.contains('offer') ? 'CARD' : e.textContent.trim())""")
    assert words[-2:] in (["no dead cards; on offer:", "CARD"], ["on offer:", "CARD"]), words
    # once the deal is over, a card left at a doorway was the last offered, not on offer
    play_first_moves(w, 400)
    assert w.debug("over")
    doors = w.page.evaluate("""() => Array.from(document.querySelectorAll('.door'), (d) =>
        Array.from(d.children, (e) => e.classList.contains('offer') ? 'CARD'
                                       : e.textContent.trim()))""")
    assert not any("on offer:" in " ".join(d) for d in doors), doors
    left = [d for d in doors if "CARD" in d]
    assert all(d[d.index("CARD") - 1].endswith("last offered:") for d in left), doors
    assert left  # seed 17's deal ends on a card offered at a doorway
    assert w.errors == []


def test_escape_unpicks_a_picked_hand_card(served, context):
    w = Watched(context, 1280, 800)
    deal_in_lobby(w, served, "lukfu", ["you", "random", "random"], 0)
    w.settled()
    w.page.click(".me .card[data-card='1c']")
    w.page.wait_for_selector(".me button.card.picked[aria-pressed='true']")
    w.page.keyboard.press("Escape")
    w.page.wait_for_selector(".me button.card.picked", state="detached")
    assert w.page.query_selector(".me button.card[aria-pressed='true']") is None
    assert w.errors == []


def test_a_picked_card_of_a_concealed_pair_says_why_it_has_no_discard_tt_c2(served, context):
    """Tổ Tôm, seed 17: at a discard, a card of a concealed identical pair picked alone
    has no action; the note says why (TT-C2), the rule id a link to its text."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17, "traditional")
    w.settled()
    for _ in range(40):
        legal = w.debug("legal")
        if any(a.startswith("discard ") for a in legal):
            break
        version = w.debug("version")
        w.debug("act", next((a for a in legal if a.startswith("capture ")), legal[0]))
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
        w.settled()
    else:
        raise AssertionError("no discard turn came")
    hand = cards_of(w.debug("hand"))
    pair = next(c for c in hand if hand.count(c) == 2)
    w.page.click(f".me button.card[data-card='{pair}']")
    note = w.page.text_content(".picked-note")
    assert f"Picked {pair}: no action uses it." in note
    assert "A concealed pair is never broken to discard one of its cards (TT-C2)." in note
    said = w.page.text_content(".table > .sr-only[aria-live]")  # and said, the card by name
    from moneycards.solver.totom import TOTOM

    named = TOTOM.name(TOTOM.parse(pair)[0])
    assert said.startswith(f"Picked {named}: no action uses it.") and "(TT-C2)" in said
    assert w.page.query_selector(".picked-note button.rule") is not None
    assert w.errors == []


def test_a_captured_face_picked_at_a_traditional_table_says_why_it_cannot_go(served,
                                                                             context):
    """Tổ Tôm seed 0, traditional with no_discard_of_captured_face (a traditional error, a
    box in the lobby): seat 0 discards 9m, then captures 2c and holds another 2c; picked,
    the card says it was captured this deal and names the switch, as the server's refusal
    does."""
    w = Watched(context)
    page = w.page
    page.goto(served + "/")
    page.evaluate("localStorage.setItem('moneycards.autoPass', '0')")
    page.check("input[name=game][value=totom]")
    for s in range(1, 4):
        page.select_option(f"#seat{s}", "greedy")
    page.select_option("#preset", "traditional")
    page.check("#switch-noDiscardOfCapturedFace")
    page.fill("#seed", "0")
    page.click("#deal")
    for action in ("discard 9m", "capture 2c"):
        w.settled()
        version = w.debug("version")
        w.debug("act", action)
        wait_for(page, f"document.body.dataset.version !== '{version}'")
    w.settled()
    assert "discard 2c" not in w.debug("legal")
    page.click(".me button.card[data-card='2c']")
    note = page.text_content(".picked-note")
    assert "Picked 2c: no action uses it." in note
    assert ("You captured 2c this deal, and at this table a face you captured may not be "
            "discarded (a traditional error, switch no_discard_of_captured_face).") in note
    assert w.errors == []


def test_a_kowah_card_picked_before_the_draw_says_a_turn_draws_first_kw_t2(served, context):
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    w.settled()
    assert set(w.debug("legal")) <= {"draw", "take"}
    w.page.click(".me button.card >> nth=0")
    note = w.page.text_content(".picked-note")
    assert "no action uses it." in note
    assert "A turn draws the top stock card or takes the last discard first, then discards " \
           "one (KW-T2)." in note
    # the move of no card stays in view: a card picked by mistake hides no way on
    assert w.page.query_selector("section.actions button.act[data-action='draw']") is not None
    assert w.errors == []


def test_a_luk_fu_old_single_picked_by_a_non_caller_says_why_it_has_no_lead_lf_l3(served,
                                                                                 context):
    """The first seed from 0 whose deal brings the person (seat 0, passing every call) a lead
    while holding a card the server proves old and another that is not: that old card
    picked alone has no lead, and the note says why (LF-L3)."""
    w = Watched(context)

    def look(legal: list[str]) -> bool | None:
        if not any(a.startswith("lead ") for a in legal):
            return False
        w.page.wait_for_timeout(300)  # the old cards marked
        old = w.page.query_selector_all(".me button.card.old")
        if not old or len(old) == len(w.page.query_selector_all(".me button.card")):
            return None
        card = old[0].get_attribute("data-card")
        # fu won and old cards together, as the terminal says it (LF-W2)
        fu = int(w.page.text_content(".me .fu").split()[1])
        total = w.page.text_content(".me .claim-total")
        assert total.startswith(f"claim total {fu + len(old)} with your old cards"), total
        # enough only about to lead (LF-W2): "now" where the claim is offered
        assert total.endswith(": enough to claim now (LF-W2)" if "claim" in legal
                              else f": a claim needs {6 - fu - len(old)} more (LF-W2)"
                              if fu + len(old) < 6
                              else ": enough to claim when you are next to lead (LF-W2)"), total
        if f"lead {card}" in legal:
            return None
        # said with the moves before any card is picked (a lead not listed is otherwise
        # found missing only by picking its cards)
        assert "a seat that is not the caller leads an old single only when every card " \
               "it holds is old (LF-L3)." in w.page.text_content(".actions .lead-rule")
        old[0].click()
        note = w.page.text_content(".picked-note")
        assert f"Picked {card}: no action uses it." in note
        assert "A seat that is not the caller leads an old single only when every card it " \
               "holds is old (LF-L3)." in note
        return True

    assert lukfu_first_decision(w, served, range(12), 40, look), \
        "no seed brought a lead with an old card beside others"
    assert w.errors == []


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_totom_cards_show_tt_d2_red_faces_and_whole_vietnamese_words(served, context, width,
                                                                     height):
    """TT-D2: exactly 8 and 9 of Myriads and of Strings and Chi chi are red, and only they
    carry red (their rank, a band, 'red' in their spoken name): a player counts them for
    Bạch định, Tám đỏ and Kính tứ chi (TT-K3). Each word is marked Vietnamese and its line
    box is taller than its letters, so 'văn' keeps its breve on a phone."""
    w = Watched(context, width, height)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17, "traditional")
    w.settled()
    cards = read_all(w.page, ".me .hand [data-card]", """els => els.map(e => [
        e.dataset.card, e.classList.contains('red-face'), e.getAttribute('aria-label'),
        getComputedStyle(e.querySelector('.rank')).color])""")
    red = {"8m", "9m", "8s", "9s", "1h"}
    assert {c for c, *_ in cards} & red and {c for c, *_ in cards} - red  # both kinds dealt
    for card, is_red, label, colour in cards:
        assert is_red == (card in red), card
        assert label.endswith(", red") == (card in red), label
        assert (colour == "rgb(198, 40, 40)") == (card in red), (card, colour)
    words = read_all(w.page, ".me .card .word", """els => els.map(e => [e.lang,
        parseFloat(getComputedStyle(e).lineHeight) / parseFloat(getComputedStyle(e).fontSize),
        getComputedStyle(e).overflowY])""")
    assert words and all(lang == "vi" and ratio >= 1.2 and oy == "visible"
                         for lang, ratio, oy in words), words
    assert w.errors == []


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
@pytest.mark.parametrize("game,seed,card,name", [("lukfu", 0, "1c", "Mau Gung"),
                                                 ("totom", 1, "1h", "Chi chi"),
                                                 ("kowah", 0, "1h", "thousand")])
def test_a_named_card_fits_its_card_on_a_phone_and_a_desktop(served, context, width, height,
                                                             game, seed, card, name):
    """Luk Fu's 1c is named Mau Gung, the longest word a card carries, and Tổ Tôm's 1h Chi
    chi: each is written as a name, capitalised, and fits its card on a 390-pixel phone and
    at 1280 pixels (the seed deals it to seat 0); so does every other card's word in the
    hand. Kowah's Old Thousand says "thousand", not "old", which marks another thing at Luk
    Fu's table (LF-O2)."""
    w = Watched(context, width, height)
    deal_in_lobby(w, served, game, ["you"] + ["random"] * (SEATS[game] - 1), seed)
    w.settled()
    word = w.page.query_selector(f".me .card[data-card='{card}'] .word")
    assert word is not None and word.text_content() == name  # a name
    clipped = read_all(w.page,
        ".me .card .word", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1)"
        ".map(e => e.textContent)")
    assert clipped == []
    assert w.errors == []


def test_the_old_cards_note_says_what_old_means_and_no_more(served, context):
    """LF-O2: an old card is a single no card left can beat; Mau Gung and Bak Chi only when
    led alone (LF-F5), and none is safe in a set, a run or as a follow. The note under a
    Luk Fu hand says so, with the rules' ids, and never that old cards cannot be beaten
    (seed 0 deals seat 0 Mau Gung, marked old by LF-O1)."""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "random", "random"], 0)
    w.settled()
    # the proof (ProveOld) is asked after the view is drawn: its marks come with its answer
    w.page.wait_for_selector(".me .card[data-card='1c'].old", timeout=15000)
    note = w.page.text_content(".me p.quiet >> text=Cards marked old")
    assert "played alone" in note and "only when led alone" in note
    assert "cannot be beaten" not in note
    for rule in ("LF-O1", "LF-O2", "LF-F5", "LF-W2"):
        assert rule in note, rule
    assert w.errors == []


def test_one_s_own_face_down_cards_are_said_to_be_seen_by_oneself_alone(served, context):
    """Luk Fu: a seat that goes down sees its own cards in the trick, marked as seen by it
    alone (LF-F6); the other seats' face-down plays show as a count only."""
    w = Watched(context)
    for seed in range(7, 17):
        deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], seed)
        play_first_moves(w, 12, until=lambda: any(a.startswith("down ") for a in
                                                    w.debug("legal")))
        downs = [a for a in w.debug("legal") if a.startswith("down ")]
        if not downs or len(w.page.query_selector_all(".trick li")) != 1:
            continue  # wanted: the seat goes down second, so that its play stays in view
        w.debug("act", downs[0])
        w.settled()
        mine = [li for li in w.page.query_selector_all(".trick li")
                if li.text_content().startswith("Player 0")]
        if not mine:
            continue
        said = mine[0].text_content()
        assert said.endswith("face down: only you see them"), said
        cards = sorted(mine[0].eval_on_selector_all("[data-card]",
                                                    "els => els.map(e => e.dataset.card)"))
        from moneycards.solver.lukfu import LUKFU

        # its own cards, shown to it: those it put down
        assert cards == sorted(f.text for f in LUKFU.parse(downs[0].split(" ", 1)[1]))
        others = [li.text_content() for li in w.page.query_selector_all(".trick li")
                  if not li.text_content().startswith("Player 0")]
        assert all("only you" not in t for t in others)
        assert w.errors == []
        return
    raise AssertionError("no seed let seat 0 go down second in a trick")


def test_a_lone_pass_waits_behind_a_match_deals_unread_end(served, context):
    """R-match: the next deal is dealt at once, but a lone pass in it is not played for the
    person while the last deal's end is on screen unread; once they go on, it is (seed 5
    opens Tổ Tôm's second deal with a lone pass for seat 0)."""
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.evaluate("localStorage.setItem('moneycards.autoPass', '1')")
    for s in range(1, 4):
        w.page.select_option(f"#seat{s}", "greedy")
    w.page.fill("#seed", "5")
    w.page.fill("#deals", "2")
    w.page.click("#deal")
    page = w.page
    for _ in range(400):
        w.settled()
        if page.query_selector(".between button.next-deal"):
            break
        version = w.debug("version")
        if w.debug("legal") != ["pass"]:  # a lone pass the page plays
            page.click("section.actions button.act >> nth=0")
        wait_for(page, f"document.body.dataset.version !== '{version}' && "
                 "document.body.dataset.busy === '0'", timeout=30_000)
    assert page.query_selector(".between button.next-deal") and w.debug("legal") == ["pass"]
    version, passed = w.debug("version"), w.debug("autoPassed")
    page.wait_for_timeout(1500)  # twice the page's pause
    assert w.debug("version") == version and w.debug("autoPassed") == passed
    page.click(".between button.next-deal")
    wait_for(page, f"document.body.dataset.version !== '{version}'", timeout=30_000)
    assert w.debug("autoPassed") == passed + 1
    assert w.errors == []


def test_a_refusal_shows_a_rule_it_cites_never_an_error_kind(served, context):
    """A card of no deck cites the deck's rule (TT-D1), shown as a rule; a token that is not
    notation breaks no rule: the refusal names the token, and the error's kind
    (ErrorInfo's reason INVALID_NOTATION, for code) is not shown as if it were one."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 1)
    w.settled()
    w.debug("act", "discard 1m")
    w.page.wait_for_selector(".refusal button.rule[data-rule='TT-D1']")
    assert "no such card in Tổ Tôm: '1m'" in w.page.text_content(".refusal")
    w.debug("act", "discard 2x")
    wait_for(w.page, "document.querySelector('.refusal') !== null && "
             "document.querySelector('.refusal').textContent.includes(\"'2x'\")")
    said = w.page.text_content(".refusal")
    assert "INVALID_NOTATION" not in said and w.page.query_selector(".refusal .rule") is None
    # Chromium notes each refused call's status (400); nothing else may be logged
    assert [e for e in w.errors if "status of 400 (Bad Request)" not in e] == []


def test_the_lobby_warns_that_a_seed_at_a_table_with_a_friend_shows_every_hand(served,
                                                                              context):
    """A seed is shown at every seat and deals the same cards to anyone: with a friend seat
    and a seed the lobby says so before the deal; with either alone it says nothing."""
    w = Watched(context)
    page = w.page
    page.goto(served + "/")
    page.check("input[name=game][value=kowah]")
    page.select_option("#seat1", "friend")
    assert not page.is_visible(".seed-warning")  # no seed: a fair deal
    page.fill("#seed", "42")
    assert page.is_visible(".seed-warning")
    assert "see every hand" in page.text_content(".seed-warning")
    page.select_option("#seat1", "greedy")  # AI seats only: practice, nothing to warn of
    assert not page.is_visible(".seed-warning")
    page.select_option("#seat2", "friend")
    assert page.is_visible(".seed-warning")
    page.fill("#seed", "")
    assert not page.is_visible(".seed-warning")
    page.check("input[name=game][value=totom]")  # a game's seats drawn again: checked again
    page.fill("#seed", "7")
    assert page.is_visible(".seed-warning") == any(
        page.eval_on_selector(f"#seat{s}", "e => e.value") == "friend" for s in range(4))
    assert w.errors == []


# -- the rules, by id ---------------------------------------------------------------------------
def test_a_rule_id_shows_its_rule_and_keys_wait_while_it_is_open(served, context, tmp_path):
    """A refused action's rule id (and any rule id in a line) is a button that opens the rule
    as written (/rules.json, the text of `moneycards kowah rules`); while it is open the
    table's keys do nothing; Escape closes it. An id the book lacks stays plain code."""
    from moneycards.solver.ruletext import rule_text

    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "random"], 5)
    w.settled()
    w.debug("act", "discard 9m")
    w.page.wait_for_selector(".refusal button.rule[data-rule='KW-T2']")
    said = w.page.text_content(".refusal")
    assert said.count("KW-T2") == 1 and "draw or take a card before discarding" in said
    w.page.click(".refusal button.rule")
    dialog = w.page.wait_for_selector("dialog#rule-dialog[open]")
    t2 = rule_text("kowah", "KW-T2")
    assert dialog.query_selector("h2").text_content() == f"KW-T2 · Kowah · {t2.section}"
    assert dialog.query_selector("p").text_content() == t2.plain()
    w.page.screenshot(path=str(shots_dir(tmp_path) / "rule-kowah-1280.png"))
    version = w.debug("version")
    w.page.keyboard.press("1")  # the first action's key: the rule is open, nothing is played
    w.page.wait_for_timeout(300)
    assert w.debug("version") == version and w.page.is_visible("dialog#rule-dialog")
    w.page.keyboard.press("Escape")
    wait_for(w.page, "!document.querySelector('dialog#rule-dialog[open]')")
    w.debug("act", "draw", 0)  # a stale version: no rule of the book, no code either
    wait_for(w.page, "document.querySelector('.refusal.stale') !== null")
    assert w.page.query_selector(".refusal .rule") is None
    assert w.debug("showRule", "TT-C3") is False  # another game's rule is not this table's
    # A ruling that cites another game's: that one opens too, its game named.
    assert w.debug("showRule", "R-declare-privacy")
    w.page.click("dialog#rule-dialog button.rule[data-rule='R-claim-privacy']")
    wait_for(w.page, "document.querySelector('#rule-title')?.textContent === "
             "'R-claim-privacy · Tổ Tôm · Rulings on what the page leaves open'")
    w.page.keyboard.press("Escape")
    wait_for(w.page, "!document.querySelector('dialog#rule-dialog[open]')")


def test_a_rule_s_table_in_its_dialog_fits_a_phone(served, context, tmp_path):
    """TT-K3's bonus table comes as a table, every bonus a row; on a 390-pixel phone the
    dialog stays on the screen and the page does not widen."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 3)
    w.settled()
    wait_for(w.page, "window.moneycards.page().showRule('TT-K3')")
    rows = w.page.locator("dialog#rule-dialog .rule-table tr")
    assert rows.count() == 13
    assert rows.nth(0).text_content() == "bonusmeaningvalue"
    assert "Tám đỏ" in rows.nth(10).text_content() and "8 / 5" in rows.nth(10).text_content()
    box = w.page.locator("dialog#rule-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] <= 844
    assert page_width(w.page) <= 390
    assert w.page.eval_on_selector("dialog#rule-dialog", "(d) => d.scrollTop") == 0
    w.page.screenshot(path=str(shots_dir(tmp_path) / "rule-totom-390.png"))
    # an id the rule cites opens its own rule in the same dialog
    w.page.click("dialog#rule-dialog .rule-table button.rule[data-rule='TT-W7']")
    wait_for(w.page, "document.querySelector('#rule-title')?.textContent.startsWith('TT-W7')")
    assert w.page.locator("dialog[open]").count() == 1
    w.page.click("dialog#rule-dialog button.done")
    wait_for(w.page, "!document.querySelector('dialog#rule-dialog[open]')")
    assert w.errors == []


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_a_rule_s_way_to_its_book_is_one_line_inside_the_dialog(served, context, width,
                                                                 height):
    """The "All Kowah rules" button under a rule is one line and inside the dialog (its
    paragraph once shared its class with a face-down card's 12-pixel back)."""
    w = Watched(context, width, height)
    w.page.goto(served + "/")
    w.page.check("input[name=game][value=kowah]")
    w.page.click(".match-rule button.rule")
    w.page.wait_for_selector("dialog#rule-dialog[open] button.book")
    box = w.page.evaluate("""() => {
        const b = document.querySelector('dialog#rule-dialog button.book');
        const d = document.querySelector('dialog#rule-dialog').getBoundingClientRect();
        const r = b.getBoundingClientRect();
        return {tall: r.height > 2.2 * parseFloat(getComputedStyle(b).fontSize),
                inside: r.right <= d.right && r.bottom <= d.bottom + 1,
                text: b.textContent}; }""")
    assert box == {"tall": False, "inside": True, "text": "All Kowah rules"}, box
    w.page.click("dialog#rule-dialog button.book")
    wait_for(w.page, "document.querySelector('#rule-title')?.textContent.includes('Kowah')")
    assert w.errors == []


def test_the_lobby_links_each_game_s_own_match_ruling(served, context):
    """R-match is each game's own ruling: the lobby's link shows the chosen game's text, and
    Kowah's optional declaration links R-declare; the choices made stay when it is read."""
    from moneycards.solver.ruletext import rule_text

    w = Watched(context)
    w.page.goto(served + "/")
    w.page.select_option("#seat1", "greedy")
    w.page.wait_for_selector(".match-rule button.rule[data-rule='R-match']")
    assert w.page.input_value("#seat1") == "greedy"
    for game in ("totom", "kowah", "lukfu"):
        w.page.check(f"input[name=game][value={game}]")
        w.page.click(".match-rule button.rule")
        w.page.wait_for_selector("dialog#rule-dialog[open]")
        said = w.page.text_content("dialog#rule-dialog p")
        assert said == rule_text(game, "R-match").plain(), game
        # Kowah keeps no running totals (KW-K1): its match tallies wins and multipliers
        label = w.page.text_content("label[for=deals]")
        assert ("running totals" in label) == (game != "kowah"), (game, label)
        # LF-C4's three passes end a deal of the match (the master passes on, R-match)
        assert ("three passes count as a deal" in label) == (game == "lukfu"), (game, label)
        w.page.keyboard.press("Escape")
        wait_for(w.page, "!document.querySelector('dialog#rule-dialog[open]')")
    w.page.check("input[name=game][value=kowah]")
    w.page.click(".rules button.rule[data-rule='R-declare']")
    assert w.page.text_content("dialog#rule-dialog p") == rule_text("kowah", "R-declare").plain()
    assert not w.page.is_checked("#optional-declaration")  # the link is not the box's label
    assert w.errors == []


def test_the_table_s_rules_link_opens_the_game_s_book_with_a_search(served, context, tmp_path):
    """`rules` in the table's header: every rule of the game under its section, a search
    that keeps the rules with a word starting so (as `rules --find`), each id opening its
    rule, and the rule back to the book; typing in the search plays nothing."""
    from moneycards.solver.ruletext import mentions, rule_texts

    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 3)
    w.settled()
    version = w.debug("version")
    w.page.click("button.rules-link")
    w.page.wait_for_selector("dialog#rule-dialog[open] .book-list")
    assert w.page.text_content("#rule-title") == "Tổ Tôm rules · as written, numbered"
    ids = read_all(w.page, ".book-rule", "(es) => es.map((e) => e.dataset.rule)")
    assert ids == [r.id for r in rule_texts("totom")]
    # digits typed are not moves; a move's Chắn word finds the rule behind it
    for words in ("doorway", "Cạ", "12", "1", "doorway own", "bốc", "tra cua"):
        w.page.fill("dialog#rule-dialog input.find", "")
        w.page.type("dialog#rule-dialog input.find", words)
        ids = read_all(w.page, ".book-rule", "(es) => es.map((e) => e.dataset.rule)")
        assert ids == [r.id for r in rule_texts("totom") if mentions(r, words)], words
    assert w.debug("version") == version
    assert w.page.text_content(".book-rule[data-rule='TT-P4'] .rule-words") == \
        "In players' words: trả cửa"
    w.page.fill("dialog#rule-dialog input.find", "zzz")
    assert "No Tổ Tôm rule has a word starting “zzz”." in w.page.text_content(".book-list")
    w.page.fill("dialog#rule-dialog input.find", "doorway zzz")
    assert "No Tổ Tôm rule has words starting “doorway” and “zzz”." in \
        w.page.text_content(".book-list")
    # a screen reader hears what the search kept, once the typing pauses
    said = "document.querySelector('dialog#rule-dialog [role=status]').textContent"
    wait_for(w.page, f"{said} === 'No Tổ Tôm rule has words starting “doorway” and “zzz”.'")
    w.page.fill("dialog#rule-dialog input.find", "doorway")
    found = len([r for r in rule_texts("totom") if mentions(r, "doorway")])
    wait_for(w.page, f"{said} === '{found} rules found'")
    w.page.screenshot(path=str(shots_dir(tmp_path) / "rules-book-totom-390.png"))
    w.page.click(".book-rule[data-rule='TT-T3'] > button.rule")
    wait_for(w.page, "document.querySelector('#rule-title')?.textContent === "
             "'TT-T3 · Tổ Tôm · A turn'")
    w.page.click("dialog#rule-dialog button.book")
    w.page.wait_for_selector("dialog#rule-dialog .book-list")
    # back in the book, the search is as it was
    assert w.page.input_value("dialog#rule-dialog input.find") == "doorway"
    ids = read_all(w.page, ".book-rule", "(es) => es.map((e) => e.dataset.rule)")
    assert ids == [r.id for r in rule_texts("totom") if mentions(r, "doorway")]
    # the whole book shows a rule's table: TT-K3's twelve bonuses with their values
    w.page.fill("dialog#rule-dialog input.find", "")
    rows = read_all(w.page, ".book-rule[data-rule='TT-K3'] table.rule-table tr",
                                       "(es) => es.map((e) => e.textContent)")
    assert len(rows) == 13 and "Tám đỏexactly 8 red cards8 / 5" in rows
    # a word found in a table's row shows that row
    w.page.fill("dialog#rule-dialog input.find", "tam do")
    assert w.page.text_content(".book-rule[data-rule='TT-K3'] .book-row") == \
        "Tám đỏ — exactly 8 red cards — 8 / 5"
    # a click on the dialog's own padding leaves it open; the page around it closes it
    box = box_of(w, "dialog#rule-dialog")
    w.page.mouse.click(box["x"] + 4, box["y"] + box["height"] - 4)
    assert w.page.is_visible("dialog#rule-dialog .book-list")
    w.page.mouse.click(2, 2)
    wait_for(w.page, "!document.querySelector('dialog#rule-dialog[open]')")
    w.page.click("button.rules-link")
    w.page.wait_for_selector("dialog#rule-dialog .book-list")
    box = w.page.locator("dialog#rule-dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and page_width(w.page) <= 390
    # Escape in the search clears it first (the browser's way), then closes the book
    assert w.page.input_value("dialog#rule-dialog input.find") == "tam do"
    w.page.keyboard.press("Escape")
    wait_for(w.page, "document.querySelector('dialog#rule-dialog input.find')?.value === ''")
    w.page.keyboard.press("Escape")
    wait_for(w.page, "!document.querySelector('dialog#rule-dialog[open]')")
    assert w.errors == []


def box_of(w: Watched, selector: str) -> dict:
    box = w.page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


@pytest.mark.parametrize("game,seats", [("kowah", ["you", "greedy", "greedy"]),
                                        ("lukfu", ["you", "greedy", "greedy"])])
def test_the_rules_search_suggests_a_word_of_the_game_s_own_rules(served, context, game,
                                                                  seats):
    """The search's placeholder names a word the game's rules use (doorway is Tổ Tôm's)."""
    w = Watched(context)
    deal_in_lobby(w, served, game, seats, 3)
    w.settled()
    w.page.click("button.rules-link")
    w.page.wait_for_selector("dialog#rule-dialog[open] .book-list")
    hint = w.page.get_attribute("dialog#rule-dialog input.find", "placeholder")
    word = hint.removeprefix("find: a word, such as ")
    assert word != hint and word != "doorway"
    assert [r.id for r in rule_texts(game) if mentions(r, word)], (game, word)
    assert w.errors == []


def test_on_a_phone_a_capture_button_says_what_it_takes(served, context):
    """TT-T2: `capture 8m` names the hand card that takes the offered card. A phone hides
    the words beside each move, and "capture 8m" alone read as taking 8m while 8c was on
    offer: there each capture button keeps "takes 8c" (a desktop says it in full)."""
    w = Watched(context, 390, 844)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17)
    play_until(w, "capture", 200,
               lambda legal: next((a for a in legal if a.startswith("discard ")), legal[0]))
    offer = w.debug("offer")
    assert offer
    for size in ((390, 844), (1280, 800)):
        w.page.set_viewport_size({"width": size[0], "height": size[1]})
        w.page.wait_for_timeout(100)
        shown = read_all(w.page,
            "button.act[data-action^='capture ']",
            "bs => bs.map(b => [b.dataset.action, b.innerText.replace(/\\s+/g, ' ').trim()])")
        assert shown, "no capture button"
        for action, text in shown:
            if size[0] == 390:
                assert f"takes {offer}" in text and "expose" not in text, (action, text)
            else:
                assert f"take {offer}, expose" in text and "takes " not in text, (action, text)
    assert w.errors == []


def test_a_screen_reader_hears_cards_by_name_in_the_log_and_the_moves(served, context):
    """The log's notation ("AI 2: lead 456s") is drawn as it is but named by its cards for a
    screen reader (each token an image named "4 Strings, 5 Strings, 6 Strings"), and each
    move's label names its cards: read aloud, notation is a number ("136c")."""
    w = Watched(context)
    deal_in_lobby(w, served, "lukfu", ["you", "greedy", "greedy"], 4)
    for _ in range(40):
        w.settled()
        if w.debug("over") or w.page.locator(".log-lines .cards-said").count() >= 3:
            break
        version = w.debug("version")
        legal = w.debug("legal")
        w.debug("act", next((a for a in legal if a.startswith("call play")), legal[0]))
        wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    tokens = read_all(w.page,
        ".log-lines .cards-said",
        "es => es.map(e => [e.textContent, e.getAttribute('role'), e.getAttribute('aria-label')])")
    assert len(tokens) >= 3, tokens
    for text, role, label in tokens:
        assert role == "img" and re.fullmatch(r"[1-9]+[csmth]", text), (text, label)
        assert len(label.split(", ")) == len(text) - 1 and not re.search(r"\d[csmth]", label)
    w.settled()
    labels = read_all(w.page,
        "section.actions button.act", "bs => bs.map(b => [b.dataset.action, "
        "b.getAttribute('aria-label')])")
    for action, label in labels:
        cards = action.split(" ", 1)[1] if re.search(r"\d[csmth]", action) else ""
        if cards:  # "lead 456s": its cards named after the action's own words
            named = label.rsplit("; ", 1)[1]
            assert "; " in label and not re.search(r"\d[csmth]", named), label
            assert len(named.split(", ")) == sum(len(g) - 1 for g in cards.split()), label
    assert w.errors == []


def test_the_single_keys_can_be_turned_off_for_a_screen_reader(served, context):
    """WCAG 2.1.4: keys 1-9, 0, H and ? act at the table (a screen reader's browse mode has
    its own: 1-6 and H go to headings), so the header turns them off ("single keys",
    pressed or not), for every table of this browser; their badges go with them, Esc
    still closes."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    w.settled()
    switch = ".status .keys-switch"
    assert w.page.get_attribute(switch, "aria-pressed") == "true"
    assert w.page.inner_text(switch) == "single keys: on"
    w.page.click(switch)
    w.settled()
    assert w.page.get_attribute(switch, "aria-pressed") == "false"
    assert w.page.inner_text(switch) == "single keys: off"
    assert w.page.evaluate("document.querySelector('button.act kbd').offsetParent") is None
    version = w.debug("version")
    w.page.keyboard.press("1")
    w.page.keyboard.press("h")
    w.page.wait_for_timeout(500)
    assert w.debug("version") == version and w.page.query_selector(".ranked") is None
    w.page.reload()  # kept for this browser
    w.settled()
    assert w.page.get_attribute(switch, "aria-pressed") == "false"
    w.page.click(switch)
    w.settled()
    w.page.keyboard.press("1")
    wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    assert w.errors == []


def test_focus_is_kept_by_the_table_s_own_questions_and_given_back_in_the_lobby(served,
                                                                            context):
    """A keyboard and a screen reader are never left on the page's body: "close table" puts
    focus on its safe answer, "no, keep playing" back on "close table"; the ticked "pass
    for me" keeps it; back in the lobby it goes to the lobby's first words."""
    w = Watched(context)
    deal_in_lobby(w, served, "totom", ["you", "greedy", "greedy", "greedy"], 17)
    w.settled()
    focused = "document.activeElement.className"
    w.page.focus(".status .close-table")
    w.page.keyboard.press("Enter")
    w.page.wait_for_selector(".close-ask")
    assert "close-no" in w.page.evaluate(focused)
    w.page.keyboard.press("Enter")
    w.page.wait_for_selector(".status .close-table")
    assert "close-table" in w.page.evaluate(focused)
    # a pass beside a capture: ticked, "pass for me" does not play it (not the only action)
    play_first_moves(w, 200, until=lambda: "pass" in (legal := w.debug("legal"))
                     and len(legal) > 1)
    w.settled()
    w.page.focus("#auto-pass")
    w.page.keyboard.press("Space")
    w.page.wait_for_timeout(300)
    assert w.page.evaluate("document.activeElement.id") == "auto-pass"
    w.page.keyboard.press("Space")  # untick: the rest of the test clicks its own passes
    w.page.wait_for_timeout(300)
    w.page.focus(".status button.link:text-is('lobby')")
    w.page.keyboard.press("Enter")
    w.page.wait_for_selector(".lobby")
    assert w.page.evaluate("document.activeElement.textContent") == "Your tables"
    assert w.errors == []


def test_a_reopened_table_reads_its_past_in_silence_and_its_moves_aloud(served, context):
    """The log is a live region: a table opened again (a reload, Your tables) reads its past
    in while the region is off, where a screen reader said some thirty entries at once over
    the turn they came before; the moves after it are read as they come."""
    w = Watched(context)
    w.page.add_init_script("""
        window.liveness = [];
        new MutationObserver((changes) => {
          for (const c of changes) for (const n of c.addedNodes)
            if (n.nodeName === 'LI' && c.target.matches?.('.log-lines'))
              window.liveness.push(c.target.getAttribute('aria-live'));
        }).observe(document, { childList: true, subtree: true });
    """)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    play_first_moves(w, 6)
    w.settled()
    past = w.page.locator(".log-lines > li").count()
    assert past >= 6
    w.page.reload()
    w.settled()
    wait_for(w.page, f"document.querySelectorAll('.log-lines > li').length >= {past}")
    assert w.page.evaluate("window.liveness")[:past] == ["off"] * past
    wait_for(w.page, "document.querySelector('.log-lines').getAttribute('aria-live') "
             "=== 'polite'")
    version = w.debug("version")
    w.debug("act", w.debug("legal")[0])
    wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    wait_for(w.page, f"window.liveness.length > {past}")
    assert set(w.page.evaluate("window.liveness")[past:]) == {"polite"}
    assert w.errors == []


def _contrast(fg: list[float], bg: list[float]) -> float:
    def lum(c: list[float]) -> float:
        ch = [x / 255 for x in c[:3]]
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_card_s_rank_reads_at_4_5_to_1_taken_discards_too(served, context):
    """WCAG 1.4.3: each card's rank against its own face, at the card's own opacity, is at
    least 4.5:1 — a Kowah table's hand, honours and discard pile, taken discards included
    (dimmed to 45% they read at about 2:1; the honours' gold on cream at 4.27:1)."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    play_first_moves(w, 40, until=lambda: w.page.locator(".discard.taken").count() >= 1
                     and w.page.locator(".card.suit-h").count() >= 1)
    w.settled()
    # read in one evaluation of the page as it stands (an AI seat's move may redraw it
    # between a query and the reading of what it found)
    cards = w.page.evaluate("""() => [...document.querySelectorAll('.card .rank')].map(r => {
        const card = r.closest('.card');
        let opacity = 1;
        for (let e = r; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
        const rgb = (s) => s.match(/[\\d.]+/g).map(Number);
        return [card.dataset.card, card.className, rgb(getComputedStyle(r).color),
                rgb(getComputedStyle(card).backgroundColor), opacity];
    })""")
    assert cards
    for card, kind, fg, bg, opacity in cards:
        seen = [f * opacity + 255 * (1 - opacity) for f in fg[:3]]  # over the white page
        face = [b * opacity + 255 * (1 - opacity) for b in bg[:3]] \
            if len(bg) < 4 or bg[3] > 0 else [255, 255, 255]
        assert _contrast(seen, face) >= 4.5, (card, kind, fg, bg, opacity)
    assert w.errors == []


@pytest.fixture(scope="module")
def served_plugin(tmp_path_factory):
    """A server with a game of one's own (`serve --plugin tests.toygame`: High card)."""
    db = str(tmp_path_factory.mktemp("web-page-plugin") / "tables.db")
    proc, base, _, _ = start_serve(db, plugins=("tests.toygame",))
    yield base
    stop_serve(proc)


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_a_table_of_a_game_of_ones_own_is_played_in_the_page(served_plugin, context, width,
                                                              height):
    """docs/plugins.md: the page draws a game it does not know from what every view carries
    (the seats, whose turn, the legal actions as buttons, the hint, the log, the result)
    and the game's observation, a line a field in words; a deal is played to its end by
    the buttons and the number keys."""
    seats = [{"kind": "SEAT_KIND_HUMAN", "name": "Ann"},
             {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_GREEDY"}]
    made = connect(served_plugin, "CreateTable", {"gameName": "highcard", "seats": seats,
                                                  "seed": "7"})
    w = Watched(context, width, height)
    w.page.goto(f"{served_plugin}/#table={made['tableId']}"
                f"&token={made['seatTokens'][0]['token']}")
    page = w.page

    def settled():  # the table drawn (the page's helper waits for a seat of the three games)
        wait_for(page, "document.body.dataset.busy === '0' && "
                       "document.querySelector('.board.game-plugin') !== null")

    settled()
    assert page.title().split(" · ")[1:] == ["High card", "moneycards"]
    # opened from its link, not the lobby: the header names the games the server deals
    # (TableService.ListGames, asked by the page whichever way it opens), this one among them
    wait_for(page, "document.querySelector('header.top p').textContent === "
                   "'Tổ Tôm · Kowah · Luk Fu · High card at one table'")
    assert page.inner_text(".status .facts").startswith("High card · rules: preset seed · seed 7")
    seen = read_all(page, ".plugin-obs dt, .plugin-obs dd", "es => es.map(e => "
                                     "e.textContent)")
    fields = dict(zip(seen[::2], seen[1::2]))
    assert list(fields) == ["hand", "trick", "tricks won"], fields  # by name, every time
    assert len(fields["hand"].split()) == 3 and fields["tricks won"] == "0, 0"
    assert page.inner_text(".plugin-seats") .splitlines()[0].startswith("Ann person (you)")
    # the hint: the game's own ranking and reasons
    page.keyboard.press("h")
    wait_for(page, "document.querySelector('.ranked li .why') !== null")
    reasons = read_all(page, ".ranked li .why", "es => es.map(e => e.textContent)")
    assert reasons and all(r for r in reasons), reasons
    # on a phone the Hint button heads the moves, in the page as on the screen; on a
    # desktop it follows them
    assert hint_before_moves(w) == (width < 500)
    # a move played by key from the Hint button: the next decision's focus is its first
    # move, not the Hint button the person left (it stayed there, move after move)
    page.focus(".hint-button")
    version = w.debug("version")
    page.keyboard.press("1")
    wait_for(page, f"document.body.dataset.version !== '{version}'")
    settled()
    assert w.debug("legal"), "no decision after the first move: the check would be empty"
    assert page.evaluate("document.activeElement.matches('button.act')")
    played = 1
    while not w.debug("over"):
        legal = w.debug("legal")
        if not legal:
            settled()
            continue
        buttons = read_all(page, "section.actions button.act",
                                            "bs => bs.map(b => b.dataset.action)")
        assert buttons == legal
        version = w.debug("version")
        page.keyboard.press("1")  # the first move, as a keyboard plays it
        wait_for(page, f"document.body.dataset.version !== '{version}'")
        played += 1
    settled()
    assert played == 3
    result = page.inner_text(".result")
    assert result.startswith("The deal is over") and w.debug("resultText") in result
    # the settlement, as the three games' ends show it (HC-2: one point from the loser)
    assert page.text_content(".result .settled") in ("Settlement: Ann +1, AI 1 -1",
                                                     "Settlement: Ann -1, AI 1 +1")
    log = page.inner_text(".log-lines")
    # the game's lines name the table's seats, as the three games' do
    assert re.search(r"(Ann|AI 1) wins the trick", log) and "Seat " not in log, log
    assert "{" not in page.inner_text(".board") and "[" not in page.inner_text(".board")
    if width < 500:  # nothing wider than a phone's screen
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert w.errors == []


def test_a_match_of_a_game_of_ones_own_reads_each_deals_end_and_logs_every_deal(
        served_plugin, context):
    """A match at a table of one's own game: each deal's end is read before the next deal's
    table and log are shown (its log hid deal 2 on for good: nothing ever went on), the
    totals are signed, a friend not yet come is said, the rules are in the header, and the
    match's end gives its totals and who leads. "links for friends" and "close table" are
    there as at the three games' tables."""
    seats = [{"kind": "SEAT_KIND_HUMAN", "name": "Ann"},
             {"kind": "SEAT_KIND_AI", "aiLevel": "AI_LEVEL_GREEDY"}]
    made = connect(served_plugin, "CreateTable", {"gameName": "highcard", "seats": seats,
                                                  "seed": "7", "matchRules": {"deals": 2}})
    w = Watched(context)
    page = w.page
    page.goto(f"{served_plugin}/#table={made['tableId']}&token={made['seatTokens'][0]['token']}")

    def settled():
        wait_for(page, "document.body.dataset.busy === '0' && "
                       "document.querySelector('.board.game-plugin') !== null")

    settled()
    facts = page.inner_text(".status .facts")
    assert "rules: preset seed" in facts, facts  # the table's rules, by the game's names
    assert re.search(r"^Deal 1 of 2 · totals: Ann: 0, AI 1: 0$", page.inner_text(".match"))
    assert page.is_visible(".close-table")
    for deal in (1, 2):
        while page.query_selector("button.act"):
            version = w.debug("version")
            page.keyboard.press("1")
            wait_for(page, f"document.body.dataset.version !== '{version}'")
            settled()
        if deal == 1:  # its end, read before deal 2: the log holds deal 1's moves only
            wait_for(page, "document.querySelector('button.next-deal') !== null")
            assert page.inner_text(".between h2") == "Deal 1 of 2 is over"
            # who won the deal, by the game's rule (HC-2), not the last trick's line
            assert re.fullmatch(r"(Ann|AI 1) wins the deal \(HC-2\)\.",
                                page.inner_text(".between .result-text"))
            assert page.inner_text(".between .settled").startswith("Settlement: Ann ")
            assert re.search(r"^Deal 1 of 2 is over · totals: Ann: [+-]1, AI 1: [+-]1$",
                             page.inner_text(".match"))
            logged = read_all(page, ".log-lines > li:not([hidden])",
                              "ls => ls.map(l => l.dataset.deal ?? '0')")
            assert logged and set(logged) <= {"0", "1"}, logged
            # said to a screen reader, whose focus goes to "Go on", past the end: who won,
            # the settlement, then the way on (only the last trick's log line was read)
            said = page.text_content("[role=status].sr-only")
            assert re.fullmatch(r"Deal 1 is over\. (Ann|AI 1) wins the deal \(HC-2\)\. "
                                r"Settled: Ann [+-]1, AI 1 [+-]1\. Then go on to deal 2"
                                r"(, which waits for you)?\.", said), said
            page.click("button.next-deal")
            settled()
    wait_for(page, "document.querySelector('.result .totals') !== null")
    shown = read_all(page, ".log-lines > li:not([hidden])", "ls => ls.map(l => l.dataset.deal)")
    assert "2" in shown, shown  # deal 2's moves are in the log
    end = page.inner_text(".result")
    assert end.startswith("The match is over after 2 deals"), end
    assert "Totals, in points" in end and "Deal 2, the last" in end, end
    # the match's end said with who leads (the heading focused, its table never read)
    said = page.text_content("[role=status].sr-only")
    lead = page.inner_text(".result .match-lead")
    assert said.startswith(f"The match is over after 2 deals. {lead} The last deal: "), said
    assert w.errors == []


def test_a_table_of_ones_own_game_keeps_focus_and_says_a_question_once(served_plugin, context):
    """At a table with a friend: the "single keys" switch is in the header, as at the three
    games' tables; "links for friends", the close question and its safe answer keep the
    focus when the friend's move draws the table again, and the question (an alert) is not
    read again at that drawing; a sent move says the table is answering."""
    seats = [{"kind": "SEAT_KIND_HUMAN", "name": "Ann"},
             {"kind": "SEAT_KIND_HUMAN", "name": "Bea"}]
    made = connect(served_plugin, "CreateTable", {"gameName": "highcard", "seats": seats,
                                                  "seed": "7"})
    ann = {"tableId": made["tableId"], "seatToken": made["seatTokens"][0]["token"]}
    bea = {"tableId": made["tableId"], "seatToken": made["seatTokens"][1]["token"]}
    w = Watched(context)
    page = w.page
    # Ann dealt the table: her page holds its owner token, which closes it
    page.goto(f"{served_plugin}/#table={made['tableId']}&token={ann['seatToken']}"
              f"&owner={made['ownerToken']}")
    wait_for(page, "document.body.dataset.busy === '0' && "
                   "document.querySelector('.board.game-plugin') !== null")
    assert page.get_attribute(".status .keys-switch", "aria-pressed") == "true"

    def bea_moves():
        view = connect(served_plugin, "GetView", bea)["view"]
        assert view.get("legalActions"), "Bea is not to act: the test would check nothing"
        version = w.debug("version")
        connect(served_plugin, "Act", {**bea, "action": view["legalActions"][0]["text"]})
        wait_for(page, f"document.body.dataset.version !== '{version}'")
        wait_for(page, "document.body.dataset.busy === '0'")

    if not connect(served_plugin, "GetView", bea)["view"].get("legalActions"):
        # the hint asked from its button keeps the focus there while it thinks and after
        # (a disabled button lost it to the first move, past the hint)
        page.focus(".hint-button")
        page.keyboard.press("Enter")
        wait_for(page, "document.querySelector('.ranked li .why') !== null")
        assert page.evaluate("document.activeElement.dataset.focus") == "hint"
        version = w.debug("version")
        page.keyboard.press("1")  # Ann's lead: then Bea is to act
        wait_for(page, f"document.body.dataset.version !== '{version}'")
    page.keyboard.press("1")  # a move key out of turn says whose turn it is
    wait_for(page, "document.querySelector('[role=status].sr-only').textContent === "
                   "'Not your turn: Bea to act.'")
    page.focus(".close-table")
    page.keyboard.press("Enter")
    wait_for(page, "document.activeElement.classList.contains('close-no')")
    assert page.get_attribute(".close-ask", "role") == "alert"
    bea_moves()
    assert page.evaluate("document.activeElement.dataset.focus") == "close-no"
    assert page.get_attribute(".close-ask", "role") is None  # not read out again
    page.keyboard.press("Enter")  # no, keep playing
    wait_for(page, "document.activeElement.classList.contains('close-table')")
    page.keyboard.press("Enter")
    wait_for(page, "document.activeElement.classList.contains('close-no')")
    page.keyboard.press("Escape")  # the safe answer, as at a dialog
    wait_for(page, "document.activeElement.classList.contains('close-table')")
    assert page.query_selector(".close-ask") is None
    assert w.errors == []


def test_the_lobby_deals_a_game_of_ones_own(served_plugin, context):
    """A server started with `--plugin` deals its game from the lobby too
    (TableService.ListGames): offered after the three by its title, its seats as many as
    it has, its rules by its preset; the deal opens the game's table, and the lobby offers
    the game again next time. A server without one offers the three only (below)."""
    w = Watched(context)
    page = w.page
    page.goto(served_plugin + "/")
    wait_for(page, "document.querySelector('input[name=game][value=highcard]') !== null")
    offered = read_all(page, "input[name=game]", "es => es.map(e => e.value)")
    assert offered == ["totom", "kowah", "lukfu", "highcard"]
    wait_for(page, "document.querySelector('header.top p').textContent === "
                   "'Tổ Tôm · Kowah · Luk Fu · High card at one table'")
    choice = page.inner_text("label:has(input[value=highcard])")
    assert choice == "High card 2 players", choice  # as the three say it, to players
    page.check("input[name=game][value=highcard]")
    assert read_all(page, ".seat-list select", "es => es.map(e => e.id)") == ["seat0", "seat1"]
    assert page.inner_text(".rules").endswith("High card: its own rules, preset seed")
    assert page.is_visible(".to-points-row")  # a deal settles a point (HC-2): a target applies
    page.select_option("#seat1", "greedy")
    page.fill("#seed", "7")
    page.click("#deal")
    wait_for(page, "document.body.dataset.busy === '0' && "
                   "document.querySelector('.board.game-plugin') !== null")
    assert page.inner_text(".status .facts").startswith("High card · rules: preset seed · seed 7")
    assert w.debug("legal")  # Ann leads the first trick
    page.goto(served_plugin + "/")  # the lobby again: the game chosen last is chosen
    wait_for(page, "document.querySelector('input[value=highcard]:checked') !== null")
    assert read_all(page, ".seat-list select", "es => es.map(e => e.value)") == ["you", "greedy"]
    # Your tables names it by its title and says where it stands, as it does the three's
    wait_for(page, "document.querySelector('.resume .standing')?.textContent !== ''")
    entry = page.inner_text(".resume li")
    assert entry.startswith("High card, table ") and "your turn" in entry, entry
    assert w.errors == []


def test_a_lobby_without_games_of_ones_own_offers_the_three(served, context):
    w = Watched(context)
    w.page.goto(served + "/")
    w.page.wait_for_load_state("networkidle")
    assert read_all(w.page, "input[name=game]", "es => es.map(e => e.value)") == [
        "totom", "kowah", "lukfu"]
    assert w.page.inner_text("header.top p") == "Tổ Tôm · Kowah · Luk Fu at one table"
    assert w.errors == []


@pytest.mark.parametrize("width, height", [(390, 844)])
def test_a_luk_fu_follow_says_the_play_to_beat_beside_the_moves(served, context, width,
                                                                height):
    """On a phone the trick is scrolled away above the hand while the pinned moves are
    chosen: a follow (or a face-down discard, LF-F1) says the play to beat and whose it is
    beside them, the trick's last face-up play; a lead or a call says none."""
    w = Watched(context, width, height)

    def look(legal: list[str]) -> bool | None:
        # the note and the trick read in one evaluation: an AI seat's move may redraw the
        # page between two reads
        seen = w.page.evaluate("""() => {
            const b = document.querySelector('.actions .move-to-beat');
            const plays = [...document.querySelectorAll('.center .trick li')]
                .filter(li => !li.querySelector('.down'))
                .map(li => [li.querySelector('.who').textContent,
                            [...li.querySelectorAll('[data-card]')].map(c => c.dataset.card)]);
            return {beat: b && {cards: b.dataset.cards, said: b.textContent,
                                shown: b.getBoundingClientRect().height > 0}, plays}; }""")
        beat = seen["beat"]
        if any(a.startswith(("lead ", "call ", "claim")) for a in legal):
            assert beat is None
            return False
        assert beat is not None and beat["shown"], beat
        who, cards = seen["plays"][-1]
        assert sorted(beat["cards"].split()) == sorted(cards), (seen, cards)
        said = beat["said"]
        assert said.startswith("To beat: ") and said.endswith(
            f" {beat['cards']}, {who}'s play"), said
        return True

    assert lukfu_first_decision(w, served, range(6), 40, look)
    assert w.errors == []


def test_a_move_played_by_its_key_from_a_hand_card_puts_focus_on_the_next_move(served,
                                                                              context):
    """A keyboard on a hand card presses a move's number (Kowah seed 11: draw): the hand
    grows and the places shift, and focus goes to the next decision's first move, as after
    a move's own button; it did stay in the hand, on whatever card took the place."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 11)
    for _ in range(10):
        w.settled()
        if "draw" in w.debug("legal"):
            break
        w.debug("act", w.debug("legal")[0])
    assert "draw" in w.debug("legal")
    card = w.page.query_selector(".me button.card >> nth=2")
    card.focus()
    key = card.get_attribute("data-focus")
    assert key.startswith(f"hand-{card.get_attribute('data-card')}-")  # named by the card
    version = w.debug("version")
    w.page.keyboard.press("1")
    wait_for(w.page, f"document.body.dataset.version !== '{version}'")
    w.settled()
    assert w.debug("legal") and all(a.startswith("discard") for a in w.debug("legal"))
    assert w.page.evaluate("document.activeElement.matches('section.actions button.act')"), \
        w.page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    # a card picked, then the table drawn again (a hint asked): focus stays on that card
    card = w.page.query_selector(".me button.card >> nth=4")
    card.focus()
    key = card.get_attribute("data-focus")
    w.page.keyboard.press("h")
    wait_for(w.page, "document.querySelector('.ranked li') !== null")
    assert w.page.evaluate("document.activeElement.dataset.focus") == key
    assert w.errors == []


def test_the_card_a_seat_drew_in_private_is_named_in_its_log(served, context):
    """Kowah: "you drew 5m" in the log is said by name ("5 Myriads"), as every other card of
    the log is, not as a number and a letter."""
    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 11)
    for _ in range(10):
        w.settled()
        if w.page.query_selector(".log-lines .line.drawn"):
            break
        legal = w.debug("legal")
        w.debug("act", "draw" if "draw" in legal else legal[0])
    drawn = w.page.query_selector(".log-lines .line.drawn .cards-said")
    assert drawn is not None
    card = drawn.text_content()
    assert re.fullmatch(r"[1-9][csm]|[1-3]h", card), card
    named = drawn.get_attribute("aria-label")
    assert re.fullmatch(r"[1-9] (Coins|Strings|Myriads)|Old Thousand|Red Flower|White Flower",
                        named), named
    assert w.errors == []


def test_a_rule_opened_is_described_by_its_words(served, context):
    """A rule's dialog is described by the rule's words, which a screen reader says after
    its title on opening (it said only the title and Close); the book, a list, is not."""
    from moneycards.solver.ruletext import rule_texts

    w = Watched(context)
    deal_in_lobby(w, served, "kowah", ["you", "greedy", "greedy"], 5)
    w.settled()
    w.page.click("button.rules-link")
    w.page.wait_for_selector("dialog#rule-dialog[open] .book-list")
    assert w.page.get_attribute("dialog#rule-dialog", "aria-describedby") is None
    w.page.click(".book-rule[data-rule='KW-X4'] > button.rule")
    wait_for(w.page, "document.querySelector('#rule-title')?.textContent.startsWith('KW-X4')")
    described = w.page.get_attribute("dialog#rule-dialog", "aria-describedby")
    text = w.page.text_content(f"dialog#rule-dialog #{described}")
    rule = next(r for r in rule_texts("kowah") if r.id == "KW-X4")
    assert text == rule.text.split("\n")[0], (text, rule.text)
    assert w.errors == []
