// textDocument/hover through the real server over stdio: models at different moments of the
// timeline, a step's head, a code inside `illegal:`, a move entry, and where there is nothing to say.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { ErrorCodes } from "vscode-languageserver-protocol/node";
import type { Hover } from "vscode-languageserver-protocol/node";
import { LspServer, scenarioUri } from "./harness";
import { positionOf, UNCLOSED } from "./fixtures";
import { HOVER } from "./hover-scenario";

let server: LspServer;
after(() => server?.dispose());

const uri = scenarioUri("hover");

before(async () => {
  ({ server } = await LspServer.start());
  await server.open(uri, HOVER, 1);
});

/** The hover with the cursor one character into the `occurrence`-th `needle` found after `after`. */
async function hoverAt(needle: string, after = "", text = HOVER, at = uri): Promise<Hover | null> {
  const offset = text.indexOf(needle, text.indexOf(after)) + 1;
  assert.ok(offset > 0, `${needle} after ${after}`);
  return server.request<Hover | null>("textDocument/hover", { textDocument: { uri: at }, position: positionOf(text, offset) });
}

/** The range of `needle` (after `after`) in the text, as LSP positions. */
function range(needle: string, after = ""): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const start = HOVER.indexOf(needle, HOVER.indexOf(after));
  return { start: positionOf(HOVER, start), end: positionOf(HOVER, start + needle.length) };
}

function markdown(hover: Hover | null): string {
  assert.ok(hover !== null, "a hover");
  const contents = hover.contents as { kind: string; value: string };
  assert.equal(contents.kind, "markdown");
  return contents.value;
}

test("a model's definition shows it in the set-up: position, base, closest enemy and gap, engagement, coherency", async () => {
  const hover = await hoverAt("a1:");
  assert.equal(
    markdown(hover),
    [
      "**a1** · model of **a**, red · set-up",
      "",
      "- at (10, 10), base 32 mm round",
      '- closest enemy: **b1** (b), gap 3.74"',
      '- not engaged (engagement range 2")',
      '- coherency (within 2"): a2 0.24"',
    ].join("\n"),
  );
  assert.deepEqual(hover?.range, range("a1"));
});

test("the same model in two steps: the board after each step, so the gap and the engagement change", async () => {
  const first = await hoverAt("a1", "pile-in: a");
  assert.equal(
    markdown(first),
    [
      "**a1** · model of **a**, red · after step 1 (`pile-in: a`)",
      "",
      '- moved 2.5" of 3" (pile-in) from (10, 10) to (12.5, 10)',
      "- at (12.5, 10), base 32 mm round",
      '- closest enemy: **b1** (b), gap 1.24"',
      '- engaged (within 2") with **b**',
      '- coherency (within 2"): a2 1.66"',
    ].join("\n"),
  );
  assert.deepEqual(first?.range, range("a1", "pile-in: a"));
  // After b1's pile-in (step 2) and a1's own consolidation (step 4) the gap is 0.23".
  const fourth = await hoverAt("a1", "consolidate: a");
  assert.equal(
    markdown(fourth),
    [
      "**a1** · model of **a**, red · after step 4 (`consolidate: a`)",
      "",
      '- moved 0.51" of 3" (consolidation) from (12.5, 10) to (12.6, 10.5)',
      "- at (12.6, 10.5), base 32 mm round",
      '- closest enemy: **b1** (b), gap 0.23"',
      '- engaged (within 2") with **b**',
      '- coherency (within 2"): a2 1.53"',
    ].join("\n"),
  );
});

test("a step's head: eligibility, the board before it, inferred choices, the limit, who selects next", async () => {
  const pileIn = await hoverAt("pile-in: a");
  assert.equal(
    markdown(pileIn),
    [
      "**step 1** · `pile-in: a` · red, 11e",
      "",
      "- ✓ eligible, in sequence (no eligibility or order finding)",
      '- before it: not engaged; closest enemy unit **b** 3.74"',
      "- targets: not written, read as the most permissive: the rules allow **b**",
      '- each model moves at most 3" (pile-in)',
    ].join("\n"),
  );
  assert.deepEqual(pileIn?.range, range("pile-in: a"));
  assert.equal(
    markdown(await hoverAt("fight: a")),
    [
      "**step 3** · `fight: a` · red, 11e",
      "",
      "- ✓ eligible, in sequence (no eligibility or order finding)",
      '- before it: engaged with **b** 0.24"',
      "- fight type: not written, read as the most permissive: the rules allow normal",
      "- next to select: blue (**b**)",
    ].join("\n"),
  );
});

test("a code in `illegal:`: its meaning and the rule text for that step's kind, with its section", async () => {
  const hover = await hoverAt("move.too-far");
  assert.equal(
    markdown(hover),
    [
      "**`move.too-far`** — A model moves further than the move allows (path length, waypoints included).",
      "",
      "**11e 12.08 Consolidation Move** (source 000)",
      '> CONSOLIDATION MOVE 12.08 MAXIMUM DISTANCE: 3"',
    ].join("\n"),
  );
  assert.deepEqual(hover?.range, range("move.too-far"));
});

test("a move entry's value: the distance moved, the limit, and the closest enemy after the step", async () => {
  const hover = await hoverAt("[12.5, 10]");
  assert.equal(
    markdown(hover),
    [
      "**a1** · step 1 (`pile-in: a`)",
      "",
      '- moved 2.5" of 3" (pile-in) from (10, 10) to (12.5, 10)',
      '- after the step: closest enemy **b1** (b), gap 1.24"',
    ].join("\n"),
  );
  assert.deepEqual(hover?.range, range("a1: [12.5, 10]"));
});

test("a finding's range explains its code; a unit id shows the unit", async () => {
  // b never fought: fight.missing sits on b's id under units:, where the unit hover comes first.
  assert.equal(
    markdown(await hoverAt("b:", "units:")),
    ["**b** · unit of blue", "", "- models (1): b1", "- keywords: none", "- state: nothing earlier this turn"].join("\n"),
  );
  const expectUnmet = await hoverAt("illegal:");
  assert.equal(markdown(expectUnmet), "**`expect.unmet`** — A step marked `illegal:` does not break the listed rule.");
});

test("a plain key says what it means; nothing to say for an unknown document or a text that does not parse", async () => {
  const key = await hoverAt("board:");
  assert.equal(markdown(key), "**Board size** (`board:`)\n\n`[width, height]` in inches; the default is `[60, 44]`.");
  assert.deepEqual(key?.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } });
  assert.equal(await hoverAt("x", "", "x", scenarioUri("hover-not-open")), null);
  const broken = scenarioUri("hover-unclosed");
  await server.open(broken, UNCLOSED, 1);
  assert.equal(await hoverAt(UNCLOSED.slice(0, 3), "", UNCLOSED, broken), null);
});

test("a malformed hover request is InvalidParams, and the server keeps answering", async () => {
  const codeOf = async (params: unknown): Promise<number | undefined> => {
    try {
      await server.request("textDocument/hover", params);
      return undefined;
    } catch (error) {
      return (error as { code?: number }).code;
    }
  };
  const position = { line: 0, character: 1 };
  for (const params of [
    {},
    { position },
    { textDocument: {}, position },
    { textDocument: { uri: 7 }, position },
    { textDocument: { uri } },
    { textDocument: { uri }, position: { line: -1, character: 0 } },
  ]) {
    assert.equal(await codeOf(params), ErrorCodes.InvalidParams, JSON.stringify(params));
  }
  assert.deepEqual(markdown(await hoverAt("a1:")).split("\n")[0], "**a1** · model of **a**, red · set-up");
});
