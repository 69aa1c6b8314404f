// The npm package works on install: `npm run pack:cli` (scripts/pack-cli.mjs) packs it into a
// temp folder, `npm install <tarball> --offline` puts it into an empty project with no network
// (a proxy that answers nothing stands in for the network, so any attempt to reach it fails), and
// there `npx ruleboard check` reports a Markdown block's error at its Markdown line, `render
// --format png` writes a PNG, and scripts (CommonJS, ESM, TypeScript) use the library.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../helpers/cli";
import { OFFLINE_ENV, offlineInstallSpecs, packTarball, sh } from "../helpers/pack";

const TMP = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ruleboard-pack-")));
const PROJECT = path.join(TMP, "project");
const TOP = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string; dependencies: Record<string, string> };

after(() => fs.rmSync(TMP, { recursive: true, force: true }));

let packOutput = "";
let tarball = "";
let installedHow = "";

before(() => {
  ({ tarball, output: packOutput } = packTarball(TMP));
  fs.mkdirSync(PROJECT);
  fs.writeFileSync(path.join(PROJECT, "package.json"), JSON.stringify({ name: "a-rules-document", version: "1.0.0", private: true }));
  const { specs, how } = offlineInstallSpecs(tarball, TMP);
  installedHow = how;
  const install = sh("npm", ["install", ...specs, "--offline", "--no-audit", "--no-fund"], PROJECT);
  assert.equal(install.status, 0, install.stderr);
});

test("pack:cli prints the tarball's name, size and file count", (t) => {
  t.diagnostic(packOutput.trim());
  t.diagnostic(`installed offline ${installedHow}`);
  const m = /^packed (.+\.tgz): ([\d.]+) KiB, (\d+) files \(([\d.]+) KiB unpacked\)$/m.exec(packOutput);
  assert.ok(m, packOutput);
  assert.equal(path.basename(m[1]), `ruleboard-${TOP.version}.tgz`);
  assert.ok(Math.abs(Number(m[2]) * 1024 - fs.statSync(tarball).size) < 100);
});

