// The pure hover and inlay-hint logic (shared/language/hover*.ts, inlay-*.ts): move records from
// one replay, move limits, step hovers that ask the engine, code hovers, and the dispatcher.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { ChargeStep, Scenario } from "../../../shared/index";
import { ELEVENTH, TENTH } from "../../../shared/systems/system";
import { codeAt, codeHover } from "../../../shared/language/hover/code";
import { hoverAt } from "../../../shared/language/hover/index";
import { md } from "../../../shared/language/text/index";
import { stepHover } from "../../../shared/language/hover/step";
import { inlayHints } from "../../../shared/language/inlay/index";
import { chargeLimit, moveRecords } from "../../../shared/language/board/index";
import { FAR, GUARDS, MOVES } from "../../helpers/scenarios";

/** A 10e activation moving a1 twice in one step, a move step out of its phase, and a removal. */
const TWICE = `scenario: Twice
rules: 10e
board: [30, 20]
turn: red
units:
  a:
    player: red
    base: 32
    charged: [b]
    models:
      a1: [11.5, 8]
      a2: [11.5, 9.3]
  b:
    player: blue
    base: 60x35
    models:
      b1: { at: [15, 8], facing: 90 }
      b2: [15, 10]
steps:
  - fight: a
    pile-in:
      to: { a1: [13.5, 8] }
    consolidate:
      to: { a1: [13.7, 8.2] }
  - move: b
    to: { b1: [20, 8] }
  - remove: [a2]
`;

function parsed(text: string): { scenario: Scenario; analysis: ReturnType<typeof analyze> } {
  const analysis = analyze(text);
  assert.ok(analysis.scenario);
  return { scenario: analysis.scenario, analysis };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

describe("move records", () => {
  it("measure each move from where the engine left the model, and skip moves the engine did not apply", () => {
    const { scenario } = parsed(TWICE);
    assert.deepEqual(
      moveRecords(scenario).map((r) => [r.step, r.block, r.move.model.id, r.from, round(r.distance), r.limit, r.closest?.model, round(r.closest?.gap ?? NaN)]),
      [
        // The closest enemy is measured after the whole step: a1 ends 0.01" into b1's oval.
        [0, "pile-in", "a1", { x: 11.5, y: 8 }, 2, { limit: 3, what: "pile-in" }, "b1", -0.011],
        [0, "consolidate", "a1", { x: 13.5, y: 8 }, 0.283, { limit: 3, what: "consolidation" }, "b1", -0.011],
      ],
    );
    assert.equal(moveRecords(scenario), moveRecords(scenario), "cached per scenario");
  });

  it("take Movement-phase limits from M, the advance roll and the inferred type; none without `move:`", () => {
    const { scenario } = parsed(MOVES);
    assert.deepEqual(
      moveRecords(scenario).map((r) => [r.move.model.id, round(r.distance), r.limit]),
      [
        ["r1", 7, { limit: 9, what: "advance move" }],
        ["s1", 4, { limit: 5, what: "fall-back move" }],
        ["e1", 0.5, { what: "normal move" }],
      ],
    );
  });

  it("cap an Into the Fray roll at 6 (11e only)", () => {
    const step = {
      roll: { value: 9, span: { start: 0, end: 0 } },
      intervention: { value: "into-the-fray", span: { start: 0, end: 0 } },
    } as unknown as ChargeStep;
    assert.deepEqual(chargeLimit(ELEVENTH, step), { limit: 6, what: "Heroic Intervention" });
    assert.deepEqual(chargeLimit(TENTH, step), { limit: 9, what: "charge move" });
    assert.deepEqual(chargeLimit(ELEVENTH, { ...step, roll: undefined, intervention: undefined }), { what: "charge move" });
  });
});

describe("inlay hints", () => {
  it("label distance/limit and the gap, each switchable, only inside the range", () => {
    const { scenario } = parsed(MOVES);
    const end = MOVES.indexOf("r1: [12, 5]") + "r1: [12, 5]".length;
    assert.deepEqual(
      inlayHints(scenario, { distance: true, gap: false }).map((h) => [h.offset, h.kind, h.label]),
      [
        [end, "distance", '7"/9"'],
        [MOVES.indexOf("s1: [16, 20]") + 12, "distance", '4"/5"'],
        [MOVES.indexOf("e1: [22, 20]") + 12, "distance", '0.5"'],
      ],
    );
    assert.deepEqual(
      inlayHints(scenario, { distance: false, gap: true, range: { start: end, end } }).map((h) => h.label),
      ['16.5" to e1'],
    );
    assert.deepEqual(inlayHints(scenario, { distance: false, gap: false }), []);
  });
});

describe("step hovers", () => {
  it("list the engine's eligibility findings and the move types it accepts", () => {
    const { scenario, analysis } = parsed(MOVES);
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[2]),
      [
        "**step 3** · `move: e` · blue, 11e",
        "",
        "- ✗ `action.not-eligible` e belongs to blue; in the Movement phase only the player whose turn it is (red) selects units to move (11e 09.02)",
        '- before it: not engaged; closest enemy unit **s** 4.24"',
        // Every move type keeps the finding above: the unit may not act here, so no type is allowed.
        "- move type: not written, read as the most permissive: no value is allowed, as **e** cannot act here (`action.not-eligible`)",
        "- limit: none written for this normal move",
      ].join("\n"),
    );
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[1]),
      [
        "**step 2** · `move: s` · red, 11e",
        "",
        "- ✓ eligible, in sequence (no eligibility or order finding)",
        '- before it: engaged with **e** 0.24"',
        "- move type: not written, read as the most permissive: the rules allow fall-back, stationary",
        '- each model moves at most 5" (fall-back move)',
      ].join("\n"),
    );
  });

  it("ask the engine who may select next in a 10th-edition fight phase", () => {
    const { scenario, analysis } = parsed(TWICE);
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[0]),
      [
        "**step 1** · `fight: a` · red, 10e",
        "",
        "- ✓ eligible, in sequence (no eligibility or order finding)",
        '- before it: not engaged; closest enemy unit **b** 1.78"',
        "- next to select: blue (**b**)",
      ].join("\n"),
    );
    assert.equal(stepHover(scenario, analysis.problems, scenario.steps[2]), "**step 3** · `remove: a2`\n\n- removes **a2** (destroyed)");
  });
});

