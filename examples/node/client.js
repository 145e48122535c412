// Check a Tổ Tôm hand over gRPC from Node.js, loading the project's .proto files.
//
//   npm ci && node client.js 127.0.0.1:50051 "22c 44c 55c 66c 22s 88s 3c3m 7c7s 5s5m 6s6m" 3c
//
// Prints the CheckHand response as JSON; on an error, the gRPC status code and details
// (INVALID_ARGUMENT names the field) as JSON, exit code 2.
"use strict";
const path = require("path");
const grpc = require("@grpc/grpc-js");
const loader = require("@grpc/proto-loader");

const root = path.join(__dirname, "..", "..", "proto");
const definition = loader.loadSync("moneycards/v1/totom.proto", {
  includeDirs: [root], keepCase: true, enums: String, defaults: true, longs: Number,
});
const { TotomService } = grpc.loadPackageDefinition(definition).moneycards.v1;

const [address = "127.0.0.1:50051", hand = "", winCard = ""] = process.argv.slice(2);
const client = new TotomService(address, grpc.credentials.createInsecure());
const request = { hand, context: { win_card: winCard, via: winCard ? "WIN_VIA_OWN_DOOR" : "WIN_VIA_UNSPECIFIED" } };

client.CheckHand(request, { deadline: Date.now() + 10000 }, (err, response) => {
  if (err) {
    console.log(JSON.stringify({ code: err.code, details: err.details }));
    process.exit(2);
  }
  console.log(JSON.stringify(response));
  client.close();
});
