// The legal region of a move on the board (RenderOptions.region): where it is drawn, that its
// outline comes back to board inches inside the move's reach, that a picture without it (or with a
// region of another step) is byte-identical to one never given it, and that its strings are escaped.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, boardFrame } from "../../../shared/index";
import { moveRegion, type RegionResult } from "../../../shared/engine/region";
import { layoutOf, renderBoard, THEME_NAMES } from "../../../shared/render/index";

const ROOT = join(__dirname, "..", "..", "..", "..");
const PILE_IN = "examples/illegal-pile-in.scenario.yaml";

function load(rel: string) {
  const text = readFileSync(join(ROOT, rel), "utf8");
  const analysis = analyze(text);
  assert.ok(analysis.scenario, rel);
  return { text, scenario: analysis.scenario, problems: analysis.problems };
}

const { scenario, problems } = load(PILE_IN);
const frame0 = boardFrame(scenario, problems, 0);
const REGION = moveRegion(scenario, 0, "r1");

/** The `d` of every `<path>` with class `cls` (attributes in the renderer's order: class first). */
function pathsOf(svg: string, cls: string): { attrs: string; d: string }[] {
  const out: { attrs: string; d: string }[] = [];
  for (const m of svg.matchAll(/<path ([^>]*)\/>/g)) {
    if (!new RegExp(`(^| )class="${cls}"`).test(m[1])) continue;
    const d = /(?:^| )d="([^"]*)"/.exec(m[1]);
    assert.ok(d, `a ${cls} path has a d`);
    out.push({ attrs: m[1], d: d[1] });
  }
  return out;
}

/** The rings of a path written as `M x y L x y … Z`, each point in picture px. */
function ringsOf(d: string): [number, number][][] {
  assert.match(d, /^(M-?[\d.]+ -?[\d.]+(L-?[\d.]+ -?[\d.]+)*Z)+$/, "rings of M…L…Z");
  return d
    .split("Z")
    .filter((r) => r !== "")
    .map((r) => [...r.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]));
}

