/**
 * shared/language/completion/ without the server: the cursor's context read from text that need
 * not parse, keys per place, values as the engine judges them at that step (step kinds by phase,
 * fight types and modes by replaying the step), targets measured on the board after a fight's
 * nested pile-in, insert texts, snippet indentation, the last good model, and never throwing.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { completeAt, type CompletionEntry, type CompletionOptions } from "../../../shared/language/completion/index";
import { cursorContext } from "../../../shared/language/completion/context";
import { FAR, GUARDS } from "../../helpers/scenarios";

const examples = join(__dirname, "..", "..", "..", "..", "examples");
const example = (name: string): string => readFileSync(join(examples, `${name}.scenario.yaml`), "utf8");

/** Completions at the `|` in `marked`, in the order an editor lists them. */
function complete(marked: string, options: CompletionOptions = {}): { entries: CompletionEntry[]; word: string } {
  const at = marked.indexOf("|");
  const text = marked.slice(0, at) + marked.slice(at + 1);
  const result = completeAt(text, at, options);
  const entries = [...result.entries].sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
  return { entries, word: text.slice(result.range.start, result.range.end) };
}
const labels = (marked: string, options?: CompletionOptions): string[] => complete(marked, options).entries.map((e) => e.label);
const details = (marked: string): [string, string | undefined][] => complete(marked).entries.map((e) => [e.label, e.detail]);

