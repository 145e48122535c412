// The lobby: choose a game, its rules, who sits where (you, AI players, friends) and a seed
// for practice; deal, and hand each friend the link to their own seat.
import { Code, notTheOwner, refusal, tables } from "./api.js";
import { clear, h } from "./dom.js";
import type { GameKey } from "./cards.js";
import { type Invite, inviteList } from "./invites.js";
import { loadRules, presetRef, SWITCHES, type SwitchChoice, withRules } from "./rules.js";
import { AiLevel, Game, SeatKind, type TableSeatSchema } from "./gen/moneycards/v1/common_pb.js";
import { KowahRulesPreset } from "./gen/moneycards/v1/kowah_pb.js";
import { LukFuRulesPreset } from "./gen/moneycards/v1/lukfu_pb.js";
import { TotomRulesPreset } from "./gen/moneycards/v1/totom_pb.js";
import { forget, forgetOwner, keepLobby, lastLobby, markOver, remembered, remember, type LobbyChoices, type Remembered } from "./store.js";
import { finished, standing, type Seat } from "./table.js";
import { GAME_TITLE, HOW_TO_PLAY, plural } from "./words.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { CreateTableRequestSchema } from "./gen/moneycards/v1/table_pb.js";

const MAX_SEED = 2n ** 63n - 1n; // the largest int64 (CreateTableRequest.seed)
const SHOWN_SEATS = 8; // Your tables lists the newest seats; older ones wait in a fold

/** A game the lobby deals: the three, and any game of one's own the server was started
 * with (`serve --plugin`; TableService.ListGames names them). */
interface LobbyGame {
  key: string;  // the registered name (CreateTableRequest.game_name)
  game: Game;  // GAME_UNSPECIFIED for a game of one's own
  seats: number;
  title: string;
  blurb: string;
  plugin: boolean;
  presets: readonly string[];  // a game of one's own's presets by name, the default first
  points: boolean;  // a deal settles in points: a match may end at a target (R-match)
}

const GAMES: readonly LobbyGame[] = [
  { key: "totom", game: Game.TOTOM, seats: 4, title: GAME_TITLE.totom, blurb: "100-card Chắn table, 4 players",
    plugin: false, presets: [], points: true },
  { key: "kowah", game: Game.KOWAH, seats: 3, title: GAME_TITLE.kowah, blurb: "Cheki, 3 players",
    plugin: false, presets: [], points: false },
  { key: "lukfu", game: Game.LUK_FU, seats: 3, title: GAME_TITLE.lukfu, blurb: "Hakka tricks, 3 players",
    plugin: false, presets: [], points: true },
];

const WHO = [
  ["you", "You"], ["friend", "A friend (gets a link)"], ["random", "AI: random"],
  ["greedy", "AI: greedy"], ["heuristic", "AI: heuristic"], ["strong", "AI: strong"],
  ["expert", "AI: expert (slower)"],
] as const;

const switchId = (s: SwitchChoice) => s.id ?? `switch-${s.field}`;

const LEVELS: Record<string, AiLevel> = {
  random: AiLevel.RANDOM, greedy: AiLevel.GREEDY, heuristic: AiLevel.HEURISTIC, strong: AiLevel.STRONG,
  expert: AiLevel.EXPERT,
};

