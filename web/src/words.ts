// The view in words, as the terminal words it (cli/screen.py): whose turn, what an action
// does, how the deal ended.
import type { JsonValue } from "@bufbuild/protobuf";
import { cardName, type GameKey, parseCards, renderCards } from "./cards.js";
import { AiLevel, type DealResult, DealOutcome, SeatKind } from "./gen/moneycards/v1/common_pb.js";
import type { LegalAction, SeatInfo } from "./gen/moneycards/v1/table_pb.js";
import type { LukFuObservation } from "./gen/moneycards/v1/lukfu_pb.js";
import {
  type KowahObservation, KowahPhase, OfferKind, type TotomObservation, TotomPhase,
} from "./gen/moneycards/v1/observation_pb.js";
import { LukFuPhase } from "./gen/moneycards/v1/lukfu_pb.js";

export const GAME_TITLE: Record<GameKey, string> = { totom: "Tổ Tôm", kowah: "Kowah", lukfu: "Luk Fu" };

export const AI_WORDS: Record<number, string> = {
  [AiLevel.RANDOM]: "random", [AiLevel.GREEDY]: "greedy",
  [AiLevel.HEURISTIC]: "heuristic", [AiLevel.STRONG]: "strong", [AiLevel.UNSPECIFIED]: "strong",
  [AiLevel.EXPERT]: "expert",
};

/** A seat's name: its own, or "Player N" / "AI N" as the server names an unnamed seat. */
/** A value of a game of one's own's observation (JSON) in words: a list by commas ("none"
 * when empty), an object as its fields, yes or no, a dash for nothing. */
export function jsonSaid(value: JsonValue): string {
  if (value === null) return "–";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" || typeof value === "string") return String(value) || "none";
  if (Array.isArray(value)) return value.length ? value.map(jsonSaid).join(", ") : "none";
  const fields = Object.entries(value);
  return fields.length ? fields.map(([k, v]) => `${k.replace(/_/g, " ")}: ${jsonSaid(v)}`).join("; ") : "none";
}

export function seatName(s: SeatInfo): string {
  return s.name || (s.kind === SeatKind.AI ? `AI ${s.seat}` : `Player ${s.seat}`);
}

export function seatKindWords(s: SeatInfo): string {
  return s.kind === SeatKind.AI ? `AI, ${AI_WORDS[s.aiLevel] ?? "strong"}` : "person";
}

export function possessive(name: string): string {
  return name === "you" ? "your" : `${name}'s`;
}

/** Why a Tổ Tôm claim has no decline: the switches that make it compulsory. */
export const MUST_TAKE_WIN = "a win offered must be taken at this table (R-decline-win)";
export const MUST_CHIU = "compulsory at this table (a traditional error, switch must_chiu)";

/** What the seat to act is doing, as the terminal's status line says it. */
export function turnWhat(game: GameKey, obs: TotomObservation | KowahObservation | LukFuObservation,
                         legal: string[], names: string[] = [], door = "doorway"): string {
  // Only the choices the seat has: "capture or pass" when it can capture, else "pass".
  const has = (verb: string) => legal.some((a) => a === verb || a.startsWith(verb + " "));
  if (game === "totom") {
    const o = obs as TotomObservation;
    return {
      // with no discard the choice is Thiên ù or a dead hand (TT-S4); with a win that must
      // be taken (switch must_take_win) no other action is offered
      [TotomPhase.OPENING]: !has("win") ? "your first discard"
        : has("discard") ? "your first discard (or Thiên ù)"
          : has("decline") ? "Thiên ù, or decline it and hold a dead hand (TT-S4)"
            : `Thiên ù: ${MUST_TAKE_WIN}`,
      // TT-P4: after an out-of-turn Chíu the discard goes back to the interrupted doorway
      [TotomPhase.DISCARD]: o.discardTo === undefined ? "discard"
        : `discard, back to ${possessive(names[o.discardTo] ?? `seat ${o.discardTo}`)} ${door} (TT-P4)`,
      [TotomPhase.OFFER]: has("capture") ? "capture or pass" : "pass (no capture is open to you)",
      [TotomPhase.CLAIMS]: has("decline") ? (has("chiu") ? "claim a Chíu or decline" : "claim the win or decline")
        : has("chiu") ? `claim the Chíu: ${MUST_CHIU}` : `claim the win: ${MUST_TAKE_WIN}`,
      [TotomPhase.UNSPECIFIED]: "",
    }[o.phase];
  }
  if (game === "kowah") {
    const o = obs as KowahObservation;
    return {
      [KowahPhase.DRAW]: has("take") ? "draw or take" : "draw",
      [KowahPhase.DISCARD]: "discard",
      [KowahPhase.DECLARE]: has("stay") ? "declare or stay" : "declare",
      [KowahPhase.UNSPECIFIED]: "",
    }[o.phase];
  }
  const o = obs as LukFuObservation;
  return {
    [LukFuPhase.CALL]: "call play or pass",
    [LukFuPhase.LEAD]: has("claim") ? "lead or claim" : "lead",
    [LukFuPhase.FOLLOW]: has("follow") ? "beat it" : "discard face down (nothing in your hand beats it)",
    [LukFuPhase.UNSPECIFIED]: "",
  }[o.phase];
}

