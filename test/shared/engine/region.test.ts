// The legal region of a move against the checker: for one model of each move kind the engine
// knows, 200 random spots around its start are judged by the region (legal, legal for the model
// only, outside) and then written into the scenario text (language/edit) and checked from scratch.
// Inside the legal region the model has no finding; in the second tone it has none but its unit
// has a unit-level one; outside it has a finding. Spots within the outline's precision of a
// boundary are not judged (the outline is traced to 0.05"). The region is sound: a spot it
// shades as legal is legal, always. It may miss a pocket smaller than its grid's cell (a spot
// the checker accepts, outside the outline): at most 2% of the spots judged may be such misses.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../../shared/engine/analyze";
import { moveRegion } from "../../../shared/engine/region";
import { areaOf, inMultiPolygon, type MultiPolygon } from "../../../shared/geometry/contour";
import { placementEdits } from "../../../shared/language/edit/index";
import { applyEdits } from "../../../shared/language/text/edits";
import type { ModelMove, Step } from "../../../shared/model/scenario";
import { contours } from "../../../shared/geometry/contour";
import { createRng } from "../../helpers/prng";

const ROOT = join(__dirname, "..", "..", "..", "..");

/** One region per move kind (found by scanning the examples and rule fixtures for a model with a region). */
const CASES: readonly { kind: string; file: string; step: number; model: string }[] = [
  { kind: "11e pile-in", file: "examples/illegal-pile-in.scenario.yaml", step: 0, model: "r1" },
  { kind: "11e overrun fight's pile-in", file: "examples/overrun-fight.scenario.yaml", step: 2, model: "s1" },
  { kind: "11e consolidation (ongoing)", file: "examples/consolidation.scenario.yaml", step: 2, model: "r4" },
  { kind: "11e consolidation (objective)", file: "examples/consolidation.scenario.yaml", step: 3, model: "m1" },
  { kind: "11e consolidation (engaging)", file: "test/fixtures/rules/consolidate-engaging.scenario.yaml", step: 2, model: "a1" },
  { kind: "11e consolidation (inferred)", file: "test/fixtures/rules/consolidate-forced-fight-legal.scenario.yaml", step: 5, model: "c1" },
  { kind: "11e charge", file: "examples/11e-charge.scenario.yaml", step: 0, model: "a1" },
  { kind: "11e Heroic Intervention (leap to defend)", file: "examples/11e-charge.scenario.yaml", step: 3, model: "n1" },
  { kind: "11e Heroic Intervention (into the fray)", file: "test/fixtures/rules/11e-heroic-into-the-fray.scenario.yaml", step: 1, model: "c1" },
  { kind: "11e normal move", file: "examples/11e-movement.scenario.yaml", step: 0, model: "i1" },
  { kind: "11e advance move", file: "examples/11e-movement.scenario.yaml", step: 1, model: "o1" },
  { kind: "11e fall-back move", file: "examples/11e-movement.scenario.yaml", step: 2, model: "t1" },
  { kind: "10e pile-in", file: "test/fixtures/rules/10e-pile-in-coherency-seven.scenario.yaml", step: 0, model: "a6" },
  { kind: "10e consolidation", file: "test/fixtures/rules/10e-consolidate-nested.scenario.yaml", step: 1, model: "a2" },
  { kind: "10e consolidation (objective)", file: "test/fixtures/rules/10e-consolidate-mode.scenario.yaml", step: 2, model: "a1" },
  { kind: "10e charge (base to base if possible)", file: "examples/10e-charge.scenario.yaml", step: 0, model: "a1" },
  { kind: "10e normal move", file: "test/fixtures/rules/10e-charge-after-moving.scenario.yaml", step: 0, model: "a1" },
];

const UNIT_CODES = new Set(["coherency.broken", "engagement.required", "objective.out-of-range", "engagement.forbidden"]);
const POINTS = 200;
/** Spots nearer a boundary than this are not judged: the outline is traced to 0.05". */
const NEAR = 0.06;

/** The text without `illegal:` markers, so the checker reports every finding as it is. */
function plain(file: string): string {
  return readFileSync(join(ROOT, file), "utf8")
    .split("\n")
    .filter((l) => !/^\s*illegal:/.test(l))
    .join("\n");
}

function movesOf(step: Step): readonly ModelMove[] {
  if (step.kind === "fight") return step.consolidate?.moves ?? step.pileIn?.moves ?? [];
  return "moves" in step ? step.moves : [];
}

/** The checker's findings for `model` once it is written at `at`: its own, and its unit's. */
function judged(text: string, step: number, model: string, at: readonly [number, number]): { own: string[]; unit: string[] } {
  const edit = placementEdits(text, analyze(text), step, [{ model, to: at }]);
  assert.ok("edits" in edit, `writing ${model} at ${at}: ${"refused" in edit ? edit.refused : ""}`);
  const written = applyEdits(text, edit.edits);
  const a = analyze(written);
  const s = a.scenario!.steps.find((x) => x.index === step)!;
  const entry = movesOf(s).find((mv) => mv.model.id === model)!;
  const mine = a.problems.filter((p) => p.step === step && p.span.start >= entry.span.start && p.span.end <= entry.span.end).map((p) => p.code);
  const unit = a.problems
    .filter((p) => p.step === step && !(p.span.start >= entry.span.start && p.span.end <= entry.span.end) && UNIT_CODES.has(p.code))
    .map((p) => p.code);
  return { own: mine, unit };
}

