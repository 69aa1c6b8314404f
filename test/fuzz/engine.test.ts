// Fuzzing analyze(): thousands of broken variants of every example and rule fixture and of a
// generated 10 KB scenario, plus random text. analyze must never throw or stall, and every
// analysis must keep the properties in properties.ts. Failing inputs land in out/fuzz-failures/.
import { after, before, describe, test, type TestContext } from "node:test";
import assert from "node:assert/strict";
import { analyze } from "../../shared/index";
import { createRng } from "../helpers/prng";
import { seeds, variantsOf } from "./corpus";
import { randomTexts, type Variant } from "./mutate";
import { AnalyzePool, runVariants, type RunSummary } from "./run-cases";

/** Codes that say the text was not read cleanly; targeted mutations need a clean seed. */
const PARSE_LEVEL = new Set(["yaml.syntax", "scenario.schema", "scenario.duplicate-id", "scenario.unknown-ref"]);

const pool = new AnalyzePool();
after(() => pool.close());

function report(t: TestContext, { failures, slowest }: RunSummary, total: number): void {
  t.diagnostic(`${total} variants; slowest ${slowest.name} in ${Math.round(slowest.ms)} ms`);
  if (failures.length === 0) return;
  assert.fail(`${failures.length} of ${total} variants failed:\n${failures.slice(0, 10).join("\n")}${failures.length > 10 ? "\n…" : ""}`);
}

describe("analyze() on mutated scenarios", () => {
  const all = seeds();

  before(() => assert.ok(all.length >= 2, "no seed scenarios found (test/fixtures/rules/ is missing?)"));

  for (const seed of all) {
    test(seed.name, { timeout: 60_000 }, async (t) => {
      const clean = !analyze(seed.text).problems.some((p) => PARSE_LEVEL.has(p.code));
      const variants: Variant[] = [{ name: "as-is", text: seed.text }, ...variantsOf(seed, clean)];
      report(t, await runVariants(pool, seed.name, variants), variants.length);
    });
  }
});

test("analyze() on random text", { timeout: 60_000 }, async (t) => {
  const variants = randomTexts(createRng(20261129), 150);
  report(t, await runVariants(pool, "random", variants), variants.length);
});

test("targeted mutations really target: a clean seed yields expectations", () => {
  // Guards the property "a diagnostic for every unusable part" against silently testing nothing.
  const seed = seeds().find((s) => s.name.endsWith("pile-in-legal"));
  assert.ok(seed, "test/fixtures/rules/pile-in-legal.scenario.yaml is missing");
  const targeted = variantsOf(seed, true).filter((v) => v.expect);
  assert.equal(targeted.length, 12);
  for (const v of targeted) assert.equal(v.text.slice(v.expect!.start, v.expect!.end), v.expect!.what);
});
