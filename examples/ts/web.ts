// The web port from TypeScript with the browser transports of @connectrpc/connect-web (they
// use `fetch`, which Node.js 20 has too): Connect with JSON, Connect binary and gRPC-Web,
// each over the same generated code as client.ts.
//
//   npm ci && PATH=../../.venv/bin:$PATH npm run build && node dist/web.js http://127.0.0.1:8080
//
// For each transport, prints one JSON line: the rule id of a refused action (from
// google.rpc.ErrorInfo), the events `Watch` streamed up to the seat's version after a legal
// action, whether the table was closed (CloseTable, then GetView answers NotFound), and a
// CheckHand verdict.
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-web";
import { ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { AiLevel, Game, SeatKind } from "./gen/moneycards/v1/common_pb.js";
import { TableService } from "./gen/moneycards/v1/table_pb.js";
import { TotomService } from "./gen/moneycards/v1/totom_pb.js";

const [baseUrl = "http://127.0.0.1:8080"] = process.argv.slice(2);
const transports: [string, Transport][] = [
  ["connect-json", createConnectTransport({ baseUrl })],
  ["connect-binary", createConnectTransport({ baseUrl, useBinaryFormat: true })],
  ["grpc-web", createGrpcWebTransport({ baseUrl })],
];

for (const [name, transport] of transports) {
  const tables = createClient(TableService, transport);
  const made = await tables.createTable({
    game: Game.KOWAH,
    seed: 5n,
    seats: [{ kind: SeatKind.HUMAN, name: "Lan" },
            { kind: SeatKind.AI, aiLevel: AiLevel.RANDOM },
            { kind: SeatKind.AI, aiLevel: AiLevel.GREEDY }],
  });
  const who = { tableId: made.tableId, seatToken: made.seatTokens[0].token };
  const view = (await tables.getView(who)).view!;
  const legal = view.legalActions.map((a) => a.text);
  const refused = ["take", "draw", "stay"].find((a) => !legal.includes(a)) ?? "";
  let rule: string | null = null;
  try {
    await tables.act({ ...who, action: refused });
  } catch (e) {
    rule = ConnectError.from(e).findDetails(ErrorInfoSchema)[0]?.reason ?? null;
  }
  const acted = await tables.act({ ...who, action: legal[0], expectedVersion: view.version });
  const events: string[] = [];
  for await (const { event } of tables.watch({ ...who, fromVersion: 0n }, { timeoutMs: 10_000 })) {
    if (!event) continue;  // a seat's person arriving (WatchResponse.arrival), no event
    events.push(event.action);
    if (event.version >= acted.view!.version) break;
  }
  // Close the table: an unfinished one counts against the address's open tables until then.
  await tables.closeTable(who);
  let closed = false;
  try {
    await tables.getView(who);
  } catch (e) {
    closed = ConnectError.from(e).code === Code.NotFound;
  }
  const hand = await createClient(TotomService, transport).checkHand(
    { hand: "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m" });
  console.log(JSON.stringify({
    transport: name, refused, rule, acted: acted.events.map((e) => e.action), events, closed,
    wins: hand.wins,
  }));
}