/** A Tổ Tôm action named as Chắn players call it: Đánh (discard), Ăn chắn / Ăn bòn / Ăn cạ (capture
 * into a Chắn, with one card of a held pair, or into a Cạ, naming the card eaten, and for a Cạ the hand card put with it), Bốc (let the card offered go and turn the
 * stock's top card at one's own doorway, TT-T3), Dưới (let that turned card go on to the next
 * seat), Ù (win), Chíu (TT-P2), Không ù / Không chíu (decline). Only the label: the action
 * sent, and read by the notation, stays its text (`discard 3c`). */
export function chanWords(obs: TotomObservation, text: string, legal: string[]): string {
  const [verb, ...rest] = text.split(" ");
  const arg = rest.join(" ");
  const o = obs.offer;
  // after an out-of-turn Chíu the discard goes back: trả cửa (TT-P4)
  if (verb === "discard") return `${obs.discardTo !== undefined ? "Trả cửa" : "Đánh"} ${cardSaid(arg)}`;
  // a Cạ never holds Chi chi (TT-D3)
  if (verb === "capture" && o && arg !== o.card) return `Ăn cạ ${cardSaid(o.card)} với ${cardSaid(arg)}`;
  // with one card of a concealed pair the capture is ăn bòn (TT-C2)
  if (verb === "capture" && o) {
    const pair = parseCards(obs.hand ?? "").filter((c) => c === arg).length >= 2;
    return `${pair ? "Ăn bòn" : "Ăn chắn"} ${cardSaid(o.card)}`;
  }
  if (verb === "pass") return o?.kind === OfferKind.EXPOSED ? "Dưới" : "Bốc";
  if (verb === "win") return "Ù";
  // the fourth of the card on offer, named as a move names its card
  if (verb === "chiu") return o?.card ? `Chíu ${cardSaid(o.card)}` : "Chíu";
  if (verb === "decline") {
    const win = legal.includes("win");
    const chiu = legal.includes("chiu");
    return win && chiu ? "Không ù, không chíu" : win ? "Không ù" : chiu ? "Không chíu" : "Không";
  }
  return text;
}

/** A card as the Chắn words say it: Chi chi by its name (no one calls it 1h, which reads as
 * a rank-1 card of a suit the deck lacks), any other by its notation. */
/** A card as Chắn players say it, by its name ("Bát văn", "Chi chi"), as the terminal's
 * Chắn words do (solver/totom/chan.py card_said). */
function cardSaid(card: string): string {
  return cardName("totom", card);
}

/** The Tổ Tôm turn in Chắn verbs, as the buttons say them, the English after them: "ăn hay
 * bốc — capture or pass". */
export function chanTurn(obs: TotomObservation, legal: string[], names: string[] = []): string {
  const has = (verb: string) => legal.some((a) => a === verb || a.startsWith(verb + " "));
  const go = obs.offer?.kind === OfferKind.EXPOSED ? "dưới" : "bốc";
  const vi = {
    [TotomPhase.OPENING]: !has("win") ? "đánh" : has("discard") ? "đánh hay ù" : has("decline") ? "ù hay không ù" : "ù",
    [TotomPhase.DISCARD]: obs.discardTo !== undefined ? "trả cửa" : "đánh",
    [TotomPhase.OFFER]: has("capture") ? `ăn hay ${go}` : go,
    [TotomPhase.CLAIMS]: chanWords(obs, "decline", legal).toLowerCase(),
    [TotomPhase.UNSPECIFIED]: "",
  }[obs.phase];
  const claims = [has("win") ? "ù" : "", has("chiu") ? "chíu" : ""].filter((x) => x);
  // a compulsory claim has no decline to name (must_take_win, must_chiu)
  const said = obs.phase !== TotomPhase.CLAIMS ? vi
    : has("decline") ? `${claims.join(" hay ")} hay ${vi}` : claims.join(" hay ");
  // the English beside the verbs, with the doorway by its Chắn name as the table names it
  const en = turnWhat("totom", obs, legal, names, "cửa");
  return said ? `${said} — ${en}` : en;
}

/** A Tổ Tôm log entry's action in Chắn verbs, from the entry alone: a pass followed by the
 * seat's own stock card (or by the deal's end, the stock run out) is bốc (TT-T3), one that
 * lets its own turned card go on is dưới; ăn says chắn or cạ and the card eaten. */
