// The table: one seat's view drawn, its legal actions as buttons, the hint, the log, live
// updates through Watch, and the end of the deal explained.
import { type JsonObject, toJson } from "@bufbuild/protobuf";
import { backsEl, cardEl, cardName, cardsEl, cardsSaid, type GameKey, parseCards, spokenText } from "./cards.js";
import { loadRules, presetRef, ruleRef, showBook, showRuleById, SWITCHES, withCardNames, withRules } from "./rules.js";
import { Code, lukfu, notTheOwner, refusal, type Refusal, tables, unanswered } from "./api.js";
import { clear, h } from "./dom.js";
import { dealRead, forget, forgetOwner, markOver, remembered, replaceInvite, sameSeat, setDealRead, dealReadKept, autoPass, setAutoPass, setTabSeat, chanVerbs, setChanVerbs, singleKeys, setSingleKeys } from "./store.js";
import { inviteList, inviteUrl, linkField } from "./invites.js";
import { DealOutcome, Game, type RankedAction, SeatKind } from "./gen/moneycards/v1/common_pb.js";
import type { LukFuObservation, ProveOldResponse } from "./gen/moneycards/v1/lukfu_pb.js";
import type { KowahObservation, TotomObservation } from "./gen/moneycards/v1/observation_pb.js";
import { Claim } from "./gen/moneycards/v1/observation_pb.js";
import type { LegalAction, TableEvent, TableView } from "./gen/moneycards/v1/table_pb.js";
import { GetRecordResponseSchema } from "./gen/moneycards/v1/table_pb.js";
import type { DealResult } from "./gen/moneycards/v1/common_pb.js";
import { TotomRulesPreset } from "./gen/moneycards/v1/totom_pb.js";
import { kowahGroups, totomGroups } from "./groups.js";
import {
  describe, describeShort, explainResult, GAME_TITLE, listed, lukfuToBeat, OFFER_WORDS, plural, possessive, seatKindWords,
  jsonSaid, leadsKept, pairChoice, seatName, sentWords, settledWords, matchLeadWords, turnWhat, undoneWords, whyUnused, withoutAction, chanWords, chanTurn, chanLogVerb, TOTOM_BONUS_MEANING, MUST_CHIU, MUST_TAKE_WIN,
} from "./words.js";

type Obs = TotomObservation | KowahObservation | LukFuObservation;

const AUTO_PASS_MS = 700;  // how long a lone pass shows before it is played for the person

export interface Seat {
  tableId: string;
  token: string;
}

const GAME_KEY: Record<number, GameKey> = {
  [Game.TOTOM]: "totom", [Game.KOWAH]: "kowah", [Game.LUK_FU]: "lukfu",
};

/** How often a table waiting on a friend's link asks whether it was opened (awaitArrivals):
 * the Watch stream tells an arrival at once; this reads one that came between the view's
 * read and the stream's start, or while the stream was away. */
const ARRIVAL_POLL_MS = 15000;

/** How many face-down choices are listed before they fold away. */
const FOLD_AT = 8;
// A phone's layout (style.css's narrow screens): the move panel pinned to the screen's foot.
const PHONE = window.matchMedia("(max-width: 560px)");

export class TablePage {
  private view?: TableView;
  private autoPassed = 0;  // lone passes played for the person (shown to tests)
  private autoPassFor?: bigint;  // the view whose lone pass is scheduled
  private events = new Map<bigint, TableEvent>();
  private lastVersion = 0n;
  private busy = false;
  // what the record's download did (the file saved, or why not), kept across drawings
  private recordSaid?: { file: string } | { failed: string };
  private refusal?: Refusal;
  // The view's version the refusal was about: once the table moves past it, it is gone.
  private refusedAt?: bigint;
  // A hint has just arrived: the next drawing brings it into view.
  private revealHint = false;
  // The decision whose hand was last scrolled above the move panel, and where the page was.
  private handKept?: { version: bigint; y: number };
  private hint?: { version: bigint; actions: RankedAction[] } | "loading";
  private selected: string[] = [];
  private old?: { version: bigint; answer: ProveOldResponse };
  private live: "connecting" | "live" | "reconnecting" | "ended" = "connecting";
  private stop = new AbortController();
  private refreshing?: Promise<void>;
  private arrivalPoll?: number;  // the timer of awaitArrivals
  private refreshAgain = false;
  private rendered = false;
  // The control the person was last on (its data-focus key): a drawing that removes or
  // disables it (an action played, the table answering) puts focus on the nearest thing
  // to do next instead of leaving it on the page's body.
  private lastFocus?: string;
  private askAlert?: "move" | "close";  // a question asked, not yet drawn (askedOnce)
  private restoring = false;
  private downsOpen = false;  // the folded face-down choices are open (and numbered)
  private saidTurn = "";  // the view's version and turn line last announced
  private sent = "";  // the action last sent (said while the table answers)
  private alerted = new Set<string>();  // the alerts drawn for the view's version (alertOnce)
  private drawnVersion?: bigint;  // the view last drawn
  private readonly root: HTMLElement;
  private readonly announcer: HTMLElement;
  private readonly logList: HTMLOListElement;
  private pastUntil = -1n;  // the version the table stood at when the page opened it
  private readonly board: HTMLElement;

  /** The seat as the calls name it. */
  private readonly who: { tableId: string; seatToken: string };

  // Asked once before a table is closed for good: "close table" turns into the question.
  private closing = false;
  // this page is closing the table: its Watch stream ends with it, and is not read again
  // (a GetView then answers 404 to a closed table)
  private closingNow = false;
  // The server refused this page's owner token (a link's, edited): said in the header, and
  // "close table" is no longer offered.
  private closeRefused = false;
  private showingInvites = false;  // "links for friends" open under the header
  // "move this seat": asked once, then the seat's token renewed for a new link (moved)
  private moving: "no" | "asking" | "moved" = "no";

  /** `fromLink`: the seat was opened from a link (a friend's, or a seat moved to a new
   * one), as this browser remembers it too once the table has answered; `ownerToken`: the
   * table's owner token that link carried (the dealer's own seat, moved). */
  constructor(private readonly seat: Seat, host: HTMLElement,
              private readonly onLeave: (note?: string) => void,
              private readonly fromLink = false,
              private readonly ownerToken?: string) {
    this.who = { tableId: seat.tableId, seatToken: seat.token };
    this.root = h("section", { class: "table", "aria-label": "The table" });
    this.board = h("div", { class: "board" });
    // silent while the table's past is read in (a reopened table's whole log was read out
    // at once, over the turn it brought): live from the first event after it
    this.logList = h("ol", { class: "log-lines", "aria-live": "off" });
    const log = h("aside", { class: "log", "aria-label": "What happened" },
      h("h2", { text: "Log" }), this.logList);
    // One live region that stays in the page: a region drawn anew with its text is often
    // not read out, so the turn, a hint's arrival and the result are said here.
    this.announcer = h("p", { class: "sr-only", role: "status", "aria-live": "polite" });
    this.root.append(this.board, log, this.announcer);
    clear(host);
    host.append(this.root);
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("resize", this.onResize);
    PHONE.addEventListener("change", this.onLayout);
    this.board.addEventListener("focusin", (e) => {
      const key = (e.target as HTMLElement).dataset?.focus;
      if (key && !this.restoring) this.lastFocus = key;
    });
  }

  /** Said once by a screen reader, in the page's one live region: cards by their names. */
  /** `role: "alert"` the first time a drawing of this view shows the message `key`: the
   * table is drawn anew on every change (an old card proved, a friend arriving), and each
   * new alert element is read out again. */
  /** An alert for a question just asked ("close it for good…?"), at its first drawing
   * only: another seat's move draws the table again, and the question is not read again. */
  private askedOnce(key: "move" | "close"): { role?: string } {
    if (this.askAlert !== key) return {};
    this.askAlert = undefined;
    return { role: "alert" };
  }

  /** The close or move question left open, answered no. */
  private dropQuestion(): void {
    this.closing = false;
    if (this.moving === "asking") this.moving = "no";
  }

  private alertOnce(key: string): { role?: string } {
    const said = `${this.view?.version}|${key}`;
    if (this.alerted.has(said)) return {};
    this.alerted.add(said);
    return { role: "alert" };
  }

  private announce(text: string): void {
    const game = this.view ? GAME_KEY[this.view.game] : undefined;
    if (text) this.announcer.textContent = game ? spokenText(game, text) : text;
  }

  /** Read the view, then follow the seat's events live. */
  async start(): Promise<void> {
    const rules = loadRules();  // read beside the view: its ids become links once it is here
    try {
      const { view } = await tables.getView(this.who);
      this.pastUntil = view!.version;
      this.setView(view!);
    } catch (err) {
      this.fail(err);
      return;
    }
    if (this.pastUntil === 0n) this.goLive();
    void rules.then((here) => { if (here && this.view) this.render(); });
    void this.watch();
  }

  leave(): void {
    this.stop.abort();
    window.clearTimeout(this.arrivalPoll);
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("resize", this.onResize);
    PHONE.removeEventListener("change", this.onLayout);
  }

  /** A screen turned or resized into a phone's layout keeps the decision's hand above the
   * move panel, as its drawing did, unless the person has scrolled since. */
  private onResize = (): void => {
    const kept = this.handKept;
    if (kept && kept.version === this.view?.version && kept.y === window.scrollY) this.keepHand();
  };

  /** Into a phone's layout or out of it: the move panel is drawn again, its Hint button
   * placed in the page where the layout shows it, so the keyboard meets it where the eye
   * does. */
  private onLayout = (): void => {
    if (this.view) this.render();
  };

  /** The hand scrolled above the move panel, and where that left the page, for this view. */
  private keepHand(): void {
    if (!this.view) return;
    this.handAbovePanel();
    this.handKept = { version: this.view.version, y: window.scrollY };
  }

