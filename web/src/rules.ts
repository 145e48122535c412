// The rules as written, for the ids that reasons, refusals and results cite: each id of the
// game's rules page becomes a button that shows its rule (the server's /rules.json, read
// once: the same text as `moneycards GAME rules`).
import { CARD_TOKEN, cardsSaid, type GameKey } from "./cards.js";
import { clear, h } from "./dom.js";
import { GAME_TITLE, plural } from "./words.js";

interface RuleText {
  id: string;
  game: string;
  section: string;
  text: string;
  proposed: boolean;
  /** A preset's difference from the page, under the preset's name (Tổ Tôm's traditional). */
  preset: boolean;
  /** The players' own words for what it governs (Tổ Tôm's "bốc" for TT-T3): found by them. */
  words: string[];
  /** A preset's entry: the rules and rulings it changes. */
  changes: string[];
}

/** The players' words a rule is found by, said under it (the rule's text is the page's). */
function playersWords(r: RuleText): HTMLElement | null {
  return r.words?.length ? h("span", { class: "rule-words" }, "In players' words: ",
    h("span", { lang: "vi" }, r.words.join(", "))) : null;
}

let book: Partial<Record<GameKey, Map<string, RuleText>>> | undefined;
let loading: Promise<boolean> | undefined;

// The rulings' switches a table may set, each ticked or not as its ruling's default (the
// seed page's reading) until the person changes it. `field` is the switch in the game's
// rules message (CreateTableRequest.rules), `ruling` the ruling it decides (or, for a
// traditional error the page does not have, the preset whose paragraph names it); the
// presets leave these switches as they are. Tổ Tôm's R-Tôm-cards and R-Chi-chi-win go with
// the preset (its own values).
export interface SwitchChoice {
  field: string; ruling: string; label: string; on: boolean; id?: string;
  /** What the table does with the switch off, where it is on by default. */
  offLabel?: string;
}
export const SWITCHES: Record<GameKey, SwitchChoice[]> = {
  totom: [
    { field: "mustTakeWin", ruling: "R-decline-win", on: false,
      label: "a seat must take a win offered to it" },
    { field: "dealerRotates", ruling: "R-match", on: false,
      label: "in a match the deal passes to the next seat, not to the winner" },
    { field: "mustChiu", ruling: "traditional", on: false,
      label: "a seat holding three identical cards must Chíu a public fourth" },
    { field: "noDiscardOfCapturedFace", ruling: "traditional", on: false,
      label: "a seat may not discard a face it captured in the deal" },
  ],
  kowah: [
    { field: "optionalDeclaration", ruling: "R-declare", on: false, id: "optional-declaration",
      label: "optional declaration: a ready seat may stay undeclared" },
    { field: "firstSeatRotates", ruling: "R-match", on: false,
      label: "in a match the next seat starts the next deal, not the winner" },
  ],
  lukfu: [
    { field: "aceSetsBeatenOnlyByNines", ruling: "R-ace-sets", on: true,
      label: "a led set of 1s falls only to 9s",
      offLabel: "a led set of 1s falls to any higher set of its size" },
    { field: "strictNonCallerLeads", ruling: "R-lead-advice", on: false,
      label: "a non-caller must lead a single, not old, from its highest such suit" },
    { field: "masterRotates", ruling: "R-match", on: false,
      label: "in a match the next seat is the next master, not the winner" },
  ],
};

/** Read the rules once; true when they are here. A failure is tried again on the next call
 * (the ids then stay plain text: nothing else depends on them). */
export function loadRules(): Promise<boolean> {
  if (book) return Promise.resolve(true);
  loading ??= fetch("/rules.json")
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
    .then((data: Record<string, RuleText[]>) => {
      const read: Partial<Record<GameKey, Map<string, RuleText>>> = {};
      for (const [game, rules] of Object.entries(data)) {
        read[game as GameKey] = new Map(rules.map((r) => [r.id, r]));
      }
      book = read;
      return true;
    })
    .catch(() => {
      loading = undefined;
      return false;
    });
  return loading;
}

