// The board of a fight step with attacks: (issue 14, part 4): a line per declared attack from the
// model to the closest model of its target unit, split counts labelled, the base-to-base chains of
// back-rank models, the models that cannot fight faded; nothing of it on any other board.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, boardFrame } from "../../../shared/index";
import { renderBoard } from "../../../shared/render/index";

const fixture = (name: string): string => readFileSync(join(__dirname, "..", "..", "..", "..", "test", "fixtures", "rules", `${name}.scenario.yaml`), "utf8");

/** The board of step `step` (0-based), `null` for the set-up. */
function svgOf(text: string, step: number | null = 0): string {
  const a = analyze(text);
  assert.ok(a.scenario);
  return renderBoard(a.scenario, boardFrame(a.scenario, a.problems, step ?? undefined));
}

/** The attributes of every element of `tag` with class `cls`, in document order. */
function elements(svg: string, tag: string, cls: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const m of svg.matchAll(new RegExp(`<${tag} class="${cls}"([^>]*)>`, "g"))) {
    out.push(Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
  }
  return out;
}

describe("attack lines on the board", () => {
  it("one line per model and target unit, ending on the target's closest model, splits counted", () => {
    const svg = svgOf(fixture("10e-attack-targets"));
    const lines = elements(svg, "line", "attack").map((l) => [l["data-model"], l["data-target"], l["data-weapon"], l["data-count"]]);
    assert.deepEqual(lines, [
      ["a1", "e", "choppa", undefined],
      ["a2", "f", "choppa", undefined],
      ["a3", "e", "choppa", "1"],
      ["a3", "f", "choppa", "1"],
    ]);
    // a2's line ends on f1's centre.
    const a2 = elements(svg, "line", "attack")[1];
    const f1 = elements(svg, "circle", "base").find((c) => c["data-model"] === "f1")!;
    assert.deepEqual([a2.x2, a2.y2], [f1.cx, f1.cy]);
    assert.equal((svg.match(/<rect class="attack-count"/g) ?? []).length, 2);
    assert.equal((svg.match(/>×1</g) ?? []).length, 2);
  });

  it("a back-rank model's chain is drawn through its team-mate to the enemy model; a model that cannot fight is faded and its line dashed", () => {
    const svg = svgOf(fixture("10e-attack-who-fights"));
    assert.deepEqual(
      elements(svg, "path", "fight-chain").map((p) => p["data-model"]),
      ["a2"],
    );
    assert.deepEqual(
      elements(svg, "ellipse", "cannot-fight").map((e) => e["data-model"]),
      ["a4"],
    );
    // The legend explains the three.
    for (const label of [">attack (to the target's closest model)<", ">fights through base contact<", ">cannot fight<"]) assert.ok(svg.includes(label), label);
    const dashed = elements(svg, "line", "attack").filter((l) => l["stroke-dasharray"] !== undefined);
    assert.deepEqual(
      dashed.map((l) => l["data-model"]),
      ["a4"],
    );
  });

  it("under all, the models that fight attack; none of this on the set-up or a step without attacks:", () => {
    const text = fixture("10e-attack-all-default");
    const svg = svgOf(text);
    assert.deepEqual(
      elements(svg, "line", "attack").map((l) => [l["data-model"], l["data-weapon"]]),
      [
        ["a2", "choppa"],
        ["a3", "choppa"],
        ["a1", "power-klaw"],
      ],
    );
    const setUp = svgOf(text, null);
    assert.ok(!/class="attack|class="fight-chain|class="cannot-fight/.test(setUp));
    const plain = svgOf(text.replace(/\n {4}attacks:\n(?: {6}.*\n)+/, "\n"));
    assert.ok(!/class="attack|class="fight-chain|class="cannot-fight|>cannot fight</.test(plain));
  });

  it("hostile weapon and unit ids are escaped in the attributes", () => {
    const text = fixture("10e-attack-targets").replace(/\bchoppa\b/g, "'x\"><img src=x onerror=alert(1)>'");
    const svg = svgOf(text);
    assert.ok(!svg.includes("<img"));
    assert.equal(elements(svg, "line", "attack").length, 4);
    assert.ok(svg.includes('data-weapon="x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"'));
  });
});
