import type { Analysis } from "../../engine/analyze";
import { TABLE_LIMIT_INCHES } from "../../model/limits";
import type { ModelDef, Scenario, Step, Vec } from "../../model/scenario";
import { PHASE_OF_STEP } from "../../rules/dispatch";
import { asMap, asScalar, isAliasNode, type YMap, type YNode, type YPair } from "../../parse/yaml-nodes";
import { lineBreakOf, roundCoordinate } from "../text/index";
import { emptyToSite, entrySite, newToSite, type Layout, type Site } from "./insert";
import { moveEndTokens, numberEdits, setupTokens, type PointTokens, type Read } from "./position";
import { firstPair, treeOf, type Tree } from "./tree";

/**
 * What one model's placement takes: its two number tokens rewritten, or a new entry at a site,
 * or a sentence saying why the board cannot move it. `plan` decides without writing anything, so
 * `placementLock` (asked for every model of a board) and `placementEdits` agree by construction.
 */
export type Plan =
  | { readonly kind: "numbers"; readonly tokens: PointTokens }
  | { readonly kind: "entry"; readonly site: Site; readonly key: string }
  | { readonly kind: "refused"; readonly reason: string };

/** What every plan of one text reads. */
export interface Context {
  readonly text: string;
  readonly analysis: Analysis;
  readonly tree: Tree;
  readonly layout: Layout;
  /** The scenario's models by id. */
  readonly defs: ReadonlyMap<string, ModelDef>;
}

/** The context of each analysis, kept while the analysis is: the board asks for every model of one analysis in a row. */
const contexts = new WeakMap<Analysis, Context>();

export function contextOf(text: string, analysis: Analysis): Context {
  const known = contexts.get(analysis);
  if (known?.text === text) return known;
  const tree = treeOf(text);
  const defs = new Map<string, ModelDef>();
  for (const unit of analysis.scenario?.units ?? []) for (const m of unit.models) if (!defs.has(m.id)) defs.set(m.id, m);
  const ctx: Context = { text, analysis, tree, defs, layout: { text, lineBreak: lineBreakOf(text), step: indentStep(text, tree) } };
  contexts.set(analysis, ctx);
  return ctx;
}

function refused(reason: string): Plan {
  return { kind: "refused", reason };
}

/** The sentence for a position the board cannot rewrite. */
function writtenSo(id: string, how: string): string {
  return `${id}'s position is written ${how}; the board cannot move it`;
}

/** How the board names a step in a sentence (1-based, as hovers and the CLI do). */
function stepWord(index: number): string {
  return `step ${index + 1}`;
}

/** Why nothing in `text` can be moved, or undefined when the scenario was read. */
function unreadable(ctx: Context, id: string): string | undefined {
  if (ctx.analysis.scenario && ctx.tree.root) return undefined;
  if (ctx.analysis.problems.some((p) => p.code === "yaml.syntax" && p.message.includes("multiple documents"))) {
    return `the file holds more than one YAML document (---); the board cannot move ${id}`;
  }
  return `the scenario cannot be read (see its problems); the board cannot move ${id}`;
}

/** Why the board cannot move `id` in `step`, with the plan when it can (the new position is not needed to decide). */
export function plan(ctx: Context, step: number | null, id: string): Plan {
  const scenario = ctx.analysis.scenario;
  const broken = unreadable(ctx, id);
  if (broken !== undefined || !scenario) return refused(broken ?? "");
  const def = ctx.defs.get(id);
  const site = ctx.tree.models.get(id);
  if (!def) {
    if (!site) return refused(`there is no model ${id} in this scenario`);
    const read = setupTokens(site.pair.value);
    return refused("how" in read ? writtenSo(id, read.how) : `${id}'s definition could not be read (see its problems); the board cannot move it`);
  }
  if (!site || site.unit !== def.unit) return refused(`the board could not find where ${id} is written`);
  if (step === null) return numbersOr(id, setupTokens(site.pair.value));
  return stepPlan(ctx, scenario, step, def);
}

function numbersOr(id: string, read: Read<PointTokens>): Plan {
  return "ok" in read ? { kind: "numbers", tokens: read.ok } : refused(writtenSo(id, read.how));
}

function stepPlan(ctx: Context, scenario: Scenario, index: number, def: ModelDef): Plan {
  const id = def.id;
  const step = scenario.steps.find((s) => s.index === index);
  if (!step) {
    if (!Number.isInteger(index) || index < 0) return refused(`${String(index)} is not a step of this scenario`);
    if (index < scenario.stepsWritten) return refused(`${stepWord(index)} could not be read (see its problems); the board cannot move ${id} in it`);
    const count = scenario.stepsWritten === 1 ? "1 step" : `${scenario.stepsWritten} steps`;
    return refused(`there is no ${stepWord(index)}: the scenario has ${count}`);
  }
  const mover = moverOf(step);
  if (mover !== def.unit) return refused(`${id} belongs to ${def.unit}; this step moves ${mover ?? noUnit(step)}`);
  const outside = outOfPhase(scenario, step);
  if (outside !== undefined) return refused(`${outside}; the board cannot move ${id} in it`);
  const removal = scenario.steps.find((s) => s.index < index && s.kind === "remove" && s.models.some((r) => r.id === id));
  if (removal) return refused(`${id} was removed in ${stepWord(removal.index)}; the board cannot move it`);
  const item = asMap(ctx.tree.steps[index] ?? null);
  if (!item) return refused(`the board could not find where ${stepWord(index)} is written`);
  const container = containerOf(step, item);
  if (typeof container === "string") return refused(container.replace("{id}", id));
  return toPlan(ctx, step, container, id);
}

