// The board's text edits (shared/language/edit): dragging a model writes only its numbers (or one
// new entry, or one new `to:` block) into the text. Each case asserts the whole edited text byte for
// byte, then analyses it again and asks the engine where the model stands after the step; refusals
// assert their sentence, that nothing is written, and that placementLock says the same. Last, every
// step of every example and rules fixture, each model of the step's unit put at a seeded random spot.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { Analysis } from "../../../shared/engine/analyze";
import { boardFrame } from "../../../shared/engine/frame";
import { placementEdits, placementLock, type ModelPlacement } from "../../../shared/language/edit/index";
import { applyEdits, roundCoordinate, type TextEdit } from "../../../shared/language/text/index";
import type { Step, UnitDef } from "../../../shared/model/scenario";
import { keepsComments } from "../../../shared/language/fixes/comments";

/** Lines joined with \n, ending with one. */
const doc = (...lines: string[]): string => lines.join("\n") + "\n";

const to = (model: string, x: number, y: number): ModelPlacement => ({ model, to: [x, y] });

/** Where the engine has `id` after `step` (the set-up for null), or undefined when it is not on the board. */
function standing(text: string, step: number | null, id: string): readonly [number, number] | undefined {
  const analysis = analyze(text);
  assert.ok(analysis.scenario, `the edited text is read: ${JSON.stringify(analysis.problems.map((p) => p.message))}`);
  return boardFrame(analysis.scenario, analysis.problems, step ?? undefined).models.find((m) => m.id === id)?.at;
}

/** The edits' spans in order never overlap (two insertions at one offset count as overlapping: their order would be undefined). */
function assertApart(edits: readonly TextEdit[]): void {
  const sorted = [...edits].sort((a, b) => a.span.start - b.span.start);
  for (let i = 1; i < sorted.length; i++)
    assert.ok(sorted[i].span.start >= sorted[i - 1].span.end && sorted[i].span.start > sorted[i - 1].span.start, "edits overlap");
}

/** Places the models, checks the result through the engine and placementLock, and returns the edited text. */
function place(text: string, step: number | null, ...moves: ModelPlacement[]): string {
  const analysis = analyze(text);
  const result = placementEdits(text, analysis, step, moves);
  assert.ok("edits" in result, `refused: ${"refused" in result ? result.refused : ""}`);
  assertApart(result.edits);
  const out = applyEdits(text, result.edits);
  assert.ok(keepsComments(text, out), "every comment is kept");
  const last = new Map(moves.map((m) => [m.model, m]));
  for (const m of last.values()) {
    assert.equal(placementLock(text, analysis, step, m.model), undefined, `${m.model} is not locked`);
    assert.deepEqual(standing(out, step, m.model), [roundCoordinate(m.to[0]), roundCoordinate(m.to[1])], `${m.model} stands where it was put`);
  }
  return out;
}

/** The refusal's sentence (nothing written); placementLock gives the same sentence for the first model. */
function refusal(text: string, step: number | null, ...moves: ModelPlacement[]): string {
  const analysis = analyze(text);
  const result = placementEdits(text, analysis, step, moves);
  assert.ok("refused" in result, `expected a refusal, got ${JSON.stringify(result)}`);
  assert.ok(!("edits" in result));
  return result.refused;
}

function locked(text: string, step: number | null, model: string): string | undefined {
  return placementLock(text, analyze(text), step, model);
}

/** Refused with `message`, and the lock of the (one) model says the same. */
function assertRefused(text: string, step: number | null, move: ModelPlacement, message: string): void {
  assert.equal(refusal(text, step, move), message);
  assert.equal(locked(text, step, move.model), message);
}

const HEAD = ["scenario: edits", "rules: 11e", "turn: red", "phase: movement"];
const GUARDS = ["  guards:", "    player: blue", "    base: 32", "    models:", "      b1: [40, 20]"];