describe("step hovers for a unit that may not act", () => {
  it("allow no move type to a unit of the player whose turn it is not, naming the finding", () => {
    const { scenario, analysis } = parsed(GUARDS);
    // Engaged, red's own raiders may fall back or remain stationary.
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[0]),
      [
        "**step 1** · `move: raiders` · red, 11e",
        "",
        "- ✓ eligible, in sequence (no eligibility or order finding)",
        '- before it: engaged with **guards** 0.04"',
        "- move type: not written, read as the most permissive: the rules allow fall-back, stationary",
        '- each model moves at most 0" (remain stationary)',
      ].join("\n"),
    );
    // The guards are blue: every move type keeps `action.not-eligible`, so none is allowed.
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[1]),
      [
        "**step 2** · `move: guards` · blue, 11e",
        "",
        "- ✗ `action.not-eligible` guards belongs to blue; in the Movement phase only the player whose turn it is (red) selects units to move (11e 09.02)",
        '- before it: engaged with **raiders** 0.04"',
        "- move type: not written, read as the most permissive: no value is allowed, as **guards** cannot act here (`action.not-eligible`)",
        '- each model moves at most 0" (remain stationary)',
      ].join("\n"),
    );
  });

  it("allow no consolidation mode nor target to a unit never eligible to fight", () => {
    const { scenario, analysis } = parsed(FAR);
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[2]),
      [
        "**step 3** · `consolidate: far` · red, 11e",
        "",
        "- ✗ `action.not-eligible` far cannot consolidate: it was not eligible to fight this phase (11e 12.08)",
        '- before it: not engaged; closest enemy unit **guards** 9.72"',
        "- mode: not written, read as the most permissive: no value is allowed, as **far** cannot act here (`action.not-eligible`)",
        "- targets: not written, read as the most permissive: no enemy unit is allowed, as **far** cannot act here (`action.not-eligible`)",
        '- each model moves at most 3" (consolidation)',
      ].join("\n"),
    );
  });

  it("stop asking the engine once the deadline has passed, and say so; an unexpired deadline changes nothing", () => {
    const { scenario, analysis } = parsed(FAR);
    assert.equal(
      stepHover(scenario, analysis.problems, scenario.steps[0], { expired: () => true }),
      [
        "**step 1** · `fight: raiders` · red, 11e",
        "",
        "- ✓ eligible, in sequence (no eligibility or order finding)",
        '- before it: engaged with **guards** 0.24"',
        "- fight type: not written, read as the most permissive: not known (not every choice was tried: the hover ran out of time)",
        "- next to select: not known (not every choice was tried: the hover ran out of time)",
      ].join("\n"),
    );
    const plain = stepHover(scenario, analysis.problems, scenario.steps[0]);
    assert.equal(stepHover(scenario, analysis.problems, scenario.steps[0], { expired: () => false }), plain);
    assert.match(plain, /^- fight type: not written, read as the most permissive: the rules allow normal$/m);
    // Through the dispatcher too.
    const head = FAR.indexOf("consolidate: far") + 2;
    assert.match(
      hoverAt(analysis, head, { expired: () => true })?.markdown ?? "",
      /^- mode: not written, read as the most permissive: not known \(not every choice was tried: the hover ran out of time\)$/m,
    );
  });
});