export function chanLogVerb(action: string, lines: readonly string[], ended: boolean): string | undefined {
  const verb = action.split(" ")[0];
  // "AI 1 exposes 6c from the stock", and a seat named You: "You expose 6m from the stock"
  if (verb === "pass") return ended || lines.some((l) => / exposes? \S+ from the stock/.test(l)) ? "bốc" : "dưới";
  // the card by its name, as the buttons say it; "6c goes back to AI 1's doorway (TT-P4)":
  // the discard after a Chíu
  if (verb === "discard") {
    return `${lines.some((l) => l.includes(" goes back to ")) ? "trả cửa" : "đánh"} ${cardSaid(action.split(" ")[1])}`;
  }
  if (verb === "capture") {  // "AI 2 exposes 6c 6m, taking 6c": a Chắn when the hand card is it
    const eaten = lines.map((l) => / taking (\S+)$/.exec(l)?.[1]).find((x) => x);
    const arg = action.split(" ")[1];
    // as the menu says it: the card eaten, then the hand card put with it; never ăn bòn,
    // which would tell every seat reading the log that the hand holds another copy (TT-C2)
    return eaten === undefined ? "ăn" : eaten === arg ? `ăn chắn ${cardSaid(eaten)}`
      : `ăn cạ ${cardSaid(eaten)} với ${cardSaid(arg)}`;
  }
  return ({ discard: "đánh", capture: "ăn", win: "ù", chiu: "chíu", decline: "không" } as Record<string, string>)[verb];
}

export const OFFER_WORDS: Record<number, string> = {
  [OfferKind.DISCARD]: "a discard", [OfferKind.EXPOSED]: "from the stock",
  [OfferKind.PASSED]: "from the stock, passed on", [OfferKind.UNSPECIFIED]: "",
};

/** The last face-up play of the Luk Fu trick under way: the play to beat (LF-F1). */
export function lukfuToBeat(obs: LukFuObservation): string | undefined {
  const tricks = obs.record?.tricks ?? [];
  const trick = tricks[tricks.length - 1];
  if (!trick || trick.plays.length >= 3) return undefined;
  const up = trick.plays.filter((p) => p.down === 0 && p.cards);
  return up[up.length - 1]?.cards;
}

/** What an action does, after its text ("capture 4m: take 4s, expose 4s 4m, a Cạ"). */
/** What a phone keeps of `describe`, where the action's own text would mislead without it:
 * a Tổ Tôm capture names the hand card that takes, not the card taken. */
export function describeShort(game: GameKey, obs: TotomObservation | KowahObservation | LukFuObservation,
                              text: string): string | undefined {
  if (game !== "totom" || !text.startsWith("capture ")) return undefined;
  const o = (obs as TotomObservation).offer;
  return o ? `takes ${o.card}` : undefined;
}

export function describe(game: GameKey, obs: TotomObservation | KowahObservation | LukFuObservation,
                         text: string): string {
  const [verb, ...rest] = text.split(" ");
  const arg = rest.join(" ");
  const named = (cards: string) =>
    parseCards(cards).length === 1 ? `${cards} ${cardName(game, cards)}` : cards;
  if (game === "totom") {
    const o = (obs as TotomObservation).offer;
    if (verb === "capture" && o) {
      const kind = arg === o.card ? "a Chắn" : "a Cạ";
      return `take ${o.card}, expose ${renderCards([o.card, ...parseCards(arg)])}, ${kind}`;
    }
    // passing a discard also turns the top stock card at the doorway (TT-T3)
    if (verb === "pass" && o) {
      return o.kind === OfferKind.EXPOSED ? `let ${named(o.card)} go`
        : `let ${named(o.card)} go and turn the top stock card`;
    }
    if (verb === "win") return o ? `claim the win on ${o.card}` : "claim the win (Thiên ù)";
    if (verb === "chiu" && o) return `claim the fourth ${o.card} for a Chíu`;
    if (verb === "decline") return "do not claim it";
    if (verb === "discard") return named(arg);
  } else if (game === "kowah") {
    const k = obs as KowahObservation;
    if (verb === "draw") return `from the stock (${k.stock} left)`;
    if (verb === "take") {
      const top = [...k.discards].reverse().find((d) => d.takenBy === undefined);
      return top ? `${named(top.card)}, the last discard` : "the last discard";
    }
    // the pair by its card's name too: "33h" alone does not say White Flower
    if (verb === "declare") return `checki, showing ${arg} (${cardName(game, parseCards(arg)[0] ?? "")})`;
    if (verb === "stay") return "stay undeclared";
    // a declared seat's wait wins it the deal at once (KW-X4): said, as no rule stops it
    const waited = Object.entries(k.declared).some(([s, pair]) => Number(s) !== k.seat && parseCards(pair)[0] === arg);
    if (verb === "discard" && waited) return `${named(arg)}: a declared seat's wait, wins that seat the deal, x2 (KW-X4)`;
    if (verb === "discard") return named(arg);
  } else {
    if (verb === "call") {
      if (arg === "play") return "try to win this deal";
      // the last to speak after two passes: no seat is left to call (LF-C4)
      const l = obs as LukFuObservation;
      const calls = l.record?.calls ?? [];
      return calls.length === 2 && calls.every((c) => c === "pass")
        ? "the third pass: the cards are to be dealt again (LF-C4)"
        : "let another seat call";
    }
    const best = lukfuToBeat(obs as LukFuObservation);
    if (verb === "follow" && best) return `beat ${best}`;
    if (verb === "down") return "face down";
    if (verb === "claim") return "fu won plus old cards make six or more (LF-W2)";
    // the last trick's winner with no claim made: the deal is drawn (R-claim-timing)
    if (verb === "end") return "the hands are empty: the deal is drawn (LF-W4), a claim not made now lost (R-claim-timing)";
    if (verb === "lead") return "start the trick";
  }
  return "";
}