describe("the set-up", () => {
  const SETUP = doc(
    ...HEAD,
    "units:",
    "  boyz:",
    "    player: red",
    "    base: 32",
    "    models:",
    "      a1: [11.5, 8] # the front",
    "      # the next one faces down",
    '      "a2": { at: [12, 10], facing: 90 }',
    "      a3:",
    "        facing: 45",
    "        at: [14, 10]   # block map, flow at",
    "      a4:",
    "        at:",
    "          - 16 # x",
    "          - 10",
    "      a5:",
    "        - 18",
    "        - 10",
    ...GUARDS,
  );

  it("changes a flow pair's numbers and keeps the comment on its line", () => {
    assert.equal(place(SETUP, null, to("a1", 12.345, 9)), SETUP.replace("a1: [11.5, 8] # the front", "a1: [12.35, 9] # the front"));
  });

  it("changes the at: of a flow map, keeping the quoted key, the facing and the comment above", () => {
    assert.equal(
      place(SETUP, null, to("a2", 13.5, 10)),
      doc(
        ...HEAD,
        "units:",
        "  boyz:",
        "    player: red",
        "    base: 32",
        "    models:",
        "      a1: [11.5, 8] # the front",
        "      # the next one faces down",
        '      "a2": { at: [13.5, 10], facing: 90 }',
        "      a3:",
        "        facing: 45",
        "        at: [14, 10]   # block map, flow at",
        "      a4:",
        "        at:",
        "          - 16 # x",
        "          - 10",
        "      a5:",
        "        - 18",
        "        - 10",
        ...GUARDS,
      ),
    );
  });

  it("changes a block map's at:, a block at: list and a block list, all in one call", () => {
    assert.equal(
      place(SETUP, null, to("a3", 1, 2), to("a4", 3.1, 4.25), to("a5", 5, 6)),
      doc(
        ...HEAD,
        "units:",
        "  boyz:",
        "    player: red",
        "    base: 32",
        "    models:",
        "      a1: [11.5, 8] # the front",
        "      # the next one faces down",
        '      "a2": { at: [12, 10], facing: 90 }',
        "      a3:",
        "        facing: 45",
        "        at: [1, 2]   # block map, flow at",
        "      a4:",
        "        at:",
        "          - 3.1 # x",
        "          - 4.25",
        "      a5:",
        "        - 5",
        "        - 6",
        ...GUARDS,
      ),
    );
  });

  it("rounds to hundredths, writes -0 as 0, and leaves a number that keeps its value as written", () => {
    const text = doc(...HEAD, "units:", "  boyz:", "    player: red", "    base: 32", "    models:", "      a1: [10.50, 8]", ...GUARDS);
    assert.equal(place(text, null, to("a1", 10.5, -0.004)), text.replace("[10.50, 8]", "[10.50, 0]"));
    assert.equal(place(text, null, to("a1", -0, 7.999)), text.replace("[10.50, 8]", "[0, 8]"));
    assert.equal(place(text, null, to("a1", 12.345, 0.125)), text.replace("[10.50, 8]", "[12.35, 0.13]"));
  });

  it("replaces numbers written as 1e1, +3 or 0x10 with plain ones", () => {
    const text = doc(...HEAD, "units:", "  boyz:", "    player: red", "    base: 32", "    models:", "      a1: [1e1, +3]", "      a2: [0x10, 3]", ...GUARDS);
    assert.equal(place(text, null, to("a1", 11, 4), to("a2", 17, 3)), text.replace("[1e1, +3]", "[11, 4]").replace("[0x10, 3]", "[17, 3]"));
    // Unchanged values stay as written.
    assert.deepEqual(placementEdits(text, analyze(text), null, [to("a1", 10, 3)]), { edits: [] });
  });

  it("keeps tabs and odd spacing around the numbers", () => {
    const text = doc(
      ...HEAD,
      "units:",
      "   boyz:",
      "     player: red",
      "     base: 32",
      "     models:",
      "        a1:\t[ 10 ,\t8 ]\t# tabbed",
      "   guards: { player: blue, base: 32, models: { b1: [40, 20] } }",
    );
    assert.equal(place(text, null, to("a1", 9, 7.5)), text.replace("[ 10 ,\t8 ]", "[ 9 ,\t7.5 ]"));
  });

  it("keeps CRLF line breaks", () => {
    const text = doc(...HEAD, "units:", "  boyz:", "    player: red", "    base: 32", "    models:", "      a1: [10, 8] # crlf", ...GUARDS).replace(
      /\n/g,
      "\r\n",
    );
    assert.equal(place(text, null, to("a1", 9, 8)), text.replace("a1: [10, 8]", "a1: [9, 8]"));
  });
});

