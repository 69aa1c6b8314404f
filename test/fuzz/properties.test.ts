// The fuzz oracles must be able to fail: each check is shown a broken input it has to flag.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyze, type Analysis, type Problem } from "../../shared/index";
import { checkDiagnostic, lineLengths } from "./lsp-checks";
import { replaceExpecting } from "./mutate";
import { checkAnalysis, checkProblem, pointsAt } from "./properties";
import { findSlots } from "./slots";

// Not helpers/scenarios.ts's twoUnits on purpose: no `rules:` or `board:`, so findSlots below lists
// every number in the text (a board's size would be two more slots).
const TEXT = `scenario: t
turn: red
units:
  a:
    player: red
    base: 32
    charged: [b]
    models:
      a1: [11.5, 8]
  b:
    player: blue
    base: 32
    models:
      b1: [15, 8]
steps:
  - pile-in: a
    targets: [b]
    to:
      a1: [13.5, 8]
`;

const problem = (over: Partial<Problem>): Problem => ({
  code: "scenario.schema",
  severity: "error",
  message: "m",
  span: { start: 0, end: 1 },
  related: [],
  ...over,
});

test("checkProblem flags a span past the end, an unknown code, an empty message and a bad related span", () => {
  assert.deepEqual(checkProblem(problem({}), 5), []);
  assert.deepEqual(checkProblem(problem({ span: { start: 2, end: 6 } }), 5), ['scenario.schema {"start":2,"end":6}: span outside 0..5']);
  assert.deepEqual(checkProblem(problem({ span: { start: 3, end: 2 } }), 5), ['scenario.schema {"start":3,"end":2}: span outside 0..5']);
  assert.deepEqual(checkProblem(problem({ code: "no.such" as Problem["code"] }), 5), ['unknown code "no.such"']);
  assert.deepEqual(checkProblem(problem({ message: " " }), 5), ['scenario.schema {"start":0,"end":1}: empty message']);
  assert.deepEqual(checkProblem(problem({ related: [{ message: "r", span: { start: -1, end: 0 } }] }), 5), [
    'scenario.schema {"start":0,"end":1}: related span {"start":-1,"end":0} outside 0..5',
  ]);
});

test("checkAnalysis ties yaml.syntax to YAML validity both ways", () => {
  const bad = "a: [1";
  const analysis = analyze(bad);
  assert.deepEqual(checkAnalysis(bad, analysis, false), []);
  assert.deepEqual(checkAnalysis(bad, { ...analysis, problems: [] }, false), ["the text is not valid YAML but there is no yaml.syntax problem"]);
  const good = analyze(TEXT);
  assert.deepEqual(checkAnalysis(TEXT, good, true), []);
  const fake: Analysis = { ...good, problems: [problem({ code: "yaml.syntax", message: "bogus" })] };
  assert.deepEqual(checkAnalysis(TEXT, fake, true), ["the text is valid YAML but yaml.syntax was reported: bogus"]);
});

test("checkAnalysis flags a model reference that does not resolve", () => {
  const analysis = analyze(TEXT);
  const scenario = analysis.scenario!;
  const step = scenario.steps[0];
  assert.equal(step.kind, "pile-in");
  const broken = { ...scenario, steps: [{ ...step, unit: { id: "ghost", span: { start: 0, end: 1 } } }] };
  assert.deepEqual(checkAnalysis(TEXT, { ...analysis, scenario: broken }, true), [
    "model: step 0 unit ghost does not resolve",
    "model: step 0 move of a1 does not resolve",
  ]);
});

test("an expectation is met by a problem on the mutated range or its line, and only then", () => {
  const at = TEXT.indexOf("13.5");
  const v = replaceExpecting(TEXT, at, at + 4, "abc", "x");
  assert.equal(v.text.slice(v.expect!.start, v.expect!.end), "abc");
  assert.deepEqual(checkAnalysis(v.text, analyze(v.text), true, v.expect), []);
  const elsewhere = problem({ span: { start: 0, end: 3 } });
  assert.equal(pointsAt(v.text, [elsewhere], v.expect!), false);
  const sameLine = problem({ span: { start: v.text.indexOf("a1: [abc"), end: v.text.indexOf("a1: [abc") + 2 } });
  assert.equal(pointsAt(v.text, [sameLine], v.expect!), true);
  assert.deepEqual(checkAnalysis(v.text, { ...analyze(v.text), problems: [] }, true, v.expect), [
    `no problem points at "abc" written at ${at}..${at + 3} (line 19)`,
  ]);
});

test("findSlots finds the coordinates and the id references, by exact range", () => {
  const { numbers, refs } = findSlots(TEXT);
  const show = (s: { start: number; end: number; path: string }) => `${s.path}=${TEXT.slice(s.start, s.end)}`;
  assert.deepEqual(numbers.map(show), [
    "units.a.models.a1.0=11.5",
    "units.a.models.a1.1=8",
    "units.b.models.b1.0=15",
    "units.b.models.b1.1=8",
    "steps.0.to.a1.0=13.5",
    "steps.0.to.a1.1=8",
  ]);
  assert.deepEqual(refs.map(show), ["units.a.charged.0=b", "steps.0.pile-in=a", "steps.0.targets.0=b", "steps.0.to.a1=a1"]);
});

test("lineLengths splits lines as LSP does: at LF, CRLF and a lone CR", () => {
  assert.deepEqual(lineLengths("a\r\nbc\rd\n"), [1, 2, 1, 0]);
  assert.deepEqual(lineLengths(""), [0]);
});

test("checkDiagnostic flags a range past the end of its line or document and a foreign code", () => {
  const d = {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 2 } },
    message: "m",
    source: "ruleboard",
    code: "yaml.syntax",
    severity: 1 as const,
  };
  assert.deepEqual(checkDiagnostic(d, [2]), []);
  assert.deepEqual(checkDiagnostic(d, [1]), ['range {"start":{"line":0,"character":0},"end":{"line":0,"character":2}} is outside the document (1 lines)']);
  assert.deepEqual(checkDiagnostic({ ...d, range: { start: d.range.start, end: { line: 1, character: 0 } } }, [2]).length, 1);
  assert.deepEqual(checkDiagnostic({ ...d, code: "E1" }, [2]), ['unknown code "E1"']);
});