const VIA_WORDS: Record<string, string> = {
  "own-door": "a stock card exposed at the winner's own doorway (Ù chì)",
  stock: "a stock card exposed at another seat's doorway",
  chiu: "the fourth copy, claimed as a Chíu (TT-P6)",
  "thien-u": "the dealt twenty, no winning card (Thiên ù, TT-W7)",
  "self-draw": "the winner's own stock draw (KW-X2)",
  draw: "another seat's stock draw (KW-X4)",
  discard: "another seat's discard (KW-X4)",
};

/** How a Kowah win came, as the server words it (solver/kowah/check.py WON, after KW-K1). */
const KOWAH_WON: Record<string, string> = {
  "self-draw": "by self-draw", draw: "from another seat's draw", discard: "from a discard",
};

/** The end of the deal explained, line by line, from the DealResult and the public view. */
export function explainResult(game: GameKey, r: DealResult, names: string[],
                              declared: Readonly<Record<number, string>>,
                              redeal: "next-deal" | "match-over" | "one-deal" = "one-deal",
                              chan = false): string[] {
  const out: string[] = [];
  // a drawn deal: the result line above the explanation says so, with its rule
  // The result line speaks of any table; this says which follows at this one.
  if (r.outcome === DealOutcome.REDEAL) {
    // a match counts the redeal as one of its deals (R-match): the cards dealt again are the
    // match's next deal, not this one again
    out.push(`Every seat passed, so no one plays (${r.rule}), and every seat settles 0 (R-settle-zero); ${redeal === "next-deal"
      ? "the cards are dealt again as the match's next deal (R-match)"
      : redeal === "match-over" ? "it was the match's last deal (at this table three passes count as a deal of the match, which the rules leave open), so the match is over and the cards are not dealt again"
        : "this table plays one deal: deal again from the lobby"}.`);
  }
  if (r.outcome === DealOutcome.WIN && r.winner !== undefined) {
    const who = names[r.winner];
    if (game === "totom") {
      const on = r.card ? ` on ${r.card} (${cardName(game, r.card)})` : "";
      // in Chắn words a doorway is a cửa, as the table names it
      const via = VIA_WORDS[r.via ?? ""] ?? r.via ?? "";
      out.push(`${who} won${on}, by ${chan ? via.replace("doorway", "cửa") : via}.`);
      if (r.points !== undefined) out.push(`Points: ${r.points} (${r.rule}).`);
    } else if (game === "kowah") {
      const shown = declared[r.winner];
      out.push(`${who} won on ${r.card} (${cardName(game, r.card ?? "")}), by ${VIA_WORDS[r.via ?? ""] ?? r.via}.`);
      if (shown) out.push(`${who} had declared checki showing the pair ${shown}: two triplets and the pair, and ${r.card} makes the pair a third triplet (KW-R4, KW-R6).`);
      out.push(`Multiplier x${r.multiplier} for a win ${KOWAH_WON[r.via ?? ""] ?? `by ${r.via}`} (${r.rule}).`);
    } else {
      out.push(`${who} claimed with ${r.fu} fu: fu won in tricks plus old cards held (LF-W2).`);
      if (r.caller !== undefined) out.push(`The caller was ${names[r.caller]} (LF-C3); settled by ${r.rule}.`);
    }
  }
  return out;
}

/** A hint's explanation without the action it starts by naming, shown beside the action's
 * button: "discard 2m: +0.7 points a deal …" -> "+0.7 points a deal …" (as the terminal). */
/** Who finishes a match first, with what: "AI 1 finishes first, with multipliers won that
 * add up to 3." (R-match); `totals` and `wins` per seat, after `deals` deals. */
