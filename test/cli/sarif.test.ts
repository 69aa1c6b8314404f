// `check --format sarif`: the log of every example validates against the SARIF 2.1.0 JSON schema
// (test/fixtures/sarif/sarif-schema-2.1.0.json, see the README beside it), and the fixtures'
// rule ids, levels, regions (a Markdown block's at its Markdown line) and rules are as expected.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import Ajv from "ajv";
import { CODES } from "../../shared/index";
import { citedRule } from "../../cli/output/format-sarif";
import { cliSandbox, ROOT, runCli } from "../helpers/cli";

const { dir: TMP, write } = cliSandbox("ruleboard-cli-sarif-");

/** The schema, as ajv 8 reads it: a draft-04 schema's `$schema` and `id` dropped (see the fixture's README). */
function sarifValidator() {
  const schema = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "fixtures", "sarif", "sarif-schema-2.1.0.json"), "utf8")) as Record<string, unknown>;
  delete schema.$schema;
  delete schema.id;
  // unicodeRegExp: false, as draft-04 validators read patterns: the schema's `language` pattern ends
  // in a stray `]`, which a non-unicode RegExp takes as a literal and a unicode one refuses.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  // The three formats the schema names, checked as their RFCs define them (enough for a test).
  ajv.addFormat("uri", (s: string) => /^[a-z][a-z0-9+.-]*:/i.test(s) && URL.canParse(s));
  ajv.addFormat("uri-reference", (s: string) => URL.canParse(s, "file:///base/") && !/[\s\\]/.test(s));
  ajv.addFormat("date-time", (s: string) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s));
  return ajv.compile(schema);
}
const validate = sarifValidator();

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: Record<string, number> } }[];
  relatedLocations?: { id: number; message: { text: string }; physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[];
  properties?: { ruleSection?: string };
}
interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        rules: {
          id: string;
          shortDescription: { text: string };
          fullDescription: { text: string };
          helpUri: string;
          properties?: { ruleSections: string[] };
        }[];
      };
    };
    invocations: { executionSuccessful: boolean }[];
    originalUriBaseIds: Record<string, { uri: string }>;
    columnKind: string;
    results: SarifResult[];
  }[];
}

function sarif(cwd: string, ...args: string[]): { code: number | null; log: SarifLog; stderr: string } {
  const r = runCli(cwd, "check", "--format", "sarif", ...args);
  const log = JSON.parse(r.stdout) as SarifLog;
  assert.ok(validate(log), `${args.join(" ")}: ${JSON.stringify(validate.errors, null, 1)}`);
  return { code: r.code, log, stderr: r.stderr };
}

function place(r: SarifResult): string {
  const { artifactLocation, region } = r.locations[0].physicalLocation;
  return `${artifactLocation.uri}:${region.startLine}:${region.startColumn}-${region.endLine}:${region.endColumn}`;
}

test("the validator refuses what is not SARIF 2.1.0 (so that it passing means something)", () => {
  assert.equal(validate({ version: "2.1.0", runs: [] }), true);
  assert.equal(validate({ version: "2.0.0", runs: [] }), false);
  assert.equal(validate({ version: "2.1.0", runs: [{ tool: {} }] }), false, "a tool needs its driver");
  assert.equal(validate({ version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [{ message: { text: "m" }, level: "fatal" }] }] }), false);
  assert.equal(
    validate({
      version: "2.1.0",
      runs: [{ tool: { driver: { name: "x" } }, results: [{ message: { text: "m" }, locations: [{ physicalLocation: { region: { startLine: 0 } } }] }] }],
    }),
    false,
  );
});

test("the SARIF of every example validates against the SARIF 2.1.0 schema", () => {
  const examples = fs.readdirSync(path.join(ROOT, "examples")).filter((f) => f.endsWith(".scenario.yaml"));
  assert.ok(examples.length >= 10);
  for (const f of examples) {
    const { code, log } = sarif(ROOT, `examples/${f}`);
    assert.equal(code, 0, f);
    assert.equal(log.runs[0].invocations[0].executionSuccessful, true);
    for (const r of log.runs[0].results) assert.equal(r.locations[0].physicalLocation.artifactLocation.uri, `examples/${f}`);
  }
  // And all at once, with the Markdown fixtures: one run, every file's results.
  const all = sarif(ROOT, "examples", "test/fixtures/markdown", "test/fixtures/sarif");
  assert.equal(all.code, 1);
  assert.ok(all.log.runs[0].results.length > 10);
});