describe("renderBoard with a region", () => {
  it("the engine finds a region for r1's pile-in (the premise of these tests)", () => {
    assert.equal(REGION.step, 0);
    assert.equal(REGION.note, undefined);
    assert.ok(REGION.legal.length > 0, "legal is not empty");
    assert.ok(REGION.unitOnly.length > 0, "unitOnly is not empty");
    assert.deepEqual(REGION.from, [10, 8]);
    assert.equal(REGION.limit, 3);
  });

  it("draws the legal area whose points, un-projected, lie on the board and within 3\" of r1's start", () => {
    const svg = renderBoard(scenario, frame0, { region: REGION });
    const legal = pathsOf(svg, "region-legal");
    assert.equal(legal.length, 1, "one path holds every legal polygon");
    assert.match(legal[0].attrs, /data-model="r1"/);
    assert.match(legal[0].attrs, /fill-rule="evenodd"/);
    const { proj } = layoutOf(scenario);
    const rings = ringsOf(legal[0].d);
    assert.equal(rings.length, REGION.legal.flat().length, "one ring in the path per ring of the region");
    let count = 0;
    for (const ring of rings) {
      for (const [px, py] of ring) {
        const x = (px - proj.x0) / proj.scale;
        const y = (py - proj.y0) / proj.scale;
        // The renderer writes px to 0.01, so an inch is off by at most 0.005 / scale; the outline itself by its precision.
        const tol = 0.01 + 0.005 / proj.scale;
        assert.ok(x >= -tol && x <= scenario.board.width + tol && y >= -tol && y <= scenario.board.height + tol, `(${x}, ${y}) on the board`);
        assert.ok(Math.hypot(x - 10, y - 8) <= 3 + 0.05 + tol, `(${x}, ${y}) within 3" of (10, 8)`);
        count++;
      }
    }
    assert.ok(count >= 3, "the outline has points");
  });

  it("draws the unit-only area hatched, the references, and the legend entries", () => {
    const svg = renderBoard(scenario, frame0, { region: REGION });
    const unit = pathsOf(svg, "region-unit");
    assert.equal(unit.length, 1);
    assert.match(unit[0].attrs, /fill-rule="evenodd"/);
    assert.equal(pathsOf(svg, "region-unit-hatch").length, 1);
    // The maximum-distance ring: 3" round (10, 8), dashed.
    const { proj } = layoutOf(scenario);
    const limit = new RegExp(
      `<circle class="region-limit" data-model="r1" cx="${10 * proj.scale + proj.x0}" cy="${8 * proj.scale + proj.y0}" r="${3 * proj.scale}"[^>]*stroke-dasharray`,
    );
    assert.match(svg, limit);
    assert.equal(pathsOf(svg, "region-start").length, 1);
    // The Engagement Range round the closest enemy (g1 at 15, 8: a 32 mm base and 2" in 11e).
    assert.match(svg, /<circle class="region-engagement" data-model="g1" cx="380" cy="266" r="63.12"/);
    assert.match(svg, />legal end</);
    assert.match(svg, />legal for the model, not the unit</);
    // Under the models: the region comes before the first base.
    assert.ok(svg.indexOf('class="region"') < svg.indexOf('class="base"'), "drawn before the bases");
    assert.ok(svg.indexOf('class="region"') > 0);
  });

  it("without a region, or with one of another step, the picture is byte-identical", () => {
    const plain = renderBoard(scenario, frame0);
    assert.equal(renderBoard(scenario, frame0, { region: undefined }), plain);
    assert.equal(renderBoard(scenario, frame0, { region: { ...REGION, step: 1 } }), plain);
    assert.doesNotMatch(plain, /region|legal end/);
    // The set-up has no region.
    const setup = boardFrame(scenario, problems, undefined);
    assert.equal(renderBoard(scenario, setup, { region: REGION }), renderBoard(scenario, setup));
    for (const theme of THEME_NAMES) {
      assert.equal(renderBoard(scenario, frame0, { theme, region: { ...REGION, step: 7 } }), renderBoard(scenario, frame0, { theme }), theme);
    }
  });

  it("is deterministic and draws in every theme", () => {
    for (const theme of THEME_NAMES) {
      const a = renderBoard(scenario, frame0, { theme, region: REGION });
      assert.equal(renderBoard(scenario, frame0, { theme, region: REGION }), a, theme);
      assert.equal(pathsOf(a, "region-legal").length, 1, theme);
    }
  });

  it("writes every polygon's rings in one path, holes included", () => {
    const ring = (x: number, y: number, r: number): [number, number][] => [
      [x - r, y - r],
      [x + r, y - r],
      [x + r, y + r],
      [x - r, y + r],
    ];
    const region: RegionResult = { ...REGION, legal: [[ring(12, 8, 1), ring(12, 8, 0.5)], [ring(5, 5, 0.5)]], unitOnly: [] };
    const svg = renderBoard(scenario, frame0, { region });
    const [legal] = pathsOf(svg, "region-legal");
    assert.equal(ringsOf(legal.d).length, 3);
    assert.equal(pathsOf(svg, "region-unit").length, 0, "no unit-only path when the area is empty");
    const { proj } = layoutOf(scenario);
    assert.ok(legal.d.startsWith(`M${11 * proj.scale + proj.x0} ${7 * proj.scale + proj.y0}L`), legal.d.slice(0, 30));
  });

  it("puts the note under the board, and escapes a hostile model id and note", () => {
    const hostile = `"><script>alert(1)</script><x a='`;
    const region: RegionResult = { ...REGION, model: hostile, note: `<b>&"cut" ]]> short</b>` };
    const svg = renderBoard(scenario, frame0, { region });
    assert.doesNotMatch(svg, /<script|<b>|<x /);
    assert.match(svg, /data-model="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;x a=&#39;"/);
    assert.match(svg, /<g class="region-note"[^>]*><text [^>]*>Legal region of "&gt;&lt;script&gt;/);
    assert.match(svg, /&lt;b&gt;&amp;"cut" \]\]&gt; short&lt;\/b&gt;/);
    // Every attribute value is quoted and holds no raw quote or angle bracket.
    for (const m of svg.matchAll(/data-model="([^"]*)"/g)) assert.doesNotMatch(m[1], /[<>]/);
  });

  it("a region the engine could not find shows its note and no area", () => {
    const none = moveRegion(scenario, 0, "g1");
    assert.ok(none.note, "g1 does not move in a pile-in of raiders");
    const svg = renderBoard(scenario, frame0, { region: none });
    assert.equal(pathsOf(svg, "region-legal").length, 0);
    assert.match(svg, /<g class="region-note" data-model="g1">/);
    assert.ok(svg.includes(`Legal region of g1: `));
  });
});
