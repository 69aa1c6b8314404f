// A try of a step on a checkpoint (tryStepFrom, the legal region's hundreds of spots) uses a trial
// context (rules/context.ts `trialContext`): the turn and Fight-phase records, and the selection
// pools, read through to the checkpoint's until the step writes them, and the report holds the
// step's findings only. It must find exactly what a try on a whole copy of the replay finds
// (cloneReplay: the board and every record copied), leave the checkpoint's records as they were,
// and so give the same legal regions, spot for spot.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, it } from "node:test";
import { analyze } from "../../../shared/index";
import type { Scenario, Step } from "../../../shared/index";
import type { ModelMove } from "../../../shared/model/scenario";
import type { BoardState, UnitState } from "../../../shared/board/board-state";
import { applyVariant, cloneReplay } from "../../../shared/engine/replay";
import { checkpoint, tryStepFrom } from "../../../shared/engine/timeline";
import { moveRegion, type StepTrier } from "../../../shared/engine/region";
import { overlayMap, overlaySet, type RuleContext } from "../../../shared/rules/context";
import { systemOf } from "../../../shared/language/board/index";
import { createRng } from "../../helpers/prng";
import { exampleAndRuleFixtureFiles } from "../../helpers/scenario-files";

const ROOT = join(__dirname, "..", "..", "..", "..");
import { fightPhaseScenario } from "../../bench/scenarios";

function scenarios(): { name: string; scenario: Scenario }[] {
  const out: { name: string; scenario: Scenario }[] = [];
  for (const file of exampleAndRuleFixtureFiles()) {
    const scenario = analyze(readFileSync(file, "utf8")).scenario;
    if (scenario) out.push({ name: basename(file), scenario });
  }
  out.push({ name: "fightPhaseScenario(100)", scenario: analyze(fightPhaseScenario(100)).scenario! });
  return out;
}

/** The reference: the step tried on a whole copy of the replay (board and records), as `resume` does. */
const copying: StepTrier = (from, variant, inspect) => {
  const state = cloneReplay(from.state);
  const before = state.ctx.report.problems.length;
  applyVariant(state, variant);
  return { problems: state.ctx.report.problems.slice(before), after: inspect(state.ctx.board) };
};

/** Everything a later step could read of a board: each model's place, and what the grid and caches answer. */
function boardFacts(board: BoardState): string {
  const lines: string[] = [`budget ${board.witnessBudget}`];
  for (const m of board.models.values())
    lines.push(`${m.def.id} ${m.at.x} ${m.at.y} ${m.facing} ${m.alive} near ${board.near(m.shape, 3).map((n) => n.def.id)}`);
  for (const u of board.units.values()) lines.push(`${u.id} engaged ${[...board.engagedUnits(u)].map(([v, t]) => `${v.id}:${t}`)}`);
  return lines.join("\n");
}

/** The context's records, in their order, and the pools' answers as they stand (read, never synced). */
function records(ctx: RuleContext): string {
  const ids = (s: Iterable<UnitState>): string[] => [...s].map((u) => u.id);
  const keyed = <V>(m: ReadonlyMap<UnitState, V>): [string, V][] => [...m].map(([u, v]) => [u.id, v]);
  const { turn: t, fight: f } = ctx;
  const pools = f.pools as unknown as { facts: Map<UnitState, object>; counts: Map<string, { unasked: Set<UnitState> }> } | undefined;
  return JSON.stringify({
    charged: [...t.charged].map(([u, v]) => [u.id, ids(v)]),
    advanced: ids(t.advanced),
    fellBack: ids(t.fellBack),
    moved: keyed(t.moved),
    chargeDeclared: keyed(t.chargeDeclared),
    chargePhase: t.chargePhase && { interventions: [...t.chargePhase.interventions], first: t.chargePhase.first },
    fight: { ...f, pools: undefined, order: undefined, activation: f.activation && { ...f.activation, unit: f.activation.unit.id } },
    pileIns: keyed(f.pileIns),
    consolidations: keyed(f.consolidations),
    selected: ids(f.selected),
    engagedAtStart: f.engagedAtStart && keyed(f.engagedAtStart),
    everEligible: ids(f.everEligible),
    forced: f.forced && ids(f.forced.units),
    madeEligible: ids(f.madeEligible),
    facts: pools && keyed(pools.facts),
    counts: pools && [...pools.counts].map(([p, c]) => [p, { ...c, unasked: ids(c.unasked) }]),
    problems: ctx.report.problems,
  });
}

