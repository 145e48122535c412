// Check a Tổ Tôm hand over gRPC from Node.js, loading the project's .proto files.
//
//   npm ci && node client.js 127.0.0.1:50051 "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m" 3c
//
// Prints the CheckHand response as JSON. On an error, prints the gRPC status code, its
// message and the decoded details (google.rpc.ErrorInfo: the rule id or kind of error as
// `reason`; google.rpc.BadRequest: the field) as JSON, exit code 2.
"use strict";
const path = require("path");
const grpc = require("@grpc/grpc-js");
const loader = require("@grpc/proto-loader");
const protobuf = require("protobufjs");

const root = require("./protos").protoRoot();
const definition = loader.loadSync("moneycards/v1/totom.proto", {
  includeDirs: [root], keepCase: true, enums: String, defaults: true, longs: Number,
});
const { TotomService } = grpc.loadPackageDefinition(definition).moneycards.v1;

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
  const [bin] = metadata.get("grpc-status-details-bin");
  if (!bin) return {};
  const out = {};
  for (const any of Status.decode(bin).details) {
    const name = any.type_url.slice(any.type_url.lastIndexOf("/") + 1);
    const type = details.lookupType(name);
    out[name.replace("google.rpc.", "")] = type.toObject(type.decode(any.value));
  }
  return out;
}

const [address = "127.0.0.1:50051", hand = "", winCard = ""] = process.argv.slice(2);
const client = new TotomService(address, grpc.credentials.createInsecure());
const request = { hand, context: { win_card: winCard, via: winCard ? "WIN_VIA_OWN_DOOR" : "WIN_VIA_UNSPECIFIED" } };

client.CheckHand(request, { deadline: Date.now() + 10000 }, (err, response) => {
  if (err) {
    const d = decodeDetails(err.metadata);
    console.log(JSON.stringify({
      code: err.code, details: err.details,
      reason: d.ErrorInfo && d.ErrorInfo.reason, errorInfo: d.ErrorInfo, badRequest: d.BadRequest,
    }));
    process.exit(2);
  }
  console.log(JSON.stringify(response));
  client.close();
});