describe("the hover dispatcher", () => {
  it("shows a removed model on a removal's line, and an oval base with its facing", () => {
    const { analysis } = parsed(TWICE);
    const removed = hoverAt(analysis, TWICE.indexOf("a2]") + 1);
    assert.equal(removed?.markdown, "**a2** · model of **a**, red · after step 3 (`remove: a2`)\n\n- removed: not on the board at this point");
    assert.deepEqual(removed?.span, { start: TWICE.indexOf("a2]"), end: TWICE.indexOf("a2]") + 2 });
    assert.match(hoverAt(analysis, TWICE.indexOf("b1:") + 1)?.markdown ?? "", /^- at \(15, 8\), base 60×35 mm oval, facing 90°$/m);
    // The rest of a definition line (here the facing) is the model in the set-up too, over the whole line.
    const facing = hoverAt(analysis, TWICE.indexOf("facing: 90") + 2);
    assert.match(facing?.markdown ?? "", /^\*\*b1\*\* · model of \*\*b\*\*, blue · set-up$/m);
    assert.deepEqual(facing?.span, { start: TWICE.indexOf("b1: {"), end: TWICE.indexOf("90 }") + 4 });
  });

  it("explains a finding under the cursor, quoting the excerpt its message cites first", () => {
    const { analysis } = parsed(TWICE);
    const at = TWICE.indexOf("move: b") + 2;
    // The step head wins over the sequence.order finding that sits on it.
    assert.match(hoverAt(analysis, at)?.markdown ?? "", /^\*\*step 2\*\* · `move: b`/);
    assert.equal(
      codeHover("move.not-closer", "11e", [], "consolidate", "… (11e 12.08)"),
      [
        "**`move.not-closer`** — A moved model does not end closer to what the rule says it must approach.",
        "",
        "**11e 12.08 Consolidation Move** (source 000)",
        "> Each model that is moved must end its move closer to the closest selected enemy unit, and engaged with it if possible.",
        ">",
        "> Objective Consolidation: Each model that is moved must end its move within range of the selected objective if possible, or closer to it if not.",
      ].join("\n"),
    );
    assert.equal(
      codeHover("move.overlap", "10e", []),
      "**`move.overlap`** — A model ends its move on another model.\n\n_The 10e rules sources hold no text for this rule._",
    );
    assert.equal(codeHover("scenario.schema", "11e", []), "**`scenario.schema`** — A key is unknown, required, or has a value of the wrong type.");
  });

  it("finds the code under the cursor in an `illegal:` list, and nothing in an unparsed text", () => {
    const text = "    illegal: [move.too-far, coherency.broken, not.a-code]";
    const span = { start: 4, end: text.length };
    assert.deepEqual(codeAt(text, span, text.indexOf("coherency") + 3), { code: "coherency.broken", span: { start: 28, end: 44 } });
    assert.equal(codeAt(text, span, text.indexOf("not.a-code") + 1), undefined);
    assert.equal(codeAt(text, span, 5), undefined);
    assert.equal(hoverAt(analyze("steps: ["), 3), undefined);
    assert.equal(md("a_b*c`d"), "a\\_b\\*c\\`d");
  });
});
