// npm run pack:cli -- <folder>: the npm package `ruleboard` (the command line and the library),
// a tarball that works on install: no build step, no dev dependency. It is built apart from the
// repository's own package.json (which is the VS Code extension's manifest, packed by
// scripts/package.mjs into the .vsix): a staging folder, out/pack/ruleboard/, gets its own
// package.json (same name and version), the bundles, their type declarations, the scenario
// schema, README.md and LICENSE, and `npm pack` writes the tarball into <folder>.
// Prints the tarball's name, size and file count.
//
//   dist/cli.js           the `ruleboard` command (bin/ruleboard.js starts it)
//   dist/library.js       `require("ruleboard")` / `import … from "ruleboard"` (cli/library.ts)
//   dist/markdown-it.*    `ruleboard/markdown-it` (docs-plugins/markdown-it.ts), CommonJS and ESM
//   dist/remark.*         `ruleboard/remark` (docs-plugins/remark.ts), CommonJS and ESM
//   types/                .d.ts of the library and the plugins (tsc --emitDeclarationOnly)
//
// A docs plugin whose source is missing is left out with a message (and its sub-path is not
// exported); it is picked up by the next run once the file exists.
// Usage: node scripts/pack-cli.mjs <folder> [--stage <folder>]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import * as esbuild from "esbuild";
import { yamlWithoutEnvReads } from "./yaml-without-env-reads.mjs";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const stageAt = args.indexOf("--stage");
const stage = path.resolve(stageAt >= 0 ? args[stageAt + 1] : path.join(root, "out", "pack", "ruleboard"));
const operands = args.filter((a, i) => !a.startsWith("--") && (stageAt < 0 || i !== stageAt + 1));
if (operands.length !== 1) {
  console.error("usage: npm run pack:cli -- <folder>   (writes ruleboard-<version>.tgz into <folder>)");
  process.exit(2);
}
const destination = path.resolve(operands[0]);
const top = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** The only packages the bundles may leave to node_modules: the package's dependencies. */
const DEPENDENCIES = ["yaml", "@resvg/resvg-js"];

/** The docs-site plugins: sub-path, source. Built when their source exists. */
const PLUGINS = [
  { name: "markdown-it", source: "docs-plugins/markdown-it.ts" },
  { name: "remark", source: "docs-plugins/remark.ts" },
];

rmSync(stage, { recursive: true, force: true });
mkdirSync(path.join(stage, "dist"), { recursive: true });
mkdirSync(destination, { recursive: true });

// ---------------------------------------------------------------------------------------------
// The bundles. Every package import stays external (`packages: "external"`), so yaml is shared by
// the bundles from node_modules and the native PNG renderer is loaded from its own package; the
// metafile then tells which packages the bundles import, and anything beyond DEPENDENCIES fails.

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  packages: "external",
  sourcemap: false,
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  absWorkingDir: root,
};

// A plugin's CommonJS build hands out its default export as the module itself (markdown-it's and
// remark's CommonJS plugins are the function), keeping `.default` and the named exports on it.
const DEFAULT_AS_MODULE =
  "if (module.exports && typeof module.exports.default === 'function') module.exports = Object.assign(module.exports.default, module.exports);";

