/**
 * The pure parts of the "Compare Rules Systems…" command, kept free of `vscode` so node tests
 * can load them. Only the catalogue modules are imported: shared/engine/compare.ts would bring
 * the parser and `yaml` into the extension bundle for two constants.
 */
import { parseSystemSpec } from "../shared/systems/rulings";
import { RULES_SYSTEMS } from "../shared/systems/system";

/** The systems offered, all picked by default; the same as `DEFAULT_SPECS` (a test keeps them equal). */
export const COMPARE_SPECS: readonly string[] = ["11e", "10e", "10e+club"];

/** Quick-pick entries: the spec and what it means, e.g. `10e+club` — `10th edition + club`. */
export function systemChoices(): { label: string; description: string; picked: boolean }[] {
  return COMPARE_SPECS.map((label) => {
    const { rules, rulings } = parseSystemSpec(label);
    const name = Object.prototype.hasOwnProperty.call(RULES_SYSTEMS, rules) ? RULES_SYSTEMS[rules].name : rules;
    return { label, description: [name, ...rulings].join(" + "), picked: true };
  });
}

/**
 * The 0-based line of a scenario's top-level `rules:` key, where the "Compare with other rules
 * systems" code lens sits; the first line when the scenario does not name its rules (it then
 * uses the default system, and the comparison is just as useful).
 */
export function rulesLine(text: string): number {
  const match = /^rules[ \t]*:/m.exec(text);
  if (match === null) return 0;
  let line = 0;
  for (let i = 0; i < match.index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