const UNITS = [
  "units:",
  "  boyz:",
  "    player: red",
  "    base: 32",
  "    move: 6",
  "    models:",
  "      a1: [10, 10]",
  "      a2: [10, 12]",
  "      a3: [10, 14]",
  ...GUARDS,
];

describe("a step's to:", () => {
  it("changes an existing block entry's numbers, keeping comments, quotes and key order", () => {
    const text = doc(
      ...HEAD,
      ...UNITS,
      "steps:",
      "  - move: boyz # first",
      "    to:",
      "      # the leader",
      '      "a2": [11, 12]  # forward',
      "      a1: { facing: 90, at: [11, 10] }",
      "    note: 'moves'",
    );
    assert.equal(
      place(text, 0, to("a2", 12.5, 12), to("a1", 11, 9)),
      doc(
        ...HEAD,
        ...UNITS,
        "steps:",
        "  - move: boyz # first",
        "    to:",
        "      # the leader",
        '      "a2": [12.5, 12]  # forward',
        "      a1: { facing: 90, at: [11, 9] }",
        "    note: 'moves'",
      ),
    );
  });

  it("changes only the last waypoint of a flow list, a block list and a path:", () => {
    const text = doc(
      ...HEAD,
      ...UNITS,
      "steps:",
      "  - move: boyz",
      "    to:",
      "      a1: [[11, 10], [12, 10]]",
      "      a2:",
      "        - [11, 12] # via",
      "        - - 12",
      "          - 12",
      "      a3: { path: [[11, 14], [12, 14]], facing: 0 }",
    );
    assert.equal(
      place(text, 0, to("a1", 13, 9), to("a2", 13, 11), to("a3", 13, 15)),
      doc(
        ...HEAD,
        ...UNITS,
        "steps:",
        "  - move: boyz",
        "    to:",
        "      a1: [[11, 10], [13, 9]]",
        "      a2:",
        "        - [11, 12] # via",
        "        - - 13",
        "          - 11",
        "      a3: { path: [[11, 14], [13, 15]], facing: 0 }",
      ),
    );
  });

  it("adds an entry to a block map after its last entry, indented like its siblings", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "        a1: [11, 10] # odd indent", "    note: next", "  - move: boyz");
    assert.equal(
      place(text, 0, to("a3", 11, 14), to("a2", 11, 12)),
      doc(
        ...HEAD,
        ...UNITS,
        "steps:",
        "  - move: boyz",
        "    to:",
        "        a1: [11, 10] # odd indent",
        "        a3: [11, 14]",
        "        a2: [11, 12]",
        "    note: next",
        "  - move: boyz",
      ),
    );
  });

  it("adds an entry inside the braces of a flow map", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: { a1: [11, 10] } # flow");
    assert.equal(
      place(text, 0, to("a2", 11, 12), to("a3", 11.111, 14)),
      doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: { a1: [11, 10], a2: [11, 12], a3: [11.11, 14] } # flow"),
    );
  });

  it("writes into an empty to:, to: {} and to: ~", () => {
    const empty = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: # later", "    note: n");
    assert.equal(place(empty, 0, to("a1", 11, 10)), doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: # later", "      a1: [11, 10]", "    note: n"));
    const braces = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: {}");
    assert.equal(
      place(braces, 0, to("a1", 11, 10), to("a2", 11, 12)),
      doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: { a1: [11, 10], a2: [11, 12] }"),
    );
    const tilde = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: ~");
    assert.equal(place(tilde, 0, to("a1", 11, 10)), doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to: { a1: [11, 10] }"));
  });

  it("adds a to: block to a step without one, after its last key, indented like its keys", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    type: normal # walk", "  # between", "  - move: boyz");
    assert.equal(
      place(text, 0, to("a1", 11, 10), to("a2", 11, 12)),
      doc(
        ...HEAD,
        ...UNITS,
        "steps:",
        "  - move: boyz",
        "    type: normal # walk",
        "    to:",
        "      a1: [11, 10]",
        "      a2: [11, 12]",
        "  # between",
        "  - move: boyz",
      ),
    );
    // The last step of a file without a final line break.
    const last = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz").slice(0, -1);
    assert.equal(place(last, 0, to("a1", 11, 10)), doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "      a1: [11, 10]").slice(0, -1));
  });

  it("adds the to: block before a block scalar, whose trailing lines it must not take", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    note: |+", "      kept", "", "  - move: boyz");
    assert.equal(
      place(text, 0, to("a1", 11, 10)),
      doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "      a1: [11, 10]", "    note: |+", "      kept", "", "  - move: boyz"),
    );
  });

  it("follows the file's indentation step and the step's odd indentation", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "-   move: boyz", "    to:", "        a1: [11, 10]", "-   move: boyz", "    type: normal");
    assert.equal(
      place(text, 1, to("a2", 11, 13)),
      doc(
        ...HEAD,
        ...UNITS,
        "steps:",
        "-   move: boyz",
        "    to:",
        "        a1: [11, 10]",
        "-   move: boyz",
        "    type: normal",
        "    to:",
        "        a2: [11, 13]",
      ),
    );
  });

  it("adds to: to a flow step", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - { move: boyz, type: normal }");
    assert.equal(place(text, 0, to("a1", 11, 10)), doc(...HEAD, ...UNITS, "steps:", "  - { move: boyz, type: normal, to: { a1: [11, 10] } }"));
  });

  it("keeps CRLF line breaks in a changed entry, a new entry and a new to: block", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "      a1: [11, 10] # one", "  - move: boyz").replace(/\n/g, "\r\n");
    assert.equal(
      place(text, 0, to("a1", 12, 10), to("a2", 11, 12)),
      doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "      a1: [12, 10] # one", "      a2: [11, 12]", "  - move: boyz").replace(/\n/g, "\r\n"),
    );
    assert.equal(
      place(text, 1, to("a3", 11, 14)),
      doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "      a1: [11, 10] # one", "  - move: boyz", "    to:", "      a3: [11, 14]").replace(
        /\n/g,
        "\r\n",
      ),
    );
  });

  it("quotes a new entry's id when it could not be written plain, and repairs a number no table holds", () => {
    const units = ["units:", "  boyz:", "    player: red", "    base: 32", '    models: { "x,y": [1, 1], a1: [2, 2] }', ...GUARDS];
    const text = doc(...HEAD, ...units, "steps:", "  - move: boyz", "    to: { a1: [5000, 1] }");
    assert.equal(place(text, 0, to("a1", 3, 3), to("x,y", 4, 4)), doc(...HEAD, ...units, "steps:", "  - move: boyz", '    to: { a1: [3, 3], "x,y": [4, 4] }'));
  });

  it("takes the last position given for a model listed twice", () => {
    const text = doc(...HEAD, ...UNITS, "steps:", "  - move: boyz", "    to:", "      a1: [11, 10]");
    assert.equal(place(text, 0, to("a1", 12, 10), to("a1", 12.5, 10)), text.replace("a1: [11, 10]", "a1: [12.5, 10]"));
  });
});

