import type { Code } from "../diagnostics/codes";
import type { Problem, RelatedInfo } from "../diagnostics/problem";

/**
 * One mistake, one error. When a finding makes others on the same step follow from it, the cause
 * is the error and the consequences are attached to it as related information (each message
 * prefixed with its code, at its own span) instead of standing as errors of their own.
 */
export interface Cascade {
  /** The finding that, when it is an error, makes the consequences moot. */
  readonly cause: Code;
  /** Findings of the same step that follow from the cause. */
  readonly consequences: readonly Code[];
  /** Why they follow (docs/codes.md, "One mistake, one error"). */
  readonly reason: string;
}

/**
 * The declared cascades, in precedence order: an earlier cause takes its consequences first, and a
 * finding folded into one cause is never a cause itself. The table is closed (a consequence's own
 * consequences are listed under the cause too), so a chain folds into its first link. Every entry
 * rests on cascades seen in the examples and fixtures under 11e, 10e and 10e+club.
 *
 * Left out on purpose: the physical move findings (`move.too-far`, `move.through-model`,
 * `move.overlap`, `move.off-board`, `move.locked`, `coherency.broken`, `engagement.lost`,
 * `engagement.forbidden`), which are mistakes of their own whatever the unit was allowed to do;
 * `move.not-closer` next to `move.missed-engagement`/`move.missed-contact` on one model (two clauses
 * of the rule, and the second carries the witness quick fixes use); `action.mode` as a cause (it
 * covers unrelated slips, a missing roll or an 11e mode word under 10e, after which the action is
 * still judged in full); `action.repeated` next to `action.not-eligible` (two independent reasons).
 */
export const CASCADES: readonly Cascade[] = [
  {
    cause: "action.not-eligible",
    consequences: [
      "action.targets",
      "engagement.required",
      "fight.target",
      "attack.cannot-fight",
      "attack.target",
      "move.not-closer",
      "move.missed-contact",
      "move.missed-engagement",
      "objective.out-of-range",
    ],
    reason:
      "the unit may not make this action at all, so what the action asks of it (selecting targets, ending engaged, moving closer, attacking engaged units, reaching the objective) is moot",
  },
  {
    cause: "action.targets",
    consequences: ["engagement.required", "objective.out-of-range"],
    reason:
      "with no target (or objective) it may select, 'end engaged with it' or 'end within range of it' has nothing legal to be satisfied by; the mistake is the selection",
  },
];

/**
 * Folds consequences into their causes, step by step: a finding is folded only into an error of
 * the same step (a borderline cause, a warning, never swallows anything), into the first such
 * cause by table order, then by report order. Problems without a step are left as they are.
 * The order of the remaining problems is kept.
 */
export function foldCascades(problems: readonly Problem[], table: readonly Cascade[] = CASCADES): Problem[] {
  const byStep = new Map<number, number[]>();
  problems.forEach((p, i) => {
    if (p.step === undefined) return;
    const list = byStep.get(p.step);
    if (list) list.push(i);
    else byStep.set(p.step, [i]);
  });
  const foldedInto = new Map<number, number[]>();
  const consumed = new Set<number>();
  for (const indices of byStep.values()) {
    if (indices.length < 2) continue;
    for (const entry of table) {
      for (const c of indices) {
        const cause = problems[c];
        if (consumed.has(c) || cause.code !== entry.cause || cause.severity !== "error") continue;
        const taken = indices.filter((i) => i !== c && !consumed.has(i) && !foldedInto.has(i) && entry.consequences.includes(problems[i].code));
        if (taken.length === 0) continue;
        for (const i of taken) consumed.add(i);
        foldedInto.set(c, [...(foldedInto.get(c) ?? []), ...taken]);
      }
    }
  }
  if (consumed.size === 0) return [...problems];
  const out: Problem[] = [];
  problems.forEach((p, i) => {
    if (consumed.has(i)) return;
    const taken = foldedInto.get(i);
    out.push(taken ? { ...p, related: [...p.related, ...taken.map((t) => asRelated(problems[t]))] } : p);
  });
  return out;
}

/** A consequence as related information of its cause. */
export function asRelated(p: Problem): RelatedInfo {
  const folded = { code: p.code, severity: p.severity, message: p.message, step: p.step, witness: p.witness, measure: p.measure };
  return { message: `${p.code}: ${p.message}`, span: p.span, folded };
}
