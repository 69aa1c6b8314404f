import type { Code } from "../diagnostics/codes";
import type { Problem, Severity } from "../diagnostics/problem";
import type { Scenario, Step } from "../model/scenario";
import { parseScenario } from "../parse/parse-scenario";
import { parseSystemSpec, RULING_SETS, RULINGS } from "../systems/rulings";
import { RULES_SYSTEMS } from "../systems/system";
import { LineIndex, type Span } from "../source/span";
import { checkScenario } from "./check-scenario";

/**
 * Comparing one scenario under several rules systems: the judge's "does this change under the
 * new edition?". The result is plain JSON data and is the one documented shape the CLI's
 * `compare --format json` prints (plus `filePath`) and the `ruleboard/compare` request returns.
 */

/** The systems compared when none are named: every system and ruling set of the sources. */
export const DEFAULT_SPECS: readonly string[] = ["11e", "10e", "10e+club"];

/** A rules system as the command line writes it (`10e+club`), split and checked against the catalogue. */
export interface SystemSpec {
  /** As written, trimmed: how every output names it. */
  readonly label: string;
  readonly rules: string;
  /** Ruling and ruling-set names as written (sets are not expanded). */
  readonly rulings: readonly string[];
}

/** Either the specs or why they cannot be used, as one sentence. */
export type SpecsResult = { readonly ok: true; readonly specs: readonly SystemSpec[] } | { readonly ok: false; readonly error: string };

/** A step's (or the set-up's) verdict: no error or warning, errors, or warnings only (inside the measuring tolerance). */
export type VerdictKind = "legal" | "illegal" | "borderline";

/** One finding under one system, placed in the text (1-based line and column). */
export interface Finding {
  readonly code: Code;
  /** The rules' own severity; a finding the step's `illegal:` lists keeps it (see `expected`). */
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly line: number;
  readonly column: number;
  /** The step is marked `illegal:` with this code (or `illegal: true`): the author expects it. */
  readonly expected: boolean;
}

/** What one system says about one step or about the set-up. */
export interface Verdict {
  /** The spec's label, e.g. `10e+club`. */
  readonly system: string;
  readonly verdict: VerdictKind;
  /** Every finding, in text order, information included. */
  readonly findings: readonly Finding[];
}

/** The verdicts of every system for one part of the scenario, in the order the specs were given. */
export interface RowComparison {
  /** True when the verdicts or the codes of the errors and warnings are not the same under every system. */
  readonly differs: boolean;
  readonly verdicts: readonly Verdict[];
}

/** One step of `steps:` under every system. */
export interface StepComparison extends RowComparison {
  /** 0-based position in `steps:` (as `Problem.step`); text output counts from 1. */
  readonly index: number;
  readonly kind: Step["kind"];
  /** What the step acts on: the unit, the removed models, or the phase entered. */
  readonly subject: string;
  /** The step's first `key: value` pair, and its 1-based position. */
  readonly head: Span;
  readonly line: number;
  readonly column: number;
  /** The step's `illegal:` marker: the codes listed, `all` for `illegal: true`, absent when unmarked. */
  readonly illegal?: readonly Code[] | "all";
}

/** The comparison of a readable scenario. */
export interface Comparison {
  readonly ok: true;
  /** The spec labels, in the order given. */
  readonly systems: readonly string[];
  /** Findings that belong to no step: the set-up and the scenario text itself. */
  readonly setup: RowComparison;
  /** Every step, in order (the CLI leaves out the steps that agree unless `--all`). */
  readonly steps: readonly StepComparison[];
  /** How many steps the scenario has, and how many of them differ (the set-up is not counted). */
  readonly stepCount: number;
  readonly differingSteps: number;
}

/** Why no comparison was made: bad system names, an unreadable scenario, or an internal failure. */
export interface ComparisonFailure {
  readonly ok: false;
  /** `systems`: the names are wrong; `scenario`: the text cannot be read (see `findings`); `internal`: a bug. */
  readonly reason: "systems" | "scenario" | "internal";
  readonly error: string;
  readonly findings: readonly Finding[];
}

export type CompareResult = Comparison | ComparisonFailure;

/** Names the known systems and rulings, for error messages and help. */
export function knownSystems(): { systems: string[]; rulings: string[] } {
  return { systems: Object.keys(RULES_SYSTEMS), rulings: [...Object.keys(RULING_SETS), ...Object.keys(RULINGS)] };
}

/**
 * Checks one system against the catalogue: the rules system exists, every ruling or ruling set
 * exists, and each ruling may be used with that system. Returns the reason when it cannot be used.
 */
export function checkSystem(rules: string, rulings: readonly string[]): string | undefined {
  const known = knownSystems();
  if (!has(RULES_SYSTEMS, rules)) return `unknown rules system '${rules}' (known: ${known.systems.join(", ")})`;
  for (const name of rulings) {
    if (!has(RULING_SETS, name) && !has(RULINGS, name)) {
      return `unknown ruling '${name}' (known: ${known.rulings.length ? known.rulings.join(", ") : "none"})`;
    }
    for (const id of has(RULING_SETS, name) ? RULING_SETS[name] : [name]) {
      if (!has(RULINGS, id)) return `ruling set '${name}' names an unknown ruling '${id}'`;
      const ruling = RULINGS[id];
      if (!ruling.systems.includes(rules)) return `ruling '${id}' does not apply to ${rules} (it is for ${ruling.systems.join(", ")})`;
    }
  }
  return undefined;
}

