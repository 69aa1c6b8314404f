// Bundles the extension client, the language server and the CLI separately into dist/.
// The server and CLI are bundled without `vscode` as an external, so an accidental
// runtime import of `vscode` outside the client fails the build.
import * as esbuild from "esbuild";
import { rmSync } from "node:fs";
import { yamlWithoutEnvReads } from "./scripts/yaml-without-env-reads.mjs";

const production = process.argv.includes("--production");
const watch = process.argv.includes("--watch");

// Every bundle takes yaml's browser build: its Node build reads the environment once a token.
/** @type {import('esbuild').BuildOptions} */
const common = {
  plugins: [yamlWithoutEnvReads],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  sourcemap: !production,
  sourcesContent: false,
  minify: production,
  logLevel: "warning",
};

const targets = [
  { ...common, entryPoints: ["client/extension.ts"], outfile: "dist/extension.js", external: ["vscode"] },
  // The server exports PNGs too (ruleboard/export), so the native renderer stays external here as well.
  { ...common, entryPoints: ["server/server.ts"], outfile: "dist/server.js", external: ["@resvg/resvg-js"] },
  // The PNG renderer ships a native binary; it is loaded from node_modules at run time.
  { ...common, entryPoints: ["cli/main.ts"], outfile: "dist/cli.js", external: ["@resvg/resvg-js"] },
  // The board preview's script runs in the webview (a browser): any Node built-in reaching it fails the build.
  { ...common, platform: "browser", format: "iife", target: "es2022", entryPoints: ["client/webview/main.ts"], outfile: "dist/webview/main.js" },
  { ...common, platform: "browser", format: "iife", target: "es2022", entryPoints: ["client/webview/rasterize.ts"], outfile: "dist/webview/rasterize.js" },
];

// A production build (for the .vsix) starts from an empty dist/, so no source map or stale file ships.
if (production) rmSync("dist", { recursive: true, force: true });

if (watch) {
  const contexts = await Promise.all(targets.map((t) => esbuild.context(t)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(targets.map((t) => esbuild.build(t)));
}