export function showLobby(host: HTMLElement, go: (seat: Seat) => void, note = "", focus = false): void {
  clear(host);
  document.title = "moneycards · the web table";  // a table's title says whose turn it was
  const form = h("form", { class: "lobby panel", "aria-label": "A new table" });
  const gameBox = h("fieldset", { class: "games" }, h("legend", {}, "Game"));
  const last = lastLobby();
  const games: LobbyGame[] = [...GAMES];
  const first = GAMES.some((g) => g.key === last.game) ? last.game : "totom";
  const gameChoice = (g: LobbyGame, checked: boolean) => h("label", { class: "choice" },
    h("input", { type: "radio", name: "game", value: g.key, checked }),
    h("strong", {}, g.title), h("span", { class: "quiet" }, ` ${g.blurb}`));
  for (const g of GAMES) gameBox.append(gameChoice(g, g.key === first));
  // the chosen game in a few lines, for a newcomer; its rule ids link the rules book
  const howTo = h("details", { class: "how-to-play" });
  const rules = h("fieldset", { class: "rules" }, h("legend", {}, "Rules"));
  const seats = h("fieldset", { class: "seat-list" }, h("legend", {}, "Seats"));
  const seed = h("input", { type: "text", name: "seed", inputmode: "numeric", autocomplete: "off",
    placeholder: "random", id: "seed" });
  // no maxlength: a longer number is refused with the range, not cut to a shorter one
  const deals = h("input", { type: "text", name: "deals",
    inputmode: "numeric", autocomplete: "off", placeholder: "1", id: "deals" });
  // A target in points ends a match once a seat's total reaches it (R-match), in the games
  // that settle in points; Kowah tallies multipliers (KW-K1), so it has no such row.
  const toPoints = h("input", { type: "text", name: "to-points",
    inputmode: "numeric", autocomplete: "off", placeholder: "none", id: "to-points" });
  const toPointsRow = h("p", { class: "to-points-row" },
    h("label", { for: "to-points" }, "or until a seat's total reaches (points) "), toPoints);
  const error = h("p", { class: "refusal", role: "alert", hidden: true });
  const deal = h("button", { type: "submit", class: "primary", id: "deal" }, "Deal");
  // said while the table is dealt: AI seats that play before the person play first, each
  // at the server's pace, and the page would sit silent meanwhile
  const dealing = h("span", { class: "sr-only", role: "status" });
  let dealt = false;  // a second submit while the first is answered deals no second table
  // The ruling a match follows: each game has its own R-match, a link once the rules are read.
  const matchRule = h("span", { class: "match-rule" });
  // Kowah keeps no running totals (KW-K1, its R-match): its match tallies wins and multipliers.
  const dealsLabel = h("label", { for: "deals" }, "Deals: a match with running totals ");
  // A seed deals the same cards to anyone who has it, and every seat is shown it: at a table
  // with a friend it gives away every hand, so the lobby says so before the deal.
  const seedWarning = h("p", { class: "seed-warning", role: "status", hidden: true },
    "With a friend at the table a seed is no secret: every seat is shown it, and anyone can "
    + "deal it again and see every hand. Leave it empty for a fair deal.");
  const warnOfSeed = () => {
    const friend = Array.from(seats.querySelectorAll<HTMLSelectElement>("select"))
      .some((s) => s.value === "friend");
    seedWarning.hidden = !(friend && seed.value.trim() !== "");
  };
  seed.addEventListener("input", warnOfSeed);
  seats.addEventListener("change", warnOfSeed);
  form.append(h("h2", {}, "A new table"), gameBox, howTo, rules, seats,
    h("p", {}, dealsLabel, matchRule, " ", deals),
    toPointsRow,
    h("p", {}, h("label", { for: "seed" }, "Seed, to practise a deal again "), seed), seedWarning,
    error, deal, dealing);

  const gameKey = () => (form.querySelector<HTMLInputElement>("input[name=game]:checked")?.value ?? "totom");
  const chosenGame = () => games.find((x) => x.key === gameKey()) ?? games[0];
  const drawOptions = () => {
    const g = chosenGame();
    clear(rules);
    rules.append(h("legend", {}, "Rules"));
    // what was chosen for this game, read afresh: kept as it is chosen (`keepChoices`)
    const kept: LobbyChoices | undefined = lastLobby().games[g.key];
    if (g.plugin && g.presets.length > 1) {
      // a game of one's own: its presets by the names its rules give them
      rules.append(h("span", { class: "choice" }, h("label", {}, "Preset ",
        h("select", { name: "preset", id: "preset" }, g.presets.map((p, k) =>
          h("option", { value: p, selected: kept?.preset ? kept.preset === p : k === 0 },
            k === 0 ? `${p} (default)` : p))))));
    } else if (g.plugin) {
      rules.append(h("span", { class: "quiet" }, `${g.title}: its own rules, preset ${g.presets[0] ?? "none"}`));
    }
    if (g.key === "totom") {
      rules.append(h("span", { class: "choice" }, h("label", {}, "Preset ",
        h("select", { name: "preset", id: "preset" },
          h("option", { value: "seed" }, "the rules as written (default)"),
          h("option", { value: "traditional", selected: kept?.preset === "traditional" },
            "traditional Chắn Vạn Văn table"))),
        " ", h("span", { class: "ruling-slot", "data-preset": "traditional", "data-said": "where it differs from the page" })));
    }
    // Each switch as the last table of this game left it (a lobby kept before the switches
    // were offered knew only Kowah's optional declaration), else its ruling's default.
    for (const sw of switchesOf(g)) {
      const was = kept?.switches?.[sw.field]
        ?? (sw.field === "optionalDeclaration" ? kept?.optional : undefined);
      rules.append(h("span", { class: "choice" }, h("label", {},
        h("input", { type: "checkbox", name: sw.field, id: switchId(sw), "data-switch": sw.field,
          checked: typeof was === "boolean" ? was : sw.on }),
        ` ${sw.label} `),
        h("span", { class: "ruling-slot", ...(/^[a-z]+$/.test(sw.ruling)
          ? { "data-preset": sw.ruling } : { "data-text": `(${sw.ruling})` }) })));
    }
    toPointsRow.hidden = !g.points;
    deals.value = kept?.deals ?? "";
    toPoints.value = kept?.toPoints ?? "";
    // the seats as this game's were left, each a choice the lobby offers: choices are kept
    // as they are made, so they may be half made (no seat is yours yet, or two are): the
    // first "you" is kept, others become the default AI, and with none seat 0 is yours
    let keptSeats = kept && kept.seats.length === g.seats
      ? kept.seats.map((v) => (WHO.some(([w]) => w === v) ? v : "strong")) : undefined;
    if (keptSeats) {
      const mine = keptSeats.indexOf("you");
      keptSeats = keptSeats.map((v, s) => (v === "you" && s !== mine ? "strong" : v));
      if (mine < 0) keptSeats[0] = "you";
    }
    clear(seats);
    seats.append(h("legend", {}, "Seats"));
    // where "you" went from, while the seat that took it still has it: a select's arrow keys
    // pass through "you" on the way to another choice, and you then go back where you were
    let moved: { from: number; name: string; to: number; toName: string } | undefined;
    const said = h("p", { class: "quiet seat-said", role: "status" });
    const label = (v: string) => WHO.find(([w]) => w === v)?.[1] ?? v;
    for (let s = 0; s < g.seats; s++) {
      const chosen = keptSeats?.[s] ?? (s === 0 ? "you" : "strong");
      const pick = h("select", { name: `seat${s}`, id: `seat${s}`, "aria-label": `Seat ${s}` },
        WHO.map(([v, label]) => h("option", { value: v, selected: v === chosen }, label)));
      // One seat is yours: the one you sat at before takes the other seats' default, an AI
      // (never a friend's seat, which would wait on a link nobody meant to send), and your
      // name, if you typed one, comes with you.
      pick.dataset.before = chosen;
      pick.addEventListener("change", () => {
        const name = (k: number) => seats.querySelector<HTMLInputElement>(`input[name=name${k}]`)!;
        const picks = [...seats.querySelectorAll<HTMLSelectElement>("select")];
        if (pick.value === "you") {
          picks.forEach((other, k) => {
            if (other === pick || other.value !== "you") return;
            // an AI this seat had goes to the seat you left; never a friend's
            const before = pick.dataset.before ?? "strong";
            other.value = before === "friend" || before === "you" ? "strong" : before;
            other.dataset.before = other.value;
            moved = { from: k, name: name(k).value, to: s, toName: name(s).value };
            if (!name(s).value.trim()) name(s).value = name(k).value;
            name(k).value = "";
            said.textContent = `You sit at Seat ${s}; Seat ${k} is now ${label(other.value)}.`;
          });
        } else if (moved?.to === s && !picks.some((p) => p.value === "you")) {
          picks[moved.from].value = "you";
          picks[moved.from].dataset.before = "you";
          name(moved.from).value = moved.name;
          name(s).value = moved.toName;
          said.textContent = `You sit at Seat ${moved.from} again; Seat ${s} is ${label(pick.value)}.`;
          moved = undefined;
        } else {
          said.textContent = "";
        }
        pick.dataset.before = pick.value;
        unnamed();
      });
      seats.append(h("div", { class: "seat-row" }, h("label", { for: `seat${s}` }, `Seat ${s}`), pick,
        h("input", { type: "text", name: `name${s}`, maxlength: 40,
          "aria-label": `Seat ${s} name`, value: keptSeats ? (kept?.names[s] ?? "") : "" })));
    }
    seats.append(said, h("p", { class: "quiet ai-levels" },
      "AI levels, weakest first: random (any legal move), greedy (takes what it can at once), "
      + "heuristic (plays toward its nearest win), strong (plays its best moves out in sampled "
      + "deals and keeps the one that settles most), expert (strong with more deals, slower)."));
    unnamed();
  };
  // Each name field shows what the table calls the seat if it is left blank, as the
  // server names it ("Player N" for a person's seat, "AI N" for an AI's).
  const unnamed = () => {
    seats.querySelectorAll<HTMLSelectElement>("select").forEach((pick, k) => {
      const field = seats.querySelector<HTMLInputElement>(`input[name=name${k}]`);
      if (field) field.placeholder = `name (blank: ${pick.value === "you" || pick.value === "friend" ? "Player" : "AI"} ${k})`;
    });
  };
  // The rulings the choices follow, links once the rules are read (the game's own R-match):
  // drawn again with the options, and once the rules arrive, the choices made so far kept.
  const ruleLinks = () => {
    const chosen = chosenGame();
    const g = chosen.key as GameKey;
    // Luk Fu's three passes end a deal with no play (LF-C4): R-match counts it, as the
    // master passes on after it, which a player might not expect of "dealt again"
    dealsLabel.textContent = g === "kowah" ? "Deals: a match tallying wins and multipliers won "
      : g === "lukfu" ? "Deals: a match with running totals (three passes count as a deal) "
        : chosen.points ? "Deals: a match with running totals " : "Deals: a match tallying wins ";
    // kept open or shut as the person left it, its words the chosen game's
    clear(howTo);
    howTo.hidden = !!chosen.plugin;  // a game of one's own has no rules here to sum up
    if (!chosen.plugin) {
      howTo.append(h("summary", {}, `How to play ${chosen.title}`),
        h("ul", {}, HOW_TO_PLAY[g].map((line) => h("li", {}, ...withRules(line, g)))),
        h("p", { class: "quiet" }, "Every rule is in the rules book: any rule id above opens it."));
    }
    clear(matchRule);
    // a game of one's own has no rules book here: its R-match is not a link
    if (!chosen.plugin) matchRule.append(...withRules("(R-match)", g));
    for (const ref of rules.querySelectorAll<HTMLElement>(".ruling-slot")) {
      clear(ref);
      const preset = ref.dataset.preset;
      // a preset's paragraph, by its name: where it differs from the page (its own errors)
      if (preset) ref.append("(", presetRef(preset, g), ref.dataset.said ? `: ${ref.dataset.said})` : ")");
      else ref.append(...withRules(ref.dataset.text ?? "", g));
    }
  };
  // The form's choices, as a table of the chosen game would be made of them.
  const choicesNow = (): LobbyChoices => {
    const switches: Record<string, boolean> = {};
    for (const sw of switchesOf(chosenGame())) {
      switches[sw.field] = form.querySelector<HTMLInputElement>(`#${switchId(sw)}`)?.checked ?? sw.on;
    }
    return {
      seats: Array.from(seats.querySelectorAll<HTMLSelectElement>("select")).map((s) => s.value),
      names: Array.from(seats.querySelectorAll<HTMLInputElement>("input[type=text]")).map((i) => i.value.trim()),
      deals: deals.value.trim(), toPoints: toPointsRow.hidden ? "" : toPoints.value.trim(),
      preset: form.querySelector<HTMLSelectElement>("#preset")?.value, switches,
    };
  };
  // Each game's choices are kept as they are made, so another game looked at and this one
  // chosen again, or the page reloaded, shows them as they were left (not as the last
  // table dealt had them). The game's own radio is not a choice of its fields.
  const keepChoices = (e: Event) => {
    if ((e.target as HTMLInputElement | null)?.name === "game") return;
    keepLobby(chosenGame().key, choicesNow());
  };
  form.addEventListener("input", keepChoices);
  form.addEventListener("change", keepChoices);
  gameBox.addEventListener("change", () => {
    drawOptions(); ruleLinks(); warnOfSeed();
    keepLobby(chosenGame().key, choicesNow());  // the game a reload opens on
  });
  drawOptions();
  warnOfSeed();
  ruleLinks();
  void loadRules().then((here) => { if (here) ruleLinks(); });
  // the games of one's own this server deals, after the three (an older server, or one
  // that cannot answer, deals the three only)
  void tables.listGames({}).then((served) => {
    for (const info of served.games) {
      if (!info.plugin || games.some((g) => g.key === info.name)) continue;
      const g: LobbyGame = { key: info.name, game: Game.UNSPECIFIED, seats: info.seats, title: info.title,
        blurb: plural(info.seats, "player"), plugin: true, presets: info.presets,
        points: info.settlesInPoints };
      games.push(g);
      gameBox.append(gameChoice(g, false));
      if (last.game === g.key && gameKey() === first && first === "totom") {
        gameBox.querySelector<HTMLInputElement>(`input[value="${CSS.escape(g.key)}"]`)!.checked = true;
        drawOptions();
        ruleLinks();
        warnOfSeed();
      }
    }
  }, () => undefined);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = chosenGame();
    const choices = choicesNow();
    const picks = choices.seats;
    const names = choices.names;
    const mine = picks.indexOf("you");
    error.hidden = true;
    if (mine < 0) {
      error.hidden = false;
      error.textContent = "Choose the seat you sit at (You).";
      return;
    }
    const tableSeats: MessageInitShape<typeof TableSeatSchema>[] =
      picks.map((p, s) => (p === "you" || p === "friend"
        // a friend's seat is marked invited: until the link is opened, every seat is told
        ? { kind: SeatKind.HUMAN, name: names[s], invited: p === "friend" }
        : { kind: SeatKind.AI, aiLevel: LEVELS[p], name: names[s] }));
    const req: MessageInitShape<typeof CreateTableRequestSchema> = g.plugin
      ? { gameName: g.key, seats: tableSeats } : { game: g.game, seats: tableSeats };
    // The seed is an int64 of 0 or more, written in digits ("1e5" is a number to the
    // browser, not to BigInt); the deals 1-1000 (R-match). Refused here with the field named.
    const seedText = seed.value.trim();
    if (seedText !== "" && (!/^[0-9]+$/.test(seedText) || BigInt(seedText) > MAX_SEED)) {
      error.hidden = false;
      error.textContent = `Seed: a whole number from 0 to ${MAX_SEED}, in digits (or leave it empty for a random deal).`;
      return;
    }
    if (seedText !== "") req.seed = BigInt(seedText);
    const dealsText = deals.value.trim();
    if (dealsText !== "" && (!/^[0-9]+$/.test(dealsText) || Number(dealsText) < 1 || Number(dealsText) > 1000)) {
      error.hidden = false;
      error.textContent = "Deals: a whole number from 1 to 1000 (1: a single deal).";
      return;
    }
    const pointsText = toPointsRow.hidden ? "" : toPoints.value.trim();
    if (pointsText !== "" && (!/^[0-9]+$/.test(pointsText) || Number(pointsText) < 1 || Number(pointsText) > 100000)) {
      error.hidden = false;
      error.textContent = "Points: a whole number from 1 to 100000 (or leave it empty for no target).";
      return;
    }
    const target = Number(pointsText || "0");
    // With a target and no number of deals, the match goes on until a seat reaches it.
    const matchDeals = Number(dealsText || (target ? "0" : "1"));
    if (matchDeals > 1 || target) req.matchRules = { deals: matchDeals, toPoints: target };
    // Only a switch set otherwise than its default is sent: the table then names just those.
    const changed: Record<string, boolean> = {};
    for (const sw of switchesOf(g)) {
      const on = choices.switches?.[sw.field] ?? sw.on;
      if (on !== sw.on) changed[sw.field] = on;
    }
    if (g.plugin) {
      const preset = form.querySelector<HTMLSelectElement>("#preset")?.value ?? g.presets[0];
      req.rules = { case: "pluginRules", value: preset ? { preset } : {} };
    } else if (g.key === "totom") {
      const preset = (form.querySelector<HTMLSelectElement>("#preset")?.value === "traditional")
        ? TotomRulesPreset.TRADITIONAL : TotomRulesPreset.SEED;
      req.rules = { case: "totomRules", value: { preset, ...changed } };
    } else if (g.key === "kowah") {
      req.rules = { case: "kowahRules", value: { preset: KowahRulesPreset.SEED, ...changed } };
    } else {
      req.rules = { case: "lukFuRules", value: { preset: LukFuRulesPreset.SEED, ...changed } };
    }
    if (dealt) return;
    // the button keeps the focus (a disabled one dropped it to the page's body, unsaid)
    dealt = true;
    deal.setAttribute("aria-disabled", "true");
    deal.textContent = "Dealing…";
    dealing.textContent = "Dealing the table: the AI seats before you play their first moves.";
    try {
      const made = await tables.createTable(req);
      keepLobby(g.key, choices);
      const own = made.seatTokens.find((t) => t.seat === mine)!;
      const friends: Invite[] = made.seatTokens.filter((t) => t.seat !== mine)
        .map((f) => ({ seat: f.seat, token: f.token, name: names[f.seat] ?? "" }));
      const seat: Remembered = { tableId: made.tableId, token: own.token, game: g.key,
        title: g.plugin ? g.title : undefined, seat: mine, at: Date.now(),
        invites: friends.length ? friends : undefined, owner: made.ownerToken || undefined };
      remember(seat);
      if (friends.length) showInvites(host, seat, g.key, friends, go);
      else go(seat);
    } catch (err) {
      const r = refusal(err);
      error.hidden = false;
      error.textContent = r.reason === "TOO_MANY_TABLES"
        ? `Refused: ${r.message.replace(/: finish or close one.*$/, "")}. Finish one, or close `
          + "one you no longer play: \"close table\" at the table, or \"close\" under Your tables."
        : `Refused${r.rule ? ` [${r.rule}]` : ""}: ${r.message}`;
      dealt = false;
      deal.removeAttribute("aria-disabled");
      deal.textContent = "Deal";
      dealing.textContent = "";
    }
  });

  // This browser's seats, each token kept in localStorage until forgotten (on a shared
  // device, "forget" takes the seat's password off it).
  const mine = remembered();
  let looked = 0;  // the entries asked how their table stands: the newest, not every one
  const entry = (s: Remembered): HTMLElement => {
    const what = `${gameTitle(s)}, table ${s.tableId}, seat ${s.seat}`
      + (s.name ? ` as ${s.name}` : "");
    const drop = () => {
      forget(s);
      const fold = li.closest("details");
      const section = li.closest("section");
      li.remove();
      const left = fold?.querySelectorAll("li").length ?? 0;
      if (fold && left) fold.querySelector("summary")!.textContent = plural(left, "older table");
      else fold?.remove();
      // the entry's buttons are gone with it: the focus goes to the list's heading (or, the
      // list gone, the form's), not to the page's body
      const heading = section?.querySelector("li") ? section.querySelector<HTMLElement>("h2")
        : document.querySelector<HTMLElement>(".lobby-wrap form h2");
      if (section && !section.querySelector("li")) section.remove();
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    };
    const said = h("span", { class: "refusal", role: "alert", hidden: true });
    // Closing ends the table on the server for every seat (an open table counts against
    // the tables this address may keep open); forgetting only takes the seat off this
    // browser.
    const close = async () => {
      try {
        await tables.closeTable({ tableId: s.tableId, seatToken: s.token, ownerToken: s.owner ?? "" });
      } catch (err) {
        const r = refusal(err);
        if (notTheOwner(r)) {
          forgetOwner(s);  // an edited link's owner token: "close" is no longer offered
          s.owner = undefined;
          plain();
          said.hidden = false;
          said.textContent = " Not closed: only whoever dealt this table can close it.";
          return;
        }
        if (r.code !== Code.NotFound) {  // closed or finished already: forget it
          said.hidden = false;
          said.textContent = ` Not closed: ${r.message}`;
          return;
        }
      }
      drop();
    };
    // "close" asks first, as the table's own "close table" does: it ends the table for
    // every seat, friends included, where "forget" beside it only leaves this browser
    const controls = h("span", { class: "controls" });
    // A table seen finished needs no closing (it no longer counts against the tables one
    // address may keep open): it says so, and only "forget" stands beside it.
    const plain = () => {
      clear(controls);
      const ended = s.over ? "finished" : gone;
      if (ended) {
        controls.append(h("span", { class: "finished" }, ended), " · ",
          h("button", { type: "button", class: "link forget", "aria-label": `Forget ${what}`, onclick: drop }, "forget"));
        return;
      }
      // a seat opened from a friend's link does not close the table of whoever dealt it
      // (the dealer's own seat, moved to a new link with the owner token, still does)
      if (!s.link || s.owner) {
        controls.append(
          h("button", { type: "button", class: "link close", "aria-label": `Close ${what}`, onclick: ask }, "close"),
          " · ");
      }
      controls.append(
        h("button", { type: "button", class: "link forget", "aria-label": `Forget ${what}`, onclick: drop }, "forget"));
    };
    const ask = () => {
      clear(controls);
      controls.append(h("span", { class: "close-ask", role: "alert" }, "close it for good, for every seat? ",
        h("button", { type: "button", class: "link close-yes", onclick: () => void close() }, "yes, close it"),
        " · ",
        h("button", { type: "button", class: "link close-no", onclick: () => {
          plain();
          controls.querySelector<HTMLElement>(".close")?.focus();  // back where it was asked
        } }, "no, keep it")));
      controls.querySelector<HTMLElement>(".close-no")?.focus();
    };
    // How the table stands now, asked of the server: it may have finished, been closed or
    // its seat moved to another browser while this one was away. Its own view, nothing
    // more; a call that finds no answer leaves the entry as it was.
    let gone = "";
    const where = h("span", { class: "standing" });
    const look = async () => {
      try {
        const { view } = await tables.getView({ tableId: s.tableId, seatToken: s.token });
        if (!view) return;
        if (!finished(view)) {
          // a person with several tables sees where each waits on them
          const now = standing(view);
          where.textContent = now ? `· ${now} · ` : "";
          // bold while it waits on this seat, links not opened or not
          where.classList.toggle("yours", /(^|, )your turn(;|$)/.test(now));
          return;
        }
        markOver(s);
        s.over = true;
      } catch (err) {
        const r = refusal(err);
        if (r.code === Code.NotFound) gone = "closed";
        else if (r.reason === "SEAT_TOKEN_RENEWED") gone = "moved to another link";
        else return;
      }
      if (!controls.querySelector(".close-ask")) plain();  // never under a question asked
    };
    plain();
    if (!s.over && looked < SHOWN_SEATS) {
      looked += 1;
      void look();
    }
    const li = h("li", {}, h("button", { type: "button", onclick: () => go(s) }, what),
      h("span", { class: "quiet" }, ` ${new Date(s.at).toLocaleString()} `), where, controls, said);
    return li;
  };
  // The newest seats in view; older ones folded, still there to resume, close or forget.
  const older = mine.slice(SHOWN_SEATS);
  const resume = mine.length ? h("section", { class: "panel resume", "aria-label": "Your tables" },
    h("h2", {}, "Your tables"),
    h("ul", {}, mine.slice(0, SHOWN_SEATS).map(entry)),
    older.length ? h("details", { class: "older" },
      h("summary", {}, plural(older.length, "older table")),
      h("ul", {}, older.map(entry))) : null) : null;
  host.append(h("div", { class: "lobby-wrap" },
    note ? h("p", { class: "panel notice", role: "status" }, note) : null, form, resume));
  // Come from a table (`focus`): its controls are gone, and a keyboard or screen reader
  // would be left on the page's body. The note says why, else Your tables, else the form.
  if (focus) {
    const first = host.querySelector<HTMLElement>(".lobby-wrap > .notice")
      ?? host.querySelector<HTMLElement>(".resume h2") ?? form.querySelector<HTMLElement>("h2");
    if (first) {
      first.tabIndex = -1;
      first.focus();
    }
  }
}

