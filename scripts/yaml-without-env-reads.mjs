// An esbuild plugin: bundles yaml's browser build wherever the code imports "yaml".
//
// yaml's Node build reads process.env.LOG_TOKENS for every token its parser is given, and
// process.env.LOG_STREAM for every document (debug switches that console.log what they see). On
// Node each read is a getenv() behind an interceptor: about a fifth of a parse of a 118 KB
// scenario (152 vs 189 ms), and with LOG_TOKENS set the CLI printed every token amid its report.
// The browser build is the same code without the switches. yaml exports it to browsers only, so
// the plugin resolves the file beside yaml's package.json.
import { createRequire } from "node:module";
import * as path from "node:path";

const browserBuild = path.join(path.dirname(createRequire(import.meta.url).resolve("yaml/package.json")), "browser", "index.js");

/** @type {import('esbuild').Plugin} */
export const yamlWithoutEnvReads = {
  name: "yaml-without-env-reads",
  setup(build) {
    build.onResolve({ filter: /^yaml$/ }, () => ({ path: browserBuild }));
  },
};
