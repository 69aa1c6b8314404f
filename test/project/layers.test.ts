// The layering, read from the sources: every import and export-from of every TypeScript file in
// shared/, server/, client/, cli/ and node/, resolved, against the tables below (mirrored in
// ARCHITECTURE.md, "Layers"). test/ and scripts/ may import anything and are not walked.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

const ROOT = path.resolve(__dirname, "..", "..", "..");

/**
 * Inside shared/: each folder and the folders directly beneath it. A folder may import itself,
 * those, and whatever is beneath them: source → diagnostics → model → systems → parse, and
 * model → geometry → board → rules → engine → {render, markdown, language} → protocol; board also
 * stands on systems, engine on parse. `shared/index.ts`, the public API, may import any of them
 * and none may import it.
 */
export const SHARED_LAYERS: { readonly [folder: string]: readonly string[] } = {
  source: [],
  diagnostics: ["source"],
  model: ["diagnostics"],
  systems: ["model"],
  parse: ["systems"],
  geometry: ["model"],
  board: ["geometry", "systems"],
  rules: ["board"],
  engine: ["rules", "parse"],
  render: ["engine"],
  markdown: ["engine"],
  protocol: ["engine", "language"],
  language: ["engine"],
};

/** The top-level folders and what each may import besides itself; `packages` lists the npm packages it may use (undefined: any). */
export const TOP_LAYERS: { readonly [folder: string]: { readonly imports: readonly string[]; readonly packages?: readonly string[] } } = {
  shared: { imports: [], packages: ["yaml"] },
  node: { imports: ["shared"] },
  server: { imports: ["shared", "node"] },
  client: { imports: ["shared"] },
  cli: { imports: ["shared", "node"] },
  // The docs-site plugins go into other people's bundles: shared/ only, no package, no Node built-in.
  "docs-plugins": { imports: ["shared"], packages: [] },
};

const ENTRY = "shared/index.ts";

/** Everything a shared/ folder may import: itself and the closure of the folders beneath it. */
function allowedInShared(folder: string): Set<string> {
  const seen = new Set<string>([folder]);
  const todo = [...(SHARED_LAYERS[folder] ?? [])];
  while (todo.length > 0) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...(SHARED_LAYERS[f] ?? []));
  }
  return seen;
}

/** A file's layer: `shared/<folder>` (or shared/index.ts) inside shared/, else its top-level folder. */
function layerOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "shared") return parts.length === 2 ? ENTRY : `shared/${parts[1]}`;
  return parts[0];
}

function sourcesUnder(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(path.join(ROOT, dir))) return out;
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) sourcesUnder(rel, out);
    else if (/\.(ts|tsx|mts|cts)$/.test(e.name)) out.push(rel);
  }
  return out;
}

interface Arrow {
  readonly file: string;
  readonly line: number;
  readonly spec: string;
  /** The repository path it resolves to, or undefined for a package (or a path that does not resolve). */
  readonly target?: string;
}

/** Every import, export-from, `import x = require(…)` and `import(…)` of one file. */
function arrowsOf(file: string): Arrow[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const lines = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => {
    const line = lines.getLineAndCharacterOfPosition(ref.pos).line + 1;
    if (!ref.fileName.startsWith(".")) return { file, line, spec: ref.fileName };
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref.fileName)).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find(
      (c) => fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile(),
    );
    return { file, line, spec: ref.fileName, target: target ?? `${base} (does not resolve)` };
  });
}

/** Why an arrow is forbidden, or undefined when the layering allows it. */
function forbidden(a: Arrow): string | undefined {
  const from = layerOf(a.file);
  const top = a.file.split("/")[0];
  if (a.target === undefined) {
    const pkg = a.spec.startsWith("@") ? a.spec.split("/").slice(0, 2).join("/") : a.spec.split("/")[0];
    const packages = TOP_LAYERS[top].packages;
    return packages && !packages.includes(pkg) ? `layer ${top} may not import package ${pkg}` : undefined;
  }
  if (a.target.endsWith("(does not resolve)")) return "no such file";
  const to = layerOf(a.target);
  const targetTop = a.target.split("/")[0];
  if (top !== targetTop) return TOP_LAYERS[top].imports.includes(targetTop) ? undefined : `layer ${top} may not import layer ${targetTop}`;
  if (top !== "shared" || from === ENTRY || from === to) return undefined;
  if (to === ENTRY) return `layer ${from} may not import layer ${ENTRY} (the public API is for the server, the CLI and the webview)`;
  return allowedInShared(from.slice("shared/".length)).has(to.slice("shared/".length)) ? undefined : `layer ${from} may not import layer ${to}`;
}