  // -- talking to the server --------------------------------------------------------------
  /** Act as this seat: the view's version goes with it, so a stale view is refused. */
  async act(text: string, expectedVersion: bigint | undefined = this.view?.version): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.acted = true;
    // a move played while a question was open answers it no: an Enter meant for the next
    // move must not land on "yes, close it"
    this.dropQuestion();
    this.sent = text;
    this.refusal = undefined;
    this.render();
    try {
      const r = await tables.act({ ...this.who, action: text, expectedVersion });
      for (const e of r.events) this.addEvent(e);
      this.setView(r.view!);
    } catch (err) {
      this.acted = false;  // refused: the person's place is kept for the next try
      this.refusal = refusal(err);
      if (this.refusal.code === Code.Aborted) await this.refresh();
      this.refusedAt = this.view?.version;
    } finally {
      this.busy = false;
      this.render();
    }
  }

  async askHint(): Promise<void> {
    const v = this.view;
    if (!v || v.over || !v.legalActions.length || this.hint === "loading") return;
    this.hint = "loading";
    this.render();
    try {
      const r = await tables.hint({ ...this.who });
      this.hint = { version: r.version, actions: r.actions };
      this.revealHint = true;
      const best = r.actions[0];
      if (best && this.view) this.announce(`Hint: ${plural(r.actions.length, "action")} ranked; best ${this.label(this.view, this.view.observation.value as Obs, best.action)}: `
        + withoutAction(best.action, best.explanation));
    } catch (err) {
      this.hint = undefined;
      this.refusal = refusal(err);
      this.refusedAt = this.view?.version;
    }
    this.render();
  }

  /** Every event of the seat from the last one seen, as it happens; after a lost stream,
   * again from the last version received, once the server answers again. */
  private async watch(): Promise<void> {
    let wait = 250;
    while (!this.stop.signal.aborted) {
      try {
        if (this.live === "reconnecting") {
          await this.refresh(true);  // throws while the server is away
          this.live = "live";
          this.announce("Connected to the table again.");
        }
        this.live = this.live === "connecting" ? "live" : this.live;
        this.renderLive();
        const stream = tables.watch({ ...this.who, fromVersion: this.lastVersion },
          { signal: this.stop.signal });
        for await (const { event, arrival } of stream) {
          wait = 250;
          if (event) this.addEvent(event);
          // a friend's link opened; a seat dealt to no one as a link was moved on
          if (arrival) this.announce(this.view?.seats[arrival.seat]?.invited
            ? `${arrival.name} opened their link: they are at the table.`
            : `${arrival.name} moved their seat to another browser.`);
          // a friend's link opened: the seats' marks change, with no version moved
          if (arrival || (event && (!this.view || event.version > this.view.version))) void this.refresh();
        }
        // The stream ends OK when the deal is over; otherwise the server went away.
        if (this.closingNow) return;  // or this page closed the table
        await this.refresh(true);
        if (this.view?.over) {
          this.live = "ended";
          this.renderLive();
          return;
        }
        throw new Error("the stream ended before the deal");
      } catch (err) {
        // a seat moved on ends its own stream (SEAT_TOKEN_RENEWED): no failure to show; nor
        // a table this page is closing
        if (this.stop.signal.aborted || this.moving === "moved" || this.closingNow) return;
        const why = refusal(err);
        if (why.code === Code.NotFound || why.code === Code.PermissionDenied) {
          this.fail(err);
          return;
        }
        // said once when the connection is lost, not at each try (the line itself is no
        // live region: it is drawn anew at every change)
        if (this.live !== "reconnecting") this.announce("The connection to the table was lost: reconnecting…");
        this.live = "reconnecting";
        this.renderLive();
        await new Promise((ok) => setTimeout(ok, wait));
        wait = Math.min(wait * 2, 4000);
      }
    }
  }

  /** The view again (once at a time; a request meanwhile reads it once more after). */
  private async refresh(raise = false): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      await this.refreshing;
      if (!raise) return;
    }
    let failed: unknown;
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        try {
          const { view } = await tables.getView(this.who);
          if (view && (!this.view || view.version >= this.view.version)) this.setView(view);
          failed = undefined;
        } catch (err) {
          failed = err;  // the stream's loop says the server is away and tries again
        }
      } while (this.refreshAgain);
      this.refreshing = undefined;
    })();
    await this.refreshing;
    if (failed !== undefined && raise) throw failed;
  }

  private setView(view: TableView): void {
    const before = this.view?.version;
    this.view = view;
    if (before !== view.version) {
      this.selected = [];
      this.selectedIndex.clear();
      if (this.hint !== "loading") this.hint = undefined;
      // a refusal of an earlier table is no longer true of this one (a next deal, a move)
      if (this.refusedAt !== undefined && view.version > this.refusedAt) this.refusal = undefined;
    }
    this.render();
    this.awaitArrivals(view);
    // "Your tables" in the lobby says it is finished (nothing left to close)
    if (finished(view)) markOver(this.seat);
    if (view.observation.case === "lukFu") void this.proveOld(view);
    if (!this.rendered) {
      this.rendered = true;
      requestAnimationFrame(() => performance.mark("moneycards-table-painted"));
    }
  }

  /** While a friend has not opened their link, the view is read again every ARRIVAL_POLL_MS
   * (the stream's arrival may have come before it opened); the page is drawn again only when
   * someone has come. */
  private awaitArrivals(view: TableView): void {
    const away = (v: TableView) => v.seats.filter((_, s) => notHereYet(v, s)).map((i) => i.seat).join();
    if (this.arrivalPoll !== undefined || view.over || !away(view)) return;
    this.arrivalPoll = window.setTimeout(async () => {
      try {
        if (this.closingNow) return;
        const { view: now } = await tables.getView(this.who, { signal: this.stop.signal });
        if (now && this.view && now.version === this.view.version && away(now) !== away(this.view)) this.setView(now);
      } catch {
        // the watch loop says when the server is away
      } finally {
        this.arrivalPoll = undefined;
        if (!this.stop.signal.aborted && this.view) this.awaitArrivals(this.view);
      }
    }, ARRIVAL_POLL_MS);
  }

  /** Luk Fu: the hand's cards the server proved old for this view (none yet: empty). */
  private oldCards(v: TableView): Set<string> {
    return new Set(this.old?.version === v.version ? this.old.answer.old.flatMap(parseCards) : []);
  }

  /** Luk Fu: the face-down play of the lowest cards that are not old (LF-O1), as the
   * terminal's number picks it; none until the server has said which cards are old. */
  private lowestDown(v: TableView, obs: LukFuObservation, downs: LegalAction[]): LegalAction | undefined {
    if (this.old?.version !== v.version || !downs.length) return undefined;
    const old = this.oldCards(v);
    const n = parseCards(downs[0].cards).length;
    const order = (c: string) => [Number(old.has(c)), Number(c[0]), "csmt".indexOf(c[1])];
    const hand = parseCards(obs.hand).sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    const want = hand.slice(0, n).sort().join(" ");
    return downs.find((a) => parseCards(a.cards).sort().join(" ") === want);
  }

  /** Luk Fu: which of the hand's cards are old, and the claim total, from the server. */
  private async proveOld(view: TableView): Promise<void> {
    const obs = view.observation.value as LukFuObservation;
    if (!obs.hand || this.old?.version === view.version) return;  // a finished deal's too: its hand stays in view
    try {
      const answer = await lukfu.proveOld({
        hand: obs.hand, seat: view.seat, history: { case: "record", value: obs.record! },
        rules: obs.record?.rules,
      });
      if (this.view?.version === view.version) {
        this.old = { version: view.version, answer };
        this.render();
      }
    } catch {
      // the marks are an aid; the table goes on without them
    }
  }

  /** The latest take-back of this seat's own moves in the deal, unless the seat has acted
   * since: another seat's claim or declaration came first (the privacy rule its first line
   * names), and the hand and turn went back with no word beside them. */
  private undoneMine(v: TableView): { event: TableEvent; rule: string; actions: string[] } | undefined {
    let found: { event: TableEvent; rule: string; actions: string[] } | undefined;
    const order = [...this.events.values()].sort((a, b) => (a.version < b.version ? -1 : 1));
    for (const e of order) {
      if (e.newDeal || (e.seat === v.seat && e.action)) found = undefined;
      const mine = e.seat === v.seat ? [] : e.takenBack.filter((t) => t.seat === v.seat).map((t) => (t.drawn ? `${t.action} (${t.drawn})` : t.action));
      if (mine.length) found = { event: e, rule: /comes first \((R-[A-Za-z-]+)\)/.exec(e.lines[0] ?? "")?.[1] ?? "", actions: mine };
    }
    return found;
  }

  private addEvent(e: TableEvent): void {
    if (this.events.has(e.version)) return;
    this.events.set(e.version, e);
    if (e.version > this.lastVersion) this.lastVersion = e.version;
    this.appendLog(e);
  }

  private fail(err: unknown): void {
    // a seat moved on: its new link is on the page, and the renewal's own refusals of the
    // old token (the stream, a call under way) must not take it off
    if (this.moving === "moved") return;
    const why = refusal(err);
    this.live = "ended";
    this.hideLaterDeals(Infinity);  // the table is gone: the log shows all it holds
    clear(this.board);
    this.announcer.textContent = "";  // no "your turn" left to be read at a table gone
    // Only whoever dealt closes a table with several people (CloseTable takes the owner
    // token); the server says "was closed" of a table it knows it closed, and nothing more
    // of an id it does not know.
    const closed = why.code === Code.NotFound && / was closed$/.test(why.message);
    if (closed) forget(this.seat);  // the lobby's Your tables no longer offers it
    const gone = why.code === Code.NotFound
      ? (closed ? "This table was closed by whoever dealt it."
        : "This table is closed or unknown to the server.")
      : why.reason === "SEAT_TOKEN_RENEWED"
        ? "This seat was opened from its link in another browser, or moved to a new link: " +
          "it opens only there now."
      : why.code === Code.PermissionDenied ? "This link's seat token is not one of the table's."
        : `The server did not answer: ${why.message}`;
    this.board.append(h("div", { class: "panel notice", role: "alert" },
      h("p", { text: gone }),
      h("button", { type: "button", onclick: () => this.onLeave() }, "Back to the lobby")));
    // a tab left on "Your turn" would call the person back to a table that is gone
    document.title = `${closed ? "Table closed" : why.code === Code.NotFound ? "Table gone"
      : why.reason === "SEAT_TOKEN_RENEWED" ? "Seat moved" : "Not connected"} · moneycards`;
  }

  // -- the keyboard ---------------------------------------------------------------------------
  private onKey = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector("dialog[open]")) return;  // a rule is open: keys are its own
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    if (!singleKeys() && /^[0-9h?]$/.test(e.key)) return;  // turned off in the header
    // a key with nothing to do while another seat is to act says whose turn it is (it did
    // nothing, and a person could not tell a key unheard from a turn not theirs)
    const notMine = () => {
      const v = this.view;
      if (v && this.busy) {
        // the AI seats' moves come with the answer to the person's own: until then the
        // moves on screen are the ones just played from
        this.announce("Your move was sent: the table is answering.");
      } else if (v && !v.over && !v.legalActions.length) {
        const names = v.seats.map(seatName);
        // a game of one's own says only whose turn it is (its observation is its own)
        const turn = v.observation.case !== "plugin" ? this.turnWords(v, v.observation.value as Obs, names)
          : pluginWhoActs(v, names, pluginToAct(v.observation.value)) ?? "";
        this.announce(`Not your turn${turn ? `: ${turn}` : ""}.`);
      }
    };
    if (/^[0-9]$/.test(e.key)) {
      const button = this.board.querySelector<HTMLButtonElement>(`button[data-key="${e.key}"]`);
      if (button && !button.disabled && button.offsetParent !== null) {  // shown, enabled
        e.preventDefault();
        button.click();
      } else {
        notMine();
      }
    } else if (e.key === "h" || e.key === "?") {
      const hint = this.board.querySelector<HTMLButtonElement>("button.hint-button");
      if (hint) hint.click();
      else notMine();
    } else if (e.key === "Escape" && this.selected.length) {
      this.selected = [];
      this.selectedIndex.clear();
      this.render();
    } else if (e.key === "Escape" && this.hint && this.hint !== "loading") {
      this.closeHint();
    } else if (e.key === "Escape" && (this.closing || this.moving === "asking")) {
      // the question's safe answer, as "no, keep playing" and "no, stay here" give it
      const asked = this.closing ? ".close-table" : ".move-seat";
      this.dropQuestion();
      this.render();
      this.root.querySelector<HTMLElement>(asked)?.focus();
    }
  };

  // -- drawing ----------------------------------------------------------------------------------
  private renderLive(): void {
    const el = this.board.querySelector(".live");
    if (el) this.fillLive(el as HTMLElement);
  }

  private fillLive(el: HTMLElement): void {
    const words = { connecting: "connecting…", live: "live", reconnecting: "reconnecting…",
      ended: this.view?.matchState?.over ? "match over" : "deal over" };
    el.textContent = words[this.live];
    el.dataset.live = this.live;
  }

  render(): void {
    const v = this.view;
    if (!v) return;
    const active = document.activeElement as HTMLElement | null;
    const onBoard = active !== null && this.board.contains(active);
    // On the board: that control (or the next thing to do when it is gone). Lost to the
    // page's body (the control was removed or disabled): the one the person was last on.
    // A table just opened: its first thing to do.
    if (onBoard && active.dataset.focus) this.lastFocus = active.dataset.focus;
    // A new view is a new decision: focus goes to its first move, not to a button of the
    // same name (a lone pass played for the person, then "capture or pass": not the pass).
    // So too after a move made by its key from a hand card (or from the face-down list): the
    // next decision's first move, where another seat's move leaves focus on the card.
    if (v.version !== this.drawnVersion && this.lastFocus && (/^(act|hint)-/.test(this.lastFocus)
      || (this.acted && /^(hand-|downs$|hint$)/.test(this.lastFocus)))) {
      this.lastFocus = "next";  // no control has this name: the first usable one is chosen
    }
    if (v.version !== this.drawnVersion) this.acted = false;
    if (v.version !== this.drawnVersion) this.alerted.clear();
    this.drawnVersion = v.version;
    // Lost to the body before any control was used here (a table opened while another
    // seat was to act, its waiting line then redrawn): the next thing to do, so a person
    // on a keyboard or a screen reader finds their moves when their turn comes.
    // On the board but on no named control (the waiting panel's heading, focused when the
    // table opened): the next thing to do, or the drawing would drop focus to the body.
    const focused = onBoard ? this.lastFocus ?? "next"
      : !active || active === document.body ? (this.rendered ? this.lastFocus ?? "next" : "start") : undefined;
    this.handIndex = 0;
    this.handCopies.clear();
    document.body.dataset.version = String(v.version);
    document.body.dataset.busy = this.busy ? "1" : "0";
    document.body.dataset.over = v.over ? "1" : "0";
    if (v.observation.case === "plugin") {
      this.renderPlugin(v, v.observation.value, focused);
      return;
    }
    const game = GAME_KEY[v.game];
    const obs = v.observation.value as Obs;
    const names = v.seats.map(seatName);
    document.body.dataset.game = game;
    document.body.classList.toggle("chan-words", this.chan(v));
    // The new drawing is built apart and put in place at once: a board emptied first would
    // shorten the page for a moment, and a layout then would scroll a phone's page to its top.
    // A seat new to this browser reads the last finished deal's end, not the match's first.
    const m = v.matchState;
    if (m && !dealReadKept(this.seat)) setDealRead(this.seat, Math.max(0, m.deal - 2));
    const ended = this.unreadDeal(v);
    const parts: HTMLElement[] = [this.header(v, game, obs, names, ended)];
    // A match deals the next deal at once: the end of the last one is read first, and the
    // next deal's table, like its log, waits unseen until the person goes on (drawn under
    // that end, its new hands and empty badges contradicted the end's account).
    if (!ended) {
      const others = h("div", { class: `seats seats-${v.seats.length}` });
      const n = v.seats.length;
      for (let k = 1; k < n; k++) others.append(this.seatPanel(v, game, obs, names, (v.seat + k) % n, k));
      parts.push(h("div", { class: "felt" }, others, this.center(v, game, obs, names)));
      parts.push(this.mine(v, game, obs, names));
    }
    // the deal being read, or being played: a later deal's entries, come by the stream
    // before the view that ends this one, stay hidden (a drawing must not show them)
    this.hideLaterDeals(ended ?? dealRead(this.seat) + 1);
    if (ended) {
      parts.push(this.betweenPanel(v, game, obs, names, ended));
    } else {
      const actions = this.actionsPanel(v, game, obs, names);
      if (actions.childElementCount) parts.push(actions);
    }
    if (v.over && !ended) parts.push(this.resultPanel(v, game, obs, names));
    this.board.className = `board game-${game}${ended ? " between-deals" : ""}`;
    this.board.replaceChildren(...parts);
    this.markMoreMoves();
    if (focused) this.focusOn(focused);
    // the page's title says whose turn it is, for a person in another tab
    // (between a match's deals, "Your turn" once the next deal waits on this seat)
    const mine = obs.toAct === v.seat && !v.over;
    const over = v.over && !ended ? (v.matchState?.over ? "Match over" : "Deal over")
      : ended ? "Deal over" : "Waiting";
    document.title = `${mine ? "Your turn" : over} · ${GAME_TITLE[game]} · moneycards`;
    // said once a view: a new decision is said even in the same words as the last one
    // (capture or pass, again), and a drawing of the same view does not say it again
    const turnLine = this.turnLine(v, obs, names);
    if (turnLine && `${v.version}|${turnLine}` !== this.saidTurn) {
      this.saidTurn = `${v.version}|${turnLine}`;
      this.announce(turnLine);
    } else if (!turnLine && this.saidTurn) {
      // the turn has passed: a screen reader that reads the page again finds no stale
      // "your turn" (or a hint of it) there
      this.saidTurn = "";
      this.announcer.textContent = "";
    }
    if (this.revealHint) this.showHint();
    else if (!ended && !this.busy && v.legalActions.length) {
      // a decision's hand kept above its moves: when it is drawn, and again when a later
      // drawing of the same decision grows (old cards marked) unless the person scrolled
      const kept = this.handKept;
      if (kept?.version !== v.version || kept.y === window.scrollY) this.keepHand();
    }
    this.scheduleAutoPass(v);
  }

  /** On a phone the moves sit in a panel pinned to the screen's foot, which scrolls on its
   * own: while moves lie below its edge its foot says so (a newcomer saw a sliver of a row,
   * the set leads they wanted, and took it for the panel's end). */
  private markMoreMoves(): void {
    const panel = this.board.querySelector<HTMLElement>("section.actions");
    if (!panel) return;
    const mark = () => panel.classList.toggle("more-below",
      PHONE.matches && panel.scrollHeight - panel.scrollTop - panel.clientHeight > 4);
    panel.addEventListener("scroll", mark, { passive: true });
    mark();
    requestAnimationFrame(mark);  // once the drawing is laid out
  }

  /** A table of a game of one's own (docs/plugins.md), which the page knows only by what
   * every view carries: the seats, whose turn it is, the seat's legal actions, the log and
   * the result, and the game's observation as it writes it, each field a line. */
  private renderPlugin(v: TableView, obs: JsonObject, focused: string | undefined): void {
    document.body.dataset.game = v.gameName;
    document.body.classList.remove("chan-words");
    const names = v.seats.map(seatName);
    const title = v.gameTitle || v.gameName;
    const toAct = pluginToAct(obs);
    const m = v.matchState;
    // a match deals the next deal at once: the end of the last one is read first, and the
    // next deal's table and log wait until the person goes on, as at the three games' tables
    if (m && !dealReadKept(this.seat)) setDealRead(this.seat, Math.max(0, m.deal - 2));
    const ended = this.unreadDeal(v);
    this.hideLaterDeals(ended ?? dealRead(this.seat) + 1);
    const mine = v.legalActions.length > 0 && !v.over && !ended;
    const turn = ended ? `deal ${ended} is over: its end is below, then go on to deal ${ended + 1}`
      : v.over ? (m?.over ? "the match is over" : "the deal is over")
        : mine ? "your turn: choose a move"
          : pluginWhoActs(v, names, toAct) ?? "waiting for the other seats";
    const facts: string[] = [title];
    // the table's rules as its game names them: a friend who came by a link sees them too
    if (v.rules.case === "pluginRules") {
      const said = Object.entries(v.rules.value).map(([k, x]) => `${k.replace(/_/g, " ")} ${jsonSaid(x)}`);
      if (said.length) facts.push(`rules: ${said.join(", ")}`);
    }
    if (v.chosenSeed !== undefined) facts.push(`seed ${v.chosenSeed} (chosen at the table: known to every seat)`);
    const live = h("span", { class: "live" });
    this.fillLive(live);
    const totals = m ? this.totalsAfter(v, ended) : [];
    const signed = (t: bigint) => `${t > 0n ? "+" : ""}${t}`;
    const status = h("div", { class: "status" },
      h("h2", { class: "sr-only" }, `The ${title} table`),
      h("p", { class: "facts" }, facts.join(" · ")),
      // each seat's total as "AI 2: +2", as the three games' headers say it
      m ? h("p", { class: "match" }, `Deal ${ended ?? m.deal}${m.rules?.deals ? ` of ${m.rules.deals}` : ""}`
        + `${ended ? " is over" : ""}${m.over && !ended ? " · the match is over" : ""} · totals: `
        + names.map((n, s) => `${n}: ${signed(totals[s] ?? 0n)}`).join(", ")) : null,
      h("p", { class: `turn${mine || ended !== undefined ? " mine" : ""}` }, turn),
      h("p", { class: "meta" }, `table ${v.tableId} · you are ${names[v.seat]} · `, live, " · ",
        h("button", { type: "button", class: "link", "data-focus": "header-lobby", onclick: () => this.onLeave() }, "lobby"),
        ...this.keysSwitch(), ...this.inviteControl(v), ...this.moveControl(v), ...this.closeControl(v)),
      this.showingInvites && !finished(v) ? this.invitesPanel() : null);
    // said once a view, as at the three games' tables: a deal's end before the way on (focus
    // goes to "Go on", past the end a screen reader would otherwise never hear), a match's
    // end with who leads, the person's turn
    const said = ended ? this.pluginEndWords(v, names, ended)
      : v.over && m?.over ? `The match is over after ${plural(m.deal, "deal")}. `
        + `${this.matchLead(m, "plugin", names)} The last deal: ${v.resultText}`
        : v.over ? `The deal is over. ${v.resultText}${settledWords(names, this.lastNet())}`
          : mine ? `Your turn: ${plural(v.legalActions.length, "move")}.` : "";
    if (said && `${v.version}|${said}` !== this.saidTurn) {
      this.saidTurn = `${v.version}|${said}`;
      this.announce(said);
    } else if (!said && this.saidTurn) {
      this.saidTurn = "";  // no stale "your turn" left for a screen reader to find
      this.announcer.textContent = "";
    }
    if (ended) {
      this.board.className = "board game-plugin between-deals";
      this.board.replaceChildren(status, this.pluginDealEnd(v, names, ended));
      if (focused) this.focusOn(focused);
      document.title = `Deal over · ${title} · moneycards`;
      return;
    }
    const seats = h("ul", { class: "plugin-seats", "aria-label": "The seats" },
      v.seats.map((s, k) => h("li", { class: k === toAct && !v.over ? "to-act" : "" },
        h("strong", {}, names[k]), ` ${seatKindWords(s)}${k === v.seat ? " (you)" : ""}`
          + notHereYet(v, k) + (k === toAct && !v.over ? " · to act" : ""))));
    // the observation's own fields, as the game writes them; what the view says apart
    // (the seat, whose turn, the actions, the result) is not repeated
    // by name: a Struct's fields come in no set order, which differed between server processes
    const own = Object.entries(obs).filter(([k]) => !["game", "seat", "to_act", "legal_actions", "result"].includes(k))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const seen = h("dl", { class: "plugin-obs", "aria-label": "What you see" },
      own.flatMap(([k, value]) => [h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, jsonSaid(value))]));
    // headings a screen reader's heading keys reach (a list's label is not read out)
    const parts: HTMLElement[] = [status, h("section", { class: "plugin-table" },
      h("h3", { class: "sr-only" }, "The seats"), seats, h("h3", { class: "sr-only" }, "What you see"), seen)];
    if (mine) {
      const panel = h("section", { class: "actions", "aria-label": "Your move" }, h("h2", {}, "Your move"));
      const list = h("div", { class: "action-list" });
      v.legalActions.forEach((a, k) => {
        const key = k < 10 ? String((k + 1) % 10) : undefined;
        list.append(h("button", { type: "button", class: "act", "data-action": a.text, "data-key": key,
          "data-focus": `act-${a.text}`, disabled: this.busy, onclick: () => void this.act(a.text) },
        key ? h("kbd", {}, key) : null, h("span", { class: "text" }, a.text)));
      });
      panel.append(...this.refusalNotes(v, undefined));
      // the server answers once the AI seats have played, each at its pace
      if (this.busy) panel.append(h("p", { class: "quiet", role: "status" }, sentWords("plugin", this.sent)));
      const hint = this.pluginHint(v);
      panel.append(...(PHONE.matches ? [hint, list] : [list, hint]));  // as at the three games' tables
      parts.push(panel);
    } else if (!v.over) {
      parts.push(h("section", { class: "actions", "aria-label": "Your move" }, ...this.refusalNotes(v, undefined),
        h("p", { class: "quiet" }, "Waiting for the other seats.")));
    }
    if (v.over) {
      // the settlement, from the deal's last event, as the three games' ends show it
      const net = this.lastNet();
      // a finished match: its totals and who leads, then its last deal
      parts.push(h("section", { class: "result", "aria-label": m?.over ? "The end of the match" : "The result" },
        ...(m?.over ? [...this.matchSummary(m, "plugin", names), h("h3", {}, `Deal ${m.deal}, the last`)]
          : [h("h2", {}, "The deal is over")]),
        h("p", { class: "result-text" }, v.resultText), settledLine(names, net)));
    }
    this.board.className = "board game-plugin";
    this.board.replaceChildren(...parts);
    if (focused) this.focusOn(focused);
    document.title = `${mine ? "Your turn" : v.over ? "Over" : "Waiting"} · ${title} · moneycards`;
  }

  /** The points each seat won or paid in the last deal that ended (its last event's). */
  private lastNet(): readonly number[] {
    const ends = [...this.events.values()].filter((e) => e.result).sort((a, b) => (a.version < b.version ? -1 : 1));
    return ends[ends.length - 1]?.result?.net ?? [];
  }

  /** Who won a deal of one's own game, by the game's rule: the event's own last line is the
   * game's last move's ("Ann wins the trick"), which need not be the deal's result. */
  private pluginWinner(names: string[], e: TableEvent): string {
    const r = e.result;
    const said = r?.winner !== undefined ? `${names[r.winner]} wins the deal` : "No one wins the deal";
    return r?.rule ? `${said} (${r.rule}).` : `${said}.`;
  }

  /** Said when a match's deal of one's own game ends: who won it, the settlement, then the
   * way on (nothing until its ending event has come). */
  private pluginEndWords(v: TableView, names: string[], ended: number): string {
    const e = this.endingEvent(ended);
    if (!e) return "";
    const waits = ended + 1 === v.matchState?.deal && !v.over && v.legalActions.length > 0;
    return `Deal ${ended} is over. ${this.pluginWinner(names, e)}${settledWords(names, e.result?.net ?? [])} `
      + `Then go on to deal ${ended + 1}${waits ? ", which waits for you" : ""}.`;
  }

  /** Between a match's deals at a table of one's own game: how the last one ended and its
   * settlement, then on to the next (as `betweenPanel` at the three games' tables). */
  private pluginDealEnd(v: TableView, names: string[], deal: number): HTMLElement {
    const e = this.endingEvent(deal);
    const m = v.matchState!;
    const box = h("section", { class: "result between", "aria-label": `The end of deal ${deal}` },
      h("h2", {}, `Deal ${deal}${m.rules?.deals ? ` of ${m.rules.deals}` : ""} is over`));
    if (e) {
      box.append(h("p", { class: "result-text" }, this.pluginWinner(names, e)));
      const settled = settledLine(names, e.result?.net ?? []);
      if (settled) box.append(settled);
    } else {
      box.append(h("p", { class: "quiet" }, "Reading how it ended…"));
    }
    box.append(this.nextDealButton(deal));
    return box;
  }

  /** On from a match's deal whose end was read, to the next deal. */
  private nextDealButton(deal: number): HTMLElement {
    return h("p", {}, h("button", {
      type: "button", class: "next-deal", "data-focus": "next-deal",
      onclick: () => { setDealRead(this.seat, deal); this.render(); },
    }, `Go on to deal ${deal + 1}`));
  }

  /** The hint of a game of one's own: its ranked actions and the game's own reasons. */
  private pluginHint(v: TableView): HTMLElement {
    const box = h("div", { class: "hint" });
    const loading = this.hint === "loading";
    // while it thinks the button stays enabled (aria-disabled): a disabled one loses the
    // focus, which went to the first move, away from the hint about to be shown
    box.append(h("button", { type: "button", class: "hint-button", "data-focus": "hint", disabled: this.busy,
      "aria-disabled": loading ? "true" : undefined,
      onclick: () => void this.askHint() }, loading ? "Thinking…" : "Hint", h("kbd", {}, "H")));
    if (this.hint && this.hint !== "loading" && this.hint.version === v.version) {
      box.append(h("ol", { class: "ranked", "aria-label": "Hint: the actions ranked, best first" },
        this.hint.actions.map((r, k) => h("li", { "data-action": r.action },
          h("button", { type: "button", class: "play-hint", "data-focus": `hint-${k}`, disabled: this.busy,
            onclick: () => void this.act(r.action) }, r.action),
          h("span", { class: "why" }, withoutAction(r.action, r.explanation))))),
      h("button", { type: "button", class: "link close-hint", "data-focus": "close-hint",
        onclick: () => this.closeHint() }, "close the hint", h("span", { class: "key-name" }, " (Esc)")));
    }
    return box;
  }

  /** Focus the control `key` names if it is still there and enabled; else the next thing
   * to do: the first action, the hint, going on to the next deal, the lobby, or the
   * heading of the panel that says what the table waits for. */
  private focusOn(key: string): void {
    const usable = (el: HTMLElement | null) => el !== null && !(el as HTMLButtonElement).disabled
      && el.offsetParent !== null;
    const same = this.board.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)
      // a friend's link gone from the list once opened: the control that shows the list
      ?? (/^(copy-)?link-/.test(key) ? this.board.querySelector<HTMLElement>('[data-focus="invites"]') : null);
    if (same === document.activeElement) return;
    // the first usable of each kind: a move folded away in the face-down list is no place
    // for focus when one is in view
    const next = [same, ...["button.act", "details.downs > summary", "button.next-deal", ".result h2", "button.hint-button",
      "[data-focus=lobby]", ".actions h2, .between h2", ".actions .quiet"]
      .flatMap((sel) => Array.from(this.board.querySelectorAll<HTMLElement>(sel)))]
      .find((el) => el !== null && (usable(el) || el.matches("h2, .quiet")));
    if (!next) return;
    if (!next.matches("button, a, input, select, summary")) next.tabIndex = -1;
    this.restoring = true;
    // on a phone the move panel is pinned to the screen's foot: focus there scrolls nothing
    next.focus({ preventScroll: next.closest(".actions") !== null && PHONE.matches });
    this.restoring = false;
  }

  private closeHint(): void {
    this.hint = undefined;
    this.render();
  }

  /** The hint just drawn brought into view: on a phone the move panel scrolls inside
   * itself (pinned to the screen's foot), and the list would open below its fold. */
  private showHint(): void {
    this.revealHint = false;
    const box = this.board.querySelector<HTMLElement>(".actions .hint");
    const panel = box?.closest<HTMLElement>(".actions");
    if (!box || !panel) return;
    if (panel.scrollHeight > panel.clientHeight) panel.scrollTop = box.offsetTop - 8;
    else box.scrollIntoView({ block: "nearest" });
    // Pinned over the page's foot, the panel grown by the hint would cover the hand the
    // hint speaks of.
    this.keepHand();
  }

  /** On a phone the move panel is pinned over the page's foot and can cover the hand its
   * moves speak of: the page scrolls the hand up above the panel (the panel stays
   * pinned), never past the hand's own top. */
  private handAbovePanel(): void {
    const hand = this.board.querySelector<HTMLElement>(".me .hand");
    const panel = this.board.querySelector<HTMLElement>(".actions");
    if (!hand || !panel || getComputedStyle(panel).position !== "sticky") return;
    const r = hand.getBoundingClientRect();
    const cover = Math.min(r.bottom - panel.getBoundingClientRect().top + 8, r.top - 8);
    if (cover > 0) window.scrollBy(0, cover);
  }

  /** Once per view: a lone pass shown for a moment, then played, as the terminal plays it
   * (--no-auto-pass there). From render, so a pass waiting behind a match's unread end
   * is played once that end is read. */
  private scheduleAutoPass(v: TableView): void {
    if (!this.passesForMe(v) || this.autoPassFor === v.version) return;
    this.autoPassFor = v.version;
    setTimeout(() => {
      if (this.view?.version === v.version && !this.busy && this.passesForMe(v)) {
        this.autoPassed += 1;
        void this.act("pass", v.version);
      }
    }, AUTO_PASS_MS);
  }

  /** Whose turn it is, as the header says it. */
  private turnWords(v: TableView, obs: Obs, names: string[]): string {
    const ended = this.unreadDeal(v);
    // The next deal is dealt at once; its turn waits until the last one's end is read. A
    // next deal that asks this seat first says so: the other seats wait on it.
    if (ended) {
      return `deal ${ended} is over: its end is below, then go on to deal ${ended + 1}`
        + (this.nextWaits(v, obs, ended) ? ", which waits for you" : "");
    }
    if (v.over) return v.matchState?.over ? "the match is over" : "the deal is over";
    // the move is sent and the AI seats' replies come with its answer, at their pace: the
    // turn shown is no longer the person's to take (a declared Kowah hand's turns, KW-X2,
    // play on by themselves to the deal's end, a wait of several seconds)
    if (this.busy && obs.toAct === v.seat) {
      return GAME_KEY[v.game] === "kowah" && this.sent.startsWith("declare ")
        ? "declared: your turns draw and discard by themselves, the table plays on…"
        : `sent ${this.label(v, obs, this.sent)}: the table is answering…`;
    }
    if (obs.toAct === v.seat) {
      const legal = v.legalActions.map((a) => a.text);
      return `your turn: ${this.chan(v) ? chanTurn(obs as TotomObservation, legal, names)
        : turnWhat(GAME_KEY[v.game], obs, legal, names)}`;
    }
    return obs.toAct !== undefined ? `${names[obs.toAct]} to act${notHereYet(v, obs.toAct)}` : "";
  }

  /** Whether the deal after `ended`, dealt at once, asks this seat first (the other seats
   * wait on it). */
  private nextWaits(v: TableView, obs: Obs, ended: number): boolean {
    return ended + 1 === v.matchState?.deal && !v.over && obs.toAct === v.seat;
  }

  /** What a screen reader is told after a drawing: the person's turn, or how the deal
   * ended. Other seats' moves are read from the log, itself a live region. */
  private turnLine(v: TableView, obs: Obs, names: string[]): string {
    // a lone pass about to be played for the person: no "your turn" for a turn not taken
    if (this.passesForMe(v)) return "Pass is your only action: playing it for you.";
    const m = v.matchState;
    if (v.over && m?.over && !this.unreadDeal(v)) {
      return `The match is over after ${m.deal} ${m.deal === 1 ? "deal" : "deals"}. `
        + `${this.matchLead(m, GAME_KEY[v.game], names)} The last deal: ${v.resultText}`;
    }
    const ended = this.unreadDeal(v);
    if (ended) {
      // how it ended is said before the way on, as a match's end is: focus goes to "Go on",
      // past the result a screen reader would otherwise never hear
      const e = this.endingEvent(ended);
      if (!e) return this.turnWords(v, obs, names);
      const settled = GAME_KEY[v.game] !== "kowah" ? settledWords(names, e.result?.net ?? []) : "";
      // the line ends as a sentence ("… x1." before "Then …"), heard as two
      const line = (e.lines[e.lines.length - 1] ?? "").trim();
      const last = line.charAt(0).toUpperCase() + line.slice(1);  // as the end's panel says it
      return `Deal ${ended} is over. ${last && !/[.!?]$/.test(last) ? `${last}.` : last}${settled} Then go on to `
        + `deal ${ended + 1}${this.nextWaits(v, obs, ended) ? ", which waits for you" : ""}.`;
    }
    if (v.over) return `The deal is over. ${v.resultText}`;
    return obs.toAct === v.seat ? this.turnWords(v, obs, names) : "";
  }

  private header(v: TableView, game: GameKey, obs: Obs, names: string[],
                 ended: number | undefined): HTMLElement {
    const turn = this.turnWords(v, obs, names);
    const facts: (string | Node)[] = [GAME_TITLE[game]];
    const rules = rulesFact(v, game);
    if (rules.length) facts.push(h("span", { class: "rules-fact" }, ...rules));
    const deal: (string | Node)[] = [];
    if (game === "totom") {
      const t = obs as TotomObservation;
      // in Chắn words the stock is the nọc and the dealer the cái, as players call them
      deal.push(...(this.chan(v) ? [h("span", {}, chanTerm("nọc", "stock"), ` ${t.stock}`),
        h("span", {}, chanTerm("cái", "dealer"), ` ${names[t.dealer]}`)]
        : [`stock ${t.stock}`, `dealer ${names[t.dealer]}`]));
    } else if (game === "kowah") {
      deal.push(`stock ${(obs as KowahObservation).stock}`);
    } else {
      const l = obs as LukFuObservation;
      deal.push(`master ${names[l.record?.master ?? 0]}`,
        `caller ${l.caller !== undefined ? names[l.caller] : "–"}`);
    }
    // While a match deal's end is read, the view is already the next deal's: its facts
    // (stock, dealer, who called) wait with its board and log until the person goes on.
    if (!ended) facts.push(...deal);
    // A seed the table's creator chose deals known cards: every seat is told it.
    if (v.chosenSeed !== undefined) facts.push(`seed ${v.chosenSeed} (chosen at the table: known to every seat)`);
    const live = h("span", { class: "live" });
    this.fillLive(live);
    const m = v.matchState;
    // While a deal's end is read, the totals as they stood after it: later deals may have
    // ended meanwhile (a Luk Fu deal over before the person's first move, LF-W2), and the
    // match's end is told once it is reached.
    const totals = m ? this.totalsAfter(v, ended) : [];
    // each seat's total as "AI 3: +5", kept on one line (a name apart from its number reads
    // as another seat's)
    const match = m ? h("p", { class: "match", "data-deal": String(m.deal) },
      `Deal ${ended ?? m.deal}${m.rules?.deals ? ` of ${m.rules.deals}` : ""}${ended ? " is over" : ""}`
      + (m.rules?.toPoints ? ` · to ${m.rules.toPoints} points` : "")
      + (m.over && !ended ? " · the match is over" : "") + " · totals: ",
      ...names.flatMap((n, s) => [s ? ", " : "", h("span", { class: "total" }, `${n}: ${
        game === "kowah" ? String(totals[s] ?? 0n)
          : ((totals[s] ?? 0n) > 0n ? "+" : "") + String(totals[s] ?? 0n)}`)]),
      game === "kowah" ? " (multipliers won)" : "") : "";
    return h("div", { class: "status" },
      // the table's heading, for a screen reader's list of headings (the seats are under it)
      h("h2", { class: "sr-only" }, `The ${GAME_TITLE[game]} table`),
      h("p", { class: "facts" }, ...facts.flatMap((f, k) => (k ? [" · ", f] : [f]))), match,
      // marked as the person's to do: a move, or a match's deal end to read and go on from
      // (whichever seat the next deal asks first)
      h("p", { class: `turn${(obs.toAct === v.seat && !v.over) || ended !== undefined ? " mine" : ""}` }, turn),
      h("p", { class: "meta" }, `table ${v.tableId} · you are ${names[v.seat]} · `, live,
        " · ", h("button", { type: "button", class: "link", "data-focus": "header-lobby", onclick: () => this.onLeave() }, "lobby"),
        " · ", h("button", { type: "button", class: "link rules-link", "data-focus": "rules",
          onclick: () => void loadRules().then(() => showBook(game, presetOf(v))) }, "rules"),
        ...this.wordsSwitch(v), ...this.keysSwitch(), ...this.inviteControl(v), ...this.moveControl(v), ...this.closeControl(v)),
      // with its "links for friends" toggle: a finished table has neither
      this.showingInvites && !finished(v) ? this.invitesPanel() : null);
  }

  /** The friends' links this browser was handed when it dealt the table ("links for
   * friends", while the table is unfinished): a friend who lost theirs is sent it again. */
  private inviteControl(v: TableView): (Node | string)[] {
    if (finished(v)) return [];
    if (!this.invites().length) return [];
    return [" · ", h("button", { type: "button", class: "link invites-again", "data-focus": "invites", "aria-expanded": String(this.showingInvites),
      onclick: async () => {
        this.showingInvites = !this.showingInvites;
        // a friend opening a link is no event of the deal: the view is read again for it
        if (this.showingInvites) await this.refresh();
        this.render();
        // between a match's deals the page may sit below the header: bring the links up
        this.board.querySelector(".status .invite")?.scrollIntoView({ block: "nearest" });
      } }, "links for friends")];
  }

  private invites() {
    return remembered().find((s) => sameSeat(s, this.seat))?.invites ?? [];
  }

  private invitesPanel(): HTMLElement {
    return h("section", { class: "panel invite", "aria-label": "Links for friends" },
      h("p", {}, "Each friend's link to their seat. A link opens its seat once: a friend who has opened theirs " +
        "has the seat, and the link opens nothing more."),
      inviteList(this.seat.tableId, this.invites(), (seat) => !!this.view?.seats[seat]?.tokenRenewed));
  }

  /** "move this seat", while the table is unfinished: a new link to the seat, for another
   * browser or device or for someone else to sit there (RenewSeatToken); this browser then
   * leaves the seat. A person who opened a friend's link by mistake gives the seat back so;
   * one who started on a laptop goes on on a phone. Asked first, as this page's link stops
   * opening the seat. */
  private moveControl(v: TableView): (Node | string)[] {
    if (finished(v)) return [];
    if (this.moving === "no") {
      return [" · ", h("button", { type: "button", class: "link move-seat", "data-focus": "move-seat", onclick: () => {
        this.moving = "asking";
        this.askAlert = "move";
        this.render();
        // the question's safe answer takes the focus, as the close's does
        this.root.querySelector<HTMLElement>(".move-no")?.focus();
      } }, "move this seat")];
    }
    return [" · ", h("span", { class: "move-ask", ...this.askedOnce("move") },
      "a new link to this seat, to open it in another browser or give it to someone; " +
      "this browser then leaves the seat. ",
      h("button", { type: "button", class: "link move-yes", "data-focus": "move-yes", onclick: () => void this.moveSeat() },
        "make the link"),
      " · ",
      h("button", { type: "button", class: "link move-no", "data-focus": "move-no", onclick: () => {
        this.moving = "no";
        this.render();
        this.root.querySelector<HTMLElement>(".move-seat")?.focus();  // back where it was asked
      } }, "no, stay here"))];
  }

  private async moveSeat(): Promise<void> {
    if (this.moving !== "asking") return;  // one renewal: a second would lose the seat
    const friends = this.invites();  // kept with this seat: shown once more, then forgotten
    const seatNo = this.view?.seat;
    const game = this.view ? GAME_KEY[this.view.game] : undefined;  // for the tab, once it is gone
    const renewed = new Set(this.view?.seats.flatMap((s, k) => (s.tokenRenewed ? [k] : [])));
    const owner = this.owner();  // whoever dealt keeps "close table" after a move
    const fromLink = this.openedFromLink();  // whoever dealt had no link to this seat
    const read = dealReadKept(this.seat) ? dealRead(this.seat) : undefined;  // forgotten below
    let token: string;
    try {
      this.moving = "moved";  // before the answer: the renewal ends this page's stream
      token = (await tables.renewSeatToken(this.who)).seatToken!.token;
    } catch (err) {
      this.moving = "no";
      this.fail(err);
      return;
    }
    this.leave();
    forget(this.seat);
    setTabSeat(undefined);  // a reload of this tab opens no seat
    // the dealer's links, if this browser keeps them, give the seat's new one
    if (seatNo !== undefined) replaceInvite(this.seat.tableId, seatNo, token);
    this.live = "ended";
    // the seat's cards and log leave the page with it: nothing draws them again
    this.view = undefined;
    clear(this.board);
    clear(this.logList);
    this.logList.closest<HTMLElement>(".log")?.remove();  // no empty Log box left behind
    this.announcer.textContent = "This browser no longer sits at the table.";  // not "your turn"
    // nor the tab: "Waiting" would call the person back to a seat this browser left
    document.title = `Seat moved · ${game ? `${GAME_TITLE[game]} · ` : ""}moneycards`;
    const [field, copy, said] = linkField(inviteUrl(this.seat.tableId, token, owner, read),
      { class: "invite-link moved-link", "aria-label": "The seat's new link" });
    this.board.append(h("section", { class: "panel notice moved", role: "alert" },
      h("p", {}, "This seat's new link. Open it in the other browser, or send it to whoever takes the seat: " +
        "it opens the seat once. This browser no longer sits at the table" +
        (fromLink ? ", and the old link opens nothing." : ".")),
      owner ? h("p", {}, "It carries the table's owner token: whoever opens it can close the table, as you could here.") : null,
      h("p", {}, field, " ", copy, said),
      friends.length ? h("p", {}, "The links for friends this browser kept: copy them now, the other browser does not have them.") : null,
      friends.length ? inviteList(this.seat.tableId, friends, (s) => renewed.has(s)) : null,
      h("button", { type: "button", onclick: () => this.onLeave() }, "Back to the lobby")));
    field.focus();
    field.select();
  }

  /** "close table", while the table is unfinished: an open table counts against the tables
   * one address may keep open (TOO_MANY_TABLES), and a match without an end runs until
   * closed. It asks first, as closing ends the table for every seat. */
  private closeControl(v: TableView): (Node | string)[] {
    if (finished(v)) return [];
    if (this.closeRefused) {
      return [" · ", h("span", { class: "close-refused", role: "alert" },
        "not closed: only whoever dealt this table can close it")];
    }
    // A seat opened from a friend's link leaves by "lobby" and does not close the table
    // under whoever dealt it (a mis-tap ended a friend's match for every seat); the server
    // refuses it too (OWNER_ONLY). A page without the owner token and not from a link sits
    // at a table dealt before there were owner tokens, which its seat's token closes.
    if (!this.owner() && this.openedFromLink() && v.seats.some((s, k) => k !== v.seat && s.kind !== SeatKind.AI)) {
      return [];
    }
    if (!this.closing) {
      return [" · ", h("button", { type: "button", class: "link close-table", "data-focus": "close-table", onclick: () => {
        this.closing = true;
        this.askAlert = "close";
        this.render();
        // the question's safe answer takes the focus, as the lobby's close does
        this.root.querySelector<HTMLElement>(".close-no")?.focus();
      } }, "close table")];
    }
    return [" · ", h("span", { class: "close-ask", ...this.askedOnce("close") },
      "close it for good, for every seat? ",
      h("button", { type: "button", class: "link close-yes", "data-focus": "close-yes", onclick: () => void this.closeTable() },
        "yes, close it"),
      " · ",
      h("button", { type: "button", class: "link close-no", "data-focus": "close-no", onclick: () => {
        this.closing = false;
        this.render();
        this.root.querySelector<HTMLElement>(".close-table")?.focus();  // back where it was asked
      } }, "no, keep playing"))];
  }

  /** The seat came from a link (a friend's, or a seat moved to a new one). */
  private openedFromLink(): boolean {
    return this.fromLink || !!remembered().find((s) => sameSeat(s, this.seat))?.link;
  }

  /** The table's owner token, if this browser dealt the table or holds the dealer's moved
   * seat: it closes the table for every seat. */
  private owner(): string | undefined {
    if (this.closeRefused) return undefined;
    return this.ownerToken ?? remembered().find((s) => sameSeat(s, this.seat))?.owner;
  }

  private async closeTable(): Promise<void> {
    this.closingNow = true;
    try {
      await tables.closeTable({ ...this.who, ownerToken: this.owner() ?? "" });
    } catch (err) {
      this.closingNow = false;
      const why = refusal(err);
      // an owner token that is not the table's (a link's, edited), or a seat's token at a
      // table of several people: the seat is still there, and the table goes on
      if (notTheOwner(why)) {
        this.closing = false;
        this.closeRefused = true;
        forgetOwner(this.seat);
        this.render();
        return;
      }
      if (why.code !== Code.NotFound) {  // gone already: forgotten all the same
        this.closing = false;
        this.fail(err);
        return;
      }
    }
    forget(this.seat);
    this.onLeave(`Table ${this.seat.tableId} is closed.`);
  }

  private seatPanel(v: TableView, game: GameKey, obs: Obs, names: string[], s: number, place: number): HTMLElement {
    const info = v.seats[s];
    const badges: (string | HTMLElement)[] = [];
    const panel = h("section", {
      class: `seat place-${place}${obs.toAct === s && !v.over ? " to-act" : ""}`,
      "aria-label": names[s], "data-seat": s,
    });
    const body = h("div", { class: "seat-body" });
    if (game === "totom") {
      const t = obs as TotomObservation;
      if (t.dealer === s) badges.push(this.chan(v) ? chanTerm("cái", "dealer") : "dealer");
      if (t.deadHand.includes(s)) badges.push("dead hand (TT-S4)");
      body.append(this.totomDoor(t, s, names));
    } else if (game === "kowah") {
      const k = obs as KowahObservation;
      const shown = k.declared[s];
      if (shown) {
        badges.push("declared");
        body.append(h("div", { class: "row" }, h("span", { class: "label" }, "shows"),
          cardsEl(game, shown), h("span", { class: "label" }, "waits on"), cardEl(game, parseCards(shown)[0])));
      }
      const draws = k.publicDraws.filter((d) => d.seat === s);
      if (draws.length) {
        body.append(h("div", { class: "row" }, h("span", { class: "label" }, "drew face up"),
          cardsEl(game, draws.map((d) => d.card), "small")));
      }
    } else {
      const l = obs as LukFuObservation;
      const rec = l.record;
      if (rec?.master === s) badges.push("master");
      if (l.caller === s) badges.push("caller");
      const calls = rec?.calls ?? [];
      const said = calls.findIndex((_, i) => ((rec?.master ?? 0) + i) % 3 === s);
      if (said >= 0) badges.push(`said ${calls[said]}`);
      body.append(h("div", { class: "row" }, h("span", { class: "fu" }, `fu ${l.fu[s] ?? 0}`)));
    }
    // The turn order as seen from this seat (turns go in seat order): the seat after it
    // and the one before it (in Tổ Tôm, whose discards are offered to it, TT-T1).
    const n = v.seats.length;
    const english = place === 1 ? "plays after you" : place === n - 1 ? "plays before you" : "";
    // in Chắn words the seats beside one are nhà dưới and nhà trên (Dưới lets a card go on
    // to the nhà dưới)
    const order = english && this.chan(v) ? chanTerm(place === 1 ? "nhà dưới" : "nhà trên", english) : english;
    // shown side by side, the parts are one run of words to a screen reader: a comma for
    // the ear between them ("AI, strong, plays after you, 8 concealed cards")
    const parts = [
      h("span", { class: "kind" }, seatKindWords(info)),
      order ? h("span", { class: "turn-order" }, order) : null,
      ...badges.map((b) => h("span", { class: "badge" }, b)),
      notHereYet(v, s) ? h("span", { class: "badge away" }, "link not opened yet") : null,
      s === v.seat ? null : backsEl(obs.handSizes[s] ?? 0)].filter((x): x is HTMLElement => x !== null);
    panel.append(h("header", {}, h("h3", {}, names[s]),
      ...parts.flatMap((p, k) => (k ? [h("span", { class: "sr-only" }, ", "), p] : [p]))));
    panel.append(body);
    return panel;
  }

  /** A Tổ Tôm seat's shown pairs and its doorway: dead cards, and the offer when it lies there. */
  private totomDoor(t: TotomObservation, s: number, names: string[]): HTMLElement {
    const wrap = h("div", { class: "door-wrap" });
    const pairs = t.exposed[s]?.pairs ?? [];
    const chan = this.view !== undefined && this.chan(this.view);
    // the pairs a seat has eaten, face up before it: its bài ăn
    wrap.append(h("div", { class: "row shown" }, h("span", { class: "label" }, chan ? chanTerm("bài ăn", "shown") : "shown"),
      pairs.length ? pairs.map((p) => h("span", { class: "pair" }, cardsEl("totom", p, s === this.view?.seat ? "" : "small")))
        : h("span", { class: "none" }, "none")));
    const dead = t.dead.filter((d) => d.seat === s).map((d) => d.card);
    const offered = t.offer && t.offer.door === s && t.offer.card ? t.offer.card : "";
    // once the deal is over the card is no longer offered: it is the last one that was (a
    // win on it shows in the end's own account)
    const word = this.view?.over ? "last offered:" : "on offer:";
    // the card on offer at this doorway is not a dead card: said apart, so "no dead cards"
    // never stands beside a card
    const door = h("div", { class: "row door", "aria-label": `${possessive(names[s])} doorway` },
      h("span", { class: "label" }, chan ? chanTerm("cửa", "doorway") : "doorway"),
      dead.length ? cardsEl("totom", dead, "small dead")
        : h("span", { class: "none" }, offered ? `no dead cards; ${word}` : "no dead cards"));
    if (offered) {
      if (dead.length) door.append(h("span", { class: "none" }, word));
      door.append(cardEl("totom", offered, "offer"));
    }
    wrap.append(door);
    return wrap;
  }

  private center(v: TableView, game: GameKey, obs: Obs, names: string[]): HTMLElement {
    const c = h("section", { class: "center", "aria-label": "The middle of the table" });
    if (game === "totom") {
      const t = obs as TotomObservation;
      if (t.offer?.card) {
        const o = t.offer;
        c.append(h("div", { class: "offer-box" }, cardEl("totom", o.card, "big"),
          h("p", {}, `On the table: ${o.card} `, h("span", { lang: "vi" }, cardName("totom", o.card)),
            ` (${OFFER_WORDS[o.kind]}, at ${o.door === v.seat ? "your" : possessive(names[o.door])} `,
            this.chan(v) ? chanTerm("cửa", "doorway") : "doorway",
            `), ${v.over ? "the card the deal ended on" : `offered to ${o.seat === v.seat ? "you" : names[o.seat]}`}`)));
      } else {
        c.append(h("p", { class: "quiet" }, "No card on offer."));
      }
      if (t.claim !== undefined && !v.over) {
        // said as a player says it: a win on the card (ù), or a Chíu of it
        const what = t.claim === Claim.WIN ? "win (ù) on it" : `claim it for a Chíu, with your three ${t.offer?.card ?? ""}`;
        const may = v.legalActions.some((a) => a.text === "decline");
        c.append(h("p", { class: "prompt", ...this.alertOnce("claim") }, ...withRules(may
          ? `You may ${what}, or decline. Nobody else sees the question: the others play on `
            + "as if you declined, and a claim comes first, taking back what they played meanwhile "
            + "(R-claim-privacy), unless the deal ends first at a table with another person: then "
            + "it counts as declined (R-claim-close)."
          // a compulsory claim is no private decision: the table waits on it, in every view
          : `You must ${what}: ${t.claim === Claim.WIN ? MUST_TAKE_WIN : `a Chíu is ${MUST_CHIU}`}; the other seats `
            + "see the table wait on you.", game)));
      }
    } else if (game === "kowah") {
      const k = obs as KowahObservation;
      const pile = h("ol", { class: "pile", "aria-label": "Discards, oldest first" });
      const top = [...k.discards].reverse().find((d) => d.takenBy === undefined);
      for (const d of k.discards) {
        const taken = d.takenBy !== undefined;
        pile.append(h("li", { class: `discard${taken ? " taken" : ""}${d === top ? " top" : ""}` },
          cardEl("kowah", d.card, "small"),
          h("span", { class: "who", title: names[d.seat] }, names[d.seat]),
          taken ? h("span", { class: "took", title: `taken by ${names[d.takenBy!]}` }, `→ ${names[d.takenBy!]}`) : null));
      }
      const above = h("span", { class: "quiet above" });
      c.append(h("h3", {}, "Discards", h("span", { class: "quiet" }, " oldest first; → who took it"), above),
        k.discards.length ? pile : h("p", { class: "quiet" }, "none yet"));
      // A long deal's pile scrolls in its own box, newest in view. The box is as tall as the
      // whole rows that fit in it, so its top edge cuts no row: names under cards scrolled
      // out of sight would read as labels of the row below. The heading counts what is above.
      const edge = () => {
        const boxTop = pile.getBoundingClientRect().top;
        const hidden = Array.from(pile.children)
          .filter((li) => li.getBoundingClientRect().bottom <= boxTop + 1).length;
        above.textContent = hidden ? ` · ${plural(hidden, "earlier discard")} above: scroll up` : "";
      };
      const fit = () => {
        pile.style.height = "";
        const full = pile.scrollHeight, room = pile.clientHeight;
        if (full > room) {
          const origin = pile.getBoundingClientRect().top - pile.scrollTop;
          const starts = Array.from(pile.children, (li) => li.getBoundingClientRect().top - origin);
          const first = starts.find((y) => full - y <= room) ?? full - room;
          pile.style.height = `${Math.ceil(full - first)}px`;
          pile.scrollTop = first;
        }
        edge();
      };
      pile.addEventListener("scroll", edge, { passive: true });
      requestAnimationFrame(fit);
    } else {
      const l = obs as LukFuObservation;
      const tricks = l.record?.tricks ?? [];
      const trick = tricks[tricks.length - 1];
      if (trick) {
        const done = trick.plays.length >= 3;
        const list = h("ol", { class: "trick" });
        for (const p of trick.plays) {
          list.append(h("li", {}, h("span", { class: "who" }, names[p.seat]),
            // one's own face-down cards are shown to oneself alone, and said to be (LF-F6)
            p.down ? h("span", { class: "down" }, ...(p.cards ? [cardsEl("lukfu", p.cards, "small down"),
              h("span", { class: "quiet" }, " face down: only you see them")]
              : [`${plural(p.down, "card")} face down`])) : cardsEl("lukfu", p.cards)));
        }
        const best = lukfuToBeat(l);
        c.append(h("h3", {}, `Trick ${tricks.length}`, done ? h("span", { class: "quiet" }, " (complete)") : null),
          list);
        // the play to beat, once another play has beaten the lead (the lead is listed above)
        if (best && best !== trick.plays[0]?.cards) {
          c.append(h("p", { class: "to-beat" }, "to beat: ", cardsEl("lukfu", best, "small"),
            ` (${plural(parseCards(best).length, "card")})`));
        }
      } else {
        c.append(h("p", { class: "quiet" }, (l.record?.calls ?? []).length
          ? `Calls so far: ${(l.record?.calls ?? []).join(", ")}` : "The calls: play or pass."));
      }
    }
    return c;
  }

  /** Your seat: what you show, and your hand grouped. */
  private mine(v: TableView, game: GameKey, obs: Obs, names: string[]): HTMLElement {
    const me = h("section", { class: `seat me${obs.toAct === v.seat && !v.over ? " to-act" : ""}`,
      "aria-label": "Your seat", "data-seat": v.seat });
    const badges: (string | HTMLElement)[] = [];
    const body = h("div", { class: "seat-body" });
    const hand = parseCards(obs.hand);
    const pick = (cards: string[], extra = "") => this.handCards(game, cards, extra, !v.over);
    const groups = h("div", { class: "hand", "aria-label": "Your hand" });
    if (game === "totom") {
      const t = obs as TotomObservation;
      if (t.dealer === v.seat) badges.push(this.chan(v) ? chanTerm("cái", "dealer") : "dealer");
      if (t.deadHand.includes(v.seat)) badges.push("dead hand (TT-S4)");
      body.append(this.totomDoor(t, v.seat, names));
      const g = totomGroups(hand);
      // three of a card, waiting on the fourth for a Chíu: a khàn
      for (const p of g.threes) groups.append(group(this.chan(v) ? chanTerm("khàn", "three for a Chíu") : "three for a Chíu", pick(p)));
      for (const p of g.chan) groups.append(group("Chắn", pick(p)));
      for (const p of g.ca) groups.append(group("Cạ", pick(p)));
      if (g.singles.length) groups.append(group(this.chan(v) ? chanTerm("què", "singles") : "singles", pick(g.singles)));
    } else if (game === "kowah") {
      const k = obs as KowahObservation;
      const shown = k.declared[v.seat];
      if (shown) {
        badges.push("declared");
        body.append(h("div", { class: "row" }, h("span", { class: "label" }, "you show"),
          cardsEl(game, shown), h("span", { class: "label" }, "waiting on"), cardEl(game, parseCards(shown)[0])));
      }
      const g = kowahGroups(hand);
      for (const t of g.triplets) groups.append(group("triplet", pick(t)));
      for (const p of g.pairs) groups.append(group("pair", pick([p, p])));
      if (g.singles.length) groups.append(group("singles", pick(g.singles)));
    } else {
      const l = obs as LukFuObservation;
      if (l.record?.master === v.seat) badges.push("master");
      if (l.caller === v.seat) badges.push("caller");
      const old = this.old?.version === v.version ? this.old.answer : undefined;
      const fu = l.fu[v.seat] ?? 0;
      // the claim total while the deal is on: once it is over there is no claim to make
      body.append(h("div", { class: "row" }, h("span", { class: "fu" }, `fu ${fu}`),
        old && !v.over ? h("span", { class: "claim-total" },
          ...withRules(old.claimTotal >= 6
            // fu won and old cards together, as the terminal's seat line says it; a claim
            // is made only about to lead (LF-W2), so between leads it waits for the next
            ? `claim total ${old.claimTotal} with your old cards: enough to claim `
              + (v.legalActions.some((a) => a.text === "claim") ? "now (LF-W2)" : "when you are next to lead (LF-W2)")
            : `claim total ${old.claimTotal} with your old cards: a claim needs ${6 - old.claimTotal} more (LF-W2)`,
          game)) : null));
      const oldSet = this.oldCards(v);
      for (const suit of "csmt") {
        const cards = hand.filter((c) => c[1] === suit);
        if (!cards.length) continue;
        const row = h("span", { class: "cards" });
        for (const c of cards) row.append(this.handFace(game, c, oldSet.has(c) ? "old" : "", !v.over));
        groups.append(group({ c: "Coins", s: "Strings", m: "Myriads", t: "Tens" }[suit]!, row));
      }
      // What "old" means and no more: a single no card left can beat (LF-O2), Mau Gung and
      // Bak Chi only when led alone (LF-F5); not safe in a set, a run or as a follow.
      if (oldSet.size) groups.append(h("p", { class: "quiet" }, ...withRules(
        "Cards marked old: no card in another seat's hand can beat one played alone (LF-O2). Mau Gung and Bak " +
        "Chi are always old (LF-O1), unbeatable only when led alone (LF-F5). Each counts " +
        "toward a claim (LF-W2).", game)));
    }
    if (!hand.length) groups.append(h("p", { class: "quiet" }, "No cards in hand."));
    me.append(h("header", {}, h("h3", {}, `${names[v.seat]} (you)`),
      ...badges.map((b) => h("span", { class: "badge" }, b)),
      h("span", { class: "quiet" }, plural(obs.handSizes[v.seat] ?? hand.length, "card"))));
    me.append(body, groups);
    return me;
  }

  private handCards(game: GameKey, cards: string[], extra: string, live: boolean): HTMLElement {
    const row = h("span", { class: "cards" });
    for (const c of cards) row.append(this.handFace(game, c, extra, live));
    return row;
  }

  /** `live`: a button that picks the card; after the deal, the card only (nothing to pick). */
  private handFace(game: GameKey, card: string, extra: string, live: boolean): HTMLElement {
    if (live) return this.handCard(game, card, extra);
    const face = cardEl(game, card, extra);
    if (extra === "old") face.setAttribute("aria-label", face.getAttribute("aria-label") + ", old");
    return face;
  }

  /** A card of your hand: a button that picks it, and the actions using it are offered. */
  private handCard(game: GameKey, card: string, extra: string): HTMLElement {
    const index = this.handIndex++;
    const picked = this.selectedIndex.has(index);
    // named by the card and its copy, not its place: a card drawn or played before it moves
    // the places, and focus must stay on the card the person is on
    const copy = (this.handCopies.get(card) ?? 0) + 1;
    this.handCopies.set(card, copy);
    const b = h("button", {
      type: "button", class: `card suit-${card[1]}${extra ? " " + extra : ""}${picked ? " picked" : ""}`,
      "aria-pressed": picked ? "true" : "false", "data-focus": `hand-${card}-${copy}`,
      onclick: () => this.toggle(card, index),
    });
    const face = cardEl(game, card);
    b.title = face.title;
    if (face.classList.contains("red-face")) b.classList.add("red-face");
    b.setAttribute("aria-label", face.getAttribute("aria-label") + (extra === "old" ? ", old" : ""));
    b.dataset.card = card;
    b.append(...Array.from(face.childNodes));
    return b;
  }

  private handIndex = 0;
  private handCopies = new Map<string, number>();  // the copies of each card drawn so far
  private acted = false;  // this seat sent a move since the view drawn last changed
  private selectedIndex = new Set<number>();

  private toggle(card: string, index: number): void {
    if (this.selectedIndex.has(index)) {
      this.selectedIndex.delete(index);
      const k = this.selected.indexOf(card);
      if (k >= 0) this.selected.splice(k, 1);
    } else {
      this.selectedIndex.add(index);
      this.selected.push(card);
    }
    this.render();
    // what the pick leaves to do, said (the note is drawn anew, so it is not a live region)
    const note = this.board.querySelector(".picked-note");  // its words, not its "clear" link
    this.announce(note ? Array.from(note.childNodes, (n) => (n instanceof HTMLElement
      && n.classList.contains("clear-picked") ? "" : n.textContent ?? "")).join("").trim()
      : "The picked cards are cleared.");
  }

  /** A lone `pass` is played for the person when the switch is on, every other seat is an
   * AI player and no match deal's end waits to be read. At a table with other people it is
   * always asked: a pass played at once would tell them the hand had nothing to capture,
   * which a person's own pace need not. */
  private passesForMe(v: TableView): boolean {
    return autoPass() && !v.over && v.legalActions.length === 1 && v.legalActions[0].text === "pass"
      && onlyAiBeside(v) && this.unreadDeal(v) === undefined;
  }

  /** Why the seat's last action did not count: the table moved on first, no answer came,
   * or it was refused (the rule first). `game`: undefined at a game of one's own, whose
   * rule ids the page cannot link. */
  private refusalNotes(v: TableView, game: GameKey | undefined): HTMLElement[] {
    const out: HTMLElement[] = [];
    if (this.refusal?.code === Code.Aborted) {
      // STALE_VERSION: the table moved on (another seat's move, a claim that comes first)
      // between the view and the action; what is on screen now is the table as it is
      out.push(h("div", { class: "refusal stale", ...this.alertOnce("stale") },
        h("strong", {}, "Not played"),
        h("span", {}, v.over
          ? "The deal ended before your action reached the table."
          : "The table moved on before your action reached it (another seat acted first, or "
            + "this seat in another window). "
            + "It is shown as it is now: choose again.")));
    } else if (this.refusal && unanswered(this.refusal)) {
      // not a refusal: no answer came, so whether the action counted is not known yet
      out.push(h("div", { class: "refusal stale", ...this.alertOnce("unanswered") },
        h("strong", {}, "No answer"),
        h("span", {}, "The server could not be reached: what you sent may not have reached "
          + "the table. Once the table is live again it shows whether an action counted; if "
          + "it did not, try again.")));
    } else if (this.refusal) {
      const r = this.refusal;
      const message = r.message.replace(` [${r.rule || r.reason}]`, "");
      out.push(h("div", { class: "refusal", ...this.alertOnce(`refused ${r.message}`) },
        h("strong", {}, "Refused"), r.rule ? (game ? ruleRef(r.rule, game) : h("code", { class: "rule" }, r.rule)) : null,
        // the rule is shown first: not again at the message's end ("… [KW-T2]"), and a
        // reason that is no rule ("[NOT_YOUR_TURN]") is for programs, not people
        h("span", {}, ...(game ? withRules(message, game) : [message]))));
    }
    return out;
  }

  /** The legal actions as buttons (numbered 1-9 and 0 for the keyboard), the hint, a refusal. */
  private actionsPanel(v: TableView, game: GameKey, obs: Obs, names: string[]): HTMLElement {
    const panel = h("section", { class: "actions", "aria-label": "Your actions" });
    panel.append(...this.refusalNotes(v, game));
    if (v.over) return panel;
    const undone = this.undoneMine(v);
    if (undone) {
      panel.append(h("p", { class: "prompt undone", ...this.alertOnce(`undone ${undone.event.version}`) },
        ...withRules(undoneWords(names[undone.event.seat] ?? "another seat", undone.rule, undone.actions), game)));
    }
    // The server answers once the AI seats have played, each at its pace (serve --ai-pace-ms).
    if (this.busy) panel.append(h("p", { class: "quiet", role: "status" }, ...withRules(sentWords(game, this.sent), game)));
    const legal = v.legalActions;
    const texts = legal.map((a) => a.text);
    if (game === "kowah" && texts.includes("stay")) {
      panel.append(h("p", { class: "prompt", ...this.alertOnce("declare") }, ...withRules("You are ready: declare checki, showing "
        + "a pair, or stay undeclared, which cannot win (R-no-declaration-win). Nobody else sees the "
        + "question: the others play on as if you stayed, and a declaration comes first, taking back "
        + "what they played meanwhile (R-declare-privacy), unless the deal ends first at a table with "
        + "another person: then it counts as staying (R-claim-close)." + pairChoice(texts), game)));
    } else if (game === "kowah" && pairChoice(texts)) {
      // a compulsory declaration (R-declare) still chooses its pair (KW-T4)
      panel.append(h("p", { class: "prompt", ...this.alertOnce("declare") },
        ...withRules("You are ready: declare checki (R-declare)." + pairChoice(texts), game)));
    } else if (game === "lukfu" && texts.includes("claim")) {
      panel.append(h("p", { class: "prompt", ...this.alertOnce("claim") },
        ...withRules("You may claim the win: your fu plus your old cards reach six (LF-W2), or play on (LF-W3): "
          + "another seat may win first, and a seat that plays on past its claim has none when the hands run out "
          + "(R-claim-timing).", game)));
    }
    if (!legal.length) {
      panel.append(h("p", { class: "quiet" }, "Waiting for the other seats."));
      return panel;
    }
    if (game === "lukfu") {
      // the leads a rule or a switch withholds, said where the moves are, before a card is picked
      const kept = leadsKept(obs as LukFuObservation, texts, this.oldCards(v),
        v.rules.case === "lukFuRules" && !!v.rules.value.strictNonCallerLeads);
      if (kept) panel.append(h("p", { class: "quiet lead-rule" }, ...withRules(kept, game)));
      // the play to beat, beside the moves: on a phone the trick is scrolled away above the
      // hand while the pinned moves are chosen
      const l = obs as LukFuObservation;
      const best = lukfuToBeat(l);
      const trick = l.record?.tricks[l.record.tricks.length - 1];
      const up = trick?.plays.filter((p) => p.down === 0 && p.cards) ?? [];
      const by = up[up.length - 1]?.seat;
      if (best && texts.some((a) => a.startsWith("follow ") || a.startsWith("down "))) {
        panel.append(h("p", { class: "to-beat move-to-beat", "data-cards": best }, "To beat: ", cardsEl("lukfu", best, "small"),
          ` ${best}${by !== undefined ? `, ${possessive(names[by])} play` : ""}`));
      }
    }
    // Picked hand cards narrow the list to the actions that use them all; the actions of no
    // card (pass, decline, draw …) stay, so a card picked by mistake hides no way on.
    let shown: LegalAction[] = legal;
    if (this.selected.length) {
      const want = [...this.selected];
      const using = legal.filter((a) => {
        const cards = parseCards(a.cards);
        return want.every((c) => {
          const k = cards.indexOf(c);
          if (k < 0) return false;
          cards.splice(k, 1);
          return true;
        });
      });
      shown = legal.filter((a) => using.includes(a) || !parseCards(a.cards).length);
      panel.append(h("p", { class: "picked-note" },
        `Picked ${this.selected.join(" ")}: ${using.length ? plural(using.length, "action") : "no action"} `
          + `use${using.length === 1 || !using.length ? "s" : ""} ${this.selected.length === 1 ? "it" : "them"}. `,
        ...(using.length ? [] : withRules(whyUnused(game, obs, legal, this.selected, this.oldCards(v),
          v.rules.case === "totomRules" && !!v.rules.value.noDiscardOfCapturedFace,
          v.rules.case === "lukFuRules" && !!v.rules.value.strictNonCallerLeads), game)),
        h("button", { type: "button", class: "link clear-picked", onclick: () => { this.selected = []; this.selectedIndex.clear(); this.render(); } }, "clear")));
    }
    const list = h("div", { class: "action-list" });
    let number = 0;
    // Kowah's take names no card: the pile's top is drawn on its button, as a phone hides
    // the words beside it ("5s, the last discard")
    const takes = game === "kowah"
      ? [...(obs as KowahObservation).discards].reverse().find((d) => d.takenBy === undefined)?.card : undefined;
    // Keys 1-9 go to the buttons in view: a folded list's are not numbered (a key must not
    // play a choice the person cannot see).
    const button = (a: LegalAction, keyed = true, note = "") => {
      if (keyed) number += 1;
      // 1-9, and 0 for the tenth, as a keyboard's row of digits runs
      const key = keyed && number <= 10 ? String(number % 10) : undefined;
      const said = [describe(game, obs, a.text), note].filter(Boolean).join(", ");
      const saidAloud = said ? spokenText(game, said) : "";
      const short = describeShort(game, obs, a.text);
      // in Chắn verbs the action's own text follows them, for the title and a screen reader
      const label = this.label(v, obs, a.text);
      const named = label === a.text ? a.text : `${label} (${a.text})`;
      return h("button", {
        type: "button", class: `act verb-${a.verb}`, "data-action": a.text, "data-key": key,
        "data-focus": `act-${a.text}`, disabled: this.busy,
        title: said ? `${named}: ${said}` : named, onclick: () => void this.act(a.text),
        // said once: the key, the action, what it does (the small cards repeat the action's)
        // and the cards by name, where the words do not name them ("136c" is said as a number)
        "aria-label": `${key ? `${key}: ` : ""}${named}${saidAloud ? `, ${saidAloud}` : ""}${cardsNamed(game, a.cards, saidAloud)}`,
      }, key ? h("kbd", {}, key) : null, h("span", label === a.text ? { class: "text" } : { class: "text chan", lang: "vi" }, label),
      // in Chắn verbs the English verb stays in sight (a phone shows no title): "discard"
      said || label !== a.text ? h("span", { class: "said" },
        label === a.text ? said : said ? `${a.verbName} — ${said}` : a.verbName) : null,
      label !== a.text ? h("span", { class: "said-short", "aria-hidden": "true" }, a.verbName)
        : short ? h("span", { class: "said-short", "aria-hidden": "true" }, short) : null, a.cards && parseCards(a.cards).length <= 4
        ? cardsEl(game, a.cards, "tiny") : a.text === "take" && takes ? cardsEl(game, takes, "tiny") : null);
    };
    const downs = shown.filter((a) => a.text.startsWith("down"));
    const rest = shown.filter((a) => !a.text.startsWith("down"));
    for (const a of rest) list.append(button(a));
    if (downs.length > FOLD_AT && !this.selected.length) {
      // The face-down play a number picks in the terminal, keyed here too: folded, the
      // choices carry no key, and a key must play something (the cards it puts down named)
      const lowest = this.lowestDown(v, obs as LukFuObservation, downs);
      if (lowest) list.append(button(lowest, true, "the lowest cards not old"));
      // Folded, its buttons carry no key; opened, the first of them are numbered.
      const fold = h("details", { class: "downs", open: this.downsOpen },
        h("summary", { "data-focus": "downs" },
          `Face down: ${plural(downs.length, "choice")} (or pick the cards in your hand)`));
      fold.addEventListener("toggle", () => {
        if (fold.open === this.downsOpen) return;
        this.downsOpen = fold.open;
        this.render();
      });
      for (const a of downs) fold.append(button(a, this.downsOpen));
      list.append(fold);
    } else {
      // the terminal's number's choice named among them too, as beside the fold
      const lowest = game === "lukfu" ? this.lowestDown(v, obs as LukFuObservation, downs) : undefined;
      for (const a of downs) list.append(button(a, true, a === lowest ? "the lowest cards not old" : ""));
    }
    // More moves than the keys reach (a Tổ Tôm turn has up to nineteen discards): picking
    // the card in the hand is the shorter way, and it is said where the moves begin.
    const tip = !this.selected.length && shown.filter((a) => parseCards(a.cards).length).length > 10
      // tapped on a touch screen, clicked with a mouse
      ? h("p", { class: "quiet pick-tip" }, matchMedia("(pointer: coarse)").matches ? "Or tap a card in your hand: only its moves stay."
        : "Or pick a card in your hand (click it, or Enter on it): only its moves stay.") : null;
    // On a phone the Hint button heads the pinned panel (below a long list it sat out of
    // sight), so it comes first in the page too: the keyboard meets it where the eye does.
    const hint = this.hintPanel(v, game, legal);
    const phone = PHONE.matches;
    panel.append(h("h2", {}, "Your move"), ...(phone ? [hint] : []), ...(tip ? [tip] : []), list);
    if (this.passesForMe(v)) {
      // said once by the turn line, not as a status drawn anew at every redraw
      panel.append(h("p", { class: "quiet auto-pass-note" },
        "pass is your only action: playing it for you…"));
    }
    if (!phone) panel.append(hint);
    if (legal.some((a) => a.text === "pass") && onlyAiBeside(v)) {
      // named for the focus kept across drawings: ticked, it stays where the person is
      const box = h("input", { type: "checkbox", id: "auto-pass", "data-focus": "auto-pass" }) as HTMLInputElement;
      box.checked = autoPass();
      box.addEventListener("change", () => { setAutoPass(box.checked); this.render(); });
      panel.append(h("p", { class: "quiet" }, h("label", { for: "auto-pass" }, box,
        " Pass for me when pass is my only action")));
    }
    return panel;
  }

  /** Whether this Tổ Tôm table names its moves by the Chắn verbs (the person's choice). */
  private chan(v: TableView): boolean {
    return GAME_KEY[v.game] === "totom" && chanVerbs();
  }

  /** An action's button label: its text, or at a Tổ Tôm table in Chắn verbs "Đánh Tam văn". */
  private label(v: TableView, obs: Obs, text: string): string {
    return this.chan(v)
      ? chanWords(obs as TotomObservation, text, v.legalActions.map((a) => a.text)) : text;
  }

  /** Tổ Tôm's moves in Chắn verbs or English: a switch in the header, kept for every table
   * of this browser. */
  private wordsSwitch(v: TableView): (Node | string)[] {
    if (GAME_KEY[v.game] !== "totom") return [];
    const on = chanVerbs();
    return [" · ", h("button", {
      // an action named by what it does: its name changes, so no pressed state beside it
      type: "button", class: "link words-switch", "data-focus": "words-switch",
      title: on ? "Name the moves in English: discard, capture, pass, win"
        : "Name the moves as Chắn players call them: Đánh, Ăn, Bốc, Dưới, Ù, Chíu",
      onclick: () => { setChanVerbs(!on); this.render(); },
    }, on ? "moves in English" : "moves in Chắn words")];
  }

  /** The single keys (1-9, 0, H, ?) on or off: a screen reader's browse mode has keys of its
   * own (1-6 and H go to headings), and WCAG 2.1.4 asks that such keys can be turned off. */
  private keysSwitch(): (Node | string)[] {
    const on = singleKeys();
    document.body.classList.toggle("keys-off", !on);  // and their badges hidden
    return [h("span", { class: "keys-switch-wrap" }, " · ", h("button", {
      type: "button", class: "link keys-switch", "data-focus": "keys-switch",
      "aria-pressed": on ? "true" : "false",
      title: on ? "Keys 1-9 and 0 play the numbered moves, H or ? asks for a hint: press to turn them off"
        : "Turn on the keys 1-9 and 0 for the numbered moves, and H or ? for a hint",
      onclick: () => { setSingleKeys(!on); this.render(); },
      // the name stays "single keys" (aria-pressed says on or off); the eye reads the word
    }, "single keys", h("span", { "aria-hidden": "true" }, on ? ": on" : ": off")))];
  }

  private hintPanel(v: TableView, game: GameKey, legal: LegalAction[]): HTMLElement {
    const box = h("div", { class: "hint" });
    const loading = this.hint === "loading";
    // while it thinks the button stays enabled (aria-disabled): a disabled one loses the
    // focus, which went to the first move, away from the hint about to be shown
    box.append(h("button", {
      type: "button", class: "hint-button", "data-focus": "hint", disabled: this.busy,
      "aria-disabled": loading ? "true" : undefined, onclick: () => void this.askHint(),
    }, loading ? "Thinking…" : "Hint", h("kbd", {}, "H")));
    if (this.hint && this.hint !== "loading" && this.hint.version === v.version) {
      // A phone's move panel is pinned and a third of the screen high: there the best
      // action alone stays open, or the hint's reasons fill the panel and hide the moves.
      const open = PHONE.matches ? 1 : 5;
      const ol = h("ol", { class: "ranked", "aria-label": "Hint: the actions ranked, best first" });
      const more = h("ol", { class: "ranked", start: open + 1 });
      const known = new Set(legal.map((a) => a.text));
      this.hint.actions.forEach((r, k) => {
        // The explanation leads with the value in the game's own terms (points a deal, the
        // multiplier won); the raw ranking value stays out of what is shown and read out.
        const label = known.has(r.action) ? this.label(v, v.observation.value as Obs, r.action) : r.action;
        (k < open ? ol : more).append(h("li", { "data-action": r.action },
          h("button", {
            type: "button", class: label === r.action ? "play-hint" : "play-hint chan",
            lang: label === r.action ? undefined : "vi",
            disabled: this.busy || !known.has(r.action),
            "data-focus": `hint-${k}`, onclick: () => void this.act(r.action),
          }, label),
          h("span", { class: "why" }, ...withRules(withoutAction(r.action, r.explanation), game))));
      });
      if (more.children.length) {
        ol.append(h("li", { class: "more" }, h("details", {},
          h("summary", {}, `${plural(more.children.length, "more action")}`), more)));
      }
      box.append(ol, h("button", { type: "button", class: "link close-hint", "data-focus": "close-hint",
        onclick: () => this.closeHint() }, "close the hint", h("span", { class: "key-name" }, " (Esc)")));
    }
    return box;
  }

  /** The first of the match's finished deals before this one whose end this seat has not
   * read: each is held up in turn, so a deal over before the seat's first move (a Luk Fu
   * master claiming at once, LF-W2), or the last deal of the match, skips none (a seat new
   * to this browser was marked by `render` to start at the last finished deal's end). */
  private unreadDeal(v: TableView): number | undefined {
    const m = v.matchState;
    if (!m) return undefined;
    const next = dealRead(this.seat) + 1;
    return next < m.deal ? next : undefined;
  }

  /** Each seat's match total after deal `ended` (the match's totals now without what the
   * deals after it added: net points, or Kowah's multiplier to its winner, KW-K1); the
   * totals now when no deal's end is being read. */
  private totalsAfter(v: TableView, ended: number | undefined): bigint[] {
    const m = v.matchState!;
    const out = v.seats.map((_, s) => m.totals[s] ?? 0n);
    if (ended === undefined) return out;
    const last = m.over ? m.deal : m.deal - 1;  // the match's finished deals
    for (let d = ended + 1; d <= last; d++) {
      const r = this.endingEvent(d)?.result;
      if (!r) continue;  // not arrived yet: the next drawing has it
      if (r.net.length) r.net.forEach((n, s) => { out[s] -= BigInt(n); });
      else if (r.winner !== undefined && r.multiplier !== undefined) out[r.winner] -= BigInt(r.multiplier);
    }
    return out;
  }

  /** The event that ended deal `deal` (0 at a table of one deal), once it has arrived. */
  private endingEvent(deal: number): TableEvent | undefined {
    let found: TableEvent | undefined;
    for (const e of this.events.values()) if (e.result && e.deal === deal) found = e;
    return found;
  }

  /** Between a match's deals: how the last one ended, then on to the next. */
  private betweenPanel(v: TableView, game: GameKey, obs: Obs, names: string[], deal: number): HTMLElement {
    const e = this.endingEvent(deal);
    const m = v.matchState!;
    const box = h("section", { class: "result between", "aria-label": `The end of deal ${deal}` },
      h("h2", {}, `Deal ${deal}${m.rules?.deals ? ` of ${m.rules.deals}` : ""} is over`));
    if (e) {
      const last = e.lines[e.lines.length - 1] ?? "";
      // a drawn deal's last line says so; the rule that draws it is cited beside it
      const drawn = e.result?.outcome === DealOutcome.DRAWN ? e.result : undefined;
      const said = drawn && !/\[|\(/.test(last) ? `${last} (${drawn.rule})` : last;
      // a sentence: the event's line may start in lower case ("three passes: …")
      box.append(h("p", { class: "result-text" }, ...withRules(said.charAt(0).toUpperCase() + said.slice(1), game)));
      this.explainInto(box, game, e.result!, names, this.declaredIn(deal), e.resultLines);
    } else {
      box.append(h("p", { class: "quiet" }, "Reading how it ended…"));
    }
    box.append(this.nextDealButton(deal));
    return box;
  }

  private resultPanel(v: TableView, game: GameKey, obs: Obs, names: string[]): HTMLElement {
    const r = obs.result;
    const m = v.matchState;
    const box = h("section", { class: "result", "aria-label": m?.over ? "The end of the match" : "The end of the deal" });
    if (m?.over) box.append(...this.matchSummary(m, game, names),
      h("h3", {}, `Deal ${m.deal}${m.rules?.deals ? ` of ${m.rules.deals}` : ""}, the last`));
    else box.append(h("h2", {}, "The deal is over"));
    box.append(h("p", { class: "result-text" }, ...withRules(v.resultText, game)));
    if (r) this.explainInto(box, game, r, names, game === "kowah" ? (obs as KowahObservation).declared : {},
      this.endingEvent(v.matchState?.deal ?? 0)?.resultLines ?? []);
    box.append(this.recordDownload(game, !!m), h("p", {}, h("button", { type: "button", "data-focus": "lobby", onclick: () => this.onLeave() },
      "Back to the lobby")));
    return box;
  }

  /** The finished table's record as a file (GetRecord): a match's, every deal in it, or the
   * deal's; the JSON that `moneycards GAME check-record` and `replay` read. */
  private recordDownload(game: GameKey, match: boolean): HTMLElement {
    const name = `moneycards-${game}-${this.seat.tableId}.json`;
    const save = async (): Promise<void> => {
      try {
        const answer = await tables.getRecord(this.who);
        const got = toJson(GetRecordResponseSchema, answer) as JsonObject;
        // the deal's record is the field its oneof names (totom, kowah, lukFu: its JSON key)
        const record = match ? got.matchRecord : answer.record.case ? got[answer.record.case] : undefined;
        if (!record) throw new Error("the server gave no record of this table");
        const url = URL.createObjectURL(new Blob([`${JSON.stringify(record, null, 2)}\n`], { type: "application/json" }));
        const link = h("a", { href: url, download: name }) as HTMLAnchorElement;
        document.body.append(link);
        link.click();
        link.remove();
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
        this.recordSaid = { file: name };
        this.announce(`Saved as ${name}: moneycards ${game} replay tells it again, and check-record checks it.`);
      } catch (err) {
        this.recordSaid = { failed: refusal(err).message };
        this.announce(`The record could not be read: ${this.recordSaid.failed}`);
      }
      this.render();
    };
    const said = this.recordSaid;
    return h("p", { class: "record-download" },
      h("button", { type: "button", "data-focus": "record", onclick: () => void save() },
        match ? "Download the match's record" : "Download the deal's record"), " ",
      // said in the page's live region, and kept in sight when the table is drawn again
      h("span", { class: "quiet record-said" }, ...(!said ? [] : "failed" in said
        ? [`The record could not be read: ${said.failed}`]
        : ["Saved as ", h("code", {}, said.file), ": ", h("code", {}, `moneycards ${game} replay`),
          " tells it again, and ", h("code", {}, "check-record"), " checks it."])));
  }

  /** Who finishes a finished match (R-match) first, with what (matchLeadWords). */
  private matchLead(m: NonNullable<TableView["matchState"]>, game: GameKey | "plugin", names: string[]): string {
    return matchLeadWords(game, names, names.map((_, s) => m.totals[s] ?? 0n),
      names.map((_, s) => m.wins[s] ?? 0), m.deal, m.rules?.toPoints ?? 0);
  }

  /** `game`: "plugin" for a game of one's own, whose totals are points as Tổ Tôm's are. */
  private matchSummary(m: NonNullable<TableView["matchState"]>, game: GameKey | "plugin", names: string[]): HTMLElement[] {
    const totals = names.map((_, s) => m.totals[s] ?? 0n);
    const said = (t: bigint) => (game === "kowah" ? String(t) : `${t > 0n ? "+" : ""}${t}`);
    const lead = this.matchLead(m, game, names);
    // Kowah's result keeps no running totals (KW-K1): a match tallies multipliers (R-match)
    const t = h("table", { class: "net totals" }, h("caption", {}, ...(game === "kowah"
      ? withRules("Multipliers won (R-match)", game) : ["Totals, in points"])),
      h("tr", {}, h("th", {}, "seat"), h("th", {}, "total"), h("th", {}, "deals won")));
    names.forEach((n, s) => t.append(h("tr", {}, h("td", {}, n),
      h("td", { class: game === "kowah" ? "" : totals[s] > 0n ? "plus" : totals[s] < 0n ? "minus" : "" }, said(totals[s])),
      h("td", {}, String(m.wins[s] ?? 0)))));
    return [h("h2", {}, `The match is over after ${m.deal} ${m.deal === 1 ? "deal" : "deals"}`),
      h("p", { class: "match-lead" }, lead), t];
  }

  /** Kowah: the pair each seat declared in deal `deal` of the match, from its public
   * events (between deals the observation is already the next deal's). */
  private declaredIn(deal: number): Record<number, string> {
    const out: Record<number, string> = {};
    for (const e of this.events.values()) {
      if (e.deal === deal && e.action.startsWith("declare ")) out[e.seat] = e.action.slice("declare ".length);
    }
    return out;
  }

  /** A deal's end explained: in words, the winner's cards as shown (the server's lines;
   * a finished deal is public), the bonuses and the settlement. */
  private explainInto(box: HTMLElement, game: GameKey, r: DealResult, names: string[],
                      declared: Readonly<Record<number, string>>, shown: string[]): void {
    const m = this.view?.matchState;
    const redeal = !m ? "one-deal" : m.over ? "match-over" : "next-deal";
    const chan = this.view !== undefined && this.chan(this.view);
    const told = explainResult(game, r, names, declared, redeal, chan);
    // a drawn Kowah deal has nothing more to tell: no empty list for a screen reader
    if (told.length) box.append(h("ul", { class: "explain" }, told.map((line) => h("li", {}, ...withRules(line, game)))));
    // the server's lines are every seat's, in English; in Chắn words the bonuses are cước
    const lines = shown.filter((line) => !(r.net.length && line.startsWith("Settlement")))
      .map((line) => (chan ? chanEnd(line) : line));
    // A Tổ Tôm winner's twenty drawn as cards above the lines that read them out, in the
    // pairs the lines list (Chắn, then Cạ), else as one row: the same cards, hidden from a
    // screen reader, which reads the lines
    const hand = game === "totom" ? lines.map((l) => /^\s*Hand: ([0-9a-z ]+)$/.exec(l)?.[1]).find((x) => x) : undefined;
    const pairs = lines.flatMap((l) => {
      const m = /^\s+(Chắn|Cạ)\s+([0-9a-z]+(?: [0-9a-z]+)?)\s{2,}/.exec(l);
      return m ? [[m[1], m[2]] as const] : [];
    });
    const paired = pairs.flatMap(([, cards]) => parseCards(cards));
    if (hand && paired.length === parseCards(hand).length) {
      box.append(h("div", { class: "winning-hand paired", "aria-hidden": "true" }, ...pairs.map(([kind, cards]) =>
        h("span", { class: "pair" }, h("span", { class: "pair-kind" }, kind), cardsEl(game, cards, "small")))));
    } else if (hand) {
      box.append(h("div", { class: "winning-hand", "aria-hidden": "true" }, cardsEl(game, hand, "small")));
    }
    // A Kowah winner's eight cards and the card it won on, drawn as the line reads them
    // ("AI 2's cards: 1155c 115s 1m + 1c (from AI 1's draw)")
    const won = game === "kowah" ? /cards: ([0-9a-z ]+) \+ ([0-9a-z]+) \(/.exec(lines[0] ?? "") : null;
    // grouped as the next line reads them ("1c 1s 1m, 3c 3s 3m and 666s: three triplets"),
    // as Tổ Tôm's twenty are in their pairs; else as one row
    const triplets = /^\s+([0-9a-z ,]+(?: and [0-9a-z ]+)?): three triplets/.exec(lines[1] ?? "")?.[1].split(/, | and /) ?? [];
    if (won && triplets.length === 3 && triplets.flatMap(parseCards).length === parseCards(`${won[1]} ${won[2]}`).length) {
      const drawn = h("div", { class: "winning-hand paired won-on", "aria-hidden": "true" },
        ...triplets.map((t) => h("span", { class: "pair" }, h("span", { class: "pair-kind" }, "triplet"), cardsEl(game, t, "small"))),
        h("span", { class: "plus-card" }, `won on ${won[2]}`));
      // the card won on, marked where it lies in its triplet
      drawn.querySelector<HTMLElement>(`[data-card="${won[2]}"]`)?.classList.add("won-card");
      box.append(drawn);
    } else if (won) {
      box.append(h("div", { class: "winning-hand won-on", "aria-hidden": "true" },
        cardsEl(game, won[1], "small"), h("span", { class: "plus-card" }, "+"), cardsEl(game, won[2], "small")));
    }
    if (lines.length) {
      // a line each on screen, one run of words to a screen reader: each line but the last
      // ends as a sentence for the ear ("Chắn 5c 5c. Chắn 6c 6c."), as the log's do
      box.append(h("pre", { class: "shown", "aria-label": "The winner's cards" }, ...lines.flatMap((line, k) => [
        ...withRules(line, game),
        ...(k < lines.length - 1 ? [h("span", { class: "sr-only" }, /[.!?:]\s*$/.test(line) ? " " : ". "), "\n"] : [])])));
    }
    if (r.bonuses.length) {
      // the bonuses a win is paid for are its cước
      const caption = chan ? [chanTerm("Cước", "bonuses"), ...withRules(" (TT-K2, TT-K3)", game)]
        : withRules("Bonuses (TT-K2, TT-K3)", game);
      const t = h("table", { class: "bonuses" }, h("caption", {}, ...caption),
        h("tr", {}, h("th", {}, chan ? chanTerm("cước", "bonus") : "bonus"), h("th", {}, "main"), h("th", {}, "dịch"),
          h("th", {}, "count")));
      for (const b of r.bonuses) {
        // what earned it under its name: a column of its own would not fit a phone
        t.append(h("tr", {}, h("td", {}, b.name, h("span", { class: "meaning" }, ...withRules(TOTOM_BONUS_MEANING[b.key] ?? "", game))),
          h("td", {}, String(b.main)), h("td", {}, String(b.dich)), h("td", {}, String(b.count))));
      }
      box.append(t);
    }
    if (r.net.length) {
      const t = h("table", { class: "net" }, h("caption", {}, "Settlement, in points"));
      r.net.forEach((n, s) => t.append(h("tr", {}, h("td", {}, names[s]),
        h("td", { class: n > 0 ? "plus" : n < 0 ? "minus" : "" }, n >= 0 ? `+${n}` : String(n)))));
      box.append(t);
    }
  }

  // -- the log ------------------------------------------------------------------------------
  /** The log shows the deals up to `last` (the one whose end is read, or the one played):
   * a later deal's moves (dealt at once, its AI seats already playing) are held back, as the
   * dimmed table is, neither shown nor read aloud until the person goes on. */
  private hideLaterDeals(last: number): void {
    let shown: HTMLElement | undefined;
    for (const li of Array.from(this.logList.children) as HTMLElement[]) {
      const later = Number(li.dataset.deal ?? "0") > last;
      if (li.hidden && !later) shown = li;
      li.hidden = later;
    }
    if (shown) this.scrollLogTo(shown);
  }

  /** The log's own box scrolled to an entry: the page itself stays where the person is. */
  private scrollLogTo(li: HTMLElement): void {
    const box = this.logList.closest<HTMLElement>(".log");
    if (!box) return;
    const below = li.offsetTop + li.offsetHeight - (box.scrollTop + box.clientHeight);
    if (below > 0) box.scrollTop += below;
  }

  /** The log read out as it grows, once its past is in. */
  private goLive(): void {
    // a moment later: a region made live as its content changes is not read reliably
    setTimeout(() => this.logList.setAttribute("aria-live", "polite"), 0);
  }

  private appendLog(e: TableEvent): void {
    if (this.logList.getAttribute("aria-live") === "off") {
      // the past's last entry: live after it; an entry past it (the past's last was another
      // seat's private one): live now, before it is added
      if (e.version === this.pastUntil) this.goLive();
      else if (e.version > this.pastUntil) this.logList.setAttribute("aria-live", "polite");
    }
    const li = h("li", { "data-version": String(e.version), "data-deal": String(e.deal), "data-action": e.action });
    // Decided by the event alone: the stream's events of a new deal arrive before the view
    // that says a deal ended (render then shows what the match's end or going on shows).
    li.hidden = e.deal >= 2 && dealRead(this.seat) < e.deal - 1;
    const game = this.view ? GAME_KEY[this.view.game] : undefined;
    // a card drawn in private is said to its seat; one drawn face up (KW-X3) the lines say
    const told = e.drawn && !e.lines.some((l) => l.includes(`drew ${e.drawn} face up`));
    const lines = [...e.lines, ...(told ? [`you drew ${e.drawn}`] : [])];
    // a Tổ Tôm action's Chắn verb beside its line, shown while the moves are in Chắn words
    // (drawn by the style sheet from the attribute: the line's own text stays the server's)
    const vi = game === "totom" ? chanLogVerb(e.action, e.lines, !!e.result) : undefined;
    lines.forEach((line, k) => {
      const drawn = told && k === lines.length - 1;
      // the server's own lines say what a late claim took back: marked, never repeated
      const kind = drawn ? "line drawn" : line.startsWith("taken back: ") ? "line taken-back" : "line";
      // the card drawn in private by name too, as every other card of the log
      li.append(h("span", { class: kind }, ...(!game ? [line] : drawn ? withCardNames(line, game) : withRules(line, game)),
        k === 0 && vi ? h("span", { class: "gloss", lang: "vi", "data-gloss": ` · ${vi}` }) : null));
      // Shown as blocks, the lines are one run of words to a screen reader: end each but
      // the last as a sentence for the ear only.
      if (k < lines.length - 1) li.append(h("span", { class: "sr-only" }, /[.!?]$/.test(line) ? " " : ". "));
    });
    if (e.takenBack.length || lines.some((l) => l.startsWith("taken back: "))) {
      li.classList.add("claim");
      // strike the entries it undid: the latest ones with those actions
      const entries = Array.from(this.logList.children) as HTMLElement[];
      let k = entries.length - 1;
      for (const t of [...e.takenBack].reverse()) {
        while (k >= 0) {
          const v = this.events.get(BigInt(entries[k].dataset.version ?? "0"));
          k -= 1;
          if (v && v.seat === t.seat && v.action === t.action) {
            entries[k + 1].classList.add("undone");
            break;
          }
        }
      }
    }
    if (e.result) {
      li.classList.add("end");
      if (this.view) queueMicrotask(() => this.render());  // the end's panel shows it
    }
    // keep version order even if an Act answer and the stream interleave
    const after = Array.from(this.logList.children).find(
      (c) => BigInt((c as HTMLElement).dataset.version ?? "0") > e.version);
    this.logList.insertBefore(li, after ?? null);
    // the numbers sit in the list's margin: a wider one from the hundredth entry on, else
    // "100." spills past the box's edge
    this.logList.classList.toggle("long", this.logList.childElementCount >= 100);
    if (!li.hidden) this.scrollLogTo(li);
  }

  /** For tests and the curious: the page's own act, through the same path as a click. */
  debug() {
    return {
      act: (text: string, expectedVersion?: number) =>
        this.act(text, expectedVersion === undefined ? this.view?.version : BigInt(expectedVersion)),
      version: () => Number(this.view?.version ?? -1),
      legal: () => this.view?.legalActions.map((a) => a.text) ?? [],
      over: () => Boolean(this.view?.over),
      resultText: () => this.view?.resultText ?? "",
      seat: () => this.view?.seat,
      name: () => (this.view ? this.view.seats[this.view.seat]?.name : undefined) ?? "",
      hand: () => (this.view?.observation.value as Obs | undefined)?.hand ?? "",
      // Tổ Tôm's card on offer ("" at a discard, or in another game)
      offer: () => this.view?.observation.case === "totom"
        ? (this.view.observation.value as TotomObservation).offer?.card ?? "" : "",
      table: () => this.seat.tableId,
      // the seat's table and token, as the page's own calls send them
      who: () => ({ ...this.who }),
      game: () => (this.view ? GAME_KEY[this.view.game] : ""),
      kinds: () => this.view?.seats.map((s) => (s.kind === SeatKind.AI ? "ai" : "human")) ?? [],
      autoPassed: () => this.autoPassed,
      // a rule of this table's game shown as its link shows it (false: the book has no such id)
      showRule: (id: string) => (this.view ? showRuleById(id, GAME_KEY[this.view.game]) : false),
    };
  }
}

/** Whose turn it is at a game of one's own, from its observation's JSON (`to_act`). */
/** "Bea to act (their link not opened yet)" at a table of one's own game; undefined when
 * its observation names no seat to act. */
function pluginWhoActs(v: TableView, names: string[], toAct: number | undefined): string | undefined {
  return toAct !== undefined && names[toAct] ? `${names[toAct]} to act${notHereYet(v, toAct)}` : undefined;
}

function pluginToAct(obs: JsonObject): number | undefined {
  return typeof obs.to_act === "number" ? obs.to_act : undefined;
}

/** A game of one's own's deal settled, seat by seat ("Settlement: Ann +1, AI 1 -1"), as the
 * three games' ends say it; null without a figure for every seat. */
function settledLine(names: string[], net: readonly number[]): HTMLElement | null {
  return net.length === names.length ? h("p", { class: "settled" }, "Settlement: "
    + names.map((n, k) => `${n} ${net[k] > 0 ? "+" : ""}${net[k]}`).join(", ")) : null;
}

/** An end-of-deal line of the server's in Chắn words: its bonuses are the win's cước. */
function chanEnd(line: string): string {
  return line.replace(/^(\s*)Bonuses \(/, "$1Cước (");
}

/** A Chắn player's word for a part of the table, spoken as Vietnamese, its English in the
 * title (the English names stay where Chắn words are off). */
function chanTerm(word: string, english: string): HTMLElement {
  return h("span", { lang: "vi", class: "chan-term", title: english }, word);
}

/** An action's cards by name for its button's label ("; 1 Coins, 3 Coins, 6 Coins"), unless
 * its words name its one card already ("2c Nhị văn"). */
function cardsNamed(game: GameKey, cards: string, said: string): string {
  const names = cardsSaid(game, cards);
  return names && !said.includes(names) ? `; ${names}` : "";
}


/** The table's preset where it is not the page's rules ("traditional"), by the rule
 * book's name for it. */
function presetOf(v: TableView): string | undefined {
  return v.rules.case === "totomRules" && v.rules.value.preset === TotomRulesPreset.TRADITIONAL
    ? "traditional" : undefined;
}

/** The table's rules where they are not the game's defaults, for the header (every seat
 * sees them, a friend joined by a link too): "rules: traditional; a seat must take a win
 * offered to it (R-decline-win)", in the lobby's words for each switch (a record's name,
 * "optional_declaration on", is a code's), the preset a link to where it differs from the
 * page. Nothing for the defaults. The view carries the preset and only the switches that
 * differ. */
function rulesFact(v: TableView, game: GameKey): (Node | string)[] {
  const rules = v.rules.value;
  if (!rules || v.rules.case === "pluginRules") return [];
  const said: (Node | string)[] = [];
  const preset = presetOf(v);
  if (preset) said.push(presetRef(preset, game));
  for (const [key, value] of Object.entries(rules)) {
    if (key === "preset" || key.startsWith("$") || value === undefined) continue;
    const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);  // as records name it
    const sw = SWITCHES[game]?.find((s) => s.field === key);
    if (sw && typeof value === "boolean") {  // the record's name stays in its title
      // the paren inside the rule's own span, which never wraps: a "(" left at a line's end
      said.push(h("span", { class: "switch-said", title: `the switch ${name}, ${value ? "on" : "off"} (as records and the API name it)` },
        value ? sw.label : sw.offLabel ?? `not: ${sw.label}`, " ", ...withRules(`(${sw.ruling})`, game)));
      continue;
    }
    said.push(typeof value === "boolean" ? `${name} ${value ? "on" : "off"}` : `${name} ${String(value)}`);
  }
  // "; " between them: a switch's words may hold a comma
  return said.length ? ["rules: ", ...said.flatMap((x, k) => (k ? ["; ", x] : [x]))] : [];
}

/** The table is done: its deal is over, and its match too if it has one (nothing left to
 * close, move or invite to). */
export function finished(v: TableView): boolean {
  return v.over && (!v.matchState || v.matchState.over);
}

/** Where an unfinished table stands for its seat, in a few words for the lobby's list of a
 * browser's tables: the match's deal, whose turn, and the friends who have not opened their
 * links ("deal 2 of 4, Cy to act; links not opened yet: Ann, Cy"). */
export function standing(v: TableView): string {
  const m = v.matchState;
  const deal = !m ? "" : m.rules?.deals ? `deal ${m.deal} of ${m.rules.deals}` : `deal ${m.deal}`;
  // a game of one's own writes its observation as JSON (`to_act`), the three as messages
  const who = v.observation.case === "plugin" ? pluginToAct(v.observation.value)
    : (v.observation.value as Partial<Obs> | undefined)?.toAct;
  const turn = v.over ? "the deal is over" : who === v.seat ? "your turn"
    : who !== undefined && v.seats[who] ? `${seatName(v.seats[who])} to act` : "";
  // every friend not yet there, not only the one the table waits on
  const away = v.seats.filter((_, s) => notHereYet(v, s)).map(seatName);
  const links = away.length ? `; ${away.length === 1 ? "link" : "links"} not opened yet: ${away.join(", ")}` : "";
  return [deal, turn].filter(Boolean).join(", ") + links;
}

/** " (their link not opened yet)" for a seat dealt to a friend as a link who has not opened
 * it (SeatInfo.invited, token_renewed not yet): the table waits on someone not there. */
function notHereYet(v: TableView, s: number): string {
  const info = v.seats[s];
  return info?.invited && !info.tokenRenewed && s !== v.seat ? " (their link not opened yet)" : "";
}

/** Every seat but this page's own is an AI player. */
function onlyAiBeside(v: TableView): boolean {
  return v.seats.every((s, k) => k === v.seat || s.kind === SeatKind.AI);
}

function group(label: string | Node, cards: HTMLElement): HTMLElement {
  return h("span", { class: "group" }, h("span", { class: "group-label" }, label), cards);
}