describe("a fight's nested blocks", () => {
  const FIGHT = [
    "scenario: fights",
    "rules: 10e",
    "turn: red",
    "units:",
    "  boyz:",
    "    player: red",
    "    base: 32",
    "    charged: true",
    "    models:",
    "      a1: [10, 10]",
    "      a2: [10, 12]",
    "  guards:",
    "    player: blue",
    "    base: 32",
    "    models:",
    "      b1: [12, 10]",
  ];

  it("writes into the pile-in: block", () => {
    const text = doc(...FIGHT, "steps:", "  - fight: boyz", "    pile-in:", "      to:", "        a2: [10.5, 11.5]", "    targets: [guards]");
    assert.equal(
      place(text, 0, to("a2", 10.6, 11.4), to("a1", 10.4, 10)),
      doc(...FIGHT, "steps:", "  - fight: boyz", "    pile-in:", "      to:", "        a2: [10.6, 11.4]", "        a1: [10.4, 10]", "    targets: [guards]"),
    );
  });

  it("adds a to: to the consolidate: block, which wins over the pile-in:", () => {
    const text = doc(
      ...FIGHT,
      "steps:",
      "  - fight: boyz",
      "    pile-in:",
      "      to:",
      "        a2: [10.5, 11.5]",
      "    targets: [guards]",
      "    consolidate:",
      "      mode: ongoing # still fighting",
    );
    assert.equal(
      place(text, 0, to("a2", 10.5, 12)),
      doc(
        ...FIGHT,
        "steps:",
        "  - fight: boyz",
        "    pile-in:",
        "      to:",
        "        a2: [10.5, 11.5]",
        "    targets: [guards]",
        "    consolidate:",
        "      mode: ongoing # still fighting",
        "      to:",
        "        a2: [10.5, 12]",
      ),
    );
  });

  it("adds to a flow consolidate: block", () => {
    const text = doc(...FIGHT, "steps:", "  - fight: boyz", "    consolidate: { mode: ongoing }");
    assert.equal(place(text, 0, to("a1", 10, 9.5)), doc(...FIGHT, "steps:", "  - fight: boyz", "    consolidate: { mode: ongoing, to: { a1: [10, 9.5] } }"));
  });

  it("refuses a fight with neither block", () => {
    const text = doc(...FIGHT, "steps:", "  - fight: boyz", "    targets: [guards]");
    assertRefused(
      text,
      0,
      to("a1", 11, 10),
      "step 1 is a fight with no pile-in: or consolidate: block, where a fight's models move; the board cannot move a1 in it",
    );
  });
});

