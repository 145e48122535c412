// Cards as the page draws them: the notation of docs/NOTATION.md split into single cards,
// each card's traditional name (the project's own names: Vietnamese for Tổ Tôm, English
// for Kowah and Luk Fu), and the card's element.

export type GameKey = "totom" | "kowah" | "lukfu";

/** "2233c 45s 1h" -> ["2c", "2c", "3c", "3c", "4s", "5s", "1h"]: digits share the letter after them. */
export function parseCards(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/([0-9]+)([csmth])/g)) {
    for (const d of m[1]) out.push(d + m[2]);
  }
  return out;
}

/** Cards back in notation, grouped by suit in the order c, s, m, t, h, ranks ascending. */
export function renderCards(cards: string[]): string {
  const order = "csmth";
  const sorted = [...cards].sort(
    (a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || a.localeCompare(b),
  );
  const groups: string[] = [];
  let suit = "";
  let digits = "";
  for (const c of sorted) {
    if (c[1] !== suit && digits) {
      groups.push(digits + suit);
      digits = "";
    }
    suit = c[1];
    digits += c[0];
  }
  if (digits) groups.push(digits + suit);
  return groups.join(" ");
}

const VN_RANK: Record<string, string> = {
  "2": "Nhị", "3": "Tam", "4": "Tứ", "5": "Ngũ", "6": "Lục", "7": "Thất", "8": "Bát", "9": "Cửu",
};
const VN_SUIT: Record<string, string> = { c: "văn", s: "sách", m: "vạn" };
const EN_SUIT: Record<string, string> = { c: "Coins", s: "Strings", m: "Myriads", t: "Tens" };
const KOWAH_HONOURS: Record<string, string> = {
  "1h": "Old Thousand", "2h": "Red Flower", "3h": "White Flower",
};
const LUKFU_NAMED: Record<string, string> = { "1c": "Mau Gung", "1t": "Bak Chi" };

/** The card's traditional name: "Nhị văn", "Chi chi", "5 Coins", "Old Thousand", "Mau Gung (1 Coins)". */
export function cardName(game: GameKey, card: string): string {
  const [rank, suit] = [card[0], card[1]];
  if (game === "totom") {
    return card === "1h" ? "Chi chi" : `${VN_RANK[rank]} ${VN_SUIT[suit]}`;
  }
  if (game === "kowah" && suit === "h") return KOWAH_HONOURS[card] ?? card;
  const plain = `${rank} ${EN_SUIT[suit]}`;
  if (game === "lukfu" && LUKFU_NAMED[card]) return `${LUKFU_NAMED[card]} (${plain})`;
  return plain;
}

/** Cards of notation by their names, as a screen reader should say them ("456s" read aloud
 * is "four hundred fifty-six s"): "4 Strings, 5 Strings, 6 Strings". */
export function cardsSaid(game: GameKey, cards: string): string {
  return parseCards(cards).map((c) => cardName(game, c)).join(", ");
}

/** A notation token in running text ("AI 2 exposes 99c", "lead 456s"): digits and a suit
 * letter standing alone, never a rule id's tail (TT-K7) nor a signed figure. */
export const CARD_TOKEN = /(?<![\p{L}\p{N}+\-])[1-9]+[csmth](?![\p{L}\p{N}])/gu;

/** Text with its notation tokens said by name, for a live region or a label: "AI 2 leads
 * 4 Strings, 5 Strings, 6 Strings". */
export function spokenText(game: GameKey, text: string): string {
  let out = "";
  let last = -1;  // the end of the last token (none yet)
  for (const m of text.matchAll(CARD_TOKEN)) {
    const at = m.index ?? 0;
    const names = cardsSaid(game, m[0]);
    const between = text.slice(Math.max(last, 0), at);
    // tokens one space apart ("8c 8m") are one list of cards
    out += (last >= 0 && between === " " ? ", " : between) + names;
    last = at + m[0].length;
    // a token named already beside it ("2c Nhị văn") is said once
    if (text.startsWith(` ${names}`, last)) last += names.length + 1;
  }
  return out + text.slice(Math.max(last, 0));
}

/** The short word printed on a card under its rank. */
function suitWord(game: GameKey, card: string): string {
  const suit = card[1];
  // a card's own name keeps its capitals (Chi chi, Mau Gung, Bak Chi), where a suit's word
  // is plain
  if (game === "totom") return card === "1h" ? "Chi chi" : VN_SUIT[suit];
  // "thousand", not "old": at Luk Fu's table "old" marks a card nothing left can beat (LF-O2)
  if (suit === "h") return { "1h": "thousand", "2h": "red", "3h": "white" }[card] ?? "";
  if (game === "lukfu" && LUKFU_NAMED[card]) return LUKFU_NAMED[card];
  return EN_SUIT[suit].toLowerCase();
}

// TT-D2: the red faces of the Chắn pack (8 and 9 of Myriads and of Strings, Chi chi); every
// other card is black. Bạch định, Tám đỏ and Kính tứ chi count them (TT-K3).
const TOTOM_RED = new Set(["8m", "9m", "8s", "9s", "1h"]);

const SVG = "http://www.w3.org/2000/svg";
const KOWAH_GLYPH: Record<string, string> = { "1h": "★", "2h": "✿", "3h": "❀" };

/** A card: its rank, the suit's mark (an SVG symbol of index.html) and word; the name on hover. */
export function cardEl(game: GameKey, card: string, extra = ""): HTMLElement {
  const el = document.createElement("span");
  el.className = `card suit-${card[1]}${extra ? " " + extra : ""}`;
  el.setAttribute("role", "img");  // a span's label is read only with a role
  fillCard(el, game, card);
  return el;
}

export function fillCard(el: HTMLElement, game: GameKey, card: string): void {
  const name = cardName(game, card);
  const red = game === "totom" && TOTOM_RED.has(card);
  if (red) el.classList.add("red-face");
  el.title = `${name} (${card})${red ? ", red" : ""}`;
  el.dataset.card = card;
  el.setAttribute("aria-label", `${card}, ${name}${red ? ", red" : ""}`);
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = card[1] !== "h" ? card[0] : game === "totom" ? "✿" : (KOWAH_GLYPH[card] ?? "★");
  // Kowah's three honours are three kinds (KW-D2): each its own glyph and colour, so a
  // small card on the pile or an action's button tells them apart without its word.
  if (game === "kowah" && KOWAH_GLYPH[card]) el.classList.add(`honour-${card}`);
  const mark = document.createElementNS(SVG, "svg");
  mark.setAttribute("class", "mark");
  mark.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#mark-${card[1]}`);
  mark.append(use);
  const word = document.createElement("span");
  word.className = "word";
  word.textContent = suitWord(game, card);
  if (game === "totom") word.lang = "vi";
  if (word.textContent.length > 7) word.classList.add("long");  // "Mau Gung" fits a phone's card
  el.append(rank, mark, word);
}

/** Cards in a row. */
export function cardsEl(game: GameKey, cards: string[] | string, extra = ""): HTMLElement {
  const row = document.createElement("span");
  row.className = "cards";
  for (const c of typeof cards === "string" ? parseCards(cards) : cards) {
    row.append(cardEl(game, c, extra));
  }
  return row;
}

/** Face-down cards: a small stack with the count. */
export function backsEl(count: number): HTMLElement {
  const el = document.createElement("span");
  el.className = "backs";
  el.title = `${count} concealed ${count === 1 ? "card" : "cards"}`;
  const shown = Math.min(count, 5);
  for (let k = 0; k < shown; k++) {
    const b = document.createElement("span");
    b.className = "back";
    el.append(b);
  }
  const n = document.createElement("span");
  n.className = "count";
  n.textContent = `${count}`;
  // the title is not read out: a screen reader hears "19 concealed cards", not "19"
  const said = document.createElement("span");
  said.className = "sr-only";
  said.textContent = ` concealed ${count === 1 ? "card" : "cards"}`;
  el.append(n, said);
  return el;
}
