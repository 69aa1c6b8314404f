// The properties every analysis must have, whatever the input. Each check returns the violations
// as sentences (empty = all hold), so one bad input reports everything wrong with it at once.
import { isCode, type Analysis, type Problem, type Ref, type Scenario, type Span, type Step } from "../../shared/index";
import type { Expectation } from "./mutate";

const SEVERITIES = new Set(["error", "warning", "info"]);

function spanOk(span: Span | undefined, length: number): boolean {
  return span !== undefined && Number.isInteger(span.start) && Number.isInteger(span.end) && span.start >= 0 && span.start <= span.end && span.end <= length;
}

/** Problem-level properties: span inside the text, a known code and severity, a message. */
export function checkProblem(p: Problem, length: number): string[] {
  const out: string[] = [];
  const where = `${p.code} ${JSON.stringify(p.span)}`;
  if (!isCode(p.code)) out.push(`unknown code ${JSON.stringify(p.code)}`);
  if (!SEVERITIES.has(p.severity)) out.push(`${where}: unknown severity ${JSON.stringify(p.severity)}`);
  if (typeof p.message !== "string" || p.message.trim() === "") out.push(`${where}: empty message`);
  if (!spanOk(p.span, length)) out.push(`${where}: span outside 0..${length}`);
  for (const r of p.related ?? []) {
    if (!spanOk(r.span, length)) out.push(`${where}: related span ${JSON.stringify(r.span)} outside 0..${length}`);
    if (typeof r.message !== "string" || r.message.trim() === "") out.push(`${where}: related info without a message`);
  }
  if (p.step !== undefined && !(Number.isInteger(p.step) && p.step >= 0)) out.push(`${where}: step ${p.step} is not an index`);
  if (p.witness && !(p.witness.at.every(Number.isFinite) && p.witness.model !== "")) out.push(`${where}: witness ${JSON.stringify(p.witness)}`);
  return out;
}

/**
 * The model the engine receives must be usable as promised by the parser: every reference
 * resolves, every number is finite, every id is defined once, every span lies in the text.
 */
export function checkScenario(s: Scenario, length: number): string[] {
  const out: string[] = [];
  const span = (what: string, sp: Span) => {
    if (!spanOk(sp, length)) out.push(`model: ${what} has span ${JSON.stringify(sp)} outside 0..${length}`);
  };
  const finite = (what: string, ...values: number[]) => {
    if (!values.every(Number.isFinite)) out.push(`model: ${what} is not finite: ${values.join(", ")}`);
  };
  const unitIds = new Set<string>();
  const modelUnit = new Map<string, string>();
  const objectiveIds = new Set<string>();
  finite("board", s.board.width, s.board.height);
  if (!(s.board.width > 0 && s.board.height > 0)) out.push(`model: board ${s.board.width} x ${s.board.height}`);
  if (!s.players.includes(s.turn)) out.push(`model: turn ${s.turn} is not a player (${s.players.join(", ")})`);
  if (s.players.length > 2) out.push(`model: ${s.players.length} players`);
  for (const o of s.objectives) {
    if (objectiveIds.has(o.id)) out.push(`model: objective ${o.id} twice`);
    objectiveIds.add(o.id);
    finite(`objective ${o.id}`, o.at.x, o.at.y);
    span(`objective ${o.id}`, o.span);
  }
  for (const u of s.units) {
    if (unitIds.has(u.id)) out.push(`model: unit ${u.id} twice`);
    unitIds.add(u.id);
    span(`unit ${u.id}`, u.span);
    if (!s.players.includes(u.player)) out.push(`model: unit ${u.id} has player ${u.player}, not one of the players`);
    for (const m of u.models) {
      if (modelUnit.has(m.id)) out.push(`model: model ${m.id} twice`);
      modelUnit.set(m.id, u.id);
      if (m.unit !== u.id) out.push(`model: model ${m.id} says unit ${m.unit}, listed under ${u.id}`);
      finite(`model ${m.id} position and facing`, m.at.x, m.at.y, m.facing);
      const b = m.base;
      const dims = b.kind === "round" ? [b.diameterMm] : [b.lengthMm, b.widthMm];
      if (!dims.every((d) => Number.isFinite(d) && d > 0)) out.push(`model: model ${m.id} base ${JSON.stringify(b)}`);
      span(`model ${m.id}`, m.span);
      span(`model ${m.id} line`, m.lineSpan);
    }
  }
  const ref = (what: string, r: Ref, known: (id: string) => boolean) => {
    span(`${what} ${r.id}`, r.span);
    if (!known(r.id)) out.push(`model: ${what} ${r.id} does not resolve`);
  };
  const isUnit = (id: string) => unitIds.has(id);
  for (const u of s.units) for (const r of u.chargeTargets) ref(`charge target of ${u.id}`, r, isUnit);
  let last = -1;
  for (const step of s.steps) {
    if (!(Number.isInteger(step.index) && step.index > last)) out.push(`model: step index ${step.index} after ${last}`);
    last = step.index;
    span(`step ${step.index}`, step.span);
    span(`step ${step.index} head`, step.head);
    if (step.illegal && step.illegal.codes !== "all" && !step.illegal.codes.every(isCode)) out.push(`model: step ${step.index} illegal codes`);
    out.push(...checkStepRefs(step, ref, isUnit, (id) => modelUnit.has(id), modelUnit, objectiveIds));
  }
  return out;
}