/** The block of a step that moves models (a fight's consolidation, else its pile-in). */
function movesOf(step: Step): readonly ModelMove[] {
  if (step.kind === "fight") return step.consolidate?.moves ?? step.pileIn?.moves ?? [];
  return "moves" in step ? step.moves : [];
}

/** The step with every written end moved by up to 1.5" (a drag on the board). */
function nudged(step: Step, rng: () => number): Step {
  const move = (mv: ModelMove): ModelMove => ({
    ...mv,
    path: mv.path.map((p, i) => (i === mv.path.length - 1 ? { x: p.x + (rng() - 0.5) * 3, y: p.y + (rng() - 0.5) * 3 } : p)),
  });
  if (step.kind === "fight") {
    if (step.consolidate) return { ...step, consolidate: { ...step.consolidate, moves: step.consolidate.moves.map(move) } };
    if (step.pileIn) return { ...step, pileIn: { ...step.pileIn, moves: step.pileIn.moves.map(move) } };
    return step;
  }
  return "moves" in step ? ({ ...step, moves: step.moves.map(move) } as Step) : step;
}

describe("the trial context", () => {
  it("finds what a try on a whole copy of the replay finds, and leaves the checkpoint's records as they were", () => {
    const rng = createRng(1507);
    let tried = 0;
    for (const { name, scenario } of scenarios()) {
      const { system } = systemOf(scenario);
      for (const step of scenario.steps) {
        if (movesOf(step).length === 0) continue;
        const previous = scenario.steps.filter((s) => s.index < step.index).pop();
        const cp = checkpoint(scenario, system, previous?.index);
        for (const variant of [step, nudged(step, rng), nudged(step, rng), step]) {
          const kept = records(cp.state.ctx);
          const r = tryStepFrom(cp, variant, (board) => boardFacts(board));
          assert.equal(records(cp.state.ctx), kept, `${name} step ${step.index + 1}: the checkpoint's records after the trial`);
          const full = copying(cp, variant, (board) => boardFacts(board));
          assert.deepEqual(r.problems, full.problems, `${name} step ${step.index + 1}`);
          assert.equal(r.after, full.after, `${name} step ${step.index + 1}: the board after the step`);
          tried++;
        }
      }
    }
    assert.ok(tried > 400, `${tried} variants tried`);
  });

  // The regions of region.test.ts's move kinds, and the bench's generated Fight phase (its last consolidation and pile-in).
  const REGIONS: readonly { file: string; step: number; model: string }[] = [
    { file: "examples/illegal-pile-in.scenario.yaml", step: 0, model: "r1" },
    { file: "examples/overrun-fight.scenario.yaml", step: 2, model: "s1" },
    { file: "examples/consolidation.scenario.yaml", step: 2, model: "r4" },
    { file: "examples/consolidation.scenario.yaml", step: 3, model: "m1" },
    { file: "test/fixtures/rules/consolidate-engaging.scenario.yaml", step: 2, model: "a1" },
    { file: "test/fixtures/rules/consolidate-forced-fight-legal.scenario.yaml", step: 5, model: "c1" },
    { file: "examples/11e-charge.scenario.yaml", step: 3, model: "n1" },
    { file: "examples/11e-movement.scenario.yaml", step: 2, model: "t1" },
    { file: "test/fixtures/rules/10e-pile-in-coherency-seven.scenario.yaml", step: 0, model: "a6" },
    { file: "test/fixtures/rules/10e-consolidate-nested.scenario.yaml", step: 1, model: "a2" },
    { file: "examples/10e-charge.scenario.yaml", step: 0, model: "a1" },
  ];
  for (const c of REGIONS) {
    it(`gives the legal region a whole copy of the replay gives, spot for spot (${c.file} step ${c.step + 1}, ${c.model})`, () => {
      const scenario = analyze(readFileSync(join(ROOT, c.file), "utf8")).scenario!;
      const region = moveRegion(scenario, c.step, c.model);
      assert.ok(region.samples > 0, region.note);
      assert.deepEqual(region, moveRegion(scenario, c.step, c.model, {}, copying));
    });
  }

  it("gives the legal regions a whole copy of the replay gives in the generated Fight phase (200 models)", () => {
    const scenario = analyze(fightPhaseScenario(200)).scenario!;
    const last = (kind: string): Step => [...scenario.steps].reverse().find((s) => s.kind === kind && movesOf(s).length > 0)!;
    for (const step of [last("consolidate"), last("pile-in")]) {
      const model = movesOf(step)[0].model.id;
      const region = moveRegion(scenario, step.index, model);
      assert.ok(region.samples > 100, `${model}: ${region.samples} spots`);
      assert.deepEqual(region, moveRegion(scenario, step.index, model, {}, copying), `${model} in step ${step.index + 1}`);
    }
  });
});