/**
 * Why the replay does not apply `step` (it is outside its phase, `sequence.order`), or undefined
 * when it does: the phase is followed through the steps before it as the replay follows it.
 */
function outOfPhase(scenario: Scenario, step: Step): string | undefined {
  if (step.kind === "remove" || step.kind === "phase") return undefined;
  let phase = scenario.phase;
  for (const s of scenario.steps) {
    if (s.index >= step.index) break;
    if (s.kind === "phase") phase = s.phase.value;
  }
  const belongs = PHASE_OF_STEP[step.kind];
  return phase === belongs
    ? undefined
    : `${stepWord(step.index)} (${step.kind}) belongs to the ${belongs} phase but comes in the ${phase} phase, so it moves no model`;
}

/** The unit a step moves, or undefined for a step that moves none. */
function moverOf(step: Step): string | undefined {
  return step.kind === "remove" || step.kind === "phase" ? undefined : step.unit.id;
}

function noUnit(step: Step): string {
  return step.kind === "remove" ? "no unit (it removes models)" : "no unit (it starts a phase)";
}

/** The map holding the step's `to:`: the step itself, or a fight's nested block (the consolidation when it has both). */
function containerOf(step: Step, item: YMap): YMap | string {
  if (step.kind !== "fight") return item;
  const key = step.consolidate ? "consolidate" : step.pileIn ? "pile-in" : undefined;
  if (key === undefined) {
    return `${stepWord(step.index)} is a fight with no pile-in: or consolidate: block, where a fight's models move; the board cannot move {id} in it`;
  }
  return asMap(firstPair(item, key)?.value ?? null) ?? `the board could not find where ${stepWord(step.index)}'s ${key}: is written`;
}

function toPlan(ctx: Context, step: Step, container: YMap, id: string): Plan {
  const layout = ctx.layout;
  const toPair = firstPair(container, "to");
  const entryKey = keyText(id);
  if (!toPair) return siteOr(newToSite(layout, container), entryKey, id);
  const value = toPair.value;
  if (isAliasNode(value)) return refused(`${stepWord(step.index)}'s to: is written with an alias; the board cannot move ${id}`);
  const scalar = asScalar(value);
  if (value === null || (scalar && scalar.value === null)) {
    return scalar && !scalar.tag && !scalar.anchor ? siteOr(emptyToSite(layout, container, toPair, scalar), entryKey, id) : toNotMap(step, id);
  }
  const map = asMap(value);
  if (!map) return toNotMap(step, id);
  const entry = entryOf(map, id);
  if (entry) return numbersOr(id, moveEndTokens(entry.value));
  return siteOr(entrySite(layout, map), entryKey, id);
}

function toNotMap(step: Step, id: string): Plan {
  return refused(`${stepWord(step.index)}'s to: is not a map of model positions; the board cannot move ${id}`);
}

function siteOr(site: Site | undefined, key: string, id: string): Plan {
  return site ? { kind: "entry", site, key } : refused(`the board could not find where to write ${id}'s move`);
}

/** The model's entry under `to:` as the parser reads it (the first with its id). */
function entryOf(map: YMap, id: string): YPair | undefined {
  return firstPair(map, id);
}

/** Ids the board writes as they are; any other id is double-quoted (JSON's quoting is YAML's). */
const PLAIN_ID = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const NOT_PLAIN = new Set(["null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE"]);

/** The key a new entry is written with. */
export function keyText(id: string): string {
  return PLAIN_ID.test(id) && !NOT_PLAIN.has(id) ? id : JSON.stringify(id);
}

/** A new entry `id: [x, y]`, its numbers rounded as every edit writes them. */
export function entryText(key: string, to: Vec): string {
  return `${key}: [${String(roundCoordinate(to.x))}, ${String(roundCoordinate(to.y))}]`;
}

/** Why `to` cannot be written for `id`, or undefined when it can. */
export function badTarget(id: string, to: readonly [number, number] | undefined): string | undefined {
  if (!Array.isArray(to) || to.length !== 2 || !to.every((v) => typeof v === "number" && Number.isFinite(v))) {
    return `the board gave no position [x, y] of finite numbers for ${id}`;
  }
  if (to.some((v) => Math.abs(roundCoordinate(v)) > TABLE_LIMIT_INCHES)) {
    return `[${to.map((v) => String(roundCoordinate(v))).join(", ")}] is beyond any table (at most ${TABLE_LIMIT_INCHES}" from its corner); the board cannot move ${id} there`;
  }
  return undefined;
}

/** The numbers' edits of a plan, given the position. */
export { numberEdits };

/** The indentation of block maps under their key in this file: the first block `to:` of a step shows it, else 2. */
function indentStep(text: string, tree: Tree): number {
  for (const item of tree.steps) {
    const map = asMap(item);
    const found = map && blockStep(text, map);
    if (found) return found;
  }
  return 2;
}

function blockStep(text: string, map: YMap): number | undefined {
  for (const pair of map.items) {
    const value: YNode | null = pair.value;
    const inner = asMap(value);
    if (!inner || inner.flow || inner.items.length === 0) continue;
    const col = (o: number): number => o - text.lastIndexOf("\n", o - 1) - 1;
    const d = col(inner.items[0].key.range[0]) - col(pair.key.range[0]);
    if (d > 0) return d;
  }
  return undefined;
}
