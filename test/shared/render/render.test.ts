// The board renderer: golden SVGs (run with UPDATE_GOLDEN=1 to rewrite them after a deliberate
// change, then look at the diff), determinism, and what each picture must contain.
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, boardFrame } from "../../../shared/index";
import { renderBoard, type RenderOptions } from "../../../shared/render/index";

const ROOT = join(__dirname, "..", "..", "..", "..");
const GOLDEN = join(ROOT, "test", "fixtures", "render");

function load(rel: string) {
  const text = readFileSync(join(ROOT, rel), "utf8");
  const analysis = analyze(text);
  assert.ok(analysis.scenario, rel);
  return { text, scenario: analysis.scenario, problems: analysis.problems };
}

function render(rel: string, step: number | undefined, options: RenderOptions = {}): string {
  const { scenario, problems } = load(rel);
  return renderBoard(scenario, boardFrame(scenario, problems, step), options);
}

/** Compares with test/fixtures/render/<name>, or rewrites it when UPDATE_GOLDEN=1. */
function golden(name: string, svg: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1" || !existsSync(file)) {
    if (process.env.UPDATE_GOLDEN !== "1") assert.fail(`missing golden ${name}: run with UPDATE_GOLDEN=1`);
    writeFileSync(file, svg);
    return;
  }
  assert.equal(svg, readFileSync(file, "utf8"), `${name} differs from its golden (UPDATE_GOLDEN=1 rewrites it)`);
}

/** Asserts a pattern without printing the whole picture when it fails. */
function has(svg: string, re: RegExp, expected = true): void {
  assert.equal(re.test(svg), expected, `${expected ? "expected" : "did not expect"} ${re} in the SVG`);
}

/** Every match of `re` in `s` (for counting elements by their class). */
function count(s: string, re: RegExp): number {
  return (s.match(re) ?? []).length;
}

const OVERRUN = "examples/overrun-fight.scenario.yaml";
const WITNESS = "test/fixtures/rules/pile-in-not-closer.scenario.yaml";

describe("renderBoard golden pictures", () => {
  it("the overrun example at its overrun step (light)", () => golden("overrun-step-3.svg", render(OVERRUN, 2)));
  it("the overrun step in the print theme", () => golden("overrun-step-3-print.svg", render(OVERRUN, 2, { theme: "print" })));
  it("the set-up with engagement halos and coherency links (dark)", () =>
    golden("overrun-setup-halos-coherency.svg", render(OVERRUN, undefined, { theme: "dark", halos: true, coherency: true })));
  it("a pile-in with a could-have finding and its witness", () => golden("pile-in-witness.svg", render(WITNESS, 0)));
  it("high contrast, at another scale, without legend", () =>
    golden("overrun-step-5-high-contrast.svg", render(OVERRUN, 4, { theme: "high-contrast", scale: 12, legend: false })));
});