/** Own keys only: a name such as `constructor` must not find Object.prototype's. */
function has(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

/** Splits and checks one spec such as `10e+club`. */
export function parseSpec(written: string): { ok: true; spec: SystemSpec } | { ok: false; error: string } {
  const label = written.trim();
  if (label === "") return { ok: false, error: "empty rules system name" };
  const { rules, rulings } = parseSystemSpec(label);
  if (label.split("+").some((part) => part.trim() === "")) return { ok: false, error: `empty name in '${label}'` };
  const error = checkSystem(rules, rulings);
  return error ? { ok: false, error } : { ok: true, spec: { label, rules, rulings } };
}

/** Parses a list of specs, given as an array or comma-separated (`11e,10e,10e+club`); each may appear once. */
export function parseSpecs(written: string | readonly string[]): SpecsResult {
  const items = typeof written === "string" ? written.split(",") : written;
  if (items.length === 0) return { ok: false, error: "no rules systems to compare" };
  const specs: SystemSpec[] = [];
  for (const item of items) {
    const parsed = parseSpec(item);
    if (!parsed.ok) return parsed;
    if (specs.some((s) => s.label === parsed.spec.label)) return { ok: false, error: `'${parsed.spec.label}' is listed twice` };
    specs.push(parsed.spec);
  }
  return { ok: true, specs };
}

/**
 * Re-checks a scenario under each spec and sets the verdicts side by side, step by step. Pure
 * and never throws: bad names, an unreadable scenario and an engine failure come back as a
 * {@link ComparisonFailure}. The text is parsed once; every system replays the same model.
 *
 * Verdicts are the rules' verdicts: `illegal:` markers do not turn errors into information
 * here (a marked step is illegal under a system exactly when that system finds the violation),
 * and `expect.unmet` is not reported; the marker is given on the step and on each finding.
 */
export function compareSystems(text: string, specs: readonly string[]): CompareResult {
  const lines = new LineIndex(text);
  const parsedSpecs = parseSpecs(specs);
  if (!parsedSpecs.ok) return failure("systems", parsedSpecs.error);
  const parsed = parseScenario(text);
  if (!parsed.scenario) {
    const found = parsed.problems.map((p) => finding(p, lines, false));
    const first = found[0];
    const where = first ? `: ${first.message} (${first.line}:${first.column})` : "";
    return failure("scenario", `the scenario cannot be read${where}`, found);
  }
  const scenario = parsed.scenario;
  // Markers are taken off so each system's own severities show; they are reported beside them.
  const unmarked: Scenario = { ...scenario, steps: scenario.steps.map((s) => (s.illegal ? { ...s, illegal: undefined } : s)) };
  const perSystem: Problem[][] = [];
  for (const spec of parsedSpecs.specs) {
    try {
      perSystem.push([...parsed.problems, ...checkScenario(unmarked, { rules: spec.rules, rulings: spec.rulings })]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failure("internal", `internal error while checking under ${spec.label} (please report it): ${reason.split("\n")[0]}`);
    }
  }
  const labels = parsedSpecs.specs.map((s) => s.label);
  // A step's findings are those tagged with its index; the set-up's are those with none.
  const rowOf = (step: Step | undefined): RowComparison =>
    row(
      labels,
      perSystem.map((problems) => problems.filter((p) => p.step === step?.index).map((p) => finding(p, lines, isExpected(step, p)))),
    );
  const steps = scenario.steps.map((step): StepComparison => {
    const at = lines.lineCol(step.head.start);
    const illegal = step.illegal?.codes;
    const where = { head: step.head, line: at.line, column: at.column };
    return { index: step.index, kind: step.kind, subject: subjectOf(step), ...where, ...(illegal ? { illegal } : {}), ...rowOf(step) };
  });
  const differingSteps = steps.filter((s) => s.differs).length;
  return { ok: true, systems: labels, setup: rowOf(undefined), steps, stepCount: steps.length, differingSteps };
}

function failure(reason: ComparisonFailure["reason"], error: string, findings: readonly Finding[] = []): ComparisonFailure {
  return { ok: false, reason, error, findings };
}

function isExpected(step: Step | undefined, p: Problem): boolean {
  const codes = step?.illegal?.codes;
  return codes !== undefined && p.severity !== "info" && (codes === "all" || codes.includes(p.code));
}

function finding(p: Problem, lines: LineIndex, expected: boolean): Finding {
  const at = lines.lineCol(p.span.start);
  return { code: p.code, severity: p.severity, message: p.message, span: p.span, line: at.line, column: at.column, expected };
}

/** Builds one row; findings are sorted by position so the output does not depend on rule order. */
function row(labels: readonly string[], findings: readonly Finding[][]): RowComparison {
  const verdicts = labels.map((system, i): Verdict => {
    const sorted = [...findings[i]].sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
    return { system, verdict: verdictOf(sorted), findings: sorted };
  });
  const keys = verdicts.map(signature);
  return { differs: keys.some((k) => k !== keys[0]), verdicts };
}

function verdictOf(findings: readonly Finding[]): VerdictKind {
  if (findings.some((f) => f.severity === "error")) return "illegal";
  if (findings.some((f) => f.severity === "warning")) return "borderline";
  return "legal";
}

/**
 * What must match for two systems to agree on a row: the verdict and which codes are errors or
 * warnings. Messages are left out on purpose: they name the system ("(11e 12.03)", "(10e Pile In)").
 */
function signature(v: Verdict): string {
  const codes = new Set(v.findings.filter((f) => f.severity !== "info").map((f) => `${f.severity}:${f.code}`));
  return `${v.verdict} ${[...codes].sort().join(" ")}`;
}

function subjectOf(step: Step): string {
  switch (step.kind) {
    case "remove":
      return step.models.map((m) => m.id).join(", ");
    case "phase":
      return step.phase.value;
    default:
      return step.unit.id;
  }
}
