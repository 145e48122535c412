// Play one whole deal over moneycards.v1.TableService from Node.js, loading the project's
// .proto files at run time.
//
//   npm ci && node table.js 127.0.0.1:50051 kowah 7
//
// GAME is totom, kowah or lukfu; SEED is optional (absent: the server picks one). The
// script opens a table with one person's seat (seat 0, "Node") and greedy AI players in the
// others, then:
//   1. sends one illegal action on purpose and decodes the error's google.rpc.ErrorInfo
//      (FAILED_PRECONDITION, reason: the rule id the action breaks);
//   2. sends one malformed call (GetView without a table id) and decodes its
//      google.rpc.BadRequest (INVALID_ARGUMENT, the field it names);
//   3. plays the deal: GetView, Hint, Act with the top-ranked action and the view's version
//      as expected_version, until the view says the deal is over;
//   4. reads the game record with GetRecord.
// Copied out of the checkout, it finds the .proto files in $MONEYCARDS_PROTO.
// It prints one JSON object: game, table_id, seed (the record tells it; CreateTable does not,
// as it would reveal every hand), own_actions, version, result_text, result, record_actions,
// illegal, malformed and record (the game record). Exit 1 on any other error.
"use strict";
const path = require("path");
const grpc = require("@grpc/grpc-js");
const loader = require("@grpc/proto-loader");
const protobuf = require("protobufjs");

const root = require("./protos").protoRoot();
// table.proto imports google/protobuf/timestamp.proto, which proto-loader resolves itself.
const definition = loader.loadSync("moneycards/v1/table.proto", {
  // 64-bit integers as strings: a server-chosen seed uses all 63 bits, more than a JS
  // number holds exactly (it would print a seed that deals another deal)
  includeDirs: [root], keepCase: true, enums: String, defaults: true, longs: String,
});
const { TableService } = grpc.loadPackageDefinition(definition).moneycards.v1;

// The error details travel as a google.rpc.Status in the grpc-status-details-bin trailer.
const details = protobuf.loadSync(path.join(root, "google", "rpc", "error_details.proto"));
const Status = new protobuf.Type("Status")
  .add(new protobuf.Field("code", 1, "int32"))
  .add(new protobuf.Field("message", 2, "string"))
  .add(new protobuf.Field("details", 3, "Detail", "repeated"))
  .add(new protobuf.Type("Detail")
    .add(new protobuf.Field("type_url", 1, "string"))
    .add(new protobuf.Field("value", 2, "bytes")));
new protobuf.Root().define("status").add(Status);

function decodeDetails(metadata) {
  const [bin] = metadata ? metadata.get("grpc-status-details-bin") : [];
  if (!bin) return {};
  const out = {};
  for (const any of Status.decode(bin).details) {
    const name = any.type_url.slice(any.type_url.lastIndexOf("/") + 1);
    const type = details.lookupType(name);
    out[name.replace("google.rpc.", "")] = type.toObject(type.decode(any.value));
  }
  return out;
}

const GAMES = {
  // `moves`: actions of the game (one of them not legal at the first view, to be refused).
  totom: { enum: "GAME_TOTOM", seats: 4, observation: "totom", record: "totom", moves: ["pass", "win"] },
  kowah: { enum: "GAME_KOWAH", seats: 3, observation: "kowah", record: "kowah", moves: ["stay", "draw"] },
  lukfu: { enum: "GAME_LUK_FU", seats: 3, observation: "luk_fu", record: "luk_fu", moves: ["claim", "end"] },
};

// A game record as a record file holds it (the proto JSON form, which the CLI's replay and
// check-record read): the timestamp as RFC 3339 text, unset message fields left out.
function recordJson(record) {
  const out = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === null || value === undefined) continue;
    if (key === "played_at") {
      const ms = Number(value.seconds) * 1000 + Math.floor(value.nanos / 1e6);
      out[key] = new Date(ms).toISOString().replace(".000Z", "Z");
    } else {
      out[key] = value;
    }
  }
  return out;
}

const [address = "127.0.0.1:50051", gameName = "kowah", seedArg] = process.argv.slice(2);
const game = GAMES[gameName];
if (!game) {
  console.error(`usage: node table.js HOST:PORT totom|kowah|lukfu [SEED]`);
  process.exit(2);
}
const client = new TableService(address, grpc.credentials.createInsecure());

// A unary call as a promise; an error keeps its code, message and trailers.
function call(method, request) {
  return new Promise((resolve, reject) => {
    client[method](request, { deadline: Date.now() + 30000 }, (err, response) =>
      err ? reject(err) : resolve(response));
  });
}

// The call's error, decoded; fails if the call succeeded or failed with another code.
async function expectError(method, request, code) {
  try {
    await call(method, request);
  } catch (err) {
    if (err.code !== code) throw err;
    return { code: err.code, message: err.details, ...decodeDetails(err.metadata) };
  }
  throw new Error(`${method} succeeded; expected status code ${code}`);
}

async function main() {
  const seats = [{ kind: "SEAT_KIND_HUMAN", name: "Node" }];
  while (seats.length < game.seats) seats.push({ kind: "SEAT_KIND_AI", ai_level: "AI_LEVEL_GREEDY" });
  const create = { game: game.enum, seats };
  if (seedArg !== undefined) create.seed = seedArg;  // digits: uint64 as a string
  const table = await call("CreateTable", create);
  const seat = { table_id: table.table_id, seat_token: table.seat_tokens[0].token };

  // 1. An action that is not one of the legal ones: refused with the rule it breaks, and the
  // table is left as it was.
  const first = (await call("GetView", seat)).view;
  const legal = first.legal_actions.map((a) => a.text);
  const action = game.moves.find((a) => !legal.includes(a));
  const refused = await expectError("Act", { ...seat, action }, grpc.status.FAILED_PRECONDITION);
  const illegal = {
    action, code: refused.code, message: refused.message,
    reason: refused.ErrorInfo.reason, domain: refused.ErrorInfo.domain,
  };

  // 2. A malformed call: no table id.
  const bad = await expectError("GetView", { table_id: "", seat_token: seat.seat_token },
    grpc.status.INVALID_ARGUMENT);
  const malformed = {
    code: bad.code, message: bad.message,
    field: bad.BadRequest.fieldViolations[0].field, reason: bad.ErrorInfo.reason,
  };

  // 3. The deal: the person's seat follows the hint engine's top action.
  let ownActions = 0;
  let view = (await call("GetView", seat)).view;
  if (view.version !== first.version) throw new Error("the refused action changed the table");
  while (!view.over) {
    const hint = await call("Hint", seat);  // the default budget: the same moves every run
    if (hint.version !== view.version) throw new Error("the hint is for another version");
    const act = await call("Act", { ...seat, action: hint.actions[0].action,
      expected_version: view.version });
    ownActions += 1;
    view = (await call("GetView", seat)).view;
    if (view.version !== act.view.version) throw new Error("GetView disagrees with Act");
  }

  // 4. The game record, complete now.
  const got = await call("GetRecord", seat);
  if (!got.complete) throw new Error("GetRecord: the record is not complete after the deal");
  const record = recordJson(got[game.record]);
  console.log(JSON.stringify({
    game: gameName, table_id: table.table_id, seed: record.seed, own_actions: ownActions,
    version: view.version, result_text: view.result_text,
    result: view[game.observation].result, record_actions: record.actions.length,
    illegal, malformed, record,
  }));
}

main().then(() => client.close(), (err) => {
  console.error(JSON.stringify({ code: err.code, message: err.details || err.message,
    ...decodeDetails(err.metadata) }));
  process.exit(1);
});
