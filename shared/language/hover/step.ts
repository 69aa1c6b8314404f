import type { Code } from "../../diagnostics/codes";
import type { Problem } from "../../diagnostics/problem";
import type { BoardState, UnitState } from "../../board/board-state";
import type {
  ChargeStep,
  ConsolidateStep,
  ConsolidationMode,
  FightStep,
  FightType,
  MoveStep,
  MoveType,
  Option,
  PileInStep,
  Scenario,
  Step,
} from "../../model/scenario";
import type { RulesSystem } from "../../systems/system";
import { MOVE_TYPES } from "../../parse/vocabulary";
import type { Span } from "../../source/span";
import { chargeLimit, fightPhaseLimit, movementLimit, systemOf, type MoveLimit } from "../board/index";
import { findingKey, judgeChoice, MAX_CANDIDATES, Oracle, refList, REPLAY_BUDGET, SELECTION, selectionAfter, type Choice, type Stop } from "../oracle/index";
import { inches, md, stepHead, stepName } from "../text/index";

/**
 * The hover on a step's head line: what the rules let that unit do there. Eligibility and order
 * come from the analysis' own findings on the step; the choices the author may leave unwritten
 * (targets, fight type, consolidation mode, move type) and who may select next in the fight order
 * come from the engine itself, asked through variants of the step (oracle/).
 */

type UnitStep = PileInStep | FightStep | ConsolidateStep | MoveStep | ChargeStep;

/** Findings that a choice of fight type / consolidation mode / move type / targets is not allowed. */
const MODE: readonly Code[] = ["action.mode"];
const ELIGIBLE: readonly Code[] = ["action.not-eligible"];
const TARGETS: readonly Code[] = ["action.targets"];

interface Ask {
  readonly scenario: Scenario;
  readonly system: RulesSystem;
  readonly step: UnitStep;
  readonly oracle: Oracle;
  /** The step's eligibility and order findings the hover lists (a blocking one is then named by its code only). */
  readonly listed: readonly Problem[];
}

/** How a finding is marked: an error, a borderline warning, an expected finding (information). */
const MARK: Readonly<Record<Problem["severity"], string>> = { error: "✗", warning: "⚠", info: "ℹ" };

/** Said when a question went unanswered, by why. */
const UNTRIED: Readonly<Record<Stop, string>> = {
  budget: " (not every choice was tried: the timeline is long)",
  deadline: " (not every choice was tried: the hover ran out of time)",
};

/** What may stop a hover early: the server's deadline (shared/ has no clock of its own). */
export interface StepHoverOptions {
  readonly expired?: () => boolean;
}

/** The Markdown of the hover on `step`'s head, given the analysis' problems. */
export function stepHover(scenario: Scenario, problems: readonly Problem[], step: Step, options: StepHoverOptions = {}): string {
  const title = `**${stepName(step)}** · \`${stepHead(step)}\``;
  if (step.kind === "phase")
    return `${title}\n\n- the timeline enters the ${md(step.phase.value)} phase; rules about the end of the previous phase are judged here`;
  if (step.kind === "remove") return `${title}\n\n- removes ${step.models.map((r) => `**${md(r.id)}**`).join(", ")} (destroyed)`;
  const { system } = systemOf(scenario);
  if (!scenario.units.some((u) => u.id === step.unit.id)) return `${title}\n\n- no unit is called ${md(step.unit.id)}`;
  const findings = problems.filter(
    (p) => p.step === step.index && SELECTION.includes(p.code) && p.span.start >= step.span.start && p.span.end <= step.span.end,
  );
  const oracle = new Oracle(scenario, system, step.index, { budget: REPLAY_BUDGET, ...(options.expired && { expired: options.expired }) });
  const ask: Ask = { scenario, system, step, oracle, listed: findings.slice(0, 3) };
  // The choices first: their first replay also yields the board before the step.
  const chosen = choices(ask);
  const before = oracle.board();
  const unit = before.units.get(step.unit.id)!;
  const lines = [`${title} · ${md(unit.player)}, ${system.id}`, ""];
  if (findings.length === 0) lines.push("- ✓ eligible, in sequence (no eligibility or order finding)");
  for (const p of ask.listed) lines.push(`- ${MARK[p.severity]} \`${p.code}\` ${md(p.message)}`);
  lines.push(`- before it: ${engagementLine(before, unit)}`);
  lines.push(...chosen);
  const limit = limitOf(system, step, before, unit);
  if (limit)
    lines.push(
      limit.limit === undefined ? `- limit: none written for this ${limit.what}` : `- each model moves at most ${inches(limit.limit)} (${limit.what})`,
    );
  if (step.kind === "fight") lines.push(`- next to select: ${nextToSelect(ask, before)}`);
  return lines.join("\n");
}

