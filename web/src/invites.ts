// A friend's seat link: the seat's token in the address's fragment, which a browser never
// sends to a server. Listed right after dealing, and again from the dealer's table.
import { h } from "./dom.js";

export interface Invite {
  seat: number;
  token: string;
  /** The name the table gives the seat ("" when left unnamed: "Player N" there). */
  name: string;
  /** The seat was moved to this new link from this browser ("move this seat"): the old
   * link opens nothing, and the table cannot tell whether the new one was opened. */
  moved?: boolean;
}

/** A seat's link; `owner`: the table's owner token, carried by the dealer's own seat moved
 * to a new link (that page may still close the table; a friend's may not while another
 * person sits there); `read`: a moved seat's last match deal whose end was read there, so
 * the new browser does not hold it up again. */
export function inviteUrl(tableId: string, token: string, owner?: string, read?: number): string {
  return `${location.origin}${location.pathname}#table=${encodeURIComponent(tableId)}&token=${encodeURIComponent(token)}`
    + `${owner ? `&owner=${encodeURIComponent(owner)}` : ""}${read ? `&read=${read}` : ""}`;
}

/** The links copied since the page was opened: their Copy buttons say "Copied" when the
 * table is drawn again (another seat's move redraws it), which tells too which friends'
 * links were already taken to send. */
const copied = new Set<string>();

/** A seat's link to select, and a Copy button beside it (a browser without clipboard
 * access says to select and copy). */
export function linkField(url: string, attrs: Record<string, string | number>): [HTMLInputElement, HTMLElement, HTMLElement] {
  const field = h("input", { type: "text", readonly: true, value: url, ...attrs }) as HTMLInputElement;
  // named for its link where there are several (a list of Copy buttons read alike to a
  // screen reader): "Copy", then "the link for seat 1" to a screen reader only
  const word = h("span", {}, copied.has(url) ? "Copied" : "Copy");
  const whose = attrs["aria-label"]
    ? h("span", { class: "sr-only" }, ` the ${String(attrs["aria-label"]).replace(/^(the )?(.)/i, (_, _the, c: string) => c.toLowerCase())}`) : null;
  // focus stays on the button, which says "Copied": selecting the field would move it there
  // and a screen reader would read the whole link again; where the page may not write the
  // clipboard, the link is selected for the person to copy
  const focusKey = attrs["data-focus"] ? { "data-focus": `copy-${String(attrs["data-focus"])}` } : {};
  // what the copy did, said: a button's name that changes is not read out
  const said = h("span", { class: "sr-only copy-said", "aria-live": "polite" });
  const copy = h("button", { type: "button", ...focusKey, onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      copied.add(url);
      word.textContent = "Copied";
      said.textContent = "Copied.";
    } catch {
      word.textContent = "Select and copy";
      said.textContent = "The page may not copy here: the link is selected, copy it with the keyboard.";
      field.select();
    }
  } }, word, whose);
  return [field, copy, said];
}

/** One line per friend's seat: its name, its link to select, and a Copy button; with
 * `opened` (the table's word on whose token was renewed), whether the link was opened. */
export function inviteList(tableId: string, friends: Invite[], opened?: (seat: number) => boolean): HTMLElement {
  const list = h("ul", { class: "invites" });
  for (const f of friends) {
    const [field, copy, said] = linkField(inviteUrl(tableId, f.token),
      { class: "invite-link", "data-seat": f.seat, "data-focus": `link-${f.seat}`, "aria-label": `Link for seat ${f.seat}` });
    // named as the table names the seat (a seat left unnamed is "Player N" there)
    const state = opened === undefined ? null
      : h("span", { class: "quiet link-state", "data-seat": f.seat },
        f.moved ? " a new link: the seat was moved here, send them this one"
          : opened(f.seat) ? " opened: the seat is theirs" : " not opened yet");
    // a link once opened no longer opens the seat (its token was renewed): not offered
    const used = opened !== undefined && !f.moved && opened(f.seat);
    list.append(h("li", {}, h("span", {}, `Seat ${f.seat}: ${f.name.trim() || `Player ${f.seat}`}`),
      ...(used ? [] : [field, copy, said]), state));
  }
  return list;
}