// A numbered rule (TT-C3) or a ruling (R-claim-privacy, R-Tôm-cards), as solver/rulebook.py
// reads them. A ruling's match may run on into the next word ("R-match-deal"): the longest
// id of the book that it starts with is taken.
const RULE_ID = /[A-Z]{2,3}-[A-Z]?[0-9]+|R-[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

function known(rules: Map<string, RuleText>, found: string): RuleText | undefined {
  let id = found;
  for (;;) {
    const r = rules.get(id);
    if (r) return r;
    const cut = id.lastIndexOf("-");
    if (cut <= 1) return undefined;
    id = id.slice(0, cut);
  }
}

/** The rule an id names: the game's own, else another game's (a ruling's text may cite one
 * "as in Tổ Tôm"). */
function lookup(found: string, game: GameKey): RuleText | undefined {
  const own = book?.[game];
  const hit = own && known(own, found);
  if (hit) return hit;
  for (const [other, rules] of Object.entries(book ?? {})) {
    if (other !== game && rules) {
      const r = known(rules, found);
      if (r) return r;
    }
  }
  return undefined;
}

/** A text with every rule id of the books as a button that shows the rule; an opening
 * bracket before it and a closing one or a stop after it stay on its line. */
export function withRules(text: string, game: GameKey): (Node | string)[] {
  if (!book) return withCardNames(text, game);
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(RULE_ID)) {
    let at = m.index ?? 0;
    if (at < last || (at > 0 && /[\p{L}\p{N}-]/u.test(text[at - 1]))) continue;  // inside a word
    const r = lookup(m[0], game);
    if (!r) continue;
    let end = at + r.id.length;
    const before = at > last && text[at - 1] === "(" ? "(" : "";
    const after = /^[),.;:\]]/.test(text.slice(end)) ? text[end] : "";
    at -= before.length;
    if (at > last) out.push(text.slice(last, at));
    out.push(h("span", { class: "rule-ref" }, before, ruleButton(r, game), after));
    end += after.length;
    last = end;
  }
  if (last < text.length) out.push(text.slice(last));
  return out.flatMap((part) => typeof part === "string" ? withCardNames(part, game) : [part]);
}

/** Text whose notation tokens a screen reader says by name: each token an image named by its
 * cards ("99c" is "9 Coins, 9 Coins"), its shown text unchanged. */
