// The scenario files the equivalence tests run over: every `*.scenario.yaml` under a folder, and
// those of examples/ and test/fixtures/ together (sorted, so a seeded test sees them in one order).
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..", "..");

/** Every `*.scenario.yaml` below `dir`, folders included, sorted by name at each level. */
export function scenarioFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...scenarioFiles(path));
    else if (name.endsWith(".scenario.yaml")) out.push(path);
  }
  return out;
}

/** Every example and every fixture scenario. */
export function exampleAndFixtureFiles(): string[] {
  return [...scenarioFiles(join(ROOT, "examples")), ...scenarioFiles(join(ROOT, "test", "fixtures"))];
}

/** The examples and the rules fixtures (each folder's own files, not its subfolders'), sorted: the trial tests' set. */
export function exampleAndRuleFixtureFiles(): string[] {
  return [join(ROOT, "examples"), join(ROOT, "test", "fixtures", "rules")].flatMap((dir) =>
    readdirSync(dir)
      .filter((n) => n.endsWith(".scenario.yaml"))
      .sort()
      .map((n) => join(dir, n)),
  );
}
