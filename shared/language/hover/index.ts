import type { Analysis } from "../../engine/analyze";
import { movesOfStep } from "../../engine/frame";
import type { Scenario, Step } from "../../model/scenario";
import type { Span } from "../../source/span";
import { moveRecords, systemOf } from "../board/index";
import { occurrenceAt } from "../navigation/index";
import { codeAt, codeHover } from "./code";
import { keyHover } from "./key";
import { modelHover, moveHover, objectiveHover, unitHover, weaponHover } from "./model";
import { rulerHover } from "./show";
import { stepHover, type StepHoverOptions } from "./step";

/** What the caller may give a hover: a deadline, after which a step hover stops asking the engine (and says so). */
export type HoverOptions = StepHoverOptions;

/** A hover: Markdown, and the span of the token it is about (what the editor highlights). */
export interface HoverAnswer {
  readonly markdown: string;
  readonly span: Span;
}

/**
 * What the hover at `offset` shows, in this order of precedence:
 * 1. a code written in a step's `illegal:` list: its meaning and the rule text;
 * 2. a step's head line (`pile-in: squad`): what the rules let that unit do there;
 * 3. a ruler of `show: measure:`: the gap it is labelled with (and, on one of its ids, that id's hover);
 * 4. an id: a model (on the board after the step the reference is in, or the set-up for its
 *    definition; with its move when the id opens a move entry), a unit, an objective;
 * 5. a move entry's value (`q1: [x, y]` under `to:`): the distance moved and the limit;
 * 6. the rest of a model's definition line: the model in the set-up;
 * 7. a finding's range: its code's meaning and rule text;
 * 8. a key: its meaning at its place (the completion and schema texts).
 * Undefined when there is nothing to say, or the text does not parse. Pure; never throws on a
 * parsed scenario. `options.expired` bounds the step hover's questions to the engine (the one
 * hover whose cost grows with the number of questions times the timeline's length).
 */
export function hoverAt(analysis: Analysis, offset: number, options: HoverOptions = {}): HoverAnswer | undefined {
  const scenario = analysis.scenario;
  if (!scenario) return undefined;
  const { system, rulings } = systemOf(scenario);
  const text = analysis.lines.text;

  for (const step of scenario.steps) {
    if (!step.illegal || !contains(step.illegal.span, offset)) continue;
    const hit = codeAt(text, step.illegal.span, offset);
    if (hit) return { markdown: codeHover(hit.code, system.id, rulings, step.kind), span: hit.span };
  }

  const occurrence = occurrenceAt(scenario, offset);
  const head = scenario.steps.find((s) => contains(s.head, offset));
  // A removal's head lists models: the model under the cursor says more than the step.
  if (head && !(head.kind === "remove" && occurrence)) return { markdown: stepHover(scenario, analysis.problems, head, options), span: head.head };

  const ruler = rulerHover(scenario, offset);
  if (ruler) {
    const id = occurrence && idHover(scenario, occurrence);
    return { markdown: id ? `${ruler.markdown}\n\n---\n\n${id}` : ruler.markdown, span: ruler.span };
  }

  if (occurrence) {
    const step = occurrence.step === undefined ? undefined : stepOf(scenario, occurrence.step);
    let markdown: string | undefined;
    if (occurrence.kind === "model") {
      // Only a model id that opens a move entry needs the (whole-timeline) move records.
      const opensMove = movesOfStep(step).some((mv) => mv.model.span.start === occurrence.span.start);
      const record = opensMove ? moveRecords(scenario).find((r) => r.move.model.span.start === occurrence.span.start) : undefined;
      markdown = modelHover(scenario, occurrence.id, step, record);
    } else if (occurrence.kind === "unit") markdown = unitHover(scenario, occurrence.id);
    else if (occurrence.kind === "objective") markdown = objectiveHover(scenario, occurrence.id, system.objective.diameterMm, system.objective.range);
    else if (occurrence.kind === "weapon") markdown = weaponHover(scenario, occurrence.id);
    if (markdown) return { markdown, span: occurrence.span };
  }

  const inStep = scenario.steps.find((s) => movesOfStep(s).some((mv) => contains(mv.span, offset)));
  const record = inStep && moveRecords(scenario).find((r) => contains(r.move.span, offset));
  if (record && inStep) return { markdown: moveHover(record, inStep), span: record.move.span };

  // Anywhere else on a model's line under `models:` (its position, base, facing): the set-up.
  const defined = scenario.units.flatMap((u) => u.models).find((m) => contains(m.lineSpan, offset));
  const setUp = defined && modelHover(scenario, defined.id, undefined);
  if (defined && setUp) return { markdown: setUp, span: defined.lineSpan };

  const finding = analysis.problems.filter((p) => contains(p.span, offset)).sort((a, b) => a.span.end - a.span.start - (b.span.end - b.span.start))[0];
  if (finding) {
    const kind = finding.step === undefined ? undefined : stepOf(scenario, finding.step)?.kind;
    return { markdown: codeHover(finding.code, system.id, rulings, kind, finding.message), span: finding.span };
  }
  return keyHover(scenario, text, offset);
}

/** The plain hover of an id: a model (at the step it is written in), a unit or an objective. */
function idHover(scenario: Scenario, occurrence: NonNullable<ReturnType<typeof occurrenceAt>>): string | undefined {
  const { system } = systemOf(scenario);
  const step = occurrence.step === undefined ? undefined : stepOf(scenario, occurrence.step);
  if (occurrence.kind === "model") return modelHover(scenario, occurrence.id, step);
  if (occurrence.kind === "unit") return unitHover(scenario, occurrence.id);
  if (occurrence.kind === "objective") return objectiveHover(scenario, occurrence.id, system.objective.diameterMm, system.objective.range);
  if (occurrence.kind === "weapon") return weaponHover(scenario, occurrence.id);
  return undefined;
}

function stepOf(scenario: Scenario, index: number): Step | undefined {
  return scenario.steps.find((s) => s.index === index);
}

function contains(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}
