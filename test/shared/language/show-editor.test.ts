// Completion and hover inside `show:` and for `view:` (issue 13, part 1): keys of show, of a ring
// and of a callout with their meaning; ids where each annotation takes one; the ruler's gap on hover.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import { completeAt, type CompletionEntry } from "../../../shared/language/completion/index";
import { hoverAt } from "../../../shared/language/hover/index";
import { signedGap } from "../../../shared/geometry/gap";
import { circle } from "../../../shared/geometry/shape";
import { FAR } from "../../helpers/scenarios";

/** Completions at the `|` in `marked`, sorted as an editor lists them. */
function complete(marked: string): CompletionEntry[] {
  const at = marked.indexOf("|");
  const text = marked.slice(0, at) + marked.slice(at + 1);
  return [...completeAt(text, at).entries].sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
}
const labels = (marked: string): string[] => complete(marked).map((e) => e.label);

/** The hover at the first occurrence of `needle` (plus `shift` characters) in `text`. */
function hover(text: string, needle: string, shift = 0) {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `the text has ${needle}`);
  return hoverAt(analyze(text), at + shift);
}

const ALL_MODELS = ["r1", "r2", "g1", "g2", "f1"];

describe("completion inside show:", () => {
  it("offers show's keys on the scenario and on a step, without those written, with their titles", () => {
    const top = complete(`${FAR}show:\n  |`);
    assert.deepEqual(
      top.map((e) => e.label),
      ["measure", "engagement", "coherency", "rings", "region", "callouts"],
    );
    assert.equal(top[0].detail, "Rulers");
    assert.match(top[0].documentation ?? "", /edge-to-edge gap the checker measures/);
    const onStep = FAR.replace("  - fight: raiders\n", "  - fight: raiders\n    show:\n      measure: [[r1, g1]]\n      |\n");
    assert.deepEqual(labels(onStep), ["engagement", "coherency", "rings", "region", "callouts"]);
  });

  it("offers a ring's and a callout's keys, required ones first, in block and flow maps", () => {
    assert.deepEqual(labels(`${FAR}show:\n  rings:\n    - |`), ["around", "radius"]);
    assert.deepEqual(labels(`${FAR}show:\n  rings:\n    - around: r1\n      |`), ["radius"]);
    assert.deepEqual(labels(`${FAR}show:\n  rings: [{ around: r1, |`), ["radius"]);
    assert.deepEqual(labels(`${FAR}show:\n  callouts:\n    1:\n      |`), ["at", "text"]);
    assert.deepEqual(labels(`${FAR}show:\n  callouts: { 1: { text: "x", |`), ["at"]);
  });

  it("offers all and the units for engagement: and coherency:, the step's unit first", () => {
    assert.deepEqual(labels(`${FAR}show:\n  engagement: |`), ["all", "raiders", "guards", "far"]);
    const onStep = FAR.replace("  - fight: guards\n", "  - fight: guards\n    show:\n      coherency: |\n");
    assert.deepEqual(labels(onStep), ["all", "guards", "raiders", "far"]);
    // Inside a list: no `all`, and no unit written already.
    assert.deepEqual(labels(`${FAR}show:\n  coherency: [guards, |]`), ["raiders", "far"]);
  });

  it("offers models for region:, models then objectives for a ruler's second end, a ring's around and a callout's at", () => {
    const region = FAR.replace("  - consolidate: far\n", "  - consolidate: far\n    show:\n      region: |\n");
    assert.deepEqual(labels(region), ["f1", "r1", "r2", "g1", "g2"]);
    // The first end of a ruler is a model; the second a model or an objective, not the first end again.
    assert.deepEqual(labels(`${FAR}show:\n  measure: [[|`), ALL_MODELS);
    assert.deepEqual(labels(`${FAR}show:\n  measure: [[r1, |`), ["r2", "g1", "g2", "f1", "alpha"]);
    assert.deepEqual(labels(`${FAR}show:\n  measure: [[r1, g1], [g2, |]]`), ["r1", "r2", "g1", "f1", "alpha"]);
    assert.deepEqual(labels(`${FAR}show:\n  rings: [{ around: |`), [...ALL_MODELS, "alpha"]);
    assert.deepEqual(labels(`${FAR}show:\n  callouts:\n    1: { at: |`), [...ALL_MODELS, "alpha"]);
    const detail = complete(`${FAR}show:\n  rings: [{ around: |`).find((e) => e.label === "alpha")?.detail;
    assert.equal(detail, "objective at [22, 10]");
  });

  it("offers auto and board for view:", () => {
    assert.deepEqual(labels(`${FAR}view: |`), ["auto", "board"]);
  });

  it("a removed model is not offered on the step after its removal", () => {
    const text = FAR.replace("  - consolidate: far\n", "  - remove: g1\n  - consolidate: far\n    show:\n      region: |\n");
    assert.ok(!labels(text).includes("g1"));
  });
});

describe("hover inside show:", () => {
  const stepRuler = FAR.replace("  - fight: raiders\n", "  - fight: raiders\n    show:\n      measure: [[r1, g1], [f1, alpha]]\n");

  it("a ruler says the gap the checker measures, on the step's board", () => {
    const h = hover(stepRuler, "[r1, g1]", 0);
    assert.ok(h);
    const expected = signedGap(circle({ x: 10, y: 8 }, 16 / 25.4), circle({ x: 11.5, y: 8 }, 16 / 25.4));
    assert.match(h.markdown, /^\*\*Ruler\*\* r1 → g1/);
    assert.ok(h.markdown.includes(`${expected.toFixed(2)}"`), h.markdown);
    assert.ok(h.markdown.includes("- after step 1 (`fight: raiders`): "), h.markdown);
    const at = stepRuler.indexOf("[r1, g1]");
    assert.deepEqual(h.span, { start: at, end: at + "[r1, g1]".length });
  });

  it("on a ruler's id: the ruler first, then the id's own hover", () => {
    const h = hover(stepRuler, "[f1, alpha]", 5);
    assert.ok(h);
    assert.match(h.markdown, /^\*\*Ruler\*\* f1 → alpha/);
    assert.match(h.markdown, /---\n\n\*\*alpha\*\*/);
  });

  it("the scenario's ruler is measured at the set-up and after the last step", () => {
    const h = hover(`${FAR}show:\n  measure: [[r2, g2]]\n`, "[r2, g2]");
    assert.ok(h);
    assert.match(h.markdown, /- at the set-up: 0\.24"/);
    assert.match(h.markdown, /- after the last step, step 3: 0\.24"/);
  });

  it("a key inside show:, a ring or a callout says what it means", () => {
    const text = `${FAR}show:\n  coherency: all\n  rings: [{ around: r1, radius: 6 }]\n  callouts:\n    1: { at: alpha, text: "the objective" }\n`;
    assert.match(hover(text, "coherency:", 2)?.markdown ?? "", /^\*\*Coherency links\*\* \(`coherency:`\)/);
    assert.match(hover(text, "radius:", 1)?.markdown ?? "", /^\*\*Radius\*\* \(`radius:`\)\n\nInches from the base's edge/);
    assert.match(hover(text, "text:", 0)?.markdown ?? "", /^\*\*Text\*\*/);
    const span = hover(text, "coherency:", 2)?.span;
    const at = text.indexOf("coherency:");
    assert.deepEqual(span, { start: at, end: at + "coherency".length });
  });

  it("a key elsewhere is explained from the same table; a value is not a key", () => {
    assert.match(hover(FAR, "board:", 1)?.markdown ?? "", /\(`board:`\)/);
    assert.equal(hover(`${FAR}view: auto\n`, "auto", 1), undefined);
  });
});