test("the tarball holds what runs and nothing else: no tests, no fixtures, no TypeScript sources", () => {
  const r = spawnSync("tar", ["tzf", tarball], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const files = r.stdout
    .split("\n")
    .filter((f) => f !== "" && !f.endsWith("/"))
    .map((f) => f.replace(/^package\//, ""));
  assert.ok(new RegExp(`, ${files.length} files `).test(packOutput), "the count printed is the tarball's");
  for (const f of [
    "package.json",
    "README.md",
    "LICENSE",
    "bin/ruleboard.js",
    "dist/cli.js",
    "dist/library.js",
    "schemas/scenario.schema.json",
    "types/cli/library.d.ts",
  ]) {
    assert.ok(files.includes(f), f);
  }
  for (const f of files) {
    assert.doesNotMatch(f, /(^|\/)(test|fixtures|examples|node_modules|out|client|server|scripts)\//, f);
    assert.doesNotMatch(f, /\.vsix$|\.map$|\.tgz$/, f);
    if (/\.[cm]?ts$/.test(f)) assert.match(f, /\.d\.m?ts$/, `${f}: a TypeScript source`);
    assert.match(f, /^(package\.json|README\.md|LICENSE|bin\/ruleboard\.js|schemas\/scenario\.schema\.json|dist\/[\w-]+\.m?js|types\/.+\.d\.m?ts)$/, f);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT, "node_modules", "ruleboard", "package.json"), "utf8")) as Record<string, unknown>;
  assert.equal(manifest.name, "ruleboard");
  assert.equal(manifest.version, TOP.version);
  assert.deepEqual(manifest.bin, { ruleboard: "bin/ruleboard.js" });
  assert.deepEqual(manifest.dependencies, { yaml: TOP.dependencies.yaml, "@resvg/resvg-js": TOP.dependencies["@resvg/resvg-js"] });
  assert.equal(manifest.devDependencies, undefined);
  assert.equal(manifest.scripts, undefined);
  assert.equal(manifest.contributes, undefined, "not the extension's manifest");
  // The README's links lead into the repository, which the package does not hold.
  const readme = fs.readFileSync(path.join(PROJECT, "node_modules", "ruleboard", "README.md"), "utf8");
  assert.doesNotMatch(readme, /\]\((?!https?:|#)/);
});

test("npx ruleboard check prints a Markdown block's error at its Markdown line", () => {
  fs.copyFileSync(path.join(ROOT, "test", "fixtures", "sarif", "chapter.md"), path.join(PROJECT, "chapter.md"));
  const r = sh("npx", ["--no-install", "ruleboard", "check", "chapter.md"], PROJECT);
  assert.equal(r.status, 1, r.stderr);
  assert.equal(
    r.stdout,
    'chapter.md:22:7  error  this normal move moves a1 6.5", the limit is 6" (11e 09.05)  move.too-far\n1 problem (1 error, 0 warnings, 0 info) in 1 file\n',
  );
  assert.equal(r.stderr, "");
  const version = sh("npx", ["--no-install", "ruleboard", "--version"], PROJECT);
  assert.equal(version.stdout, `${TOP.version}\n`);
  // The command bundles yaml's browser build: yaml's debug switches (which make its Node build
  // console.log every token) change no byte of the report.
  const switched = sh("npx", ["--no-install", "ruleboard", "check", "chapter.md"], PROJECT, { ...OFFLINE_ENV, LOG_TOKENS: "1", LOG_STREAM: "1" });
  assert.deepEqual([switched.status, switched.stdout, switched.stderr], [r.status, r.stdout, r.stderr]);
  const sarif = sh("npx", ["--no-install", "ruleboard", "check", "chapter.md", "--format", "sarif"], PROJECT);
  const log = JSON.parse(sarif.stdout) as { runs: { results: { locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
  assert.equal(log.runs[0].results[0].locations[0].physicalLocation.region.startLine, 22);
});

test("npx ruleboard render --format png writes a PNG, and compare runs", () => {
  fs.copyFileSync(path.join(ROOT, "examples", "illegal-pile-in.scenario.yaml"), path.join(PROJECT, "faq.scenario.yaml"));
  const r = sh("npx", ["--no-install", "ruleboard", "render", "faq.scenario.yaml", "--format", "png", "--out", "x.png"], PROJECT);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "x.png\n");
  const png = fs.readFileSync(path.join(PROJECT, "x.png"));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.ok(png.length > 10_000);
  const compare = sh("npx", ["--no-install", "ruleboard", "compare", "faq.scenario.yaml"], PROJECT);
  assert.equal(compare.status, 0, compare.stderr);
  assert.match(compare.stdout, /step/);
});

test("scripts use the library: require, import, the docs plugins' sub-paths, and the types", () => {
  fs.writeFileSync(
    path.join(PROJECT, "use.cjs"),
    [
      'const { analyze, analyzeMarkdown, boardFrame, renderBoard, svgToPng, CODES, parse } = require("ruleboard");',
      'const fs = require("node:fs");',
      'const a = analyze(fs.readFileSync("faq.scenario.yaml", "utf8"));',
      "const svg = renderBoard(a.scenario, boardFrame(a.scenario, a.problems, undefined));",
      'const md = analyzeMarkdown(fs.readFileSync("chapter.md", "utf8"));',
      "const line = md.lines.lineCol(md.problems[0].span.start).line;",
      'console.log([a.problems.map((p) => p.code).join(","), svg.startsWith("<svg"), svgToPng(svg)[1] === 0x50, line, CODES["move.too-far"] !== undefined, parse("scenario: x\\n").problems.length > 0].join(" "));',
    ].join("\n"),
  );
  const cjs = sh(process.execPath, ["use.cjs"], PROJECT);
  assert.equal(cjs.stderr, "");
  assert.equal(cjs.stdout, "move.too-far true true 22 true true\n");

  const plugins = ["markdown-it", "remark"].filter((p) => fs.existsSync(path.join(ROOT, "docs-plugins", `${p}.ts`)));
  fs.writeFileSync(
    path.join(PROJECT, "use.mjs"),
    [
      'import { analyze, renderBoard, boardFrame } from "ruleboard";',
      'import * as all from "ruleboard";',
      ...plugins.map((p, i) => `import plugin${i} from "ruleboard/${p}";`),
      'const a = analyze("scenario: x\\n");',
      `console.log(typeof analyze, typeof renderBoard, typeof boardFrame, Object.keys(all).includes("CODES"), a.problems.length > 0${plugins.map((_p, i) => `, typeof plugin${i}`).join("")});`,
    ].join("\n"),
  );
  const esm = sh(process.execPath, ["use.mjs"], PROJECT);
  assert.equal(esm.stderr, "");
  assert.equal(esm.stdout, `function function function true true${plugins.map(() => " function").join("")}\n`);
  for (const p of plugins) {
    const required = sh(process.execPath, ["-e", `const m = require("ruleboard/${p}"); console.log(typeof m, m === m.default)`], PROJECT);
    assert.equal(required.stdout, "function true\n", `require("ruleboard/${p}")`);
  }

  // TypeScript, as a consumer compiles it (the declarations checked too: no skipLibCheck).
  fs.writeFileSync(
    path.join(PROJECT, "use.mts"),
    [
      'import { analyze, boardFrame, renderBoard, CODES, type Problem, type Scenario } from "ruleboard";',
      ...plugins.map((p, i) => `import plugin${i} from "ruleboard/${p}";`),
      'const a = analyze("scenario: x\\n");',
      "const problems: readonly Problem[] = a.problems;",
      "const s: Scenario | undefined = a.scenario;",
      'const svg: string | undefined = s && renderBoard(s, boardFrame(s, problems, undefined), { theme: "dark" });',
      'const meaning: string = CODES["move.too-far"];',
      ...plugins.map((_p, i) => `plugin${i} satisfies (...args: never[]) => unknown;`),
      "console.log(svg, meaning);",
    ].join("\n"),
  );
  fs.writeFileSync(
    path.join(PROJECT, "use.cts"),
    'import ruleboard = require("ruleboard");\nconst n: number = ruleboard.analyze("x").problems.length;\nconsole.log(n);\n',
  );
  const tsc = sh(
    process.execPath,
    [
      path.join(ROOT, "node_modules", "typescript", "bin", "tsc"),
      "--noEmit",
      "--strict",
      "--module",
      "node16",
      "--moduleResolution",
      "node16",
      "--target",
      "es2022",
      "--types",
      "node",
      "--typeRoots",
      path.join(ROOT, "node_modules", "@types"),
      "use.mts",
      "use.cts",
    ],
    PROJECT,
  );
  assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
});
