import type { Code } from "../diagnostics/codes";
import type { Problem, RelatedInfo } from "../diagnostics/problem";
import { problem } from "../diagnostics/problem";
import type { Step } from "../model/scenario";

/**
 * `illegal: [codes]` on a step: the listed codes found on that step are expected (shown as
 * information), and a listed code that does not occur is an `expect.unmet` error on the `illegal` line.
 * `illegal: true` expects at least one error or warning of any code.
 * A consequence folded into its cause (`engine/cascade.ts`, run before) occurs on the step as
 * much as its cause does: a listed code found folded is met, and the consequences of an expected
 * cause are expected with it.
 */
export function applyExpectations(steps: readonly Step[], problems: readonly Problem[]): Problem[] {
  const byStep = new Map<number, Step>();
  for (const s of steps) if (s.illegal) byStep.set(s.index, s);
  const found = new Map<number, Set<string>>();
  const out: Problem[] = [];
  for (const p of problems) {
    const step = p.step === undefined ? undefined : byStep.get(p.step);
    const codes = step?.illegal?.codes;
    const listed = (code: Code) => codes === "all" || (codes !== undefined && codes.includes(code));
    const expected = codes !== undefined && p.severity !== "info" && listed(p.code);
    const seen = expected ? [p.code] : [];
    if (codes !== undefined) for (const r of p.related) if (r.folded && r.folded.severity !== "info" && listed(r.folded.code)) seen.push(r.folded.code);
    if (seen.length > 0) {
      if (!found.has(step!.index)) found.set(step!.index, new Set());
      for (const code of seen) found.get(step!.index)!.add(code);
    }
    if (!expected) {
      out.push(p);
      continue;
    }
    out.push({ ...p, severity: "info", message: `expected: ${p.message}`, related: p.related.map(expectedConsequence) });
  }
  for (const s of byStep.values()) {
    const illegal = s.illegal!;
    const seen = found.get(s.index) ?? new Set<string>();
    if (illegal.codes === "all") {
      if (seen.size === 0) out.push(problem("expect.unmet", "error", "this step is marked illegal but breaks no rule", illegal.span, { step: s.index }));
      continue;
    }
    for (const code of illegal.codes) {
      if (!seen.has(code))
        out.push(
          problem("expect.unmet", "error", `this step is marked illegal with ${code}, but ${code} does not occur on it`, illegal.span, { step: s.index }),
        );
    }
  }
  return out;
}

/** A consequence of an expected cause is expected with it. */
function expectedConsequence(r: RelatedInfo): RelatedInfo {
  if (!r.folded || r.folded.severity === "info") return r;
  return { ...r, folded: { ...r.folded, severity: "info", message: `expected: ${r.folded.message}` } };
}