function checkStepRefs(
  step: Step,
  ref: (what: string, r: Ref, known: (id: string) => boolean) => void,
  isUnit: (id: string) => boolean,
  isModel: (id: string) => boolean,
  modelUnit: ReadonlyMap<string, string>,
  objectives: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  const at = `step ${step.index}`;
  const moves = (unit: string, list: readonly { model: Ref; path: readonly { x: number; y: number }[]; facing?: number }[]) => {
    for (const m of list) {
      ref(`${at} move of`, m.model, (id) => modelUnit.get(id) === unit);
      if (m.path.length === 0) out.push(`model: ${at} move of ${m.model.id} has no path`);
      if (!m.path.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))) out.push(`model: ${at} move of ${m.model.id} has a non-finite point`);
      if (m.facing !== undefined && !Number.isFinite(m.facing)) out.push(`model: ${at} move of ${m.model.id} has facing ${m.facing}`);
    }
  };
  switch (step.kind) {
    case "pile-in":
    case "fight":
    case "consolidate":
      ref(`${at} unit`, step.unit, isUnit);
      for (const r of step.targets?.refs ?? []) ref(`${at} target`, r, isUnit);
      break;
    case "remove":
      for (const r of step.models) ref(`${at} removed model`, r, isModel);
      break;
    case "phase":
      break;
  }
  if (step.kind === "pile-in" || step.kind === "consolidate") moves(step.unit.id, step.moves);
  if (step.kind === "fight" && step.pileIn) {
    moves(step.unit.id, step.pileIn.moves);
    for (const r of step.pileIn.targets?.refs ?? []) ref(`${at} pile-in target`, r, isUnit);
  }
  if (step.kind === "consolidate" && step.objective) ref(`${at} objective`, step.objective, (id) => objectives.has(id));
  return out;
}

/** 0-based line of an offset. */
function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Some problem overlaps the expected range, or covers a line the range is on. */
export function pointsAt(text: string, problems: readonly Problem[], e: Expectation): boolean {
  const line = lineOf(text, e.start);
  return problems.some((p) => {
    const { start, end } = p.span;
    if (start < e.end && end > e.start) return true;
    if (start === end && start >= e.start && start <= e.end) return true;
    return lineOf(text, start) <= line && line <= lineOf(text, Math.max(start, end - 1));
  });
}

/**
 * Every property of one analysis.
 * @param yamlValid whether `yaml` itself accepts the text (with the parser's options)
 * @param expect a range that now holds an unusable value, when the mutation was targeted
 */
export function checkAnalysis(text: string, analysis: Analysis, yamlValid: boolean, expect?: Expectation): string[] {
  const out: string[] = [];
  if (!Array.isArray(analysis.problems)) return ["problems is not an array"];
  for (const p of analysis.problems) out.push(...checkProblem(p, text.length));
  const syntax = analysis.problems.filter((p) => p.code === "yaml.syntax");
  if (!yamlValid) {
    if (syntax.length === 0) out.push("the text is not valid YAML but there is no yaml.syntax problem");
    if (syntax.length !== analysis.problems.length) out.push("invalid YAML, yet problems other than yaml.syntax were reported");
    if (analysis.scenario) out.push("invalid YAML, yet a scenario was returned");
  } else if (syntax.length > 0) {
    out.push(`the text is valid YAML but yaml.syntax was reported: ${syntax[0].message}`);
  }
  if (yamlValid && !analysis.scenario && !analysis.problems.some((p) => p.severity === "error")) {
    out.push("no scenario was produced and no error says why");
  }
  if (analysis.scenario) out.push(...checkScenario(analysis.scenario, text.length));
  if (expect && !pointsAt(text, analysis.problems, expect)) {
    out.push(`no problem points at ${JSON.stringify(expect.what)} written at ${expect.start}..${expect.end} (line ${lineOf(text, expect.start) + 1})`);
  }
  return out;
}
