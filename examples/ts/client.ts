// A typed TypeScript client of KowahService: its code is generated from the project's
// .proto files (`npm run build`: buf generate, then tsc), and it speaks gRPC over HTTP/2.
// buf comes with the project's Python set-up (.venv/bin/buf, from the pinned buf package).
//
//   npm ci && PATH=../../.venv/bin:$PATH npm run build && node dist/client.js 127.0.0.1:50051 "55c 55s 5m 777c"
//
// Prints the CheckReady answer as JSON. On an error, prints the status code, the message
// and the decoded details — google.rpc.ErrorInfo's reason (the rule id, e.g. KW-R4) and
// google.rpc.BadRequest's field — as JSON, exit code 2.
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { BadRequestSchema, ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";
import { KowahService } from "./gen/moneycards/v1/kowah_pb.js";

const [address = "127.0.0.1:50051", hand = "", seen = ""] = process.argv.slice(2);
const kowah = createClient(KowahService, createGrpcTransport({ baseUrl: `http://${address}` }));

try {
  const r = await kowah.checkReady({ hand, seen }, { timeoutMs: 10_000 });
  // Typed fields: `distance` is number | undefined (absent when no ready hand is left).
  console.log(JSON.stringify({
    hand: r.hand,
    ready: r.ready,
    waits: r.waits,
    splits: r.splits.map((s) => ({ triplets: s.triplets, pair: s.pair, wait: s.wait })),
    violations: r.violations.map((v) => ({ rule: v.rule, message: v.message })),
    distance: r.distance ?? null,
  }));
} catch (e) {
  const err = ConnectError.from(e);
  const [info] = err.findDetails(ErrorInfoSchema);
  const [bad] = err.findDetails(BadRequestSchema);
  console.log(JSON.stringify({
    code: Code[err.code],
    message: err.rawMessage,
    reason: info?.reason ?? null,
    domain: info?.domain ?? null,
    field: bad?.fieldViolations[0]?.field ?? null,
    description: bad?.fieldViolations[0]?.description ?? null,
  }));
  process.exitCode = 2;
}