const builds = [
  // The command bundles yaml's browser build (scripts/yaml-without-env-reads.mjs: the Node build
  // reads the environment once a token, and prints every token when LOG_TOKENS is set); the
  // library and the plugins share the package's yaml dependency with their caller.
  { ...common, format: "cjs", entryPoints: ["cli/main.ts"], outfile: path.join(stage, "dist", "cli.js"), plugins: [yamlWithoutEnvReads] },
  { ...common, format: "cjs", entryPoints: ["cli/library.ts"], outfile: path.join(stage, "dist", "library.js") },
];
const plugins = PLUGINS.filter((p) => {
  if (existsSync(path.join(root, p.source))) return true;
  console.log(`pack:cli: ${p.source} does not exist yet: ruleboard/${p.name} is left out of this package`);
  return false;
});
for (const p of plugins) {
  builds.push({ ...common, format: "cjs", entryPoints: [p.source], outfile: path.join(stage, "dist", `${p.name}.js`), footer: { js: DEFAULT_AS_MODULE } });
  builds.push({ ...common, format: "esm", entryPoints: [p.source], outfile: path.join(stage, "dist", `${p.name}.mjs`) });
}
const results = await Promise.all(builds.map((b) => esbuild.build(b)));
const imported = new Set();
for (const r of results) {
  for (const input of Object.values(r.metafile.inputs)) {
    for (const i of input.imports) if (i.external && !i.path.startsWith("node:")) imported.add(i.path);
  }
}
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const strays = [...imported].map(packageOf).filter((p) => !DEPENDENCIES.includes(p));
if (strays.length > 0) {
  console.error(`pack:cli: the bundles import ${[...new Set(strays)].join(", ")}, which the package does not depend on`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Type declarations, from the sources (tsc --emitDeclarationOnly): types/cli/library.d.ts and
// what it refers to, types/docs-plugins/<plugin>.d.ts. For the plugins' ESM builds a .d.mts
// beside each, the same declarations with the relative imports given their .js extension.

const tsc = path.join(path.dirname(require.resolve("typescript/package.json")), "bin", "tsc");
const typesDir = path.join(stage, "types");
const declared = spawnSync(
  process.execPath,
  [
    tsc,
    "--declaration",
    "--emitDeclarationOnly",
    "--strict",
    "--skipLibCheck",
    "--target",
    "ES2022",
    "--module",
    "Node16",
    "--moduleResolution",
    "Node16",
    "--types",
    "node",
    "--rootDir",
    ".",
    "--outDir",
    typesDir,
    "cli/library.ts",
    ...plugins.map((p) => p.source),
  ],
  { cwd: root, stdio: "inherit" },
);
if (declared.status !== 0) {
  console.error("pack:cli: the type declarations could not be written (tsc failed)");
  process.exit(1);
}
for (const p of plugins) {
  const dts = path.join(typesDir, p.source.replace(/\.ts$/, ".d.ts"));
  const text = readFileSync(dts, "utf8").replace(/(from\s+["'])(\.{1,2}\/[^"']+?)(["'])/g, (_m, a, spec, b) => `${a}${spec}.js${b}`);
  writeFileSync(dts.replace(/\.d\.ts$/, ".d.mts"), text);
}

// ---------------------------------------------------------------------------------------------
// The package folder: bin, schema, README (its links made absolute: they point into the
// repository, which the package does not hold), LICENSE, and package.json.

mkdirSync(path.join(stage, "bin"), { recursive: true });
writeFileSync(
  path.join(stage, "bin", "ruleboard.js"),
  `#!/usr/bin/env node\n// Entry point of \`npx ruleboard\`: the bundled command line.\n"use strict";\nrequire("../dist/cli.js");\n`,
  { mode: 0o755 },
);
mkdirSync(path.join(stage, "schemas"), { recursive: true });
cpSync(path.join(root, "schemas", "scenario.schema.json"), path.join(stage, "schemas", "scenario.schema.json"));
cpSync(path.join(root, "LICENSE"), path.join(stage, "LICENSE"));
const blob = "https://github.com/ruleboard/ruleboard/blob/main/";
const raw = "https://github.com/ruleboard/ruleboard/raw/main/";
const readme = readFileSync(path.join(root, "README.md"), "utf8").replace(
  /(!?)\]\((?!https?:|#|mailto:)([^)\s]+)\)/g,
  (_m, bang, target) => `${bang}](${bang ? raw : blob}${target})`,
);
writeFileSync(path.join(stage, "README.md"), readme);

const dependencyVersions = Object.fromEntries(DEPENDENCIES.map((d) => [d, top.dependencies[d]]));
const exportsMap = {
  ".": { types: "./types/cli/library.d.ts", default: "./dist/library.js" },
  ...Object.fromEntries(
    plugins.map((p) => [
      `./${p.name}`,
      {
        import: { types: `./types/${p.source.replace(/\.ts$/, ".d.mts")}`, default: `./dist/${p.name}.mjs` },
        require: { types: `./types/${p.source.replace(/\.ts$/, ".d.ts")}`, default: `./dist/${p.name}.js` },
      },
    ]),
  ),
  "./scenario.schema.json": "./schemas/scenario.schema.json",
  "./package.json": "./package.json",
};
const manifest = {
  name: top.name,
  version: top.version,
  description: "Check tabletop-wargame rules scenarios and draw their boards: the ruleboard command line and library.",
  license: top.license,
  repository: top.repository,
  bugs: top.bugs,
  homepage: top.homepage,
  keywords: top.keywords,
  engines: { node: top.engines.node },
  bin: { ruleboard: "bin/ruleboard.js" },
  main: "./dist/library.js",
  types: "./types/cli/library.d.ts",
  exports: exportsMap,
  files: ["bin/", "dist/", "types/", "schemas/scenario.schema.json"],
  dependencies: dependencyVersions,
};
writeFileSync(path.join(stage, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

// ---------------------------------------------------------------------------------------------
// npm pack (no scripts: the staging folder has none, and none may run).

const npmCli = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? [process.execPath, [process.env.npm_execpath]] : ["npm", []];
const packed = spawnSync(npmCli[0], [...npmCli[1], "pack", "--json", "--ignore-scripts", "--pack-destination", destination], {
  cwd: stage,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (packed.status !== 0) {
  console.error("pack:cli: npm pack failed");
  process.exit(packed.status ?? 1);
}
const [info] = JSON.parse(packed.stdout);
const tarball = path.join(destination, info.filename);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const shown = path.relative(process.cwd(), tarball) || tarball;
console.log(`packed ${shown}: ${kib(statSync(tarball).size)}, ${info.entryCount} files (${kib(info.unpackedSize)} unpacked)`);
console.log(`  exports: ${Object.keys(exportsMap).join(", ")}; dependencies: ${DEPENDENCIES.join(", ")}`);
// The staging folder's own listing, for a reader who wants to see what went in.
const count = (dir) => readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(path.join(dir, e.name)) : 1), 0);
if (count(stage) !== info.entryCount)
  console.log(`  (staging folder ${path.relative(root, stage)} holds ${count(stage)} files; npm packed ${info.entryCount})`);