const FILES = Object.keys(TOP_LAYERS)
  .flatMap((dir) => sourcesUnder(dir))
  .sort();
const ARROWS = FILES.flatMap(arrowsOf);

test("every import follows the layering", () => {
  const broken = ARROWS.flatMap((a) => {
    const why = forbidden(a);
    return why ? [`${a.file}:${a.line} imports ${a.target ?? a.spec} (${why})`] : [];
  });
  assert.deepEqual(broken, [], `${broken.length} forbidden import(s):\n${broken.join("\n")}`);
});

test("every folder of shared/ has a place in the layer table, and the table has no cycle", () => {
  const folders = fs
    .readdirSync(path.join(ROOT, "shared"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  assert.deepEqual(
    folders.filter((f) => !(f in SHARED_LAYERS)),
    [],
    "folders of shared/ missing from SHARED_LAYERS",
  );
  for (const [folder, beneath] of Object.entries(SHARED_LAYERS)) {
    for (const b of beneath) {
      assert.ok(b in SHARED_LAYERS, `${folder} stands on ${b}, which is no layer`);
      assert.ok(!allowedInShared(b).has(folder), `${folder} and ${b} may import each other`);
    }
  }
});

test("the walk sees the arrows it should (so an empty list of forbidden imports means something)", () => {
  const pairs = new Set(ARROWS.filter((a) => a.target).map((a) => `${layerOf(a.file)} → ${layerOf(a.target!)}`));
  for (const p of [
    "server → node",
    "cli → node",
    "cli → shared/engine",
    "client → shared/protocol",
    "shared/engine → shared/rules",
    "shared/rules → shared/board",
    "shared/parse → shared/systems",
  ]) {
    assert.ok(pairs.has(p), `no arrow ${p}`);
  }
  assert.ok(
    ARROWS.some((a) => a.file === "server/export-request.ts" && a.target === "node/png.ts"),
    "the server's PNG export uses node/png.ts",
  );
});

/**
 * Inside shared/rules/: each rule family (`movement/`, `charge/`, `fight-11e/`, `fight-10e/`)
 * stands on `common/` and the folder's own files (context, report, limits), never on another
 * family; `common/` stands on no family. Only dispatch.ts and limits.ts, the folder's tables,
 * reach into the families.
 */
export function ruleFamilyArrow(a: Arrow): string | undefined {
  const family = (f: string): string | undefined => /^shared\/rules\/([^/]+)\//.exec(f)?.[1];
  if (!a.target || !a.file.startsWith("shared/rules/") || !a.target.startsWith("shared/rules/")) return undefined;
  const from = family(a.file);
  const to = family(a.target);
  if (to === undefined || to === "common" || from === to) return undefined;
  if (from === undefined)
    return ["shared/rules/dispatch.ts", "shared/rules/limits.ts"].includes(a.file) ? undefined : `only dispatch.ts and limits.ts import rule families`;
  return `rules/${from} may not import the family rules/${to}`;
}

test("rule families import common/ and never each other", () => {
  const broken = ARROWS.flatMap((a) => {
    const why = ruleFamilyArrow(a);
    return why ? [`${a.file}:${a.line} imports ${a.target} (${why})`] : [];
  });
  assert.deepEqual(broken, [], broken.join("\n"));
  assert.equal(
    ruleFamilyArrow({ file: "shared/rules/fight-10e/x.ts", line: 3, spec: "../fight-11e/fight", target: "shared/rules/fight-11e/fight.ts" }),
    "rules/fight-10e may not import the family rules/fight-11e",
  );
  assert.equal(
    ruleFamilyArrow({ file: "shared/rules/common/x.ts", line: 1, spec: "../charge/move", target: "shared/rules/charge/move.ts" }),
    "rules/common may not import the family rules/charge",
  );
});

test("edition differences come from the system's data: no code in shared/ compares a system's id", () => {
  const comparisons = FILES.filter((f) => f.startsWith("shared/")).flatMap((f) =>
    fs
      .readFileSync(path.join(ROOT, f), "utf8")
      .split("\n")
      .flatMap((line, i) => (/\.id\s*[!=]==?\s*["'`]1\d?e|["'`]1\d?e["'`]\s*[!=]==?\s*\w+\.id\b/.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(comparisons, []);
  assert.ok(/\.id\s*[!=]==?\s*["'`]1\d?e/.test('system.id !== "10e"'), "the probe finds the old form");
});