export function matchLeadWords(game: GameKey | "plugin", names: string[], totals: bigint[], wins: number[],
                               deals: number, toPoints: number): string {
  // nobody won a deal: not "level at the top, with multipliers that add up to 0 each"
  if (!wins.some((n) => n > 0)) {
    return game === "kowah"
      ? `No seat won a deal: ${deals === 1 ? "the deal was" : `all ${deals} deals were`} drawn (KW-K2).`
      : "No seat won a deal: every seat finishes level, at 0 points.";
  }
  const best = totals.reduce((a, b) => (b > a ? b : a), totals[0] ?? 0n);
  const leaders = names.filter((_, s) => totals[s] === best);
  const one = best === 1n || best === -1n;
  // KW-K1 keeps no points: a Kowah total is a sum of multipliers, never "3 multipliers"
  const amount = game === "kowah" ? `multipliers won that add up to ${best}`
    : `${best > 0n ? "+" : ""}${best} ${one ? "point" : "points"}`;
  const reached = toPoints && best >= BigInt(toPoints) ? ` (the target was ${toPoints})` : "";
  return leaders.length === 1 ? `${leaders[0]} finishes first, with ${amount}${reached}.`
    : `${listed(leaders)} finish level at the top, with ${amount} each${reached}.`;
}

/** A deal's settlement said in one sentence ("Settled: Ann +2, AI 1 -1."), or nothing
 * where the deal settles no points (Kowah, KW-K1; a game of one's own that keeps none). */
export function settledWords(names: string[], net: readonly number[]): string {
  return net.length === names.length
    ? ` Settled: ${names.map((n, s) => `${n} ${net[s] > 0 ? "+" : ""}${net[s]}`).join(", ")}.` : "";
}

/** What the page says while the table answers an action sent. A Kowah declaration leaves
 * the seat no decision: its turns play themselves (KW-X2) and the answer may come only with
 * the deal's end, so what was sent is said at once. */
export function sentWords(game: GameKey | "plugin", sent: string): string {
  return game === "kowah" && sent.startsWith("declare ")
    ? "You declared checki: your turns now draw and discard by themselves (KW-X2) until "
      + "someone wins or the stock runs out (KW-K2); the table is playing on…"
    : "Sent; the table is answering…";
}

/** Said to a seat whose own moves another seat's claim or declaration took back (it comes
 * first by the privacy rule, R-claim-privacy or R-declare-privacy): the log says it below the
 * hand, where a person looking at the turn badge does not see why the hand changed. */
export function undoneWords(byName: string, rule: string, actions: string[]): string {
  const what = rule === "R-declare-privacy" ? "declaration" : rule === "R-claim-privacy" ? "claim" : "move";
  const n = actions.length;
  return `${possessive(byName)} ${what} came first${rule ? ` (${rule})` : ""}: your `
    + `${listed(actions)} ${n === 1 ? "was" : "were"} taken back, and the `
    + `table is as it was before ${n === 1 ? "it" : "them"}.`;
}

/** Kowah: a ready hand that may show either of two pairs (KW-R5) is told what the choice is,
 * as the hand's groups show one of them as the pair; "" when there is no choice. */
export function pairChoice(legal: string[]): string {
  const pairs = legal.filter((a) => a.startsWith("declare ")).map((a) => a.slice("declare ".length));
  if (pairs.length < 2) return "";
  return ` Either two-card suit may be shown as the pair (KW-R5): ${listed(pairs).replace(/ and ([^ ]+)$/, " or $1")}; `
    + "the hand then waits on a card identical to the pair shown (KW-R6).";
}

export function withoutAction(action: string, explanation: string): string {
  for (const head of [`${action}: `, `${action} `]) {
    if (explanation.startsWith(head)) return explanation.slice(head.length);
  }
  return explanation;
}

/** Names in a sentence: "A", "A and B", "A, B and C". */
export function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Luk Fu, a seat to lead: the rules that keep some of its hand's leads from the list, said
 * with the list (a lead that is not there is otherwise found missing only by picking its
 * cards): under the strict switch, R-lead-advice; else an old single held back (LF-L3) and a
 * passed master's set of four or long run (LF-L2), where the hand holds one. "" when no
 * rule withholds a lead the hand has. */
