// package.json's contributions that mirror shared/ data must not drift from it: the severity
// setting lists exactly the public codes, and every declared command has a title and category.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { CODES } from "../../shared/index";

const ROOT = join(__dirname, "..", "..", "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const properties = manifest.contributes.configuration.properties;

describe("package.json contributions", () => {
  it("ruleboard.severity lists exactly the public codes, each with its meaning and the five levels", () => {
    const severity = properties["ruleboard.severity"];
    assert.equal(severity.additionalProperties, false);
    assert.deepEqual(Object.keys(severity.properties), Object.keys(CODES));
    for (const [code, meaning] of Object.entries(CODES)) {
      assert.equal(severity.properties[code].markdownDescription, meaning, code);
      assert.deepEqual(severity.properties[code].enum, ["error", "warning", "info", "hint", "off"], code);
    }
  });

  it("the JSON schema ships in the package and is contributed for *.scenario.yaml", () => {
    assert.deepEqual(manifest.contributes.yamlValidation, [{ fileMatch: ["*.scenario.yaml", "*.scenario.yml"], url: "./schemas/scenario.schema.json" }]);
    const ignore = readFileSync(join(ROOT, ".vscodeignore"), "utf8").split("\n");
    assert.ok(ignore.includes("!schemas/scenario.schema.json"));
  });

  it("every command has a title and the Ruleboard category", () => {
    for (const command of manifest.contributes.commands) {
      assert.equal(command.category, "Ruleboard", command.command);
      assert.ok(command.title.length > 0, command.command);
    }
  });
});
