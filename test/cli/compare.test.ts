// `ruleboard compare` and the system options of `ruleboard check`, run through the built CLI:
// exit codes, the text and JSON outputs, usage errors. The argument parsing is also tested in-process.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseArgs } from "../../cli/args";
import { compareSystems } from "../../shared/engine/compare";
import { cliSandbox, usageError } from "../helpers/cli";
import { FIGHTS_FIRST_SETUP, SEED_002 } from "../helpers/compare-scenarios";

const { run, write } = cliSandbox("ruleboard-cli-compare-");

/** Both sides have Fights First and blue's unit fights first: wrong under 11e (turn player first), right under 10e. */
const FIGHTS_FIRST_BOTH = `${FIGHTS_FIRST_SETUP}  - fight: b
    illegal: [fight.order]
  - fight: a
`;

const seedPath = write("seed-002.scenario.yaml", SEED_002);
write("fights-first.scenario.yaml", FIGHTS_FIRST_BOTH);
write("unclosed.scenario.yaml", "scenario: [unclosed");
write("folder/x.scenario.yaml", SEED_002);

test("compare prints only the steps that differ, then the summary; exit 0", () => {
  assert.deepEqual(run("compare", "seed-002.scenario.yaml", "--rules", "11e,10e,10e+club"), {
    code: 0,
    stdout: [
      "step 1  line 28  fight: boyz",
      "  11e       legal",
      "  10e       legal",
      "  10e+club  illegal  fight.target (29:5)",
      "",
      "1 of 4 steps differs",
      "",
    ].join("\n"),
    stderr: "",
  });
});

test("without --rules, compare uses 11e, 10e and 10e+club", () => {
  assert.deepEqual(run("compare", "seed-002.scenario.yaml"), run("compare", "--rules=11e,10e,10e+club", "seed-002.scenario.yaml"));
});

test("--all prints every step, marks those that differ, and shows the illegal: marker", () => {
  const r = run("compare", "fights-first.scenario.yaml", "--rules", "11e, 10e", "--all");
  assert.equal(r.code, 0);
  assert.equal(r.stderr, "");
  assert.equal(
    r.stdout,
    [
      "step 1  line 19  fight: b  marked illegal: fight.order  (differs)",
      "  11e  illegal  fight.order (19:5, expected)",
      "  10e  legal",
      "",
      "step 2  line 21  fight: a",
      "  11e  legal",
      "  10e  legal",
      "",
      "1 of 2 steps differs",
      "",
    ].join("\n"),
  );
});

test("findings without a step form a set-up block: shown with --all, or when it differs", () => {
  write("bogus.scenario.yaml", FIGHTS_FIRST_BOTH.replace("board: [30, 20]\n", "board: [30, 20]\nbogus: 1\n"));
  const r = run("compare", "bogus.scenario.yaml", "--rules", "11e,10e", "--all");
  assert.equal(r.code, 0);
  assert.ok(r.stdout.startsWith("set-up\n  11e  illegal  scenario.schema (4:1)\n  10e  illegal  scenario.schema (4:1)\n\nstep 1  line 20  fight: b"), r.stdout);
  assert.ok(!run("compare", "bogus.scenario.yaml", "--rules", "11e,10e").stdout.includes("set-up"));
});

test("no differences is still exit 0", () => {
  assert.deepEqual(run("compare", "seed-002.scenario.yaml", "--rules", "11e,10e"), { code: 0, stdout: "0 of 4 steps differ\n", stderr: "" });
});

test("--format json: one object, the engine's comparison with filePath; only differing steps unless --all", () => {
  const r = run("compare", "seed-002.scenario.yaml", "--format", "json");
  assert.equal(r.code, 0);
  assert.equal(r.stderr, "");
  const json = JSON.parse(r.stdout) as Record<string, unknown>;
  assert.deepEqual(Object.keys(json), ["filePath", "ok", "systems", "setup", "steps", "stepCount", "differingSteps"]);
  const steps = json.steps as Record<string, unknown>[];
  const engine = compareSystems(SEED_002, ["11e", "10e", "10e+club"]);
  assert.ok(engine.ok);
  assert.deepEqual(json, { filePath: seedPath, ...engine, steps: engine.steps.filter((s) => s.differs) });
  assert.equal(steps.length, 1);
  assert.deepEqual(Object.keys(steps[0]), ["index", "kind", "subject", "head", "line", "column", "differs", "verdicts"]);
  assert.deepEqual(steps[0].verdicts, [
    { system: "11e", verdict: "legal", findings: [] },
    { system: "10e", verdict: "legal", findings: [] },
    {
      system: "10e+club",
      verdict: "illegal",
      findings: [
        {
          code: "fight.target",
          severity: "error",
          message: (engine.steps[0].verdicts[2].findings[0] ?? { message: "" }).message,
          span: { start: SEED_002.indexOf("targets: [terminators]"), end: SEED_002.indexOf("targets: [terminators]") + "targets: [terminators]".length },
          line: 29,
          column: 5,
          expected: false,
        },
      ],
    },
  ]);
  const all = JSON.parse(run("compare", "seed-002.scenario.yaml", "--format=json", "--all").stdout) as {
    steps: unknown[];
    stepCount: number;
    differingSteps: number;
  };
  assert.deepEqual([all.steps.length, all.stepCount, all.differingSteps], [4, 4, 1]);
});

