#!/usr/bin/env node
// Entry point for `npx ruleboard`: runs the bundled CLI (built by `npm run build`).
"use strict";
const path = require("node:path");
const fs = require("node:fs");
const cli = path.join(__dirname, "..", "dist", "cli.js");
if (!fs.existsSync(cli)) {
  process.stderr.write("ruleboard: dist/cli.js is missing; run `npm run build` first.\n");
  process.exit(2);
}
require(cli);
