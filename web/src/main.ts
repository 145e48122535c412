// The web table's page: the lobby, or this tab's seat at a table.
import { showLobby } from "./lobby.js";
import { fromFragment, remembered, remember, setTabSeat, tabSeat } from "./store.js";
import { type Seat, TablePage } from "./table.js";

const app = document.getElementById("app")!;
let page: TablePage | undefined;

function openSeat(seat: Seat): void {
  page?.leave();
  setTabSeat(seat);
  // The address shows the table, never the token: a reload finds the token in this tab.
  history.replaceState(null, "", `#table=${encodeURIComponent(seat.tableId)}`);
  const here = new TablePage(seat, app, lobby);
  page = here;
  void here.start().then(() => {
    const d = here.debug();
    const at = d.seat();
    if (at !== undefined) remember({ tableId: seat.tableId, token: seat.token, game: d.game(), seat: at, at: Date.now() });
  });
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
    // A friend's link: this tab takes that seat; the token leaves the address at once.
    openSeat({ tableId, token });
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
  if (tableId && token) openSeat({ tableId, token });
});

// The page's own client, for tests and the curious: acts go through the same path as a click.
(window as unknown as { moneycards: unknown }).moneycards = {
  page: () => page?.debug(),
};

boot();