export function withCardNames(text: string, game: GameKey): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(CARD_TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    out.push(h("span", { class: "cards-said", role: "img", "aria-label": cardsSaid(game, m[0]) }, m[0]));
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A rule id as a button, or the id as code when the book does not have it (yet). */
export function ruleRef(id: string, game: GameKey): HTMLElement {
  const r = book?.[game]?.get(id);
  return r ? ruleButton(r, game) : h("code", { class: "rule" }, id);
}

function ruleButton(r: RuleText, from: GameKey): HTMLElement {
  const where = r.game === from ? r.section : `${GAME_TITLE[r.game as GameKey]}, ${r.section}`;
  return h("button", {
    type: "button", class: "rule", "data-rule": r.id, "data-game": r.game,
    title: `${r.id}: ${where}. Show the rule`, onclick: () => showRule(r, from),
  }, r.id);
}

/** The rule of `game` with this id in the dialog; false when the book does not have it. */
export function showRuleById(id: string, game: GameKey): boolean {
  const r = book?.[game]?.get(id);
  if (r) showRule(r, game);
  return Boolean(r);
}

/** The one dialog the rules are shown in, made on first use. A click on the dimmed page
 * around it closes it; one on its own padding does not. */
function ruleDialog(): HTMLDialogElement {
  const found = document.getElementById("rule-dialog") as HTMLDialogElement | null;
  if (found) return found;
  const d = h("dialog", { id: "rule-dialog", class: "rule-dialog", "aria-labelledby": "rule-title" });
  d.addEventListener("click", (e) => {
    if (e.target !== d) return;
    const b = d.getBoundingClientRect();
    if (e.clientX < b.left || e.clientX > b.right || e.clientY < b.top || e.clientY > b.bottom) d.close();
  });
  document.body.append(d);
  return d;
}

/** Open (or keep open) the dialog at `scroll` (its top by default), with the focus given. */
function open(d: HTMLDialogElement, focus: HTMLElement | null, scroll = 0): void {
  if (!d.open) d.showModal();
  d.scrollTop = scroll;
  focus?.focus({ preventScroll: true });
}

/** The dialog's head, which stays in view as its text scrolls: the title, Close, and what
 * else it is given (the book's search). */
function head(d: HTMLDialogElement, title: (Node | string)[], ...more: HTMLElement[]): HTMLElement {
  return h("div", { class: "rule-head" },
    h("div", { class: "title-row" }, h("h2", { id: "rule-title" }, ...title),
      h("button", { type: "button", class: "done", onclick: () => d.close() }, "Close")),
    ...more);
}

/** The rule in a modal dialog: its id, game and section, its text (a table as a table; the
 * ids it cites are links to their rules, shown in the same dialog), and the way back to the
 * game's book; closed by Close, Escape or a click outside it. */
function showRule(r: RuleText, from: GameKey): void {
  const d = ruleDialog();
  const game = r.game as GameKey;
  clear(d);
  const [first, ...rows] = r.text.split("\n");
  const top = head(d, [r.id, h("span", { class: "section" }, ` · ${GAME_TITLE[game]} · ${r.section}`)]);
  // the rule's words are the dialog's description: a screen reader says them on opening,
  // after its title, where it said only the title and Close
  d.append(top, h("p", { id: "rule-text" }, ...withRules(first, game)));
  d.setAttribute("aria-describedby", "rule-text");
  if (rows.length) d.append(ruleTable(rows, game));
  const said = playersWords(r);
  if (said) d.append(h("p", {}, said));
  if (r.proposed) d.append(h("p", { class: "quiet" }, "A proposed ruling: the engine follows it; it is not yet settled."));
  d.append(h("p", { class: "to-book" }, h("button", { type: "button", class: "book", onclick: () => showBook(game) },
    `All ${GAME_TITLE[game]} rules`)));
  open(d, top.querySelector<HTMLElement>("button.done"));
}

/** A rule's table ("a | b | c" rows, the first its header) as a table. */
function ruleTable(rows: string[], game: GameKey): HTMLElement {
  const [header, ...body] = rows.map((row) => row.trim().split(" | "));
  return h("table", { class: "rule-table" },
    h("tr", {}, ...header.map((c) => h("th", {}, c))),
    ...body.map((cells) => h("tr", {}, ...cells.map((c) => h("td", {}, ...withRules(c, game))))));
}

/** A text as a search reads it: lower case, and without the Vietnamese marks unless the
 * words searched for have some (as `rules --find`). */
function fold(text: string, keepMarks: boolean): string {
  const low = text.toLowerCase();
  return keepMarks ? low : low.replace(/đ/g, "d").normalize("NFKD").replace(/\p{M}/gu, "");
}

/** Whether each word searched for starts a word of the text (solver/ruletext.py's
 * `mentions`): "caller pays" finds LF-K3, where the two stand apart; no words: every text. */
function hasWord(text: string, words: string): boolean {
  const plain = text.replace(/\n\s*/g, " ");
  return words.toLowerCase().split(/\s+/).filter(Boolean).every((word) => {
    const marked = fold(word, false) !== word;
    const hay = fold(plain, marked);
    const q = fold(word, marked);
    for (let k = hay.indexOf(q); k >= 0; k = hay.indexOf(q, k + 1)) {
      if (k === 0 || !/[\p{L}\p{N}_]/u.test(hay[k - 1])) return true;
    }
    return false;
  });
}

/** Whether each of the words starts a word of the rule (its id, section or text). */
export function mentions(r: RuleText, words: string): boolean {
  return hasWord(`${r.id} ${r.section} ${r.text} ${(r.words ?? []).join(" ")}`, words);
}

/** What the book says when the search keeps no rule, the words named as `rules --find`
 * names them. */
function noneFound(game: GameKey, words: string): string {
  const ws = words.split(/\s+/).filter(Boolean);
  const said = ws.length === 1 ? `a word starting “${ws[0]}”`
    : `words starting ${ws.map((w) => `“${w}”`).join(" and ")}`;
  return `No ${GAME_TITLE[game]} rule has ${said}.`;
}

// The book's search and place, per game: a rule opened from it leads back to the same list.
const bookPlace: Partial<Record<GameKey, { query: string; scroll: number }>> = {};

// A word each game's rules use, for the search's placeholder.
const FIND_EXAMPLE: Record<GameKey, string> = { totom: "doorway", kowah: "pair", lukfu: "old" };

/** The preset's entry of the book (where it differs from the page) as a button that shows
 * it; its plain name if the book is not here or has no such entry. */
export function presetRef(name: string, game: GameKey): Node | string {
  const r = book?.[game]?.get(name);
  return r?.preset ? ruleButton(r, game) : name;
}

/** The game's whole book in the dialog: every rule under its section, its id a link to the
 * rule alone, and a search that keeps the rules with a word starting so (with a table's
 * rows that have it). `preset`: the table's preset, if not the page's rules: said first,
 * with a link to where it differs, as the rules below are the page's. */
export function showBook(game: GameKey, preset?: string): void {
  const rules = book?.[game];
  if (!rules) return;
  const d = ruleDialog();
  clear(d);
  const place = bookPlace[game] ?? { query: "", scroll: 0 };
  const find = h("input", { type: "search", class: "find", "aria-label": `Find in the ${GAME_TITLE[game]} rules`,
    placeholder: `find: a word, such as ${FIND_EXAMPLE[game]}`, autocomplete: "off" });
  find.value = place.query;
  const list = h("div", { class: "book-list" });
  const entry = preset ? rules.get(preset) : undefined;
  const changed = new Set(entry?.preset ? entry.changes ?? [] : []);
  // What a search kept, said to a screen reader once the typing pauses (the list itself
  // changes silently under the field).
  const found = h("p", { class: "sr-only", role: "status" });
  let saying: number | undefined;
  const draw = () => {
    clear(list);
    let section = "";
    let shown = 0;
    for (const r of rules.values()) {
      if (!mentions(r, find.value)) continue;
      const heading = r.proposed ? "Proposed rulings (the engine follows them; not yet settled)" : r.section;
      if (heading !== section) list.append(h("h3", {}, heading));
      section = heading;
      const [first, ...rows] = r.text.split("\n");
      const entry = h("div", { class: "book-rule", "data-rule": r.id },
        ruleButton(r, game), " ", ...withRules(first, game));
      const said = playersWords(r);
      if (said) entry.append(said);
      if (changed.has(r.id)) {  // the table's preset changes it: its entry says how
        entry.append(h("span", { class: "preset-differs" }, "Differs at this table: see the ",
          ruleButton(rules.get(preset!)!, game), " preset"));
      }
      list.append(entry);
      // The whole book shows a rule's table (TT-K3's bonuses and their values); a search,
      // the rows that have the words.
      const query = find.value.trim();
      if (!query && rows.length > 1) entry.append(ruleTable(rows, game));
      for (const row of query ? rows.slice(1).filter((row) => hasWord(row, query)) : []) {
        entry.append(h("span", { class: "book-row" }, row.trim().split(" | ").join(" — ")));
      }
      shown += 1;
    }
    if (!shown) list.append(h("p", { class: "quiet" }, noneFound(game, find.value)));
    window.clearTimeout(saying);
    const words = !find.value.trim() ? "" : shown ? `${plural(shown, "rule")} found`
      : noneFound(game, find.value);
    saying = window.setTimeout(() => { found.textContent = words; }, 500);
  };
  find.addEventListener("input", () => { bookPlace[game] = { query: find.value, scroll: 0 }; draw(); });
  // before a rule opens from the list: where the list was, to come back to it
  list.addEventListener("click", () => { bookPlace[game] = { query: find.value, scroll: d.scrollTop }; }, true);
  draw();
  const note = entry?.preset ? h("p", { class: "book-preset" }, "This table plays the ", ruleButton(entry, game),
    " preset: the rules below that it changes say so, and its entry says how.") : null;
  d.removeAttribute("aria-describedby");  // the book has no one text to say
  d.append(head(d, [`${GAME_TITLE[game]} rules`, h("span", { class: "section" }, " · as written, numbered")], find),
    ...(note ? [note] : []), found, list);
  // Focus on the search field, where a keyboard types at once; on a touch screen that would
  // open the on-screen keyboard over the rules: there the book's Close button takes it.
  const touch = window.matchMedia("(pointer: coarse)").matches;
  open(d, touch ? d.querySelector<HTMLElement>("button.done") : find, place.scroll);
}
