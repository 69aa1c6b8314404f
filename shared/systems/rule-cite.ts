import { ELEVENTH, type RulesSystem } from "./system";

/**
 * The one way messages name a rule: the system and the rule, "11e 09.05" (the 11th edition
 * numbers its sections) or "10e Charge" (the 10th edition's core rules have no section numbers,
 * so the rule's heading is used), as `system.citation` says. A family that runs under one system
 * only gives the form that system uses: `cite(system, "12.08")` in the 11e Fight phase,
 * `cite(system, undefined, "Pile In")` in the 10th edition's.
 */
export function cite(system: RulesSystem, section: string | undefined, heading?: string): string {
  const name = system.citation === "headings" ? (heading ?? section) : (section ?? heading);
  return `${system.id} ${name ?? ""}`;
}

/**
 * More sections cited after a rule, ", 03.01", under a system that numbers its sections; nothing
 * under one that cites headings (the generic rules are not named there).
 */
export function alsoCite(system: RulesSystem, ...sections: readonly string[]): string {
  return system.citation === "sections" ? sections.map((s) => `, ${s}`).join("") : "";
}

/**
 * A rule of the 11th edition, "11e 12.08": for the families that run only under it (the Fight
 * step's rules, Heroic Intervention) and for messages about its own rules.
 */
export function eleventh(sections: string): string {
  return cite(ELEVENTH, sections);
}
