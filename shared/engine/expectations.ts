import type { Problem } from "../diagnostics/problem";
import { problem } from "../diagnostics/problem";
import type { Step } from "../model/scenario";

/**
 * `illegal: [codes]` on a step: the listed codes found on that step are expected (shown as
 * information), and a listed code that does not occur is an `expect.unmet` error on the `illegal` line.
 * `illegal: true` expects at least one error or warning of any code.
 */
export function applyExpectations(steps: readonly Step[], problems: readonly Problem[]): Problem[] {
  const byStep = new Map<number, Step>();
  for (const s of steps) if (s.illegal) byStep.set(s.index, s);
  const found = new Map<number, Set<string>>();
  const out: Problem[] = [];
  for (const p of problems) {
    const step = p.step === undefined ? undefined : byStep.get(p.step);
    const codes = step?.illegal?.codes;
    const expected = codes !== undefined && p.severity !== "info" && (codes === "all" || codes.includes(p.code));
    if (!expected) {
      out.push(p);
      continue;
    }
    if (!found.has(step!.index)) found.set(step!.index, new Set());
    found.get(step!.index)!.add(p.code);
    out.push({ ...p, severity: "info", message: `expected: ${p.message}` });
  }
  for (const s of byStep.values()) {
    const illegal = s.illegal!;
    const seen = found.get(s.index) ?? new Set<string>();
    if (illegal.codes === "all") {
      if (seen.size === 0) out.push(problem("expect.unmet", "error", "this step is marked illegal but breaks no rule", illegal.span, { step: s.index }));
      continue;
    }
    for (const code of illegal.codes) {
      if (!seen.has(code)) out.push(problem("expect.unmet", "error", `this step is marked illegal with ${code}, but ${code} does not occur on it`, illegal.span, { step: s.index }));
    }
  }
  return out;
}
