#!/usr/bin/env bash
# The web table, built: client code generated from ../proto by buf and protoc-gen-es, type
# checked, bundled by esbuild into ../moneycards/web (index.html, app.js, app.css). The same
# sources and pinned packages give the same bytes, which CI checks against the committed ones.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# buf: $BUF (a path from the caller's folder), else on PATH, else the project's venv
buf=$(realpath "${BUF:-$(command -v buf || echo "$here/../.venv/bin/buf")}")
# the protos: ../proto, or $PROTO (a path from the caller's folder, e.g. an export of a
# commit's proto/ folder)
proto=$(realpath "${PROTO:-$here/../proto}")
cd "$here"
out=../moneycards/web
"$buf" generate "$proto"
node_modules/.bin/tsc -p .
node_modules/.bin/esbuild src/main.ts --bundle --minify --format=esm --target=es2020 \
  --legal-comments=eof --charset=utf8 --log-level=warning --outfile="$out/app.js"
node_modules/.bin/esbuild src/style.css --minify --charset=utf8 --log-level=warning \
  --outfile="$out/app.css"
cp src/index.html "$out/index.html"