/** Replaces `from` (which must occur) in `text`. */
function edit(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `the text has ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

function context(marked: string) {
  const at = marked.indexOf("|");
  return cursorContext(marked.slice(0, at) + marked.slice(at + 1), at);
}

describe("the cursor's context, read from lines", () => {
  it("finds the map and the keys already written around a key being typed", () => {
    const c = context("scenario: x\nunits:\n  a:\n    player: red\n    ba|\n    models: {}\nturn: red\n")!;
    assert.equal(c.position, "key");
    assert.deepEqual(c.path, ["units", "a"]);
    assert.deepEqual(c.present, ["player", "models"]);
    assert.equal(c.word, "ba");
  });

  it("counts list items to find the step, in both indentations of a block list", () => {
    for (const steps of ["steps:\n  - remove: a1\n  - fight: b\n    ty|\n", "steps:\n- remove: a1\n- fight: b\n  ty|\n"]) {
      const c = context(steps)!;
      assert.deepEqual([c.position, c.path, c.present], ["key", ["steps", 1], ["fight"]], steps);
    }
  });

  it("reads a value after key: and inside flow lists and maps on the cursor's line", () => {
    const value = context("steps:\n  - fight: b\n    type:|\n")!;
    assert.deepEqual([value.position, value.path, value.key, value.prefix], ["value", ["steps", 0], "type", " "]);
    const list = context("steps:\n  - fight: b\n    targets: [x, y|z, w]\n")!;
    assert.deepEqual([list.position, list.key, list.list?.written, list.word], ["value", "targets", ["x", "w"], "y"]);
    assert.deepEqual(list.range.end - list.range.start, 2, "the word runs on past the cursor");
    const nested = context("steps:\n  - fight: b\n    pile-in: { targets: [|\n")!;
    assert.deepEqual([nested.path, nested.key], [["steps", 0, "pile-in"], "targets"]);
    const flowKey = context("steps:\n  - pile-in: b\n    to: { b1: [1, 2], |\n")!;
    assert.deepEqual([flowKey.position, flowKey.path, flowKey.present], ["key", ["steps", 0, "to"], ["b1"]]);
  });

  it("reads an item of a block list as a value of the list's key", () => {
    const c = context("steps:\n  - remove:\n      - a1\n      - |\n      - a3\n")!;
    assert.deepEqual([c.position, c.path, c.key, c.list?.written], ["value", ["steps", 0], "remove", ["a1", "a3"]]);
  });

  it("has nothing to offer in comments, block scalars, quotes, indentation and closed lists", () => {
    for (const marked of [
      "# a comment |\n",
      "steps:\n  - fight: b\n    note: >-\n      some text |\n",
      'scenario: "a title|\n',
      "units:\n  |  a:\n",
      "steps:\n  - fight: b\n    targets: [a] |\n",
    ]) {
      assert.equal(context(marked), undefined, marked);
    }
  });
});

describe("completion of keys", () => {
  const overrun = example("overrun-fight");

  it("offers the top-level keys not yet written", () => {
    assert.deepEqual(labels(`${overrun}|`), ["description", "rulings", "terrain", "show", "view", "weapons"]);
  });

  it("offers a unit's keys, a model map's and a move map's", () => {
    assert.deepEqual(labels(edit(overrun, "    name: Transport\n", "    name: Transport\n    |\n")), [
      "charged",
      "fights-first",
      "move",
      "advanced",
      "fell-back",
      "battle-shocked",
      "wargear",
    ]);
    assert.deepEqual(labels(edit(overrun, "m1: { at: [17.66, 14], facing: 0 }", "m1: { at: [17.66, 14], facing: 0, | }")), ["base", "wargear"]);
    assert.deepEqual(labels(edit(overrun, "        s4: [24.9, 18.1]", "        s4: { at: [24.9, 18.1], | }")), ["path", "facing"]);
  });

  it("offers the keys of a fight's nested pile-in, and only its unit's models under its to:", () => {
    assert.deepEqual(labels(edit(overrun, "      targets: [passengers]\n      to:", "      |\n      to:")), ["targets"]);
    const moves = complete(edit(overrun, "        s5: [23.6, 18.2]\n", "        s5: [23.6, 18.2]\n        |\n")).entries;
    assert.deepEqual(
      moves.map((e) => [e.label, e.detail, e.insert]),
      [
        ["s1", "at [23.93, 11.7]", "s1: "],
        ["s2", "at [24.72, 12.73]", "s2: "],
        ["s3", "at [25, 14]", "s3: "],
      ],
    );
  });

  it("inserts the key alone when its colon is already there", () => {
    // The key being edited does not count as written: retyping it is offered.
    const retyped = complete(edit(overrun, "    type: overrun\n", "    ty|pe: overrun\n"));
    assert.deepEqual([retyped.word, retyped.entries.find((e) => e.label === "type")?.insert], ["type", "type"]);
    const renamed = complete(edit(overrun, "    type: overrun\n", "    no|: overrun\n")).entries.find((e) => e.label === "note");
    assert.equal(renamed, undefined, "note is present further down");
    const fresh = complete(edit(overrun, "    type: overrun\n", "    ill|xx: overrun\n"));
    assert.deepEqual([fresh.word, fresh.entries.find((e) => e.label === "illegal")?.insert], ["illxx", "illegal"]);
  });
});

describe("completion of step kinds and units, by phase", () => {
  const movement = example("11e-movement");

  it("offers the phase's own kinds first, with the reason for the others", () => {
    assert.deepEqual(details(edit(movement, "  - move: devastators\n", "  - |\n  - move: devastators\n")), [
      ["move", "Move step"],
      ["remove", "Remove models"],
      ["phase", "Phase change"],
      ["pile-in", "belongs to the fight phase; the timeline is in the movement phase (write `- phase: fight` first)"],
      ["fight", "belongs to the fight phase; the timeline is in the movement phase (write `- phase: fight` first)"],
      ["consolidate", "belongs to the fight phase; the timeline is in the movement phase (write `- phase: fight` first)"],
      ["charge", "belongs to the charge phase; the timeline is in the movement phase (write `- phase: charge` first)"],
    ]);
  });

  it("closes the Pile In step once a unit has fought (11e), but not in a 10e activation", () => {
    const eleventh = labels(`${example("overrun-fight")}  - |\n`);
    assert.deepEqual(eleventh.slice(0, 2), ["fight", "consolidate"]);
    assert.equal(eleventh.indexOf("pile-in"), 4);
    const tenth = labels(`${example("seed-002-10e")}  - |\n`);
    assert.deepEqual(tenth.slice(0, 3), ["pile-in", "fight", "consolidate"]);
  });

  it("offers the player's units to move first, those that already moved last", () => {
    assert.deepEqual(labels(edit(movement, "  - move: devastators\n", "  - move: |\n  - move: devastators\n")), [
      "devastators",
      "assault",
      "boyz",
      "gretchin",
      "kommandos",
      "intercessors",
      "outriders",
      "terminators",
      "dreadnought",
      "scouts",
    ]);
  });
});

describe("completion of values the engine judges", () => {
  it("offers the fight types the engine accepts for this unit first", () => {
    const overrun = example("overrun-fight");
    assert.deepEqual(details(edit(overrun, "    type: overrun\n", "    type: |\n")), [
      ["overrun", "allowed here"],
      ["normal", "not allowed here"],
    ]);
    const normal = complete(edit(overrun, "    type: overrun\n", "    type: |\n")).entries[1];
    assert.match(normal.documentation ?? "", /Here: squad cannot make a normal fight: it is not engaged \(11e 12\.05\)/);
  });

  it("offers move types and fall-back modes as the engine allows them for the unit", () => {
    const movement = example("11e-movement");
    // With \`mode: ordered-retreat\` written, only a fall-back is accepted: the engine faults the mode with any other type.
    assert.deepEqual(details(edit(movement, "    type: fall-back\n    mode: ordered-retreat\n", "    type: |\n    mode: ordered-retreat\n")), [
      ["fall-back", "allowed here"],
      ["normal", "not allowed here"],
      ["advance", "not allowed here"],
      ["stationary", "not allowed here"],
    ]);
    const stationary = complete(edit(movement, "    type: fall-back\n    mode: ordered-retreat\n", "    type: |\n    mode: ordered-retreat\n")).entries[3];
    assert.match(
      stationary.documentation ?? "",
      /Here: a fall-back mode \(ordered-retreat\) is selected only for a fall-back move, not for a stationary unit \(11e 09\.07\)$/,
    );
    assert.deepEqual(details(edit(movement, "    mode: desperate-escape\n", "    mode: |\n")), [
      ["desperate-escape", "allowed here"],
      ["ordered-retreat", "not allowed here"],
    ]);
  });

  it("offers consolidation modes and objectives in rules order", () => {
    const consolidation = example("consolidation");
    assert.deepEqual(details(edit(consolidation, "    mode: objective\n", "    mode: |\n")), [
      ["objective", "allowed here"],
      ["ongoing", "not allowed here"],
      ["engaging", "not allowed here"],
    ]);
    assert.deepEqual(details(edit(consolidation, "    objective: alpha\n", "    objective: |\n")), [["alpha", 'within 3" (2.15")']]);
  });

  it("measures a fight's targets after its nested pile-in", () => {
    const overrun = example("overrun-fight");
    // Before the pile-in the passengers are 2.48" away; the pile-in ends 0.55" from them.
    assert.deepEqual(details(edit(overrun, "        s5: [23.6, 18.2]\n    targets: [passengers]\n", "        s5: [23.6, 18.2]\n    targets: [|\n")), [
      ["passengers", 'engaged 0.55"'],
    ]);
    assert.deepEqual(details(edit(overrun, "      targets: [passengers]\n      to:", "      targets: [|\n      to:")), [["passengers", 'within 5" (2.48")']]);
  });
});

/** Red's Charge phase: raiders (red) 5" from guards (blue). */
const CHARGE = `scenario: Charge
rules: 11e
board: [40, 30]
turn: red
phase: charge
units:
  raiders:
    player: red
    base: 32
    models:
      r1: [10, 8]
  guards:
    player: blue
    base: 32
    models:
      g1: [16, 8]
steps:
  - charge: raiders
`;

describe("completion of values for a unit that may not act", () => {
  it("calls no move type allowed for a unit of the player whose turn it is not", () => {
    assert.deepEqual(details(edit(GUARDS, "  - move: raiders\n", "  - move: raiders\n    type: |\n")), [
      ["fall-back", "allowed here"],
      ["stationary", "allowed here"],
      ["normal", "not allowed here"],
      ["advance", "not allowed here"],
    ]);
    // Blue's guards: fall-back and stationary fail only for the unit, normal and advance for themselves too.
    const guards = complete(edit(GUARDS, "  - move: guards\n", "  - move: guards\n    type: |\n")).entries;
    assert.deepEqual(
      guards.map((e) => [e.label, e.detail]),
      [
        ["fall-back", "guards cannot act here (action.not-eligible)"],
        ["stationary", "guards cannot act here (action.not-eligible)"],
        ["normal", "not allowed here"],
        ["advance", "not allowed here"],
      ],
    );
    assert.match(
      guards[0].documentation ?? "",
      /Here: guards belongs to blue; in the Movement phase only the player whose turn it is \(red\) selects units to move \(11e 09\.02\)$/,
    );
    assert.match(guards[2].documentation ?? "", /Here: guards is engaged with raiders, so it cannot make a normal move/);
  });

  it("calls no consolidation mode allowed for a unit never eligible to fight", () => {
    const entries = complete(edit(FAR, "  - consolidate: far\n", "  - consolidate: far\n    mode: |\n")).entries;
    assert.deepEqual(
      entries.map((e) => [e.label, e.detail]),
      [
        ["objective", "far cannot act here (action.not-eligible)"],
        ["ongoing", "not allowed here"],
        ["engaging", "not allowed here"],
      ],
    );
    assert.match(entries[0].documentation ?? "", /Here: far cannot consolidate: it was not eligible to fight this phase \(11e 12\.08\)$/);
  });

  it("tells a unit that may not act from values that are each wrong: Heroic Intervention modes", () => {
    // Red's raiders may charge (without a mode); every Heroic Intervention mode is wrong for them.
    const red = complete(`${CHARGE}    intervention: |\n`).entries;
    assert.deepEqual(
      red.map((e) => [e.label, e.detail]),
      [
        ["leap-to-defend", "not allowed here"],
        ["into-the-fray", "not allowed here"],
      ],
    );
    assert.match(
      red[0].documentation ?? "",
      /Here: Heroic Intervention is used in the opponent's Charge phase; raiders belongs to the player whose turn it is \(11e 15\.11\)$/,
    );
    // Blue's guards may charge only by Heroic Intervention: a mode cures the finding of the step without one.
    assert.deepEqual(details(`${edit(CHARGE, "charge: raiders", "charge: guards")}    intervention: |\n`), [
      ["leap-to-defend", "allowed here"],
      ["into-the-fray", "allowed here"],
    ]);
  });

  it("offers the values unjudged once the deadline has passed", () => {
    const marked = edit(FAR, "  - consolidate: far\n", "  - consolidate: far\n    mode: |\n");
    const entries = complete(marked, { expired: () => true }).entries;
    assert.deepEqual(
      entries.map((e) => [e.label, e.detail, e.documentation]),
      [
        ["ongoing", undefined, "Ongoing: an engaged unit consolidates toward the enemy units it is engaged with (11e 12.08)."],
        ["engaging", undefined, 'Engaging: the unit moves to engage enemy units within 3"; they must then be selected to fight (11e 12.08).'],
        ["objective", undefined, 'Objective: the unit moves to end within range of an objective within 3" (11e 12.08).'],
      ],
    );
    assert.deepEqual(complete(marked, { expired: () => false }).entries, complete(marked).entries);
  });
});

describe("completion of plain values", () => {
  const pileIn = example("illegal-pile-in");

  it("offers systems, rulings for the system first, phases, players and flags", () => {
    assert.deepEqual(details(edit(pileIn, "rules: 11e", "rules: |")), [
      ["11e", "11th edition"],
      ["10e", "10th edition"],
    ]);
    assert.deepEqual(labels(edit(pileIn, "rules: 11e", "rules: 10e\nrulings: [consolidate-contact-base, |]")), [
      "club",
      "chargers-attack-only-charge-targets",
      "remaining-combats-engaged-only",
      "consolidate-contact-engaged",
    ]);
    assert.deepEqual(labels(edit(pileIn, "turn: red", "turn: |")), ["red", "blue"]);
    assert.deepEqual(labels(edit(pileIn, "    charged: [guards]", "    charged: [guards]\n    advanced: |")), ["true", "false"]);
    assert.deepEqual(labels(edit(pileIn, "    charged: [guards]", "    charged: [|")), ["guards"]);
  });

  it("puts a space after a bare `-` before a step kind or a whole step", () => {
    const overrun = example("overrun-fight");
    const entries = complete(`${overrun}  -|\n`, { snippets: true }).entries;
    assert.deepEqual(
      entries.slice(0, 2).map((e) => e.insert),
      [" fight: ", " fight: ${1|monster,squad,passengers|}\n  targets: [$2]$0"],
    );
  });

  it("puts a space after a bare colon, and brackets round a list key's scalar", () => {
    const afterColon = complete(edit(pileIn, "rules: 11e", "rules:|")).entries;
    assert.deepEqual(
      afterColon.map((e) => e.insert),
      [" 11e", " 10e"],
    );
    const scalar = complete(edit(pileIn, "    to:\n", "    targets: gu|\n    to:\n"));
    assert.deepEqual([scalar.word, scalar.entries.map((e) => e.insert)], ["gu", ["[guards]"]]);
  });

  it("offers removable models still on the board, and phases", () => {
    const overrun = example("overrun-fight");
    assert.deepEqual(labels(edit(overrun, "  - remove: [e1, e2]", "  - remove: [e1, |]")), ["m1", "s1", "s2", "s3", "s4", "s5", "e2", "e3", "e4"]);
    assert.deepEqual(labels(`${overrun}  - phase: |\n`), ["command", "movement", "shooting", "charge", "fight"]);
  });

  it("offers the codes a step breaks first, and writing them leaves nothing unmet", () => {
    const entries = complete(edit(pileIn, "illegal: [move.too-far]", "illegal: [|")).entries;
    assert.deepEqual(
      entries.slice(0, 2).map((e) => [e.label, e.detail]),
      [
        ["move.too-far", "reported on this step"],
        ["scenario.schema", "A key is unknown, required, or has a value of the wrong type."],
      ],
    );
    const offered = entries.filter((e) => e.detail === "reported on this step").map((e) => e.label);
    const written = analyze(edit(pileIn, "illegal: [move.too-far]", `illegal: [${offered.join(", ")}]`));
    assert.deepEqual(
      written.problems.map((p) => [p.code, p.severity]),
      [["move.too-far", "info"]],
    );
  });
});

describe("completion on broken text, snippets, robustness", () => {
  const overrun = example("overrun-fight");

  it("falls back on the last good model when the text cannot be mended", () => {
    const broken = `${edit(overrun, "    targets: [transport]\n    note: 1.", "    targets: [|\n    note: 1.")}  - remove: [e3\n`;
    assert.deepEqual(labels(broken), []);
    const lastGood = analyze(overrun).scenario!;
    assert.deepEqual(
      complete(broken, { lastGood }).entries.map((e) => [e.label, e.detail]),
      [
        ["transport", 'engaged 0.3"'],
        ["passengers", '4.21" away'],
      ],
    );
  });

  it("indents a snippet's later lines for the client: relative when it re-indents, absolute otherwise", () => {
    const at = `${overrun}  - |\n`;
    const relative = complete(at, { snippets: true }).entries.find((e) => e.label === "fight step")!;
    const absolute = complete(at, { snippets: true, adjustsIndentation: false }).entries.find((e) => e.label === "fight step")!;
    // Units that charged or are engaged first; the transport was removed.
    assert.equal(relative.insert, "fight: ${1|monster,squad,passengers|}\n  targets: [$2]$0");
    assert.equal(absolute.insert, "fight: ${1|monster,squad,passengers|}\n    targets: [$2]$0");
    assert.ok(
      complete(at).entries.every((e) => !e.snippet),
      "no snippets unless asked for",
    );
  });

  it("never throws, at any offset of an example or of its broken prefixes", () => {
    const text = example("illegal-pile-in");
    for (let offset = 0; offset <= text.length; offset += 3) {
      assert.doesNotThrow(() => completeAt(text, offset));
      assert.doesNotThrow(() => completeAt(text.slice(0, offset), offset));
    }
    const top = ["scenario", "description", "rules", "rulings", "board", "turn", "phase", "objectives", "terrain", "units", "steps", "show", "view", "weapons"];
    assert.deepEqual(
      completeAt("", 0).entries.map((e) => e.label),
      top,
    );
    // An offset past the end is the end: the word `x` is matched by the client.
    assert.deepEqual(completeAt("x", 99), { range: { start: 0, end: 1 }, entries: completeAt("", 0).entries });
  });
});
