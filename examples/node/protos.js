// Where the project's .proto files are: $MONEYCARDS_PROTO, else the checkout's proto folder
// beside this one. A copy of this folder elsewhere without $MONEYCARDS_PROTO is told so in
// one line (exit 2), not met with a loader's stack trace.
"use strict";
const fs = require("fs");
const path = require("path");

function protoRoot() {
  const root = process.env.MONEYCARDS_PROTO || path.join(__dirname, "..", "..", "proto");
  if (!fs.existsSync(path.join(root, "moneycards", "v1", "table.proto"))) {
    const where = process.env.MONEYCARDS_PROTO ? `MONEYCARDS_PROTO (${root})` : root;
    console.error(`no moneycards .proto files in ${where}: set MONEYCARDS_PROTO to the ` +
      "project's proto folder (the one holding moneycards/v1/table.proto)");
    process.exit(2);
  }
  return root;
}

module.exports = { protoRoot };
