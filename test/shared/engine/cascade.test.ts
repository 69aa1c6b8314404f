// One mistake, one error: consequences fold into their cause (shared/engine/cascade.ts), on the
// issue's example, under 10e and 10e+club, with expectations, and over every example and fixture.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze, isCode, type Problem } from "../../../shared/index";
import { consequencesOf, problem } from "../../../shared/diagnostics/problem";
import { CASCADES, foldCascades } from "../../../shared/engine/cascade";
import { INELIGIBLE_PILE_IN, ineligiblePileIn, ineligibleTenthFight } from "../../helpers/cascade-scenarios";

const ROOT = join(__dirname, "..", "..", "..", "..");

/** `line severity code` of each problem, and `  also line code` under it for each folded consequence. */
function outline(text: string, options: Parameters<typeof analyze>[1] = {}): string[] {
  const a = analyze(text, options);
  const line = (offset: number) => a.lines.lineCol(offset).line;
  return a.problems.flatMap((p) => [
    `${line(p.span.start)} ${p.severity} ${p.code}`,
    ...p.related.filter((r) => r.folded).map((r) => `  also ${line(r.span.start)} ${r.folded!.code}`),
  ]);
}

describe("cascades", () => {
  it("the issue's example: one error, action.not-eligible, with the other two as its related information", () => {
    const { problems } = analyze(INELIGIBLE_PILE_IN);
    assert.equal(problems.length, 1);
    const [cause] = problems;
    assert.equal(cause.code, "action.not-eligible");
    assert.equal(cause.severity, "error");
    const folded = cause.related.filter((r) => r.folded);
    assert.deepEqual(
      folded.map((r) => r.folded!.code),
      ["action.targets", "engagement.required"],
    );
    for (const r of folded) {
      assert.equal(r.message, `${r.folded!.code}: ${r.folded!.message}`, "the message is prefixed with its code");
      assert.equal(r.folded!.severity, "error");
      assert.equal(r.folded!.step, 0);
    }
    assert.match(folded[0].message, /^action\.targets: a has no enemy unit within 5"/);
    // Their own spans: both on the step's head, as they were reported.
    assert.deepEqual(
      folded.map((r) => r.span),
      [cause.span, cause.span],
    );
    // The related entry the rule gave (the unit's definition) is kept, first.
    assert.deepEqual(cause.related[0], { message: "a", span: cause.related[0].span });
    assert.deepEqual(
      consequencesOf(cause).map((p) => [p.code, p.severity, p.step]),
      [
        ["action.targets", "error", 0],
        ["engagement.required", "error", 0],
      ],
    );
  });

  it("the same step under 10e and 10e+club: one error, the must-end-engaged folded", () => {
    for (const rules of ["10e", "10e+club"]) {
      const [spec, ...rulings] = rules.split("+");
      assert.deepEqual(outline(INELIGIBLE_PILE_IN, { rules: spec, rulings }), ["9 error action.not-eligible", "  also 9 engagement.required"], rules);
    }
  });

  it("10e: a unit not eligible to fight, with a pile-in and an attack, is one error (and with club rulings)", () => {
    const expected = ["10 error action.not-eligible", "  also 11 engagement.required", "  also 12 fight.target"];
    assert.deepEqual(outline(ineligibleTenthFight()), expected);
    assert.deepEqual(
      outline(ineligibleTenthFight("rulings: [club]\n")),
      expected.map((l) => l.replace(/\d+/, (n) => String(Number(n) + 1))),
    );
  });

  it("illegal: [a consequence] is met by the folded code: no expect.unmet", () => {
    assert.deepEqual(outline(ineligiblePileIn("[action.targets]")), ["9 error action.not-eligible", "  also 9 action.targets", "  also 9 engagement.required"]);
  });

  it("illegal: [the cause] expects its consequences with it", () => {
    const { problems } = analyze(ineligiblePileIn("[action.not-eligible]"));
    assert.deepEqual(
      problems.map((p) => [p.code, p.severity]),
      [["action.not-eligible", "info"]],
    );
    assert.match(problems[0].message, /^expected: /);
    assert.deepEqual(
      consequencesOf(problems[0]).map((p) => [p.code, p.severity, p.message.startsWith("expected: ")]),
      [
        ["action.targets", "info", true],
        ["engagement.required", "info", true],
      ],
    );
  });

  it("illegal: [cause, consequence] and illegal: true are met too", () => {
    assert.deepEqual(outline(ineligiblePileIn("[action.not-eligible, engagement.required]")), [
      "9 info action.not-eligible",
      "  also 9 action.targets",
      "  also 9 engagement.required",
    ]);
    assert.deepEqual(outline(ineligiblePileIn("true")), ["9 info action.not-eligible", "  also 9 action.targets", "  also 9 engagement.required"]);
  });

  it("a listed code that occurs neither as a finding nor folded is still unmet", () => {
    assert.deepEqual(outline(ineligiblePileIn("[move.too-far]")), [
      "9 error action.not-eligible",
      "  also 9 action.targets",
      "  also 9 engagement.required",
      "11 error expect.unmet",
    ]);
  });
});

describe("foldCascades", () => {
  const span = (start: number) => ({ start, end: start + 1 });
  const cause = problem("action.not-eligible", "error", "not eligible", span(0), { step: 1 });
  const consequence = problem("engagement.required", "error", "must end engaged", span(5), { step: 1 });

  it("folds a consequence of the same step into an error cause", () => {
    const [only, ...rest] = foldCascades([cause, consequence]);
    assert.deepEqual(rest, []);
    assert.deepEqual(
      only.related.map((r) => [r.message, r.span]),
      [["engagement.required: must end engaged", span(5)]],
    );
  });

  it("a borderline cause (a warning) swallows nothing", () => {
    const warning = { ...cause, severity: "warning" as const };
    assert.deepEqual(foldCascades([warning, consequence]), [warning, consequence]);
  });

  it("another step, or no step, is left alone", () => {
    const other = { ...consequence, step: 2 };
    const setup: Problem = { ...consequence, step: undefined };
    assert.deepEqual(foldCascades([cause, other, setup]), [cause, other, setup]);
  });

  it("a code not in the cause's entry is left alone; the rest keep their order", () => {
    const tooFar = problem("move.too-far", "error", "too far", span(9), { step: 1 });
    const out = foldCascades([tooFar, cause, consequence]);
    assert.deepEqual(
      out.map((p) => p.code),
      ["move.too-far", "action.not-eligible"],
    );
  });

  it("a chain folds into its first link; a second cause of the same code keeps nothing", () => {
    const targets = problem("action.targets", "error", "no target", span(3), { step: 1 });
    const again = problem("action.not-eligible", "error", "also not eligible", span(7), { step: 1 });
    const out = foldCascades([targets, consequence, cause, again]);
    assert.deepEqual(
      out.map((p) => [p.code, p.related.map((r) => r.folded?.code)]),
      [
        ["action.not-eligible", ["action.targets", "engagement.required"]],
        ["action.not-eligible", []],
      ],
    );
  });

  it("the table: public codes, a reason each, no cause listed twice, closed under its own consequences", () => {
    const causes = CASCADES.map((c) => c.cause);
    assert.equal(new Set(causes).size, causes.length);
    for (const entry of CASCADES) {
      assert.ok(isCode(entry.cause) && entry.consequences.every(isCode), entry.cause);
      assert.ok(entry.reason.length > 20, entry.cause);
      assert.ok(!entry.consequences.includes(entry.cause), entry.cause);
      for (const c of entry.consequences) {
        const next = CASCADES.find((e) => e.cause === c);
        for (const d of next?.consequences ?? []) assert.ok(entry.consequences.includes(d), `${entry.cause} → ${c} → ${d} is not listed under ${entry.cause}`);
        // A consequence that is a cause comes later, so the chain folds into its first link.
        if (next) assert.ok(CASCADES.indexOf(next) > CASCADES.indexOf(entry), `${c} is listed before ${entry.cause}`);
      }
    }
  });
});

describe("cascades over the examples and fixtures (as written, and under 11e, 10e, 10e+club)", () => {
  const dirs = ["examples", "test/fixtures/rules", "test/fixtures/blind"];
  const files = dirs.flatMap((d) =>
    readdirSync(join(ROOT, d), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.scenario\.ya?ml$/.test(f))
      .map((f) => join(ROOT, d, f)),
  );
  const systems: { rules?: string; rulings?: string[] }[] = [
    {},
    { rules: "11e", rulings: [] },
    { rules: "10e", rulings: [] },
    { rules: "10e", rulings: ["club"] },
  ];

  it("every folded consequence sits under an error (or an expected one) of its own step; every step with an error keeps one", () => {
    assert.ok(files.length > 100);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const options of systems) {
        const { problems } = analyze(text, options);
        const stepsWithError = new Set(problems.filter((p) => p.severity === "error" && p.step !== undefined).map((p) => p.step));
        for (const p of problems) {
          for (const c of consequencesOf(p)) {
            const where = `${file} ${JSON.stringify(options)}: ${c.code} under ${p.code}`;
            assert.equal(c.step, p.step, where);
            assert.ok(p.severity === "error" || (p.severity === "info" && p.message.startsWith("expected: ")), where);
            if (c.severity === "error") assert.ok(stepsWithError.has(c.step) || p.severity === "info", where);
          }
        }
      }
    }
  });
});
