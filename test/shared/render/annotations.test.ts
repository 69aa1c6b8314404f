// `show:` annotations drawn: rulers labelled with the checker's own edge-to-edge measure, rings,
// coherency links (a broken one drawn broken), callouts and their list, a step's region; and
// nothing drawn (byte-identical) without `show:`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../../../shared/engine/analyze";
import { boardFrame } from "../../../shared/engine/frame";
import { signedGap } from "../../../shared/geometry/gap";
import { shapeOf } from "../../../shared/geometry/shape";
import { renderBoard } from "../../../shared/render/index";

const ROOT = join(__dirname, "..", "..", "..", "..");
const COHERENCY = readFileSync(join(ROOT, "examples", "11e-coherency.scenario.yaml"), "utf8");

function render(text: string, step?: number): string {
  const a = analyze(text);
  return renderBoard(a.scenario!, boardFrame(a.scenario!, a.problems, step), {});
}

test("rulers are labelled with the gap the checker measures, edge to edge", () => {
  const a = analyze(COHERENCY);
  const svg = render(COHERENCY);
  const at = (id: string) => {
    const m = a.scenario!.units.flatMap((u) => u.models).find((x) => x.id === id)!;
    return shapeOf(m.base, m.at, m.facing);
  };
  for (const [x, y] of [
    ["s2", "g1"],
    ["s3", "g2"],
    ["s5", "g3"],
    ["s1", "s5"],
  ]) {
    assert.match(svg, new RegExp(`<line class="show-ruler" data-from="${x}" data-to="${y}"`), `${x}-${y} ruler`);
    assert.ok(svg.includes(`>${signedGap(at(x), at(y)).toFixed(2)}"</text>`), `${x}-${y} label ${signedGap(at(x), at(y)).toFixed(2)}`);
  }
  assert.equal((svg.match(/class="show-link"/g) ?? []).length + (svg.match(/class="show-link broken"/g) ?? []).length > 0, true);
  assert.doesNotMatch(svg, /show-link broken/, "the example's units are in coherency: no broken link");
  assert.equal((svg.match(/<g class="show-callout" /g) ?? []).length, 3);
  assert.equal((svg.match(/<g class="show-callout-text" /g) ?? []).length, 3);
  assert.ok(svg.includes("within 9&quot;") || svg.includes('within 9"'), "the callout text is in the list");
});

test("a link longer than 2\" is drawn broken; rings and a step's region; hostile callout text is escaped", () => {
  const text = COHERENCY.replace("s4: [9, 12.2]", "s4: [6, 14]")
    .replace("show:\n", "show:\n  rings: [{ around: g2, radius: 3 }]\n")
    .replace(`text: 'Every model is within 2" of at least one other model of its unit'`, `text: "</text><script>alert(1)</script>"`);
  const svg = render(text);
  assert.match(svg, /class="show-link broken"/);
  assert.match(svg, /<(circle|ellipse) class="show-ring" data-around="g2"/);
  assert.doesNotMatch(svg, /<script>/);
  assert.ok(svg.includes("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
  const withRegion = `${COHERENCY}steps:\n  - pile-in: squad\n    show:\n      region: s4\n`;
  const boardAt0 = render(withRegion, 0);
  assert.match(boardAt0, /class="region-legal" data-model="s4"/);
  assert.doesNotMatch(render(withRegion), /region-legal/, "no region on the set-up");
});

test("without show: nothing is drawn: the picture is byte-identical to the scenario's without the key", () => {
  const bare = COHERENCY.slice(0, COHERENCY.indexOf("show:"));
  const svg = render(bare);
  assert.doesNotMatch(svg, /show-|data-callout/);
});

test("view: auto crops each board to its models, starts and annotations, as a close-up; view: board and no view: draw the whole board", () => {
  const text = readFileSync(join(ROOT, "examples", "faq-pile-in-region.scenario.yaml"), "utf8");
  const a = analyze(text);
  const frame = boardFrame(a.scenario!, a.problems, 0);
  const svg = renderBoard(a.scenario!, frame, {});
  const win = /<svg class="view" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" viewBox="([^"]+)">/.exec(svg);
  assert.ok(win, "a nested svg clips the window");
  const [x, y, w, h] = win.slice(1, 5).map(Number);
  assert.equal(win[5], `${win[1]} ${win[2]} ${win[3]} ${win[4]}`, "the window keeps the picture's coordinates");
  // Every base and every start of the step lies inside the window.
  for (const m of svg.matchAll(/<circle class="(?:base|ghost)" data-model="(\w+)"[^>]* cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)) {
    const [cx, cy, r] = [Number(m[2]), Number(m[3]), Number(m[4])];
    assert.ok(cx - r >= x && cx + r <= x + w && cy - r >= y && cy + r <= y + h, `${m[0].slice(0, 60)} inside the window`);
  }
  assert.ok(w > 600, `a close-up fills the picture (${w} px wide)`);
  const whole = renderBoard(a.scenario!, frame, { view: "board" });
  assert.doesNotMatch(whole, /class="view"/);
  const bare = text.replace("view: auto\n", "");
  const b = analyze(bare);
  const offsets = (svg: string): string => svg.replace(/ data-offset="\d+"/g, "");
  assert.equal(
    offsets(renderBoard(b.scenario!, boardFrame(b.scenario!, b.problems, 0), {})),
    offsets(whole),
    "view: board is the picture without view: (source offsets aside)",
  );
});