describe("overlayMap and overlaySet", () => {
  it("answer as a copy of their base would, under any writes, and never change the base", () => {
    const rng = createRng(77);
    for (let round = 0; round < 300; round++) {
      const keys = Array.from({ length: 1 + Math.floor(rng() * 8) }, (_, i) => i);
      const baseMap = new Map(keys.filter(() => rng() < 0.6).map((k) => [k, `v${k}`]));
      const baseSet = new Set(baseMap.keys());
      const was = JSON.stringify([[...baseMap], [...baseSet]]);
      const map = overlayMap(baseMap);
      const set = overlaySet(baseSet);
      const copyMap = new Map(baseMap);
      const copySet = new Set(baseSet);
      for (let op = 0; op < 12; op++) {
        const k = keys[Math.floor(rng() * keys.length)];
        const r = rng();
        if (r < 0.35) {
          const v = `w${op}`;
          assert.equal(map.set(k, v), map);
          copyMap.set(k, v);
          set.add(k);
          copySet.add(k);
        } else if (r < 0.65) {
          assert.equal(map.delete(k), copyMap.delete(k));
          assert.equal(set.delete(k), copySet.delete(k));
        } else if (r < 0.7) {
          map.clear();
          copyMap.clear();
          set.clear();
          copySet.clear();
        } else if (r < 0.8) {
          assert.deepEqual([...map], [...copyMap]);
          assert.deepEqual([...set], [...copySet]);
        }
        assert.equal(map.size, copyMap.size);
        assert.equal(set.size, copySet.size);
        for (const q of keys) {
          assert.equal(map.has(q), copyMap.has(q));
          assert.equal(map.get(q), copyMap.get(q));
          assert.equal(set.has(q), copySet.has(q));
        }
      }
      assert.deepEqual([...map.entries()], [...copyMap.entries()], `round ${round}: the order of the entries`);
      assert.deepEqual([...map.keys()], [...copyMap.keys()]);
      assert.deepEqual([...map.values()], [...copyMap.values()]);
      assert.deepEqual([...set.values()], [...copySet.values()], `round ${round}: the order of the items`);
      const seen: unknown[] = [];
      map.forEach((v, k, m) => seen.push([k, v, m === map]));
      set.forEach((v, w, s) => seen.push([v, w, s === set]));
      const expected: unknown[] = [];
      copyMap.forEach((v, k) => expected.push([k, v, true]));
      copySet.forEach((v) => expected.push([v, v, true]));
      assert.deepEqual(seen, expected);
      assert.equal(JSON.stringify([[...baseMap], [...baseSet]]), was, `round ${round}: the base is left as it was`);
    }
  });
});
