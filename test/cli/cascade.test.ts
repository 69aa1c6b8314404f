// Folded consequences (shared/engine/cascade.ts) in the CLI output: indented `also:` lines under
// the cause in text, a `related` list of ESLint-shaped messages in JSON.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as path from "node:path";
import { analyze } from "../../shared/index";
import { formatJson, toJsonResults } from "../../cli/output/format-json";
import { formatTextLines } from "../../cli/output/format-text";
import { toFileReport, type FileReport } from "../../cli/output/report";
import { cliSandbox } from "../helpers/cli";
import { INELIGIBLE_PILE_IN } from "../helpers/cascade-scenarios";

const CWD = path.join(path.sep, "work", "proj");
const FILE = path.join(CWD, "t.scenario.yaml");

/** The report of `text`, as the CLI builds it. */
function reportOf(text: string): FileReport {
  return toFileReport(FILE, analyze(text), false);
}

const TEXT_OUTPUT =
  "t.scenario.yaml:9:5  error  a is not eligible to pile in: it is not engaged and did not make a charge move this turn (11e 12.03)  action.not-eligible\n" +
  '    also: action.targets  a has no enemy unit within 5" to select as a pile-in target (11e 12.03)  [9:5]\n' +
  "    also: engagement.required  a must end its pile-in engaged with an enemy unit (11e 12.03)  [9:5]\n";

test("text: the cause on its line, each consequence indented under it with its code and place", () => {
  assert.equal(formatTextLines(reportOf(INELIGIBLE_PILE_IN), CWD), TEXT_OUTPUT);
});

test("json: the consequences as `related`, ESLint-shaped messages; absent when there are none", () => {
  const [result] = toJsonResults([reportOf(INELIGIBLE_PILE_IN)]);
  assert.equal(result.errorCount, 1, "a consequence is not counted as a message of its own");
  assert.deepEqual(result.messages, [
    {
      ruleId: "action.not-eligible",
      severity: 2,
      message: "a is not eligible to pile in: it is not engaged and did not make a charge move this turn (11e 12.03)",
      line: 9,
      column: 5,
      endLine: 9,
      endColumn: 15,
      related: [
        {
          ruleId: "action.targets",
          severity: 2,
          message: 'a has no enemy unit within 5" to select as a pile-in target (11e 12.03)',
          line: 9,
          column: 5,
          endLine: 9,
          endColumn: 15,
        },
        {
          ruleId: "engagement.required",
          severity: 2,
          message: "a must end its pile-in engaged with an enemy unit (11e 12.03)",
          line: 9,
          column: 5,
          endLine: 9,
          endColumn: 15,
        },
      ],
    },
  ]);
  const tooFar = analyze(INELIGIBLE_PILE_IN.replace("a1: [12, 10]", "a1: [10, 14]").replace("b1: [20, 10]", "b1: [11.3, 10]"));
  assert.ok(tooFar.problems.some((p) => p.code === "move.too-far"));
  const plain = formatJson([toFileReport(FILE, tooFar, false)]);
  assert.ok(!plain.includes('"related"'), plain);
});

const { run, write } = cliSandbox("ruleboard-cli-cascade-");

test("ruleboard check prints the consequences under the cause", () => {
  write("t.scenario.yaml", INELIGIBLE_PILE_IN);
  const r = run("check", "t.scenario.yaml");
  assert.equal(r.code, 1);
  assert.equal(r.stdout, `${TEXT_OUTPUT}1 problem (1 error, 0 warnings, 0 info) in 1 file\n`);
});