export function leadsKept(l: LukFuObservation, legal: string[], old: Set<string>, strictLeads: boolean): string {
  if (!legal.some((a) => a.startsWith("lead ")) || l.caller === l.seat) return "";
  const hand = parseCards(l.hand);
  if (hand.every((c) => old.has(c))) return "";  // every card old: any single may lead (LF-L3)
  if (strictLeads) {
    return "At this table a seat that is not the caller leads a single that is not old, from its highest suit "
      + "holding one (R-lead-advice, a switch set on): these are your leads.";
  }
  const said: string[] = [];
  if (hand.some((c) => old.has(c))) {
    said.push("Your old cards are not led alone: a seat that is not the caller leads an old single only when "
      + "every card it holds is old (LF-L3).");
  }
  const ranks = (suit: string) => new Set(hand.filter((c) => c[1] === suit).map((c) => Number(c[0])));
  const longRun = [..."csmt"].some((suit) => {
    const have = ranks(suit);
    return [1, 2, 3, 4, 5, 6].some((r) => [0, 1, 2, 3].every((k) => have.has(r + k)));
  });
  const four = [1, 2, 3, 4, 5, 6, 7, 8, 9].some((r) => hand.filter((c) => Number(c[0]) === r).length === 4);
  if (l.record?.master === l.seat && l.caller !== undefined && (longRun || four)) {
    said.push(`A master who passed (someone else called) may not lead a ${four && !longRun ? "set of four"
      : !four ? "run of four or more" : "set of four or a run of four or more"} (LF-L2).`);
  }
  return said.join(" ");
}

/** Why the hand cards picked have no action, where a rule says it in a line (the engine
 * offers only legal actions): a Kowah discard before the draw, a Luk Fu lead a rule or a
 * switch withholds, a Tổ Tôm card a capture restriction keeps from the discard. */
export function whyUnused(game: GameKey, obs: TotomObservation | KowahObservation | LukFuObservation,
                          legal: LegalAction[], picked: string[], old: Set<string>,
                          capturedBarred = false, strictLeads = false): string {
  const verbs = new Set(legal.map((a) => a.verbName));
  if (game === "kowah" && !verbs.has("discard") && (verbs.has("draw") || verbs.has("take"))) {
    return "A turn draws the top stock card or takes the last discard first, then discards one (KW-T2). ";
  }
  if (game === "lukfu" && verbs.has("lead")) {
    const l = obs as LukFuObservation;
    const hand = parseCards(l.hand);
    if (picked.length === 1 && old.has(picked[0]) && l.caller !== l.seat && !hand.every((c) => old.has(c))) {
      return "A seat that is not the caller leads an old single only when every card it holds is old (LF-L3). ";
    }
    if (picked.length === 2) return "Pairs are never played (LF-L1). ";
    const ranks = picked.map((c) => Number(c[0])).sort((a, b) => a - b);
    const set = (picked.length === 3 || picked.length === 4) && ranks.every((r) => r === ranks[0]);
    const inRun = picked.length >= 3 && picked.every((c) => c[1] === picked[0][1])
      && ranks.every((r, k) => k === 0 || r === ranks[k - 1] + 1);
    if (picked.length > 1 && !set && !inRun) {
      return "Those cards make no lead: a lead is a single card, a set of three or four of one rank, or a run of "
        + "three or more consecutive ranks in one suit (LF-L1). ";
    }
    const four = picked.length === 4 && ranks.every((r) => r === ranks[0]);
    const run = picked.length >= 4 && picked.every((c) => c[1] === picked[0][1])
      && ranks.every((r, k) => k === 0 || r === ranks[k - 1] + 1);
    if ((four || run) && l.record?.master === l.seat && l.caller !== undefined && l.caller !== l.seat) {
      return `A master who passed (someone else called) may not lead a ${four ? "set of four" : "run of four or more"} (LF-L2). `;
    }
    if (strictLeads && l.caller !== l.seat) {
      return "At this table a seat that is not the caller leads a single that is not old, from its highest suit "
        + "holding one (R-lead-advice, a switch set on). ";
    }
    return "";
  }
  if (game === "lukfu" && (verbs.has("follow") || verbs.has("down"))) {
    // every follow, face up or down, has as many cards as the play to beat (LF-F1)
    const play = legal.find((a) => a.verbName === "follow" || a.verbName === "down");
    const size = play ? parseCards(play.text.slice(play.verbName.length + 1)).length : 0;
    if (size && picked.length !== size) {
      return `A follow has as many cards as the play to beat: ${size === 1 ? "one card" : `${size} cards`}, `
        + "face up to beat it or face down (LF-F1). ";
    }
    if (size && verbs.has("follow")) {
      return "Those cards do not beat the play to beat, and a seat that can beat it must, with one of the "
        + "follows offered (LF-F1). ";
    }
    return "";
  }
  if (game === "totom" && (obs as TotomObservation).phase === TotomPhase.CLAIMS) {
    return "A claim on the card offered is asked first: claim it or decline (TT-P3). ";
  }
  if (game === "totom" && (obs as TotomObservation).deadHand?.includes((obs as TotomObservation).seat)) {
    return "A dead hand never captures or wins: it only turns stock cards (TT-S4). ";
  }
  if (game === "totom" && picked.length === 1 && !verbs.has("discard") && (obs as TotomObservation).offer?.card) {
    return whyNoCapture(obs as TotomObservation, picked[0]);
  }
  if (game !== "totom" || picked.length !== 1 || !verbs.has("discard")) return "";
  const card = picked[0];
  const t = obs as TotomObservation;
  const held = parseCards(t.hand).filter((c) => c === card).length;
  if (held === 2 || held === 4) return "A concealed pair is never broken to discard one of its cards (TT-C2). ";
  if (t.memory?.declinedChan.includes(card)) return `You declined a Chắn of ${card}, so you may not discard it (TT-C3). `;
  const pairsWith = (d: string) => d[0] === card[0] && d[1] !== card[1] && d !== "1h" && card !== "1h";
  if (t.memory?.capturedCa && t.memory.discarded.some(pairsWith)) {
    return `With ${t.memory.discarded.find(pairsWith)} discarded it would make a Cạ, and after capturing a Cạ `
      + "you may not discard both cards of one (TT-C8). ";
  }
  // The only other bar on a held single's discard (the same-rank one after a Cạ capture
  // never holds beside TT-C2 and TT-C5): the traditional switch the table's header names.
  if (capturedBarred && held % 2 === 1) {
    return `You captured ${card} this deal, and at this table a face you captured may not be discarded `
      + "(a traditional error, switch no_discard_of_captured_face). ";
  }
  return "";
}

