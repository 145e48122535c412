// Your hand grouped as the terminal groups it (cli/screen.py): a way of holding the cards,
// for reading them at a glance; the rules and the legal actions come from the server.

/** Tổ Tôm: three copies of a face are held together, as a player tracks them (the public
 * fourth may be claimed as a Chíu, TT-P2); every other face held n times gives n/2 Chắn;
 * the odd cards of a rank pair into Cạ in suit order (c, s, m); the rest, Chi chi always,
 * are singles (TT-W1, TT-W3, TT-D3). */
export function totomGroups(cards: string[]):
    { threes: string[][]; chan: string[][]; ca: string[][]; singles: string[] } {
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  const threes: string[][] = [];
  for (const [f, n] of [...counts].sort(([a], [b]) => faceOrder(a) - faceOrder(b))) {
    if (n === 3) {
      threes.push([f, f, f]);
      counts.set(f, 0);
    }
  }
  const chan: string[][] = [];
  const ca: string[][] = [];
  const singles: string[] = [];
  for (const suit of "csm") {
    for (let r = 2; r <= 9; r++) {
      const f = `${r}${suit}`;
      for (let k = 0; k < Math.floor((counts.get(f) ?? 0) / 2); k++) chan.push([f, f]);
    }
  }
  for (let k = 0; k < Math.floor((counts.get("1h") ?? 0) / 2); k++) chan.push(["1h", "1h"]);
  for (let r = 2; r <= 9; r++) {
    const odd = [...("csm")].map((s) => `${r}${s}`).filter((f) => (counts.get(f) ?? 0) % 2 === 1);
    for (let k = 1; k < odd.length; k += 2) ca.push([odd[k - 1], odd[k]]);
    if (odd.length % 2) singles.push(odd[odd.length - 1]);
  }
  if ((counts.get("1h") ?? 0) % 2) singles.push("1h");
  singles.sort((a, b) => faceOrder(a) - faceOrder(b));
  return { threes, chan, ca, singles };
}

/** Suits in the order c, s, m, then Chi chi; ranks up within a suit. */
function faceOrder(f: string): number {
  return "csmh".indexOf(f[1]) * 10 + Number(f[0]);
}

const KOWAH_FACES: string[] = [
  ..."csm".split("").flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${s}`)),
  "1h", "2h", "3h",
];

/** Kowah triplet types in the terminal's order: per rank 1-9 its ten suit mixes (ccc, ccs,
 * ccm, css, csm, cmm, sss, ssm, smm, mmm), then the three honour triplets (KW-R1, KW-R2). */
const KOWAH_TRIPLETS: string[][] = (() => {
  const mixes = ["ccc", "ccs", "ccm", "css", "csm", "cmm", "sss", "ssm", "smm", "mmm"];
  const out: string[][] = [];
  for (let r = 1; r <= 9; r++) for (const m of mixes) out.push([...m].map((s) => `${r}${s}`));
  for (const h of ["1h", "2h", "3h"]) out.push([h, h, h]);
  return out;
})();

/** Kowah: the most triplets, then pairs (the candidates for the shown pair), then singles. */
export function kowahGroups(cards: string[]): { triplets: string[][]; pairs: string[]; singles: string[] } {
  const left = new Map<string, number>();
  for (const c of cards) left.set(c, (left.get(c) ?? 0) + 1);
  const fits = (t: string[]) => {
    const need = new Map<string, number>();
    for (const f of t) need.set(f, (need.get(f) ?? 0) + 1);
    return [...need].every(([f, n]) => (left.get(f) ?? 0) >= n);
  };
  const take = (t: string[], sign: number) => {
    for (const f of t) left.set(f, (left.get(f) ?? 0) - sign);
  };
  const most = (start: number): string[][] => {
    let best: string[][] = [];
    for (let k = start; k < KOWAH_TRIPLETS.length; k++) {
      const t = KOWAH_TRIPLETS[k];
      if (!fits(t)) continue;
      take(t, 1);
      const found = [t, ...most(k)];
      take(t, -1);
      if (found.length > best.length) best = found;
    }
    return best;
  };
  const triplets = most(0);
  for (const t of triplets) take(t, 1);
  const pairs = KOWAH_FACES.filter((f) => (left.get(f) ?? 0) >= 2);
  for (const f of pairs) take([f, f], 1);
  const singles = KOWAH_FACES.flatMap((f) => Array<string>(Math.max(0, left.get(f) ?? 0)).fill(f));
  return { triplets, pairs, singles };
}
