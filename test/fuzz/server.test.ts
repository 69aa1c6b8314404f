// Fuzzing the language server over stdio: one process receives about 200 mutated scenarios as
// didOpen/didChange (single edits and bursts), then a few extreme documents. It must stay alive,
// publish diagnostics for every version (for a burst, at least the last), keep every range inside
// its document, write nothing but LSP frames to stdout, and still answer at the end.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import type { PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { createRng } from "../helpers/prng";
import { MINIMAL } from "../helpers/scenarios";
import { LspServer, scenarioUri } from "../lsp/harness";
import { seeds, variantsOf } from "./corpus";
import { checkDiagnostic, lineLengths } from "./lsp-checks";
import { randomTexts, type Variant } from "./mutate";
import { saveFailure } from "./run-cases";

/** Waiting longer than this for one publish counts as a hang. */
const PUBLISH_TIMEOUT_MS = 20_000;
/** A dead server is restarted at most this often, so one crash does not hide every later finding. */
const MAX_RESTARTS = 2;

let server: LspServer;
let restarts = 0;
let documents = 0;
/** Which published notifications of the current server have been checked already. */
let checked = 0;
/** Versioned publishes checked, over all servers. */
let publishesChecked = 0;
/** The text of every version sent, by uri, to check the ranges published for it. */
const sent = new Map<string, Map<number, string>>();

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

function alive(): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/** Checks every publish received since the last call against the text of its version. */
function checkPublished(failures: string[]): void {
  for (; checked < server.published.length; checked++) {
    const p: PublishDiagnosticsParams = server.published[checked];
    if (p.version === undefined || p.version === null) continue; // a clear on close carries no version
    publishesChecked++;
    const text = sent.get(p.uri)?.get(p.version);
    if (text === undefined) {
      failures.push(`${p.uri} v${p.version}: published for a version never sent`);
      continue;
    }
    const lines = lineLengths(text);
    const bad = p.diagnostics.flatMap((d) => checkDiagnostic(d, lines));
    if (bad.length > 0) {
      const file = saveFailure(`server--${p.uri.replace(/^.*\//, "")}-v${p.version}`, text);
      failures.push(`${p.uri} v${p.version}: ${bad.slice(0, 3).join("; ")}\n    input saved to ${file}`);
    }
  }
}

/**
 * Sends `texts` to one document back to back (opening it first when `open`), then waits for the
 * publish of the last version. Returns a failure line, or undefined. Restarts a dead server.
 */
async function sendBurst(uri: string, open: boolean, texts: readonly string[], name: string): Promise<string | undefined> {
  const versions = sent.get(uri) ?? new Map<number, string>();
  sent.set(uri, versions);
  let version = Math.max(0, ...versions.keys());
  for (const [i, text] of texts.entries()) {
    version++;
    versions.set(version, text);
    if (open && i === 0) await server.open(uri, text, version);
    else await server.change(uri, text, version);
  }
  try {
    // A dead server never publishes: stop waiting as soon as it exits.
    const died = server.exited.then((e) => Promise.reject(new Error(`exited (${e.code}, ${e.signal})`)));
    await Promise.race([server.diagnostics(uri, version, PUBLISH_TIMEOUT_MS), died]);
    return undefined;
  } catch {
    const file = saveFailure(`server--${name}`, texts[texts.length - 1]);
    if (alive()) return `${name}: no diagnostics for ${uri} v${version} within ${PUBLISH_TIMEOUT_MS} ms\n    input saved to ${file}`;
    const how = `${name}: the server died (code ${server.child.exitCode}, signal ${server.child.signalCode})\n    input saved to ${file}`;
    server.dispose();
    if (restarts < MAX_RESTARTS) {
      restarts++;
      ({ server } = await LspServer.start());
      checked = 0;
      sent.clear();
    }
    return how;
  }
}

