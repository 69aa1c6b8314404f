// The rule excerpts hovers quote: each piece must be verbatim in its rules source. The lines of
// the sources they quote are kept in test/fixtures/rules-texts/<source>.txt (written from the
// sources by scripts/rules-excerpts.mjs), so this runs on every clone.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { CODES, isCode } from "../../../shared/index";
import { RULE_TEXTS, ruleTextsFor } from "../../../shared/language/hover/rule-texts";

const EXCERPTS = resolve(__dirname, "..", "..", "..", "..", "test", "fixtures", "rules-texts");

describe("rule texts", () => {
  it("every excerpt appears verbatim in the lines of the source it names", () => {
    const files = readdirSync(EXCERPTS).filter((f) => f.endsWith(".txt"));
    const sourceText = (n: string): string => {
      assert.ok(
        files.includes(`${n}.txt`),
        `source ${n} has excerpts in test/fixtures/rules-texts (among ${files.join(", ")}); run scripts/rules-excerpts.mjs`,
      );
      return readFileSync(join(EXCERPTS, `${n}.txt`), "utf8");
    };
    let pieces = 0;
    for (const [code, texts] of Object.entries(RULE_TEXTS)) {
      for (const t of texts ?? []) {
        const source = sourceText(t.source);
        for (const piece of t.text) {
          assert.ok(source.includes(piece), `${code} ${t.section}: not verbatim in source ${t.source}: ${JSON.stringify(piece)}`);
          pieces++;
        }
      }
    }
    assert.ok(pieces >= 60, `${pieces} pieces checked`);
  });

  it("names only registered codes, and every section names its system", () => {
    for (const [code, texts] of Object.entries(RULE_TEXTS)) {
      assert.ok(isCode(code), code);
      for (const t of texts ?? []) assert.match(t.section, t.system === "10e" ? /^(10e|club)\b/ : /^11e \d\d/, `${code}: ${t.section}`);
    }
    assert.equal(Object.keys(CODES).includes("expect.unmet"), true);
  });

  it("picks the excerpts for the step kind first, and the club's only under its rulings", () => {
    assert.deepEqual(
      ruleTextsFor("move.too-far", "11e", [], "consolidate").map((t) => t.section),
      ["11e 12.08 Consolidation Move"],
    );
    assert.deepEqual(
      ruleTextsFor("move.too-far", "10e", []).map((t) => t.section),
      ["10e Pile In", "10e Consolidate"],
    );
    assert.deepEqual(
      ruleTextsFor("fight.target", "10e", []).map((t) => t.section),
      ["10e Fight, Select Targets"],
    );
    assert.deepEqual(
      ruleTextsFor("fight.target", "10e", ["chargers-attack-only-charge-targets"], "fight").map((t) => t.section),
      ["10e Fight, Select Targets", "club, The Fight phase"],
    );
    // Kind-less excerpts (coherency applies to any move) follow the kind's own.
    assert.deepEqual(
      ruleTextsFor("fight.missing", "11e", [], "consolidate").map((t) => t.section),
      ["11e 12.08 Consolidation Move", "11e 12.04 Fight Step"],
    );
    assert.deepEqual(ruleTextsFor("move.overlap", "11e", []), []);
  });
});