test("the tool's rules are the registry's codes, in order, with their meaning and the docs' codes table", () => {
  const { log } = sarif(ROOT, "test/fixtures/sarif/review.scenario.yaml");
  const { driver } = log.runs[0].tool;
  assert.equal(log.version, "2.1.0");
  assert.equal(driver.name, "ruleboard");
  assert.equal(driver.version, (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version);
  assert.deepEqual(
    driver.rules.map((r) => r.id),
    Object.keys(CODES),
  );
  for (const rule of driver.rules) {
    assert.equal(rule.shortDescription.text, CODES[rule.id as keyof typeof CODES]);
    assert.equal(rule.fullDescription.text, CODES[rule.id as keyof typeof CODES]);
    assert.equal(rule.helpUri, "https://github.com/ruleboard/ruleboard/blob/main/docs/codes.md#codes");
  }
  // The codes table the help points to exists under that heading.
  assert.match(fs.readFileSync(path.join(ROOT, "docs", "codes.md"), "utf8"), /^## Codes$/m);
  // The rule sections the findings of this run cite.
  assert.deepEqual(driver.rules.find((r) => r.id === "move.too-far")?.properties, { ruleSections: ["11e 09.05"] });
  assert.equal(driver.rules.find((r) => r.id === "yaml.syntax")?.properties, undefined);
  assert.equal(log.runs[0].columnKind, "utf16CodeUnits");
  assert.equal(log.runs[0].originalUriBaseIds["%SRCROOT%"].uri, `${pathToFileURL(ROOT).href}/`);
});

test("results: rule ids, levels mapped from severity, messages, 1-based regions and the rule section", () => {
  const { code, log } = sarif(ROOT, "test/fixtures/sarif/review.scenario.yaml");
  assert.equal(code, 1);
  const { results, tool } = log.runs[0];
  const file = "test/fixtures/sarif/review.scenario.yaml";
  assert.deepEqual(
    results.map((r) => [r.ruleId, r.level, place(r), r.properties?.ruleSection]),
    [
      ["move.too-far", "error", `${file}:31:7-31:20`, "11e 09.05"],
      ["move.too-far", "warning", `${file}:35:7-35:23`, "11e 09.05"],
      ["move.too-far", "note", `${file}:39:7-39:19`, "11e 09.05"],
    ],
  );
  for (const r of results) {
    assert.equal(tool.driver.rules[r.ruleIndex!].id, r.ruleId);
    assert.equal(r.locations[0].physicalLocation.artifactLocation.uriBaseId, "%SRCROOT%");
  }
  assert.equal(results[0].message.text, 'this normal move moves a1 6.5", the limit is 6" (11e 09.05)');
  assert.equal(results[2].message.text, 'expected: this normal move moves f1 7", the limit is 6" (11e 09.05)');
  // The region is the text check's: the same line and column as the text output.
  const text = runCli(ROOT, "check", file).stdout.split("\n");
  assert.equal(text[0].split("  ")[0], `${file}:31:7`);
});

test("a block inside a Markdown document is reported at its Markdown line", () => {
  const { log } = sarif(ROOT, "test/fixtures/sarif/chapter.md");
  assert.deepEqual(
    log.runs[0].results.map((r) => [r.ruleId, r.level, place(r)]),
    [["move.too-far", "error", "test/fixtures/sarif/chapter.md:22:7-22:19"]],
  );
  assert.equal(fs.readFileSync(path.join(ROOT, "test/fixtures/sarif/chapter.md"), "utf8").split("\n")[21], "      a1: [9.5, 3]");
  // An illegal block's expected finding is a note, the block that breaks nothing an error on its fence.
  const illegal = sarif(ROOT, "test/fixtures/markdown/illegal.md").log.runs[0].results;
  assert.deepEqual(
    illegal.map((r) => [r.ruleId, r.level, place(r)]),
    [
      ["move.too-far", "note", "test/fixtures/markdown/illegal.md:22:7-22:19"],
      ["expect.unmet", "error", "test/fixtures/markdown/illegal.md:27:1-27:23"],
    ],
  );
});

test("a finding folded into its cause is a related location of the cause's result", () => {
  const { log } = sarif(ROOT, "test/fixtures/sarif/folded.scenario.yaml");
  const [r] = log.runs[0].results;
  assert.equal(log.runs[0].results.length, 1);
  assert.equal(r.ruleId, "action.targets");
  assert.equal(place(r), "test/fixtures/sarif/folded.scenario.yaml:27:5-27:20");
  assert.equal(r.relatedLocations?.length, 1);
  const related = r.relatedLocations![0];
  assert.match(related.message.text, /^engagement\.required: e must end its charge move engaged/);
  assert.deepEqual(related.physicalLocation.region, { startLine: 26, startColumn: 5, endLine: 26, endColumn: 14 });
});

test("URIs: relative to the working folder and percent-encoded, or file: URIs outside it; an unreadable file fails the invocation", () => {
  write("my notes/a b#1.scenario.yaml", fs.readFileSync(path.join(ROOT, "test/fixtures/sarif/review.scenario.yaml"), "utf8"));
  const inside = sarif(TMP, "my notes");
  assert.equal(inside.log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, "my%20notes/a%20b%231.scenario.yaml");
  const outside = sarif(TMP, path.join(ROOT, "test/fixtures/sarif/chapter.md"));
  assert.deepEqual(outside.log.runs[0].results[0].locations[0].physicalLocation.artifactLocation, {
    uri: pathToFileURL(path.join(ROOT, "test/fixtures/sarif/chapter.md")).href,
  });
  const missing = sarif(TMP, "my notes", "missing.scenario.yaml");
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr, "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n");
  assert.equal(missing.log.runs[0].invocations[0].executionSuccessful, false);
  assert.equal(missing.log.runs[0].results.length, 3);
});

test("--quiet keeps only the errors in SARIF too", () => {
  const { log } = sarif(ROOT, "--quiet", "test/fixtures/sarif/review.scenario.yaml");
  assert.deepEqual(
    log.runs[0].results.map((r) => r.level),
    ["error"],
  );
});

test("the rule a message cites: the last citation, whatever follows it", () => {
  assert.equal(citedRule('moves a1 6.5", the limit is 6" (11e 09.05)'), "11e 09.05");
  assert.equal(citedRule('6.01" (11e 09.05) — borderline, within the measuring tolerance'), "11e 09.05");
  assert.equal(citedRule("not eligible (11e 11.02, 09.06)"), "11e 11.02, 09.06");
  assert.equal(citedRule('must end engaged (within 1") with lootas (10e Charge)'), "10e Charge");
  assert.equal(
    citedRule("only the declared targets (club ruling chargers-attack-only-charge-targets, seed 002 L25, L56)"),
    "club ruling chargers-attack-only-charge-targets, seed 002 L25, L56",
  );
  assert.equal(citedRule("unknown key 'x' (expected one of a, b)"), undefined);
});