/** Distance from a point to the nearest ring edge of `mp`. */
function boundaryDistance(mp: MultiPolygon, x: number, y: number): number {
  let best = Infinity;
  for (const poly of mp)
    for (const ring of poly)
      for (let k = 0; k < ring.length; k++) {
        const [ax, ay] = ring[k];
        const [bx, by] = ring[(k + 1) % ring.length];
        const dx = bx - ax;
        const dy = by - ay;
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
        best = Math.min(best, Math.hypot(ax + t * dx - x, ay + t * dy - y));
      }
  return best;
}

const tally: string[] = [];

for (const c of CASES) {
  test(`the ${c.kind} region agrees with the checker at ${POINTS} random spots (${c.file} step ${c.step + 1}, ${c.model})`, () => {
    const text = plain(c.file);
    const scenario = analyze(text).scenario!;
    const region = moveRegion(scenario, c.step, c.model);
    assert.ok(areaOf(region.legal) > 0, `${c.kind}: a legal region (${region.note ?? ""})`);
    const from = region.from!;
    const reach = (region.limit ?? 6) + 0.5;
    const rand = createRng(20261201 + c.step);
    const counts = { legal: 0, unit: 0, outside: 0, nearEdge: 0, missed: 0 };
    for (let k = 0; k < POINTS; k++) {
      const x = Math.min(scenario.board.width - 0.01, Math.max(0.01, from[0] + (rand() * 2 - 1) * reach));
      const y = Math.min(scenario.board.height - 0.01, Math.max(0.01, from[1] + (rand() * 2 - 1) * reach));
      const at = [Math.round(x * 100) / 100, Math.round(y * 100) / 100] as const;
      if (Math.min(boundaryDistance(region.legal, at[0], at[1]), boundaryDistance(region.unitOnly, at[0], at[1])) < NEAR) {
        counts.nearEdge++;
        continue;
      }
      const { own, unit } = judged(text, c.step, c.model, at);
      if (inMultiPolygon(region.legal, at[0], at[1])) {
        counts.legal++;
        assert.deepEqual(own, [], `${c.kind}: ${c.model} at ${at} is inside the legal region`);
        assert.deepEqual(unit, [], `${c.kind}: ${c.model} at ${at} is inside the legal region, yet its unit fails`);
      } else if (inMultiPolygon(region.unitOnly, at[0], at[1])) {
        counts.unit++;
        assert.deepEqual(own, [], `${c.kind}: ${c.model} at ${at} is legal for the model`);
        if (unit.length === 0) counts.missed++;
      } else {
        counts.outside++;
        if (own.length === 0 && unit.length === 0) counts.missed++;
      }
    }
    tally.push(
      `${c.kind}: ${counts.legal} legal, ${counts.unit} unit-only, ${counts.outside} outside; ${counts.missed} legal spots missed (a pocket under a cell); ${counts.nearEdge} within ${NEAR}" of an edge not judged; ${region.samples} spots asked`,
    );
    const judgedCount = counts.legal + counts.unit + counts.outside;
    assert.ok(counts.missed <= 0.02 * judgedCount, `${c.kind}: ${counts.missed} of ${judgedCount} spots the checker accepts lie outside the region`);
    assert.ok(counts.legal + counts.unit > 0, `${c.kind}: some random spots fall inside the region`);
  });
}

test("a 10th-edition charge that can reach base contact is legal only in contact: the band's centre line checks clean", () => {
  const c = CASES.find((x) => x.kind.startsWith("10e charge"))!;
  const text = plain(c.file);
  const region = moveRegion(analyze(text).scenario!, c.step, c.model);
  const bands = region.legal.filter((poly) => areaOf([poly]) < 0.2);
  assert.ok(bands.length > 0, "contact bands");
  // The middle of each band's outer edge and inner edge, averaged: a spot at contact.
  for (const poly of bands.slice(0, 4)) {
    const ring = poly[0];
    const half = ring.length / 2;
    const mid = Math.floor(half / 2);
    const at = [(ring[mid][0] + ring[ring.length - 1 - mid][0]) / 2, (ring[mid][1] + ring[ring.length - 1 - mid][1]) / 2] as const;
    assert.deepEqual(judged(text, c.step, c.model, at).own, [], `${c.model} at ${at}, in contact`);
  }
});

test("contours trace a disc and an annulus with a hole, to the precision asked", () => {
  const disc = contours((x, y) => Math.hypot(x - 5, y - 5) <= 2, { x0: 0, y0: 0, step: 0.25, nx: 41, ny: 41 }, 3);
  assert.equal(disc.length, 1);
  assert.ok(Math.abs(areaOf(disc) - Math.PI * 4) < 0.1, `disc area ${areaOf(disc)}`);
  const ring = contours((x, y) => Math.hypot(x - 5, y - 5) <= 3 && Math.hypot(x - 5, y - 5) >= 1.5, { x0: 0, y0: 0, step: 0.25, nx: 41, ny: 41 }, 3);
  assert.equal(ring.length, 1, "one polygon");
  assert.equal(ring[0].length, 2, "an outer ring and a hole");
  assert.ok(Math.abs(areaOf(ring) - Math.PI * (9 - 2.25)) < 0.15, `annulus area ${areaOf(ring)}`);
  assert.ok(inMultiPolygon(ring, 5, 7.5) && !inMultiPolygon(ring, 5, 5) && !inMultiPolygon(ring, 5, 8.5));
});

// The counts of each region's spots, for the note (printed once the regions are checked).
after(() => console.log(tally.join("\n")));
