// Where the page keeps its own seat: this tab's seat in sessionStorage (a reload resumes
// it), and the seats this browser has sat at in localStorage (the lobby offers them again).
// A token is a password for its seat: it is never shown, and it leaves the address bar as
// soon as a link that carried it is read.
import type { Invite } from "./invites.js";
import type { Seat } from "./table.js";

const TAB = "moneycards.seat";
const MINE = "moneycards.seats";

export interface Remembered extends Seat {
  game: string;
  /** A game of one's own's title ("High card"), for Your tables; the three's are known. */
  title?: string;
  seat: number;
  at: number;
  /** The seat's name at the table, to tell the seats of "Your tables" apart. */
  name?: string;
  /** The friends' links, kept by the browser that dealt (it was handed them anyway), so
   * its table can show them again. A link a friend has opened opens nothing more. */
  invites?: Invite[];
  /** The token of the friend's link this seat was opened from (renewed since, so it opens
   * nothing): the same link opened again in this browser finds the seat by it. */
  link?: string;
  /** The table was seen finished (its deal, or its match, over): it needs no closing, as
   * only unfinished tables count against those an address may keep open. */
  over?: boolean;
  /** The table's owner token (CreateTable's owner_token), kept by the browser that dealt
   * the table and handed on with the dealer's own seat when it moves to a new link ("move
   * this seat"): at a table with several people only it closes the table, so a friend's
   * seat cannot end it for everyone. */
  owner?: string;
}

export function tabSeat(): Seat | undefined {
  try {
    const s = JSON.parse(sessionStorage.getItem(TAB) ?? "null");
    return s && typeof s.tableId === "string" && typeof s.token === "string" ? s : undefined;
  } catch {
    return undefined;
  }
}

export function setTabSeat(seat: Seat | undefined): void {
  if (seat) sessionStorage.setItem(TAB, JSON.stringify({ tableId: seat.tableId, token: seat.token }));
  else sessionStorage.removeItem(TAB);
}

export function remembered(): Remembered[] {
  try {
    const list = JSON.parse(localStorage.getItem(MINE) ?? "[]");
    return Array.isArray(list) ? list.filter((s) => s && typeof s.token === "string") : [];
  } catch {
    return [];
  }
}

/** How many seats a browser keeps: as many tables as one address may keep open by default
 * (`serve --max-open-tables`), so no table it may still have to close drops off the list. */
export const KEPT_SEATS = 50;

/** One seat of one table: the same table and token. */
export function sameSeat(a: Seat, b: Seat): boolean {
  return a.tableId === b.tableId && a.token === b.token;
}

/** A seat moved to a new link ("move this seat"): the friends' links this browser keeps
 * for that table (the dealer's) give the new one in place of the old, marked moved. */
export function replaceInvite(tableId: string, seat: number, token: string): void {
  const kept = remembered();
  for (const s of kept) {
    if (s.tableId !== tableId || !s.invites) continue;
    s.invites = s.invites.map((f) => (f.seat === seat ? { ...f, token, moved: true } : f));
  }
  localStorage.setItem(MINE, JSON.stringify(kept));
}

/** Mark a remembered seat's table finished, where it stands in the list. */
export function markOver(seat: Seat): void {
  const kept = remembered();
  const found = kept.find((s) => sameSeat(s, seat));
  if (!found || found.over) return;
  found.over = true;
  localStorage.setItem(MINE, JSON.stringify(kept));
}

/** Keep the seat first in the list; what an earlier entry of it knew and this one does not
 * say (the link it was opened from, the friends' links) stays. */
export function remember(seat: Remembered): void {
  const kept = remembered();
  const old = kept.find((s) => sameSeat(s, seat));
  const given = Object.fromEntries(Object.entries(seat).filter(([, v]) => v !== undefined));
  const list = kept.filter((s) => !sameSeat(s, seat));
  list.unshift({ ...old, ...given } as Remembered);
  localStorage.setItem(MINE, JSON.stringify(list.slice(0, KEPT_SEATS)));
  for (const dropped of list.slice(KEPT_SEATS)) localStorage.removeItem(readKey(dropped));
}

/** The seat's owner token, refused by the server (a link's `&owner=` that was not the
 * table's): the page no longer offers to close the table with it. */
