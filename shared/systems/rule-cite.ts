import type { RulesSystem } from "./system";

/**
 * How messages of the Movement and Charge phases name their rule: the system and the section,
 * "11e 09.05" (the 11th edition numbers its sections) or "10e Charge" (the 10th edition's core
 * rules have no section numbers, so the rule's heading is used).
 */
export function cite(system: RulesSystem, eleventh: string, tenth: string): string {
  return system.id === "10e" ? `10e ${tenth}` : `${system.id} ${eleventh}`;
}