describe("refusals", () => {
  const steps = ["steps:", "  - move: boyz", "    to:", "      a1: [11, 10]", "  - remove: a2", "  - move: boyz", "  - phase: charge", "  - move: boyz"];
  const text = doc(...HEAD, ...UNITS, ...steps);

  it("refuses another unit's model, in a remove step and in a phase step", () => {
    assertRefused(text, 0, to("b1", 30, 20), "b1 belongs to guards; this step moves boyz");
    assertRefused(text, 1, to("a1", 11, 10), "a1 belongs to boyz; this step moves no unit (it removes models)");
    assertRefused(text, 3, to("a1", 11, 10), "a1 belongs to boyz; this step moves no unit (it starts a phase)");
  });

  it("refuses a model removed earlier, a step the replay skips, an unknown model and an unknown step", () => {
    assertRefused(text, 2, to("a2", 11, 10), "a2 was removed in step 2; the board cannot move it");
    assertRefused(
      text,
      4,
      to("a1", 11, 10),
      "step 5 (move) belongs to the movement phase but comes in the charge phase, so it moves no model; the board cannot move a1 in it",
    );
    assertRefused(text, 0, to("zz", 11, 10), "there is no model zz in this scenario");
    assertRefused(text, 5, to("a1", 11, 10), "there is no step 6: the scenario has 5 steps");
    assertRefused(text, -1, to("a1", 11, 10), "-1 is not a step of this scenario");
  });

  it("refuses all of a call when one model cannot move, writing nothing", () => {
    assert.equal(refusal(text, 0, to("a1", 12, 10), to("b1", 30, 20)), "b1 belongs to guards; this step moves boyz");
  });

  it("refuses a text that does not parse, and a multi-document file", () => {
    assertRefused("scenario: [broken\n", null, to("a1", 1, 1), "the scenario cannot be read (see its problems); the board cannot move a1");
    assertRefused(text + "---\nscenario: second\n", 0, to("a1", 1, 1), "the file holds more than one YAML document (---); the board cannot move a1");
  });

  it("refuses positions it would not be moving by their numbers alone", () => {
    const odd = doc(
      ...HEAD,
      "units:",
      "  boyz:",
      "    player: red",
      "    base: 32",
      "    models:",
      "      a1: &spot [10, 10]",
      "      a2: *spot",
      "      a3: !!seq [10, 14]",
      "      a4: [!!float 10, 16]",
      '      a5: ["10", 18]',
      "      a6: { <<: { facing: 90 }, at: [10, 20] }",
      "      a7: { at: [&x 10, 22] }",
      "      a8: [10, 24]",
      ...GUARDS,
      "steps:",
      "  - move: boyz",
      "    to:",
      "      a8: *spot",
      "  - move: boyz",
      "    to: { a1: [[1, 1], *spot] }",
    );
    const why = (id: string, how: string): string => `${id}'s position is written ${how}; the board cannot move it`;
    assertRefused(odd, null, to("a1", 1, 1), why("a1", "with an anchor"));
    assertRefused(odd, null, to("a2", 1, 1), why("a2", "with an alias"));
    assertRefused(odd, null, to("a3", 1, 1), why("a3", "with a tag"));
    assertRefused(odd, null, to("a4", 1, 1), why("a4", "with a tag"));
    assertRefused(odd, null, to("a5", 1, 1), why("a5", "as quoted text"));
    assertRefused(odd, null, to("a6", 1, 1), why("a6", "with a merge key"));
    assertRefused(odd, null, to("a7", 1, 1), why("a7", "with an anchor"));
    assertRefused(odd, 0, to("a8", 1, 1), why("a8", "with an alias"));
    assertRefused(odd, 1, to("a1", 1, 1), why("a1", "with an alias"));
    // The others of the same text can still move.
    assert.equal(place(odd, null, to("a8", 11, 24)), odd.replace("a8: [10, 24]", "a8: [11, 24]"));
  });

  it("refuses a model whose definition the parser left out", () => {
    const ghost = doc(...HEAD, ...UNITS, "  ghosts:", "    base: 32", "    models:", "      g1: [5, 5]");
    assertRefused(ghost, null, to("g1", 1, 1), "g1's definition could not be read (see its problems); the board cannot move it");
  });

  it("refuses a to: written as an alias or as no map", () => {
    const alias = doc(
      ...HEAD,
      ...UNITS,
      "steps:",
      "  - move: boyz",
      "    to: &t { a1: [11, 10] }",
      "  - move: boyz",
      "    to: *t",
      "  - move: boyz",
      "    to: [a1]",
    );
    assertRefused(alias, 1, to("a1", 1, 1), "step 2's to: is written with an alias; the board cannot move a1");
    assertRefused(alias, 2, to("a1", 1, 1), "step 3's to: is not a map of model positions; the board cannot move a1");
  });

  it("refuses positions no table holds and malformed input, never throwing", () => {
    assert.equal(refusal(text, 0, to("a1", 1001, 1)), '[1001, 1] is beyond any table (at most 1000" from its corner); the board cannot move a1 there');
    assert.equal(refusal(text, 0, to("a1", Number.NaN, 1)), "the board gave no position [x, y] of finite numbers for a1");
    assert.equal(refusal(text, 0, { model: "a1", to: [1] as unknown as [number, number] }), "the board gave no position [x, y] of finite numbers for a1");
    assert.deepEqual(placementEdits(text, analyze(text), 0, null as unknown as ModelPlacement[]), { refused: "the board sent no list of moves" });
    assert.deepEqual(placementEdits(text, analyze(text), 0, [{ to: [1, 1] } as unknown as ModelPlacement]), {
      refused: "the board sent a move without a model id",
    });
    assert.deepEqual(placementEdits(text, analyze(text), 0, []), { edits: [] });
  });
});