export function forgetOwner(seat: Seat): void {
  localStorage.setItem(MINE, JSON.stringify(
    remembered().map((s) => (sameSeat(s, seat) ? { ...s, owner: undefined } : s))));
}

export function forget(seat: Seat): void {
  localStorage.setItem(MINE, JSON.stringify(
    remembered().filter((s) => !sameSeat(s, seat))));
  localStorage.removeItem(readKey(seat));
}

/** The seat a link's fragment names: `#table=ID&token=TOKEN` (a friend's link; with
 * `&owner=TOKEN`, the dealer's own seat moved to a new link with the table's owner token;
 * with `&read=N`, a moved seat whose match deal N's end was read) or `#table=ID` (this
 * tab's own seat, after a reload). */
export function fromFragment(hash: string): { tableId?: string; token?: string; owner?: string; read?: number } {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const read = Number(p.get("read") ?? "");
  return { tableId: p.get("table") ?? undefined, token: p.get("token") ?? undefined,
           owner: p.get("owner") || undefined,
           read: Number.isInteger(read) && read > 0 ? read : undefined };
}

/** The last deal of a match whose end this seat has read (the table waits on no one: the
 * next deal is dealt at once, and the page holds the end up until it is read). Kept with
 * the seat in localStorage: a browser opened again on the seat goes on where it was. */
export function dealRead(seat: Seat): number {
  const n = Number(localStorage.getItem(readKey(seat)) ?? "0");
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** Whether this browser has a read mark for the seat yet (a seat new here has none). */
export function dealReadKept(seat: Seat): boolean {
  return localStorage.getItem(readKey(seat)) !== null;
}

export function setDealRead(seat: Seat, deal: number): void {
  localStorage.setItem(readKey(seat), String(deal));
}

function readKey(seat: Seat): string {
  // per seat, not per table: one browser may sit at two seats of a table
  return `moneycards.read.${seat.tableId}.${seat.token.slice(0, 8)}`;
}

/** Whether the page plays a lone `pass` for this browser's person (on by default, as the
 * terminal does; kept across tables). */
export function autoPass(): boolean {
  return localStorage.getItem("moneycards.autoPass") !== "0";
}

export function setAutoPass(on: boolean): void {
  localStorage.setItem("moneycards.autoPass", on ? "1" : "0");
}

/** Whether single keys (1-9 and 0 for the moves, H and ? for a hint) act at the table: on by
 * default; off for a screen reader whose own keys they are (WCAG 2.1.4), kept across tables. */
export function singleKeys(): boolean {
  return localStorage.getItem("moneycards.singleKeys") !== "0";
}

export function setSingleKeys(on: boolean): void {
  localStorage.setItem("moneycards.singleKeys", on ? "1" : "0");
}

/** Whether Tổ Tôm's moves are named by the Chắn table's own verbs (Đánh, Ăn, Bốc …) rather
 * than in English (off by default; kept across tables). */
export function chanVerbs(): boolean {
  return localStorage.getItem("moneycards.chanWords") === "1";
}

export function setChanVerbs(on: boolean): void {
  localStorage.setItem("moneycards.chanWords", on ? "1" : "0");
}

/** The lobby's last choices for a game (who sits where, names, rules, match length): the
 * next table of that game starts from them. The seed is not kept: each deal is new unless
 * one is typed. */
export interface LobbyChoices {
  seats: string[];
  names: string[];
  preset?: string;
  /** Each ruling's switch by its rules field (optionalDeclaration, masterRotates, …). */
  switches?: Record<string, boolean>;
  /** Kowah's optional declaration, as lobbies kept it before `switches`. */
  optional?: boolean;
  deals?: string;
  toPoints?: string;
}

const LOBBY = "moneycards.lobby";

export function lastLobby(): { game?: string; games: Record<string, LobbyChoices> } {
  try {
    const d = JSON.parse(localStorage.getItem(LOBBY) ?? "null");
    if (d && typeof d === "object" && d.games && typeof d.games === "object") return d;
  } catch { /* a damaged entry starts afresh */ }
  return { games: {} };
}

export function keepLobby(game: string, choices: LobbyChoices): void {
  const d = lastLobby();
  d.game = game;
  d.games[game] = choices;
  localStorage.setItem(LOBBY, JSON.stringify(d));
}
