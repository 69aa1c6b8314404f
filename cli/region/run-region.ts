/** `ruleboard region <file> --model <id>`: where one model may end its move in one step, as the checker judges it. */
import { analyze } from "../../shared/index";
import { moveRegion, type MultiPolygon, type RegionResult } from "../../shared/engine/region";
import { areaOf } from "../../shared/geometry/contour";
import type { Scenario, Step } from "../../shared/model/scenario";
import { systemOptions } from "../check/run-check";
import type { RegionRequest } from "../args";
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, type CliIo } from "../command";
import { readInput } from "../io/read-input";
import { formatTextLines } from "../output/format-text";
import { toFileReport } from "../output/report";
import { usageErrorText } from "../usage";
import { printUnread } from "../output/unread";

/** The step a region is asked of, or why there is none (`usage`: a usage error, exit 2; `unread`: the step cannot be read, exit 1). */
export type RegionStep =
  | { readonly ok: true; /** 0-based, as `Problem.step`. */ readonly index: number }
  | { readonly ok: false; readonly kind: "usage" | "unread"; readonly message: string };

/**
 * Chooses the step of `model`'s region: `--step N` as written (1-based by place in `steps:`, as
 * render counts them), or else the last readable step that moves the model's unit. Refuses an
 * unknown model, the set-up, a step past the end and a step that moves another unit (usage), and a
 * step the parser dropped (unread).
 */
export function regionStep(scenario: Scenario, shown: string, model: string, step: number | undefined): RegionStep {
  const usage = (message: string): RegionStep => ({ ok: false, kind: "usage", message });
  const unit = scenario.units.find((u) => u.models.some((m) => m.id === model));
  if (!unit) return usage(`${shown} has no model '${model}'`);
  if (step === undefined) {
    const last = scenario.steps.filter((s) => movesUnit(s, unit.id)).pop();
    if (!last) return usage(`no step of ${shown} moves ${model}'s unit ${unit.id}`);
    return { ok: true, index: last.index };
  }
  const count = scenario.stepsWritten;
  if (step === 0) return usage("the set-up has no region; name a step that moves models (1 is the first)");
  if (step > count) return usage(`${shown} has ${count} step${count === 1 ? "" : "s"}; --step ${step} is not one of them`);
  const found = scenario.steps.find((s) => s.index === step - 1);
  if (!found) return { ok: false, kind: "unread", message: `step ${step} of ${shown} cannot be read (ruleboard check says why)` };
  if (!movesUnit(found, unit.id)) {
    const what = "unit" in found ? `moves ${found.unit.id}` : `(${found.kind}) moves no unit`;
    return usage(
      `step ${step} ${what}${"unit" in found && found.unit.id === unit.id ? " in no pile-in: or consolidate: block" : ""}, not ${model}'s unit ${unit.id}`,
    );
  }
  return { ok: true, index: found.index };
}

/** True when the step moves models of `unit` (its own `to:`, or a fight's pile-in or consolidation). */
function movesUnit(step: Step, unit: string): boolean {
  if (!("unit" in step) || step.unit.id !== unit) return false;
  return step.kind !== "fight" || step.pileIn !== undefined || step.consolidate !== undefined;
}

/**
 * Runs `region` and returns the exit status: 0 the region was computed (and printed, even when it
 * is empty and its note says why, and even when the file has errors: the region is what the rules
 * allow, whatever the file wrote), 1 the scenario or the step cannot be read, 2 usage errors (an
 * unknown model or system, the set-up, a step past the end or one that moves another unit) and an
 * unreadable file. What the parser could not read is printed to stderr first, as render does.
 */
export function runRegion(request: RegionRequest, io: CliIo): number {
  const system = systemOptions({ rules: request.rules });
  if (typeof system === "string") {
    io.err(usageErrorText(system));
    return EXIT_USAGE;
  }
  const input = readInput(request.file, io);
  if (!input) return EXIT_USAGE;
  const { abs, shown, text } = input;
  const analysis = analyze(text, system);
  const scenario = analysis.scenario;
  if (!scenario) {
    io.err(formatTextLines(toFileReport(abs, analysis, false), io.cwd));
    io.err(`ruleboard: cannot find a region in ${shown}: the scenario cannot be read\n`);
    return EXIT_ERRORS;
  }
  const chosen = regionStep(scenario, shown, request.model, request.step);
  if (!chosen.ok) {
    if (chosen.kind === "usage") {
      io.err(usageErrorText(chosen.message));
      return EXIT_USAGE;
    }
    printUnread(analysis, abs, io);
    io.err(`ruleboard: cannot find a region: ${chosen.message}\n`);
    return EXIT_ERRORS;
  }
  printUnread(analysis, abs, io);
  const region = moveRegion(scenario, chosen.index, request.model, system);
  io.out(request.format === "json" ? formatRegionJson(region) : formatRegionText(region, shown));
  return EXIT_OK;
}

/** `{ "model", "step" (1-based), "legal", "unitOnly" }` and `"note"` when there is one; coordinates to 3 decimals. */
export function formatRegionJson(region: RegionResult): string {
  const out = {
    model: region.model,
    step: region.step + 1,
    legal: rounded(region.legal),
    unitOnly: rounded(region.unitOnly),
    ...(region.note === undefined ? {} : { note: region.note }),
  };
  return `${JSON.stringify(out)}\n`;
}

/** A short summary: the area and the number of polygons of each part, where the model started, the limit, the note. */
export function formatRegionText(region: RegionResult, shown: string): string {
  const part = (mp: MultiPolygon): string => {
    const n = mp.length;
    return `${areaOf(mp).toFixed(2)} sq in in ${n} polygon${n === 1 ? "" : "s"}`;
  };
  const lines = [
    `${shown}  step ${region.step + 1}  model ${region.model}`,
    `  legal end                          ${part(region.legal)}`,
    `  legal for the model, not the unit  ${part(region.unitOnly)}`,
  ];
  if (region.from !== undefined) {
    const at = `from (${round(region.from[0])}, ${round(region.from[1])})`;
    lines.push(`  ${at}${region.limit === undefined ? "" : `, at most ${round(region.limit)}"`}, ${region.samples} spots tried`);
  }
  if (region.note !== undefined) lines.push(`  note: ${region.note}`);
  return `${lines.join("\n")}\n`;
}

function rounded(mp: MultiPolygon): number[][][][] {
  return mp.map((polygon) => polygon.map((ring) => ring.map(([x, y]) => [round(x), round(y)])));
}

/** To 3 decimals, never -0. */
function round(n: number): number {
  const r = Math.round(n * 1000) / 1000;
  return r === 0 ? 0 : r;
}