/** `engaged with transport (0.4")`, or the closest enemy unit when it is not engaged. */
function engagementLine(board: BoardState, unit: UnitState): string {
  if (board.alive(unit).length === 0) return `${md(unit.id)} has no model on the board`;
  const engaged = [...board.engagedUnits(unit)].map(([v, t]) => `**${md(v.id)}** ${inches(board.unitGap(unit, v))}${t === "border" ? " (borderline)" : ""}`);
  if (engaged.length > 0) return `engaged with ${engaged.join(", ")}`;
  const nearest = nearestEnemies(board, unit)[0];
  return nearest ? `not engaged; closest enemy unit **${md(nearest.unit.id)}** ${inches(nearest.gap)}` : "not engaged; no enemy unit on the board";
}

function nearestEnemies(board: BoardState, unit: UnitState): { unit: UnitState; gap: number }[] {
  return board
    .enemyUnits(unit)
    .map((v) => ({ unit: v, gap: board.unitGap(unit, v) }))
    .sort((a, b) => a.gap - b.gap);
}

function limitOf(system: RulesSystem, step: UnitStep, board: BoardState, unit: UnitState): MoveLimit | undefined {
  switch (step.kind) {
    case "pile-in":
      return fightPhaseLimit(system, "pile-in");
    case "consolidate":
      return fightPhaseLimit(system, "consolidate");
    case "move":
      return movementLimit(step, unit.def, board.isEngaged(unit));
    case "charge":
      return chargeLimit(system, step);
    case "fight":
      return undefined;
  }
}

/** The lines about the choices the step makes or leaves to the engine. */
function choices(ask: Ask): string[] {
  const { step, system } = ask;
  const eleventh = system.fight.structure === "steps";
  switch (step.kind) {
    case "pile-in":
      return eleventh
        ? [
            targetsLine(
              ask,
              step.targets?.refs.map((r) => r.id),
            ),
          ]
        : [];
    case "fight":
      return eleventh
        ? [
            optionLine(
              ask,
              "fight type",
              step.type?.value,
              ["normal", "overrun"],
              (v) => ({ ...step, type: option(v as FightType | undefined, step.head) }),
              MODE,
            ).line,
          ]
        : [];
    case "consolidate": {
      if (!eleventh) return [];
      const mode = optionLine(
        ask,
        "mode",
        step.mode?.value,
        ["ongoing", "engaging", "objective"],
        (v) => ({ ...step, mode: option(v as ConsolidationMode | undefined, step.head) }),
        MODE,
      );
      const chosen = step.mode?.value ?? (mode.legal.length === 1 ? mode.legal[0] : undefined);
      return [
        mode.line,
        chosen === "objective"
          ? objectiveLine(ask, step)
          : targetsLine(
              ask,
              step.targets?.refs.map((r) => r.id),
            ),
      ];
    }
    case "move":
      return [
        optionLine(ask, "move type", step.type?.value, MOVE_TYPES, (v) => ({ ...step, type: option(v as MoveType | undefined, step.head) }), ELIGIBLE).line,
      ];
    case "charge":
      return [
        targetsLine(
          ask,
          step.targets?.refs.map((r) => r.id),
        ),
      ];
  }
}

/** A choice of one value among `values`: written or not, and which values the engine accepts here. */
function optionLine(
  ask: Ask,
  label: string,
  written: string | undefined,
  values: readonly string[],
  withValue: (v: string | undefined) => Step,
  codes: readonly Code[],
): { line: string; legal: readonly string[] } {
  const choice = judgeChoice(ask.oracle, values, withValue, codes, withValue(undefined));
  return { line: choiceLine(label, written, allowed(ask, choice, choice.legal.join(", "), "no value is allowed")), legal: choice.legal };
}

function choiceLine(label: string, written: string | undefined, allowed: string): string {
  return written ? `- ${label}: ${written} (written); ${allowed}` : `- ${label}: not written, read as the most permissive: ${allowed}`;
}

/**
 * What the engine allows: the legal values (`shown`), or why there are none: a question left
 * unasked, a unit that may not act here at all (its finding named), or `none` here.
 */
