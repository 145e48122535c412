// The web table's page: the lobby, or this tab's seat at a table.
import { refusal, tables } from "./api.js";
import { showLobby } from "./lobby.js";
import { fromFragment, remembered, remember, setTabSeat, tabSeat } from "./store.js";
import { type Seat, TablePage } from "./table.js";

const app = document.getElementById("app")!;
let page: TablePage | undefined;

function openSeat(seat: Seat, link?: string): void {
  page?.leave();
  setTabSeat(seat);
  // The address shows the table, never the token: a reload finds the token in this tab.
  history.replaceState(null, "", `#table=${encodeURIComponent(seat.tableId)}`);
  const here = new TablePage(seat, app, lobby);
  page = here;
  void here.start().then(() => {
    const d = here.debug();
    const at = d.seat();
    if (at !== undefined) remember({ tableId: seat.tableId, token: seat.token, game: d.game(), seat: at, at: Date.now(), link });
  });
}

/** A friend's link: whoever made the table was handed its token, so the seat is first given
 * a new one that only this browser has seen (RenewSeatToken), and the link opens nothing
 * more. The same link opened again here finds the seat it opened. */
async function openLink(tableId: string, token: string): Promise<void> {
  history.replaceState(null, "", `#table=${encodeURIComponent(tableId)}`);  // the token leaves
  const opened = remembered().find((s) => s.tableId === tableId && s.link === token);
  if (opened) {
    openSeat(opened, token);
    return;
  }
  try {
    const r = await tables.renewSeatToken({ tableId, seatToken: token });
    openSeat({ tableId, token: r.seatToken!.token }, token);
  } catch (err) {
    const why = refusal(err);
    lobby(why.reason === "SEAT_TOKEN_RENEWED"
      ? "This seat's link was opened already, in another browser: the seat now opens only " +
        "there. If that was not you, someone else has your seat: ask whoever made the table."
      : why.reason === "WRONG_SEAT_TOKEN" ? "This link's seat token is not one of the table's."
        : `This link's table could not be opened: ${why.message}`);
  }
}

function lobby(note = ""): void {
  page?.leave();
  page = undefined;
  setTabSeat(undefined);
  history.replaceState(null, "", location.pathname);
  showLobby(app, openSeat, note);
}

function boot(): void {
  const { tableId, token } = fromFragment(location.hash);
  if (tableId && token) {
    void openLink(tableId, token);  // a friend's link: this tab takes that seat
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

window.addEventListener("hashchange", () => {
  const { tableId, token } = fromFragment(location.hash);
  if (tableId && token) void openLink(tableId, token);
});

// The page's own client, for tests and the curious: acts go through the same path as a click.
(window as unknown as { moneycards: unknown }).moneycards = {
  page: () => page?.debug(),
};

boot();