/** About 200 variants: mutated seeds and random text, in a fixed pseudo-random order. */
function pickVariants(): Variant[] {
  const rng = createRng(7);
  const all = seeds();
  const pool: Variant[] = [];
  for (const seed of all.filter((s) => s.small)) pool.push(...variantsOf(seed, true).map((v) => ({ ...v, name: `${seed.name}--${v.name}` })));
  const picked = Array.from({ length: 170 }, () => pool[Math.floor(rng() * pool.length)]);
  const large = all.find((s) => !s.small);
  const fromLarge = large
    ? variantsOf(large, true)
        .filter((_, i) => i % 3 === 0)
        .slice(0, 20)
    : [];
  const mixed = [...picked, ...fromLarge.map((v) => ({ ...v, name: `generated--${v.name}` })), ...randomTexts(rng, 10)];
  // Shuffle so large and small documents interleave.
  for (let i = mixed.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [mixed[i], mixed[j]] = [mixed[j], mixed[i]];
  }
  return mixed;
}

test("about 200 mutated documents, as single edits and bursts, each get valid diagnostics", { timeout: 90_000 }, async () => {
  const rng = createRng(11);
  const variants = pickVariants();
  const failures: string[] = [];
  const open: string[] = [];
  for (let i = 0; i < variants.length;) {
    // Mostly single edits, each of which must be published; sometimes a burst of up to four.
    const size = Math.min(variants.length - i, rng() < 0.75 ? 1 : 2 + Math.floor(rng() * 3));
    const burst = variants.slice(i, i + size);
    i += size;
    const fresh = open.length === 0 || (open.length < 6 && rng() < 0.4);
    const uri = fresh ? scenarioUri(`fuzz-${++documents}`) : open[Math.floor(rng() * open.length)];
    if (fresh) open.push(uri);
    const failure = await sendBurst(
      uri,
      fresh,
      burst.map((v) => v.text),
      burst[burst.length - 1].name,
    );
    if (failure) {
      failures.push(failure);
      if (failure.includes("the server died")) open.length = 0;
    }
    checkPublished(failures);
  }
  assert.deepEqual(failures, []);
  assert.equal(restarts, 0, "the server died and was restarted");
  assert.deepEqual(await server.framingErrors(), []);
  // Most documents are single edits, each published; guards against a run that checked nothing.
  assert.ok(publishesChecked >= 120, `only ${publishesChecked} publishes were checked`);
});

/** Pseudo-random UTF-16 code units: NUL, controls, lone surrogates, everything. */
function garbage(length: number, seed: number): string {
  const rng = createRng(seed);
  let out = "";
  for (let i = 0; i < length; i++) out += String.fromCharCode(Math.floor(rng() * 0x10000));
  return out;
}

const EXTREMES: readonly (readonly [string, () => string])[] = [
  ["1 MB on one line", () => `scenario: ${"x".repeat(1_000_000)}`],
  ["flow sequences nested 10,000 deep", () => `${"[".repeat(10_000)}${"]".repeat(10_000)}`],
  ["flow maps nested 10,000 deep", () => `${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}`],
  ["100,000 top-level keys", () => Array.from({ length: 100_000 }, (_, i) => `k${i}: ${i}`).join("\n")],
  ["64 K code units of binary garbage", () => garbage(65_536, 3)],
];

for (const [name, make] of EXTREMES) {
  test(`extreme document: ${name}`, { timeout: 30_000 }, async () => {
    const failures: string[] = [];
    const failure = await sendBurst(scenarioUri(`extreme-${++documents}`), true, [make()], `extreme-${name}`);
    if (failure) failures.push(failure);
    checkPublished(failures);
    assert.deepEqual(failures, []);
  });
}

test("afterwards the server still answers, wrote only LSP frames, and exits cleanly", { timeout: 30_000 }, async () => {
  assert.ok(alive(), "the server process is gone");
  const uri = scenarioUri("final");
  sent.set(uri, new Map([[1, MINIMAL]]));
  await server.open(uri, MINIMAL, 1);
  assert.deepEqual(await server.diagnostics(uri, 1, PUBLISH_TIMEOUT_MS), { uri, version: 1, diagnostics: [] });
  assert.deepEqual(await server.request("ruleboard/analysis", { uri }, PUBLISH_TIMEOUT_MS), { version: 1, problems: [] });
  assert.deepEqual(await server.framingErrors(), []);
  assert.deepEqual(await server.shutdownAndExit(), { code: 0, signal: null });
  assert.equal(restarts, 0, "the server died during the fuzz run and had to be restarted");
});
