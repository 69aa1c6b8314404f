import { RULES_SYSTEMS, type Readings, type RulesSystem } from "./system";

/**
 * The catalogue of rulings: named readings switched on over a rules system (`rulings: [club]`,
 * `--rules 10e+club`). A ruling changes one field of `Readings` (systems/system.ts); the rule
 * families read that field. Adding a tournament FAQ ruling is one entry in RULINGS (id, summary,
 * source, systems, apply), a row in the rulings table of docs/rules.md, and, when it needs a reading no
 * field covers yet, a new `Readings` field defaulting to the official text plus the check that
 * reads it. A set (RULING_SETS) names several rulings at once; later names override earlier ones.
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

/** The club page (source 002) reads its fight phase on top of the 10th edition (). */
const CLUB_SYSTEMS = ["10e"] as const;

const catalogue: readonly Ruling[] = [
  {
    id: "chargers-attack-only-charge-targets",
    summary: "A unit that charged this turn may attack only the units it declared as charge targets (fight.target otherwise).",
    source: "seed 002 (Mogador Battle Club) L25 and L56; RULES-SPEC §3, §7 C-ATK-charger-targets",
    systems: CLUB_SYSTEMS,
    apply: (r) => ({ ...r, chargersAttackOnlyChargeTargets: true }),
  },
  {
    id: "remaining-combats-engaged-only",
    summary: "The second part of the Fight phase (Remaining Combats) holds only engaged units, not unengaged units that charged.",
    source: 'seed 002 L13 ("Then every other engaged unit") and L27; RULES-SPEC §3, §7 C-ORD-two-parts',
    systems: CLUB_SYSTEMS,
    apply: (r) => ({ ...r, remainingCombatsEngagedOnly: true }),
  },
  {
    id: "consolidate-contact-engaged",
    summary: 'A consolidation that can end "in contact" with an enemy unit must, "contact" read as within Engagement Range.',
    source: "seed 002 L33; RULES-SPEC §3, §7 C-CO-enemy-priority, §10 question 6 (the default reading)",
    systems: CLUB_SYSTEMS,
    apply: (r) => ({ ...r, consolidateContact: "engaged" }),
  },
  {
    id: "consolidate-contact-base",
    summary: 'A consolidation that can end "in contact" with an enemy unit must, "contact" read as base-to-base contact with an enemy model.',
    source: "seed 002 L33; RULES-SPEC §3, §7 C-CO-enemy-priority, §10 question 6 (the other reading)",
    systems: CLUB_SYSTEMS,
    apply: (r) => ({ ...r, consolidateContact: "base" }),
  },
];

export const RULINGS: Readonly<Record<string, Ruling>> = Object.fromEntries(catalogue.map((r) => [r.id, r]));

/**
 * Named sets of rulings. `club` reproduces source 002's fight phase on 10e, whose worked example
 * answers "the Boyz may not strike the unit the Nobz are fighting" (L54–L56). Where the club page
 * only restates 10e (two steps started by the defender, chargers with Fights First, activations of
 * pile in → attacks → consolidate) no ruling is needed; where it is silent, 10e's rules stand.
 */
export const RULING_SETS: Readonly<Record<string, readonly string[]>> = {
  club: ["chargers-attack-only-charge-targets", "remaining-combats-engaged-only", "consolidate-contact-engaged"],
};

/** Splits `10e+club` (the command line's form) into a system id and rulings. */
export function parseSystemSpec(spec: string): { rules: string; rulings: string[] } {
  const [rules, ...rulings] = spec.split("+").map((s) => s.trim());
  return { rules: rules ?? "", rulings: rulings.filter(Boolean) };
}

/**
 * The system with the rulings applied, in order (a later ruling overrides an earlier one). Names
 * that are neither rulings nor sets come back in `unknown`; rulings that do not apply to the rules
 * system are left out and come back in `inapplicable`. An unknown `rules` falls back to 11e.
 */
export function resolveSystem(rules: string, rulings: readonly string[]): { system: RulesSystem; unknown: string[]; inapplicable: string[] } {
  const base = (Object.hasOwn(RULES_SYSTEMS, rules) ? RULES_SYSTEMS[rules] : undefined) ?? RULES_SYSTEMS["11e"];
  const unknown: string[] = [];
  const inapplicable: string[] = [];
  let readings = base.readings;
  for (const name of rulings.flatMap((r) => (Object.hasOwn(RULING_SETS, r) ? RULING_SETS[r] : [r]))) {
    const ruling = Object.hasOwn(RULINGS, name) ? RULINGS[name] : undefined;
    if (!ruling) unknown.push(name);
    else if (!ruling.systems.includes(base.id)) inapplicable.push(name);
    else readings = ruling.apply(readings);
  }
  return { system: { ...base, readings }, unknown: dedupe(unknown), inapplicable: dedupe(inapplicable) };
}

function dedupe(names: string[]): string[] {
  return [...new Set(names)];
}