/** Tổ Tôm: why a hand card picked while a card is offered captures nothing, by the capture
 * rules the observation lets the page check (TT-C1 to TT-C5, TT-C7); TT-C6 and TT-C9, which
 * weigh the whole hand's partition, are named together as what is left. */
export function whyNoCapture(t: TotomObservation, card: string): string {
  const offered = t.offer?.card ?? "";
  if (!offered) return "";
  const memory = t.memory;
  // a card that could take it in no way is told so first, whatever bars the offer itself
  if (card !== offered && (offered === "1h" || card === "1h")) {
    return offered === "1h"
      ? "It does not capture Chi chi: only a Chi chi does, as a Chắn; Chi chi makes no Cạ (TT-D3). "
      : `Chi chi captures only Chi chi, as a Chắn; it makes no Cạ (TT-D3), so it does not take ${offered}. `;
  }
  if (card !== offered && card[0] !== offered[0]) {
    return `It does not capture ${offered}: a Chắn takes it with the same card, a Cạ with a card of its `
      + "rank in another suit. ";
  }
  if (memory?.discarded.includes(offered) || memory?.caFromHand.includes(offered)) {
    return `You discarded ${offered} or played it into a Cạ earlier, so you may not capture it `
      + "(TT-C4, R-own-faces). ";
  }
  if (card === offered) return "";  // a Chắn with it is offered, or barred above
  const hand = parseCards(t.hand);
  const count = (c: string) => hand.filter((x) => x === c).length;
  if (count(offered) > 0) {
    return `You hold ${offered} itself, so you may capture it only as a Chắn (TT-C1). `;
  }
  if (memory?.declinedChan.includes(card)) {
    return `You declined a Chắn of ${card}, so you may not use it in a Cạ (TT-C3). `;
  }
  if (count(card) === 2 || count(card) === 4) {
    return `A concealed pair is never broken to use one of its cards in a Cạ (TT-C2). `;
  }
  // cards outside identical pairs (TT-C2) of the rank, in different suits, are a Cạ held
  const singles = [...new Set(hand)].filter((c) => c[0] === card[0] && c !== "1h" && count(c) % 2 === 1);
  if (singles.length >= 2) {
    return `Your concealed hand already holds a Cạ of this rank (${singles.slice(0, 2).join(" ")}), so no Cạ `
      + "capture in it (TT-C5). ";
  }
  const gone = memory?.discarded ?? [];
  const pair = gone.find((a) => gone.some((b) => b[0] === a[0] && b !== a && a !== "1h" && b !== "1h"));
  if (pair) {
    const other = gone.find((b) => b[0] === pair[0] && b !== pair)!;
    return `You discarded both cards of a Cạ (${pair} and ${other}), so you may no longer capture a Cạ (TT-C7). `;
  }
  return "A Cạ capture with it is barred here: with one unpaired card left in the concealed hand it waits "
    + "for its win (TT-C6), or no legal discard would be left after it (TT-C9). ";
}

/** Each game in a few lines for a newcomer, in the lobby: the goal, a turn, how it ends and
 * what it pays, each line citing the rules it sums up (links once the rules are read). */