describe("renderBoard", () => {
  it("is deterministic: the same input and options give the same bytes", () => {
    const options: RenderOptions = { theme: "dark", halos: true, coherency: true, embedSource: "x: 1\n" };
    assert.equal(render(OVERRUN, 2, options), render(OVERRUN, 2, options));
    assert.equal(render(WITNESS, 0), render(WITNESS, 0));
  });

  it("draws one base per model on the board, one ghost and one arrow per moved model, with distances", () => {
    const svg = render(OVERRUN, 2);
    assert.equal(count(svg, /<circle class="base"/g) + count(svg, /<ellipse class="base"/g), 10); // t1 was removed in step 2
    assert.equal(count(svg, /<ellipse class="base" data-model="m1"/g), 1);
    assert.equal(count(svg, /data-model="t1"/g), 0);
    assert.equal(count(svg, /class="ghost"/g), 2);
    assert.equal(count(svg, /<g class="arrow"/g), 2);
    assert.deepEqual(
      [...svg.matchAll(/<g class="arrow" data-model="(\w+)" data-offset="(\d+)"/g)].map((m) => m[1]),
      ["s4", "s5"],
    );
    has(svg, /font-weight="bold" fill="#1f2328">2\.84"<\/text>/);
    has(svg, /font-weight="bold" fill="#1f2328">1\.93"<\/text>/);
    // Every unit on the board is labelled once, by its name.
    for (const name of ["Monster", "Assault squad", "Disembarked squad"]) assert.equal(count(svg, new RegExp(`>${name}</text>`, "g")), 1, name);
    assert.equal(count(svg, />Transport<\/text>/g), 0);
  });

  it("a step with no moves draws no ghosts or arrows; the set-up draws every model", () => {
    const step1 = render(OVERRUN, 0);
    assert.equal(count(step1, /class="ghost"/g) + count(step1, /class="arrow"/g), 0);
    const setup = render(OVERRUN, undefined);
    assert.equal(count(setup, /class="base"/g), 11);
    has(setup, /data-step=/, false);
    has(setup, /set-up \(5 steps\)/);
  });

  it("numbers the caption with the step, unless the note is numbered already", () => {
    has(
      render(OVERRUN, 3),
      /<g class="caption" data-step="3" data-offset="\d+"><text [^>]*><tspan font-weight="bold">4\.<\/tspan> The overrun fight destroys two enemy models\.<\/text><\/g>/,
    );
    has(render(OVERRUN, 2), /<tspan font-weight="bold">3-4\.<\/tspan> Blue has no Fights First unit/);
    has(render(OVERRUN, 0), /<tspan font-weight="bold">1\.<\/tspan> Red selects the Monster/);
    has(render(OVERRUN, 2), /step 3 of 5: fight: Assault squad \(overrun\)/);
    has(render(WITNESS, 0), /class="caption"/, false); // no note, no caption
  });

  it("draws each problem on its model and the witness of a could-have finding where it was found", () => {
    const svg = render(WITNESS, 0);
    const { text } = load(WITNESS);
    const moveA3 = text.indexOf("a3: [11.5, 12]");
    for (const code of ["move.not-closer", "move.missed-engagement"]) {
      has(
        svg,
        new RegExp(
          `<g class="problem" data-problem="${code.replace(".", "\\.")}" data-offset="${moveA3}"><circle class="problem-outline" data-model="a3" cx="296" cy="362" r="17.28"`,
        ),
      );
    }
    // One code tag per model: the first of its two errors, counting the other.
    assert.equal(count(svg, /class="problem-label"/g), 1);
    has(svg, /<g class="problem-label" data-problem="move\.not-closer" data-offset="\d+"><rect [^>]*\/><text [^>]*>move\.not-closer \+1<\/text><\/g>/);
    // Witness (11.76, 10.55) on a 30" board at 24 px/in: x = 20 + 11.7605 * 24, y = 74 + 10.5531 * 24.
    has(svg, /<circle class="witness" data-model="a3" cx="302.25" cy="327.27" r="15.12"/);
    assert.equal(count(svg, /class="witness"/g), 1);
    // Both problems are listed under the board with their messages.
    has(svg, /move\.not-closer: a3 must end closer to b/);
  });

  it("uses only presentation attributes: no style, no ids, no scripts, no links", () => {
    const svg = render(OVERRUN, 2, { halos: true, coherency: true, embedSource: "scenario: x\n" });
    has(svg, /\sstyle=|<style|\sid=|<script|href=|url\(/, false);
    has(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1096" height="\d+" viewBox="0 0 1096 \d+" font-family="DejaVu Sans, Arial, sans-serif"/);
  });

  it("draws halos and coherency links only when asked", () => {
    const plain = render(OVERRUN, undefined);
    has(plain, /class="halos"|class="coherency"/, false);
    const both = render(OVERRUN, undefined, { halos: true, coherency: true });
    assert.equal(count(both, /<g class="halos"/g), 2); // one group per player
    // 11e engagement range 2": a stroke 2 x 2" x 24 px wide round each base.
    has(both, /<circle cx="[\d.]+" cy="[\d.]+" r="15.12" fill="#d64541" stroke="#d64541" stroke-width="96"\/>/);
    has(both, /<path class="coherency" data-unit="squad"/);
    has(both, /<path class="coherency" data-unit="passengers"/);
    has(both, /<path class="coherency" data-unit="monster"/, false); // one model: no links
  });
});