function allowed(ask: Ask, choice: Choice<unknown>, shown: string, none: string): string {
  if (choice.legal.length > 0) return `the rules allow ${shown}${untried(ask)}`;
  const { stopped } = ask.oracle;
  if (stopped) return `not known${UNTRIED[stopped]}`;
  if (!choice.blockedBy) return `${none} here`;
  const p = choice.blockedBy;
  // The finding is listed above when the step as written has it (an expected one with "expected: " before it): its code is enough then.
  const named = ask.listed.some((q) => q.code === p.code && q.message.endsWith(p.message)) ? `\`${p.code}\`` : `\`${p.code}\` ${md(p.message)}`;
  return `${none}, as **${md(ask.step.unit.id)}** cannot act here (${named})`;
}

/** An objective consolidation's objective: the markers the engine accepts. */
function objectiveLine(ask: Ask, step: ConsolidateStep): string {
  const withObjective = (id: string | undefined): Step => ({ ...step, objective: id === undefined ? undefined : { id, span: step.head, pairSpan: step.head } });
  const ids = ask.scenario.objectives.slice(0, MAX_CANDIDATES).map((o) => o.id);
  const choice = judgeChoice(ask.oracle, ids, withObjective, TARGETS, withObjective(undefined));
  return choiceLine(
    "objective",
    step.objective && md(step.objective.id),
    allowed(ask, choice, choice.legal.map((id) => `**${md(id)}**`).join(", "), "no objective is allowed"),
  );
}

/** Targets: the enemy units (nearest first) the engine accepts alone, and all engaged units together. */
function targetsLine(ask: Ask, written: readonly string[] | undefined): string {
  const step = ask.step as PileInStep | ConsolidateStep | ChargeStep;
  const withTargets = (ids: readonly string[] | undefined): Step => ({ ...step, targets: ids === undefined ? undefined : refList(ids, step.head) });
  const board = ask.oracle.board();
  const unit = board.units.get(step.unit.id)!;
  const engaged = [...board.engagedUnits(unit).keys()].map((v) => v.id);
  const nearest = nearestEnemies(board, unit)
    .slice(0, MAX_CANDIDATES)
    .map((e) => [e.unit.id]);
  const alone = judgeChoice(ask.oracle, nearest, withTargets, TARGETS, withTargets(undefined));
  const aloneIds = alone.legal.map((ids) => ids[0]);
  const options: string[] = [];
  if (aloneIds.length > 0) options.push(`${aloneIds.map((id) => `**${md(id)}**`).join(", ")}${aloneIds.length > 1 ? " (each alone)" : ""}`);
  let choice: Choice<readonly string[]> = alone;
  if (engaged.length > 1 && !engaged.every((id) => aloneIds.includes(id))) {
    const together = judgeChoice(ask.oracle, [engaged], withTargets, TARGETS, withTargets(undefined));
    if (together.legal.length > 0) options.push(`${engaged.map((id) => `**${md(id)}**`).join(" and ")} together`);
    // Blocked only when the pair shares the finding that blocks each unit alone.
    const shared = alone.blockedBy && together.common.has(findingKey(alone.blockedBy));
    choice = { verdicts: alone.verdicts, common: alone.common, legal: [...alone.legal, ...together.legal], ...(shared && { blockedBy: alone.blockedBy }) };
  }
  return choiceLine("targets", written?.map(md).join(", "), allowed(ask, choice, options.join("; or "), "no enemy unit is allowed"));
}

/**
 * Who may select a unit to fight right after this step: each unit whose selection the engine
 * accepts then. Engaged units and units that charged are asked first, as they are the likely ones.
 */
function nextToSelect(ask: Ask, before: BoardState): string {
  const likely = (id: string): number => {
    const u = before.units.get(id);
    return u && (u.def.charged || before.isEngaged(u) !== "no") ? 0 : 1;
  };
  const units = [...ask.scenario.units].sort((a, b) => likely(a.id) - likely(b.id)).slice(0, MAX_CANDIDATES * 2);
  const due = units.filter((u) => ask.oracle.ask(ask.step, SELECTION, [selectionAfter(ask.step, u.id)])?.errors.length === 0);
  if (due.length === 0) return ask.oracle.stopped ? `not known${UNTRIED[ask.oracle.stopped]}` : "no unit is due to be selected (the Fight step is over)";
  const byPlayer = new Map<string, string[]>();
  for (const u of due) byPlayer.set(u.player, [...(byPlayer.get(u.player) ?? []), `**${md(u.id)}**`]);
  return [...byPlayer].map(([player, ids]) => `${md(player)} (${ids.join(", ")})`).join(" or ") + untried(ask);
}

function untried(ask: Ask): string {
  return ask.oracle.stopped ? UNTRIED[ask.oracle.stopped] : "";
}

/** A written option for a variant, or none. */
function option<T extends string>(value: T | undefined, span: Span): Option<T> | undefined {
  return value === undefined ? undefined : { value, span };
}
