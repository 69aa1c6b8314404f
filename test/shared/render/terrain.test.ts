// Terrain areas and measured gaps on the board: a golden picture of a scenario with terrain, the
// polygons and their labels in every theme, and each problem's measure drawn beside its model.
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { Problem } from "../../../shared/diagnostics/problem";
import { analyze, boardFrame } from "../../../shared/index";
import { renderBoard, THEME_NAMES, themeOf, type RenderOptions } from "../../../shared/render/index";
import { measureText } from "../../../shared/render/step-layers";
import { centroid } from "../../../shared/render/terrain-layer";

const ROOT = join(__dirname, "..", "..", "..", "..");
const GOLDEN = join(ROOT, "test", "fixtures", "render");
const TERRAIN = "test/fixtures/render/terrain.scenario.yaml";
const TOO_FAR = "test/fixtures/rules/pile-in-too-far.scenario.yaml";
const LOST = "test/fixtures/rules/pile-in-engagement-lost.scenario.yaml";
const OVERRUN = "examples/overrun-fight.scenario.yaml";

function load(rel: string) {
  const analysis = analyze(readFileSync(join(ROOT, rel), "utf8"));
  assert.ok(analysis.scenario, rel);
  return { scenario: analysis.scenario, problems: analysis.problems };
}

function render(rel: string, step: number | undefined, options: RenderOptions = {}, edit: (p: Problem) => Problem = (p) => p): string {
  const { scenario, problems } = load(rel);
  return renderBoard(scenario, boardFrame(scenario, problems.map(edit), step), options);
}

/** Compares with test/fixtures/render/<name>, or writes it when UPDATE_GOLDEN=1. */
function golden(name: string, svg: string): void {
  const file = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    writeFileSync(file, svg);
    return;
  }
  assert.ok(existsSync(file), `missing golden ${name}: run with UPDATE_GOLDEN=1`);
  assert.equal(svg, readFileSync(file, "utf8"), `${name} differs from its golden (UPDATE_GOLDEN=1 rewrites it)`);
}

function all(s: string, re: RegExp): string[] {
  return [...s.matchAll(re)].map((m) => m[0]);
}

describe("terrain on the board", () => {
  it("golden: two areas, an objective and a too-far pile-in with its measure", () => golden("terrain-step-1.svg", render(TERRAIN, 0)));

  it("draws each area as a polygon to scale, under the objectives and bases, with its id at its centroid", () => {
    const svg = render(TERRAIN, 0);
    const text = readFileSync(join(ROOT, TERRAIN), "utf8");
    // 30" board at 24 px/in: x = 20 + 24 x, y = 74 + 24 y.
    assert.deepEqual(all(svg, /<polygon class="terrain"[^>]*\/>/g), [
      `<polygon class="terrain" data-terrain="ruin1" data-kind="ruin" data-offset="${text.indexOf("ruin1:")}" points="116,146 260,146 260,218 188,218 188,266 116,266" fill="#cfc3a5" fill-opacity="0.7" stroke="#7d6f4c" stroke-width="1.5" stroke-linejoin="round"/>`,
      `<polygon class="terrain" data-terrain="woods" data-kind="woods" data-offset="${text.indexOf("woods:")}" points="452,362 596,338 644,458 500,506" fill="#cfc3a5" fill-opacity="0.7" stroke="#7d6f4c" stroke-width="1.5" stroke-linejoin="round"/>`,
    ]);
    // The L-shaped ruin's area centroid is (6.625, 5.125): (179, 197) px, text baseline 4 px lower.
    assert.match(svg, /<text x="179" y="201" [^>]*fill="#5b4f33"[^>]*class="terrain-label" data-terrain="ruin1"[^>]*>ruin1<\/text>/);
    assert.equal(all(svg, /class="terrain-label"/g).length, 2);
    // Drawn after the board and before the objectives and bases.
    const at = (s: string) => svg.indexOf(s);
    assert.ok(
      at('<g class="board">') < at('class="terrain"') && at('class="terrain"') < at('class="objective"') && at('class="objective"') < at('class="base"'),
    );
    assert.match(svg, /<text x="34" y="12" font-size="12" fill="#1f2328">terrain \(drawn only\)<\/text>/);
  });

  it("takes its colours from every theme", () => {
    for (const name of THEME_NAMES) {
      const t = themeOf(name);
      const svg = render(TERRAIN, 0, { theme: name });
      const fill = `fill="${t.terrain}" fill-opacity="${t.terrainOpacity}" stroke="${t.terrainEdge}"`;
      assert.equal(all(svg, new RegExp(`<polygon class="terrain"[^>]*${fill}`, "g")).length, 2, name);
      assert.equal(all(svg, new RegExp(`fill="${t.terrainText}"[^>]*class="terrain-label"`, "g")).length, 2, name);
    }
    assert.equal(new Set(THEME_NAMES.map((n) => themeOf(n).terrain)).size, THEME_NAMES.length);
  });

  it("a scenario without terrain draws no terrain and no terrain legend", () => {
    const svg = render(OVERRUN, 2);
    assert.doesNotMatch(svg, /terrain/);
  });

  it("the centroid of a degenerate area is the mean of its corners", () => {
    assert.deepEqual(
      centroid({
        polygon: [
          { x: 0, y: 0 },
          { x: 2, y: 0 },
          { x: 4, y: 0 },
        ],
      }),
      { x: 2, y: 0 },
    );
    assert.deepEqual(
      centroid({
        polygon: [
          { x: 0, y: 0 },
          { x: 6, y: 0 },
          { x: 0, y: 3 },
        ],
      }),
      { x: 2, y: 1 },
    );
  });
});

describe("a problem's measure on the board", () => {
  it("labels move.too-far beside the outlined model, without a dimension line (the arrow is the measured path)", () => {
    const svg = render(TOO_FAR, 0);
    assert.deepEqual(
      all(svg, /<g class="measure" data-problem="([^"]+)"[^>]*>.*?<\/g>/g).map((g) => /<text[^>]*>([^<]*)<\/text>/.exec(g)![1]),
      ['4.2" &gt; 3"'],
    );
    assert.doesNotMatch(svg, /class="dimension"/);
  });

  it("draws a dimension line between from and to, and labels engagement.lost", () => {
    const svg = render(LOST, 0);
    // from (12.1236, 8.4109) to (14.3764, 8.0891) in inches, with a tick at each end.
    assert.match(svg, /<path class="dimension" d="M310\.97 275\.86L365\.03 268\.14M[^"]+" fill="none" stroke="#d0008f" stroke-width="1\.25"/);
    assert.match(svg, /<g class="measure" data-problem="engagement\.lost"[^>]*><rect [^>]*stroke="#d0008f"[^>]*\/><text [^>]*>2\.28" &gt; 2"<\/text><\/g>/);
  });

  it("draws nothing extra for a problem without a measure", () => {
    const svg = render(TOO_FAR, 0, {}, (p) => ({ ...p, measure: undefined }));
    assert.doesNotMatch(svg, /class="measure"|class="dimension"/);
  });

  it("states the comparison the way a judge would", () => {
    assert.equal(measureText({ value: 3.4, limit: 3 }), '3.4" > 3"');
    assert.equal(measureText({ value: 2.24, limit: 2.51 }), '2.24" < 2.51"');
    assert.equal(measureText({ value: 3, limit: 3 }), '3" = 3"');
  });
});
