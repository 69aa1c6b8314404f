// The layering of the Node side, read from the sources: the server never reaches cli/ (the CLI
// is a client of shared/ and node/, not a part of the server), node/ imports neither, and the
// CLI does not import the server.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "../helpers/cli";

/** The relative imports of one source file (`import … from "./x"`, `export … from "./x"`), resolved to .ts files. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"/g)) {
    const base = path.resolve(path.dirname(file), m[1]);
    const candidates = [`${base}.ts`, path.join(base, "index.ts")];
    const hit = candidates.find((c) => fs.existsSync(c));
    assert.ok(hit, `${path.relative(ROOT, file)} imports ${m[1]}, which is no .ts file`);
    found.push(hit);
  }
  return found;
}

/** Every source file reachable from `entry` through relative imports. */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...importsOf(file));
  }
  return [...seen].map((f) => path.relative(ROOT, f).split(path.sep).join("/")).sort();
}

const under = (files: readonly string[], folder: string) => files.filter((f) => f.startsWith(`${folder}/`));

test("the language server reaches nothing under cli/", () => {
  const files = closure(path.join(ROOT, "server", "server.ts"));
  assert.ok(files.includes("node/png.ts"), "the server's PNG export uses node/png.ts");
  assert.deepEqual(under(files, "cli"), []);
});

test("the CLI reaches nothing under server/ or client/", () => {
  const files = closure(path.join(ROOT, "cli", "main.ts"));
  assert.ok(files.includes("node/png.ts"), "render --format png uses node/png.ts");
  assert.deepEqual([...under(files, "server"), ...under(files, "client")], []);
});

test("node/ imports neither cli/ nor server/", () => {
  for (const name of fs.readdirSync(path.join(ROOT, "node"))) {
    if (!name.endsWith(".ts")) continue;
    const files = closure(path.join(ROOT, "node", name));
    assert.deepEqual([...under(files, "cli"), ...under(files, "server")], [], name);
  }
});