export const HOW_TO_PLAY: Record<GameKey, string[]> = {
  totom: [
    "The goal: 20 cards in 10 pairs, at least six of them Chắn (two identical cards), the others Cạ (two cards of one rank in different suits); won on Chi chi, exactly six Chắn and four Cạ (TT-W1, TT-W4, TT-W5).",
    "Each seat holds 19 cards and the dealer 20; the dealer discards first (TT-S2, TT-S3).",
    "A card is offered to you: the discard before you, or a stock card. Capture it with a card of your hand (the pair is laid face up), then discard one; or pass, turn the top stock card at your doorway, and capture that or pass it on (TT-T2, TT-T3).",
    "Only legal moves are offered; a card you pick that no move uses says which rule stops it (TT-C1 to TT-C9).",
    "No one wins on a discard directly. A hand wins on an exposed stock card; by a Chíu that completes it (the fourth copy of three identical cards it holds, a discard's included); or, for the dealer, on its dealt twenty, Thiên ù (TT-W6, TT-W7, TT-P2, TT-P6).",
    "A win scores 2 points, or its bonuses (TT-K1, TT-K2, TT-K3); each of the three others pays that score to the winner (TT-K7).",
  ],
  kowah: [
    "The goal: three triplets. A triplet is three cards of one rank, suits free, or three of one honour; a pair is two identical cards (KW-R1, KW-R2, KW-R3).",
    "Each seat holds eight cards. A turn draws the top stock card or takes the last discard, then discards one; the first turn of a deal draws (KW-T2, KW-T3).",
    "Eight cards that make two triplets and a pair are ready (where the pair shares a triplet's rank, those five cards split two, two and one by suit, KW-R5): you declare (checki), your cards lock, your pair is shown, and a card identical to it is your wait (KW-R4, KW-R6, KW-T4, KW-X1).",
    "A declared hand's turns draw and discard by themselves, and it wins when its wait turns up: drawn by itself x3, drawn by another seat x1, discarded by another seat x2 (KW-X2, KW-X4, KW-K1).",
    "The last stock card drawn and no win on it: the deal is drawn (KW-K2).",
  ],
  lukfu: [
    "A trick-taking game: 36 cards, 1 to 9 in four suits, twelve to each seat (LF-D1, LF-C1).",
    "First the calls: the master says play or pass, and if it passes the others in turn; the first to say play is the caller, and three passes deal the cards again. The master leads the first trick, whoever called (LF-C2, LF-C3, LF-C4).",
    "A lead is a single card, a set of three or four of one rank, or a run of three or more in one suit (LF-L1). The others follow in turn, each beating the best play so far if it can: a single by a higher card of its suit, a set by a higher set of its size (a led set of 1s only by 9s), a run by a run of its length higher in its suit or in any higher suit; Mau Gung and Bak Chi led alone cannot be beaten. A seat that cannot beat it lays as many cards face down (LF-F1, LF-F2, LF-F3, LF-F4, LF-F5).",
    "The trick's winner scores the cards of its winning play as fu and leads the next (LF-W1).",
    "Old cards are cards no other seat's hand can beat: the 9s, Mau Gung (1 of Coins), Bak Chi (1 of Tens) and those the plays prove (LF-O1, LF-O2). About to lead, a seat whose fu and old cards reach six may claim the win (LF-W2).",
    "Six fu is worth 1 point, and 1 more for each fu over six; each loser pays it to the winner, but when the caller loses it alone pays both shares (LF-K2, LF-K3).",
  ],
};

/** Tổ Tôm: what each bonus of a win is (TT-K3's table, and the traditional preset's), beside
 * its values in the end's table: a newcomer met "Bòn 5/2" and no word of what earned it. */
export const TOTOM_BONUS_MEANING: Record<string, string> = {
  u_chi: "won on a stock card exposed at the winner's own doorway",
  thien_u: "the dealer's opening win (TT-W7)",
  tom: "one each of the three Tôm cards; each set counts (TT-K4, R-Tôm-cards)",
  leo: "one each of 8 Strings, 9 Myriads and Chi chi; each set counts (TT-K4)",
  bach_thu: "exactly 6 Chắn and 4 Cạ, the winning card completing a Chắn, no Cạ in its rank (R-Bạch-thủ)",
  bach_thu_chi: "Bạch thủ won on Chi chi (traditional)",
  thien_khai: "four identical cards dealt to the winner; each such face counts (R-per-face)",
  bon: "a pair from the opening hand (a dealt triple holds one, R-Bòn-triple) became four identical cards; each such face counts (R-per-face)",
  chiu_u: "the winning card is the fourth of a face the winner was dealt three of",
  bach_dinh: "all 20 cards black",
  tam_do: "exactly 8 red cards (TT-D2)",
  kinh_tu_chi: "the four Chi chi and every other card black",
  thap_thanh: "all ten pairs Chắn",
  thong: "won the previous deal too (traditional)",
  dia_u: "won on the first stock card (traditional)",
};