/** Right after dealing: one link per friend's seat, each carrying that seat's token in its
 * fragment (never sent to the server). Shown to the person who dealt, here and from their
 * table ("links for friends"), as this browser keeps them with its own seat. */
function showInvites(host: HTMLElement, seat: Remembered, game: string, friends: Invite[],
                     go: (seat: Seat) => void): void {
  clear(host);
  host.append(h("section", { class: "panel invite", "aria-label": "Invite your friends" },
    h("h2", {}, `${gameTitle(seat)} table ${seat.tableId} is dealt`),
    h("p", {}, "Send each friend the link to their seat. A link is that seat's password: keep it to them " +
      "(your table shows the links again under \u201clinks for friends\u201d). When your friend opens it, the seat gets " +
      "a new password that only their browser has, and the link opens nothing more: no one else, you included, " +
      "can look at their cards."),
    inviteList(seat.tableId, friends),
    h("p", {}, h("button", { type: "button", class: "primary", id: "to-my-seat", onclick: () => go(seat) }, "Go to my seat"))));
  // the Deal button is gone: the page's heading takes the focus, so a keyboard or a screen
  // reader starts at what was dealt, not at the page's body
  const heading = host.querySelector<HTMLElement>(".invite h2");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

/** The three games' switches the lobby offers (a game of one's own has none here). */
function switchesOf(g: LobbyGame): SwitchChoice[] {
  return g.plugin ? [] : SWITCHES[g.key as GameKey];
}

/** A remembered seat's game by the name people know it by (a game of one's own's title was
 * kept when it was dealt; else its registered name). */
function gameTitle(s: Remembered): string {
  return GAME_TITLE[s.game as GameKey] ?? s.title ?? s.game;
}
