import { RULES_SYSTEMS, type Readings, type RulesSystem } from "./system";

/**
 * The catalogue of rulings: named readings switched on over a rules system (`rulings: [club]`,
 * `--rules 10e+club`). Adding a tournament FAQ ruling is one entry here (with its source) and a
 * row in the README's rulings table. (Skeleton: the club set is being written.)
 */
export interface Ruling {
  readonly id: string;
  /** What it changes, in one sentence. */
  readonly summary: string;
  /** Where it comes from (a seed line, an FAQ). */
  readonly source: string;
  /** Rules systems it may be used with. */
  readonly systems: readonly string[];
  readonly apply: (readings: Readings) => Readings;
}

export const RULINGS: Readonly<Record<string, Ruling>> = {};

/** Named sets of rulings, e.g. `club`. */
export const RULING_SETS: Readonly<Record<string, readonly string[]>> = {};

/** Splits `10e+club` (the command line's form) into a system id and rulings. */
export function parseSystemSpec(spec: string): { rules: string; rulings: string[] } {
  const [rules, ...rulings] = spec.split("+").map((s) => s.trim());
  return { rules: rules ?? "", rulings: rulings.filter(Boolean) };
}

/** The system with the rulings applied; names that are neither rulings nor sets come back in `unknown`. */
export function resolveSystem(rules: string, rulings: readonly string[]): { system: RulesSystem; unknown: string[] } {
  const base = RULES_SYSTEMS[rules] ?? RULES_SYSTEMS["11e"];
  const unknown: string[] = [];
  let readings = base.readings;
  for (const name of rulings.flatMap((r) => RULING_SETS[r] ?? [r])) {
    const ruling = RULINGS[name];
    if (!ruling) unknown.push(name);
    else readings = ruling.apply(readings);
  }
  return { system: { ...base, readings }, unknown };
}