test("unknown systems and rulings exit 2 with the reason and the hint on stderr", () => {
  const cases: [string, string][] = [
    ["11e,12e", "unknown rules system '12e' (known: 11e, 10e)"],
    ["11e,10e,11e", "'11e' is listed twice"],
    ["11e,,10e", "empty rules system name"],
    ["11e+club", "ruling 'chargers-attack-only-charge-targets' does not apply to 11e (it is for 10e)"],
  ];
  for (const [rules, reason] of cases) {
    assert.deepEqual(run("compare", "seed-002.scenario.yaml", "--rules", rules), usageError(`${reason} in --rules`), rules);
  }
  const r = run("compare", "seed-002.scenario.yaml", "--rules", "10e+no-such-ruling");
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^ruleboard: unknown ruling 'no-such-ruling' \(known: club, .+\) in --rules\nRun 'ruleboard --help' for usage\.\n$/);
});

test("a missing file or a folder exits 2; a scenario that cannot be read exits 1 with its problems", () => {
  assert.deepEqual(run("compare", "missing.scenario.yaml"), {
    code: 2,
    stdout: "",
    stderr: "ruleboard: cannot read missing.scenario.yaml: no such file or directory\n",
  });
  assert.deepEqual(run("compare", "folder"), { code: 2, stdout: "", stderr: "ruleboard: cannot read folder: is a directory\n" });
  const r = run("compare", "unclosed.scenario.yaml");
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^(unclosed\.scenario\.yaml:1:\d+ {2}error {2}.+ {2}yaml\.syntax\n)+$/);
  assert.match(r.stderr, /^ruleboard: cannot compare unclosed\.scenario\.yaml: the scenario cannot be read: .+ \(1:\d+\)\n$/);
  const json = run("compare", "unclosed.scenario.yaml", "--format", "json");
  assert.equal(json.code, 1);
  const parsed = JSON.parse(json.stdout) as { ok: boolean; reason: string; findings: { code: string }[] };
  assert.deepEqual([parsed.ok, parsed.reason, [...new Set(parsed.findings.map((f) => f.code))]], [false, "scenario", ["yaml.syntax"]]);
});

test("compare usage errors exit 2 with the reason and the hint", () => {
  const cases: [string[], string][] = [
    [["compare"], "compare needs exactly one scenario file"],
    [["compare", "a.scenario.yaml", "b.scenario.yaml"], "compare needs exactly one scenario file"],
    [["compare", "seed-002.scenario.yaml", "--quiet"], "option --quiet is for check; compare lists verdicts, not problems"],
    [["compare", "seed-002.scenario.yaml", "--rulings", "club"], "option --rulings is for check; for compare write rulings into --rules, e.g. 10e+club"],
    [["compare", "seed-002.scenario.yaml", "--all=yes"], "option --all takes no value"],
    [["check", "seed-002.scenario.yaml", "--all"], "option --all is for compare"],
    [["check", "seed-002.scenario.yaml", "--rulings", "club,"], "option --rulings has an empty ruling name in 'club,'"],
  ];
  for (const [args, reason] of cases) assert.deepEqual(run(...args), usageError(reason), args.join(" "));
});

test("check --rules 10e+club, or --rules 10e --rulings club, re-checks under the club rulings", () => {
  const club = run("check", "seed-002.scenario.yaml", "--rules", "10e+club");
  assert.equal(club.code, 1);
  assert.match(club.stdout, /^seed-002\.scenario\.yaml:29:5 {2}error {2}.+ {2}fight\.target\n1 problem \(1 error, 0 warnings, 0 info\) in 1 file\n$/);
  assert.deepEqual(run("check", "seed-002.scenario.yaml", "--rules", "10e", "--rulings", "club"), club);
  // The file says 10e; --rulings alone keeps its system.
  assert.deepEqual(run("check", "seed-002.scenario.yaml", "--rulings", "club"), club);
  for (const rules of ["10e", "11e"]) {
    assert.deepEqual(run("check", "seed-002.scenario.yaml", "--rules", rules), { code: 0, stdout: "No problems in 1 file.\n", stderr: "" }, rules);
  }
});

test("check refuses unknown rulings and rulings for another system (exit 2)", () => {
  const unknown = run("check", "seed-002.scenario.yaml", "--rulings", "no-such-ruling");
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /^ruleboard: unknown ruling 'no-such-ruling' \(known: club, .+\)\nRun 'ruleboard --help' for usage\.\n$/);
  assert.deepEqual(
    run("check", "seed-002.scenario.yaml", "--rules", "11e+club"),
    usageError("ruling 'chargers-attack-only-charge-targets' does not apply to 11e (it is for 10e)"),
  );
});

test("--help describes compare and the new options", () => {
  const r = run("--help");
  assert.equal(r.code, 0);
  assert.match(
    r.stdout,
    /^Usage: ruleboard check <files or folders\.\.\.> \[options\]\n {7}ruleboard compare <file> \[--rules <systems>\] \[--format text\|json\] \[--all\]\n/,
  );
  assert.match(r.stdout, /\(default: 11e,10e,10e\+club\)/);
  assert.match(r.stdout, /--rulings <a,b>/);
  assert.match(r.stdout, /--all {16}compare: show every step/);
});

test("parseArgs: the compare request, and check's rulings only when given", () => {
  assert.deepEqual(parseArgs(["compare", "f.yaml"]), { kind: "compare", file: "f.yaml", format: "text", specs: ["11e", "10e", "10e+club"], all: false });
  assert.deepEqual(parseArgs(["--all", "compare", "--rules", "11e, 10e+club", "f.yaml", "--format=json"]), {
    kind: "compare",
    file: "f.yaml",
    format: "json",
    specs: ["11e", "10e+club"],
    all: true,
  });
  assert.deepEqual(parseArgs(["check", "a", "--rulings", "club, x"]), {
    kind: "check",
    operands: ["a"],
    format: "text",
    rules: undefined,
    rulings: ["club", "x"],
    quiet: false,
  });
  assert.deepEqual(parseArgs(["check", "a"]), { kind: "check", operands: ["a"], format: "text", rules: undefined, quiet: false });
});
