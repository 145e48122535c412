// The web table's page: the lobby, or this tab's seat at a table.
import { refusal, tables } from "./api.js";
import { clear, h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { dealReadKept, fromFragment, type Remembered, remembered, remember, setDealRead, setTabSeat, tabSeat } from "./store.js";
import { type Seat, TablePage } from "./table.js";
import { GAME_TITLE } from "./words.js";

const app = document.getElementById("app")!;
let page: TablePage | undefined;

/** `link`: the token of the link the seat was opened from; `owner`: the table's owner token,
 * which that link carried if it moved the seat of whoever dealt (it keeps "close table"). */
function openSeat(seat: Seat, link?: string, owner?: string): void {
  page?.leave();
  setTabSeat(seat);
  // The address shows the table, never the token: a reload finds the token in this tab.
  history.replaceState(null, "", `#table=${encodeURIComponent(seat.tableId)}`);
  // back from a table, focus goes to the lobby's note, "Your tables" or its form (showLobby;
  // it was lost to the page's body)
  const here = new TablePage(seat, app, (note) => lobby(note, true), link !== undefined, owner);
  page = here;
  void here.start().then(() => {
    const d = here.debug();
    const at = d.seat();
    if (at !== undefined) {
      remember({ tableId: seat.tableId, token: seat.token, game: d.game(), seat: at, at: Date.now(), link,
                 name: d.name(), owner });
    }
  });
}

/** A friend's link: whoever made the table was handed its token, so the seat is first given
 * a new one that only this browser has seen (RenewSeatToken), and the link opens nothing
 * more. The same link opened again here finds the seat it opened. A browser that already
 * sits at the table (whoever dealt, trying the link) is asked first: opening it uses it up. */
async function openLink(tableId: string, token: string, sure = false, owner?: string, read?: number): Promise<void> {
  history.replaceState(null, "", `#table=${encodeURIComponent(tableId)}`);  // the token leaves
  const here = remembered().filter((s) => s.tableId === tableId);
  const opened = here.find((s) => s.link === token || s.token === token);
  if (opened) {
    openSeat(opened, opened.link, opened.owner ?? owner);
    return;
  }
  if (here.length && !sure) {
    askBeforeTaking(tableId, token, here.find((s) => s.invites) ?? here[0], owner, read);
    return;
  }
  try {
    const r = await tables.renewSeatToken({ tableId, seatToken: token });
    const seat = { tableId, token: r.seatToken!.token };
    // a moved seat goes on where it was: the ends it read there are not held up again
    if (read !== undefined && !dealReadKept(seat)) setDealRead(seat, read);
    openSeat(seat, token, owner);
  } catch (err) {
    const why = refusal(err);
    lobby(why.reason === "SEAT_TOKEN_RENEWED"
      ? "This seat's link was opened already, in another browser or tab, and the seat opens " +
        "only there now. " + (here.length ? "This browser's own seat at the table is under Your tables."
          : "If you did not open it, someone else has the seat: tell whoever made the table.")
      : why.reason === "WRONG_SEAT_TOKEN" ? "This link's seat token is not one of the table's."
        : `This link's table could not be opened: ${why.message}`);
  }
}

/** This browser sits at the table already and the link is another seat's: opening it here
 * would use it up, so the person it was sent to could no longer open their seat. */
function askBeforeTaking(tableId: string, token: string, mine: Remembered, owner?: string,
                         read?: number): void {
  page?.leave();
  page = undefined;
  clear(app);
  // named as the table names them, where this browser knows it (the dealer kept the links)
  const you = mine.name ? `${mine.name} (seat ${mine.seat})` : `seat ${mine.seat}`;
  const theirs = mine.invites?.find((f) => f.token === token);
  const whose = theirs ? `${theirs.name.trim() || `Player ${theirs.seat}`}'s seat (seat ${theirs.seat})` : "another seat's";
  const asked = h("section", { class: "panel notice link-ask", role: "alertdialog", "aria-labelledby": "link-ask-said" },
    // polite: the table's answer may turn the question into a statement (openedAlready)
    h("p", { id: "link-ask-said", "aria-live": "polite" }, `This browser sits at this table as ${you}, and this link is ${whose}. ` +
      "Opening it here uses it up, if no one has yet: the person it was sent to could no longer open their seat."),
    h("p", {},
      h("button", { type: "button", class: "primary", id: "link-to-my-seat", onclick: () => openSeat(mine) },
        "Go to my seat"), " ",
      // once: a second click would renew the token the first renewed already, and be refused
      h("button", { type: "button", id: "link-open-here", onclick: (e: Event) => {
        (e.currentTarget as HTMLButtonElement).disabled = true;
        void openLink(tableId, token, true, owner, read);
      } }, "Open the other seat here")));
  app.append(asked);
  app.querySelector<HTMLElement>("#link-to-my-seat")?.focus();
  if (theirs && !theirs.moved) void openedAlready(asked, tableId, mine, theirs.seat, you, whose);
}

/** The table's word, asked with this browser's own seat: was the seat's link opened
 * already? Then it is theirs, and opening it here would only be refused: the question
 * becomes a statement, with no button to try. (A seat moved from here is renewed by the
 * move, opened or not: not asked.) No answer leaves the question as it was. */
async function openedAlready(asked: HTMLElement, tableId: string, mine: Remembered, seat: number,
  you: string, whose: string): Promise<void> {
  try {
    const { view } = await tables.getView({ tableId, seatToken: mine.token });
    if (!view?.seats[seat]?.tokenRenewed) return;
  } catch {
    return;
  }
  const here = asked.querySelector<HTMLButtonElement>("#link-open-here");
  // the page moved on meanwhile, or this browser is opening the seat itself already
  if (!asked.isConnected || !here || here.disabled) return;
  asked.querySelector("#link-ask-said")!.textContent = `This browser sits at this table as ${you}, ` +
    `and this link is ${whose}, which was opened already: the seat is theirs, and opens only where they opened it.`;
  const focused = document.activeElement === here;
  here.remove();
  if (focused) asked.querySelector<HTMLElement>("#link-to-my-seat")?.focus();
}

function lobby(note = "", focus = false): void {
  page?.leave();
  page = undefined;
  setTabSeat(undefined);
  history.replaceState(null, "", location.pathname);
  showLobby(app, openSeat, note, focus);
}

/** The header names every game this server deals, its own among them (`serve --plugin`,
 * TableService.ListGames), in the lobby and at a table opened straight from a link alike;
 * a server that cannot answer leaves the three the page names. */
function nameServedGames(): void {
  void tables.listGames({}).then((served) => {
    const own = served.games.filter((g) => g.plugin).map((g) => g.title || g.name);
    const tagline = document.querySelector("header.top p");
    if (tagline && own.length) {
      tagline.textContent = `${[...Object.values(GAME_TITLE), ...own].join(" · ")} at one table`;
    }
  }, () => undefined);
}

/** The page the address asks for: a friend's link, this browser's seat at a table, or the
 * lobby (at the first load, and when the address's fragment is changed in the tab). */
function route(): void {
  const { tableId, token, owner, read } = fromFragment(location.hash);
  if (tableId && token) {
    void openLink(tableId, token, false, owner, read);  // a friend's link: this tab takes that seat
    return;
  }
  if (token) {  // a seat link cut short: say so rather than show the lobby as if all were well
    history.replaceState(null, "", location.pathname);  // the token leaves the address
    lobby("This link has a seat token but no table: it was cut short. Open the whole link you were sent.");
    return;
  }
  const here = tabSeat();
  if (tableId) {
    const seat = here?.tableId === tableId ? here : remembered().find((s) => s.tableId === tableId);
    if (seat) openSeat(seat);
    else lobby("This page has no seat at that table. Open the link you were sent for your seat.");
    return;
  }
  lobby();
}

// Another table's address typed or pasted into this tab: that table, never the one on
// screen under the new address (only a friend's link, with its token, was followed).
window.addEventListener("hashchange", () => {
  const { tableId, token } = fromFragment(location.hash);
  if (!token && tableId !== undefined && tableId === page?.debug().table()) return;  // this one
  route();
});

// The page's own client, for tests and the curious: acts go through the same path as a click.
(window as unknown as { moneycards: unknown }).moneycards = {
  page: () => page?.debug(),
};

nameServedGames();
route();