/** A seeded generator (mulberry32), so a failure can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NUMBER_TOKEN = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$|^0x[0-9a-fA-F]+$|^0o[0-7]+$/;
const WRITTEN_NUMBER = /^-?\d+(?:\.\d{1,2})?$/;
const ENTRY = String.raw`(?:[A-Za-z0-9_][A-Za-z0-9_.-]*|"[^"]*"): \[-?\d+(?:\.\d{1,2})?, -?\d+(?:\.\d{1,2})?\]`;
/** What an insertion may add: entries in a flow map, entries on new lines, a new block `to:`, a flow `to:`. */
const INSERTION = new RegExp(
  `^(?:(?:, ${ENTRY})+|(?:\\r?\\n *${ENTRY})+|\\r?\\n *to:(?:\\r?\\n *${ENTRY})+|, to: \\{ ${ENTRY}(?:, ${ENTRY})* \\}|\\{ ${ENTRY}(?:, ${ENTRY})* \\})$`,
);

describe("every example and rules fixture, each model of each step's unit put at a random spot", () => {
  const root = join(__dirname, "..", "..", "..", "..");
  const files = [
    ...readdirSync(join(root, "examples")).map((f) => join(root, "examples", f)),
    ...readdirSync(join(root, "test", "fixtures", "rules")).map((f) => join(root, "test", "fixtures", "rules", f)),
  ].filter((f) => f.endsWith(".scenario.yaml"));

  /**
   * Checks one call's result against the text: every edit replaces a number token by a written
   * number or inserts an entry or a to: block; outside the edits the edited text is the original,
   * byte for byte; every comment is kept; the engine has each model at its rounded spot.
   */
  function check(text: string, analysis: Analysis, step: number | null, spots: readonly ModelPlacement[], where: string): void {
    const result = placementEdits(text, analysis, step, spots);
    assert.ok("edits" in result, `${where}: ${JSON.stringify(result)}`);
    assertApart(result.edits);
    const edits = [...result.edits].sort((a, b) => a.span.start - b.span.start);
    for (const e of edits) {
      const old = text.slice(e.span.start, e.span.end);
      if (old === "") assert.match(e.newText, INSERTION, where);
      else {
        assert.match(old, NUMBER_TOKEN, where);
        assert.match(e.newText, WRITTEN_NUMBER, where);
      }
    }
    const out = applyEdits(text, result.edits);
    // Walk both texts: the pieces between edits are the same, and nothing else changed.
    let from = 0;
    let at = 0;
    for (const e of edits) {
      const same = text.slice(from, e.span.start);
      assert.equal(out.slice(at, at + same.length), same, where);
      assert.equal(out.slice(at + same.length, at + same.length + e.newText.length), e.newText, where);
      at += same.length + e.newText.length;
      from = e.span.end;
    }
    assert.equal(out.slice(at), text.slice(from), where);
    assert.ok(keepsComments(text, out), where);
    const after = analyze(out);
    assert.ok(after.scenario, where);
    const frame = boardFrame(after.scenario, after.problems, step ?? undefined);
    for (const spot of spots) {
      const at = frame.models.find((m) => m.id === spot.model)?.at;
      assert.deepEqual(at, [roundCoordinate(spot.to[0]), roundCoordinate(spot.to[1])], `${where} ${spot.model}`);
    }
  }

  it("changes only numbers or adds entries, and the engine puts the models there", () => {
    assert.ok(files.length >= 100);
    const next = random(20261202);
    let placed = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const analysis = analyze(text);
      const scenario = analysis.scenario;
      if (!scenario) continue;
      const spotFor = (id: string): ModelPlacement => to(id, next() * scenario.board.width, next() * scenario.board.height);
      for (const step of [null, ...scenario.steps.map((s) => s.index)]) {
        const shown: Step | undefined = step === null ? undefined : scenario.steps.find((s) => s.index === step);
        const units: readonly UnitDef[] = shown === undefined ? scenario.units : scenario.units.filter((u) => "unit" in shown && u.id === shown.unit.id);
        for (const unit of units) {
          const movable: string[] = [];
          for (const model of unit.models) {
            const where = `${file} step ${String(step)} ${model.id}`;
            const lock = placementLock(text, analysis, step, model.id);
            const spot = spotFor(model.id);
            if (lock !== undefined) {
              assert.deepEqual(placementEdits(text, analysis, step, [spot]), { refused: lock }, where);
              // Only these reasons lock a model of the step's own unit in the examples and fixtures.
              assert.match(lock, /was removed in step|is a fight with no pile-in|so it moves no model/, where);
              continue;
            }
            check(text, analysis, step, [spot], where);
            movable.push(model.id);
            placed++;
          }
          // All of the unit's models at once: one combined edit list.
          if (movable.length > 1) check(text, analysis, step, movable.map(spotFor), `${file} step ${String(step)} ${unit.id}`);
        }
      }
    }
    assert.ok(placed > 500, `placed ${placed}`);
  });
});
