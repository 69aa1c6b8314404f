// The seed inputs of the fuzz tests: the example and rule-fixture scenarios on disk (either folder
// may be missing or still being written) and a generated 10 KB scenario, with their variants.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { generateScenario, SMALL_SCENARIO } from "../helpers/generate-scenario";
import { createRng } from "../helpers/prng";
import {
  charMutations,
  idMutations,
  lineMutations,
  lineTruncations,
  NON_NUMBERS,
  numberMutations,
  randomTruncations,
  replaceExpecting,
  type Variant,
} from "./mutate";
import { ROOT } from "./run-cases";
import { findSlots } from "./slots";

/** A seed text and where it came from. */
export interface Seed {
  readonly name: string;
  readonly text: string;
  /** Small files also get a truncation at every line boundary. */
  readonly small: boolean;
}

function scenarioFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".scenario.yaml") || f.endsWith(".scenario.yml"))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Every scenario under examples/ and test/fixtures/rules/, then the generated 10 KB one. */
export function seeds(): Seed[] {
  const files = [...scenarioFiles(path.join(ROOT, "examples")), ...scenarioFiles(path.join(ROOT, "test", "fixtures", "rules"))];
  const fromDisk = files.map((file) => ({
    name: path.relative(ROOT, file).replace(/\.scenario\.ya?ml$/, ""),
    text: readFileSync(file, "utf8"),
    small: true,
  }));
  return [...fromDisk, { name: "generated-10kb", text: generateScenario(SMALL_SCENARIO), small: false }];
}

/** A stable 32-bit seed from a name (FNV-1a), so each source has its own reproducible stream. */
export function seedOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** How many variants of each kind a seed gets. */
interface Counts {
  readonly cuts: number;
  readonly chars: number;
  readonly lines: number;
  readonly numbers: number;
  readonly ids: number;
  readonly targeted: number;
}

const SMALL_COUNTS: Counts = { cuts: 6, chars: 24, lines: 10, numbers: 8, ids: 4, targeted: 6 };
const LARGE_COUNTS: Counts = { cuts: 8, chars: 12, lines: 8, numbers: 8, ids: 4, targeted: 5 };

/**
 * The variants of one seed. Targeted ones (a coordinate made a non-number, an id reference made
 * unknown) carry an expectation, and are made only when `parseClean`: a text with parse-level
 * problems may leave the spoilt part unread for a reason already reported elsewhere.
 */
export function variantsOf(seed: Seed, parseClean: boolean): Variant[] {
  const rng = createRng(seedOf(seed.name));
  const c = seed.small ? SMALL_COUNTS : LARGE_COUNTS;
  const out: Variant[] = [
    ...(seed.small ? lineTruncations(seed.text) : []),
    ...randomTruncations(seed.text, rng, c.cuts),
    ...charMutations(seed.text, rng, c.chars),
    ...lineMutations(seed.text, rng, c.lines),
    ...numberMutations(seed.text, rng, c.numbers),
    ...idMutations(seed.text, rng, c.ids),
  ];
  if (!parseClean) return out;
  const { numbers, refs } = findSlots(seed.text);
  for (let k = 0; k < Math.min(c.targeted, numbers.length); k++) {
    const s = numbers[Math.floor(rng() * numbers.length)];
    const token = NON_NUMBERS[Math.floor(rng() * NON_NUMBERS.length)];
    out.push(replaceExpecting(seed.text, s.start, s.end, token, `non-number-${k}-${s.path}`));
  }
  for (let k = 0; k < Math.min(c.targeted, refs.length); k++) {
    const s = refs[Math.floor(rng() * refs.length)];
    out.push(replaceExpecting(seed.text, s.start, s.end, `zz_unknown_${k}`, `unknown-id-${k}-${s.path}`));
  }
  return out;
}
