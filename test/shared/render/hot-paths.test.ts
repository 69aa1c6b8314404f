// The renderer's hot paths against the plain versions they replaced (kept here as references):
// num(), the escapes and wrap() with their fast paths, the problems' model lookup through the
// index of definitions, and the folds that used to spread every model into Math.min. The
// fast paths must give the very same bytes: the pictures are pinned elsewhere (render.test.ts,
// the browser tests), these tests pin the helpers on inputs no fixture has.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { analyze, boardFrame } from "../../../shared/index";
import type { BoardFrame, ModelFrame } from "../../../shared/engine/frame";
import type { Problem } from "../../../shared/diagnostics/problem";
import type { Scenario } from "../../../shared/model/scenario";
import { renderBoard } from "../../../shared/render/index";
import { windowOf } from "../../../shared/render/render-board";
import { movesOfStep, spansMeet, type RenderContext } from "../../../shared/render/render-context";
import { modelIndex, problemModels } from "../../../shared/render/step-layers";
import { attributes, el, escapeAttr, escapeText, num, wrap, type Attrs } from "../../../shared/render/svg-text";
import { createRng } from "../../helpers/prng";

const ROOT = join(__dirname, "..", "..", "..", "..");

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** num() as it was: toFixed(2) and a regex for the trailing zeros. */
function plainNum(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const s = n.toFixed(2).replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
}
function plainText(s: string): string {
  return s.replace(NOT_XML, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function plainAttr(s: string): string {
  return plainText(s).replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}
/** wrap() as it was: the line's length counted again for every word. */
function plainWrap(s: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * 0.6)));
  const lines: string[] = [];
  for (const para of s.split(/\r?\n/)) {
    let line = "";
    for (const word of para.split(/\s+/).filter((w) => w !== "")) {
      if (line === "") line = word;
      else if ([...line].length + 1 + [...word].length <= max) line += ` ${word}`;
      else {
        lines.push(line);
        line = word;
      }
      while ([...line].length > max) {
        const chars = [...line];
        lines.push(chars.slice(0, max).join(""));
        line = chars.slice(max).join("");
      }
    }
    if (line !== "" || lines.length === 0) lines.push(line);
  }
  return lines;
}

describe("svg-text fast paths", () => {
  it("num() writes every number as toFixed(2) without trailing zeros did", () => {
    const edges = [0, -0, 1, -1, 0.004, -0.004, 0.005, -0.005, 0.995, -0.995, 9.995, 1.005, 2.675, 1234.5, -1234.5, 5e-7, -5e-7];
    const huge = [2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 2 ** 60, -(2 ** 60), 1e20, 1e21, 1e22, 1e30, -1e30, Number.MAX_VALUE];
    const odd = [NaN, Infinity, -Infinity, Number.MIN_VALUE, -Number.MIN_VALUE];
    const rng = createRng(15);
    const random: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** (Math.floor(rng() * 16) - 4);
      random.push((rng() - 0.5) * scale, Math.round((rng() - 0.5) * scale) / 100, Math.round(rng() * scale));
    }
    for (const n of [...edges, ...huge, ...odd, ...random]) assert.equal(num(n), plainNum(n), `num(${n})`);
  });

  it("escapeText and escapeAttr give what the chain of replacements gave, plain strings included", () => {
    const pieces = [
      "a",
      "Z",
      "&",
      "<",
      ">",
      '"',
      "'",
      "\t",
      "\n",
      "\r",
      "\u0000",
      "\u0001",
      "\u001f",
      "\ud800",
      "\udc00",
      "\ud83d\ude00",
      "\ufffe",
      "\uffff",
      "é",
      " ",
      "\u0085",
      "\u2028",
      "]]>",
    ];
    const rng = createRng(16);
    for (let i = 0; i < 20_000; i++) {
      let s = "";
      const length = Math.floor(rng() * 6);
      for (let j = 0; j < length; j++) s += pieces[Math.floor(rng() * pieces.length)];
      assert.equal(escapeText(s), plainText(s), JSON.stringify(s));
      assert.equal(escapeAttr(s), plainAttr(s), JSON.stringify(s));
    }
  });

  it("wrap() breaks lines where counting every line again did", () => {
    const pieces = ["a", "bb", "word", "longerword", "x".repeat(30), " ", "  ", "\t", "\n", "\r\n", "\ud83d\ude00", "\ud800", "é", "\u00a0"];
    const rng = createRng(17);
    for (let i = 0; i < 5_000; i++) {
      let s = "";
      const length = Math.floor(rng() * 40);
      for (let j = 0; j < length; j++) s += pieces[Math.floor(rng() * pieces.length)];
      const width = 20 + rng() * 400;
      const size = [10, 12, 14][i % 3];
      assert.deepEqual(wrap(s, width, size), plainWrap(s, width, size), JSON.stringify(s));
    }
  });

  it("el() writes attributes in order, numbers through num(), leaving out undefined and false", () => {
    const attrs: Attrs = { class: "base", "data-model": 'm"1', cx: 1.5, r: 2, hidden: false, title: undefined, fill: "#fff" };
    assert.equal(attributes(attrs), ' class="base" data-model="m&quot;1" cx="1.5" r="2" fill="#fff"');
    assert.equal(el("circle", attrs), '<circle class="base" data-model="m&quot;1" cx="1.5" r="2" fill="#fff"/>');
    assert.equal(el("g", { class: "x" }, "<a/>"), '<g class="x"><a/></g>');
  });
});

/** Every example and rules fixture, analysed. */
function scenarios(): { name: string; scenario: Scenario; problems: readonly Problem[] }[] {
  const out: { name: string; scenario: Scenario; problems: readonly Problem[] }[] = [];
  for (const dir of ["examples", join("test", "fixtures", "rules")]) {
    for (const file of readdirSync(join(ROOT, dir)).filter((f) => f.endsWith(".scenario.yaml"))) {
      const analysis = analyze(readFileSync(join(ROOT, dir, file), "utf8"));
      if (analysis.scenario) out.push({ name: `${dir}/${file}`, scenario: analysis.scenario, problems: analysis.problems });
    }
  }
  return out;
}

/** Enough of a RenderContext for problemModels (it reads the scenario, the frame, the step and the models). */
function contextOf(scenario: Scenario, frame: BoardFrame): RenderContext {
  return {
    scenario,
    frame,
    step: frame.step === undefined ? undefined : scenario.steps.find((s) => s.index === frame.step),
    models: new Map(frame.models.map((m) => [m.id, m])),
  } as unknown as RenderContext;
}

/** problemModels as it was: every model definition and every model on the board scanned for each problem. */
function plainProblemModels(ctx: RenderContext, p: Problem): string[] {
  const ids = new Set<string>();
  if (p.witness) ids.add(p.witness.model);
  for (const mv of movesOfStep(ctx.step)) if (spansMeet(p.span, mv.span)) ids.add(mv.model.id);
  for (const u of ctx.scenario.units) for (const d of u.models) if (spansMeet(p.span, d.lineSpan)) ids.add(d.id);
  if (ids.size === 0) {
    const step = ctx.step;
    const unitRef = step && "unit" in step ? step.unit : undefined;
    const unit = unitRef && spansMeet(unitRef.span, p.span) ? unitRef.id : ctx.scenario.units.find((u) => spansMeet(u.span, p.span))?.id;
    for (const m of ctx.frame.models) if (m.unit === unit) ids.add(m.id);
  }
  return [...ids].filter((id) => ctx.models.has(id));
}

describe("problems on the board", () => {
  it("find their models through the index as the scan of every model did (every example and rules fixture, every step)", () => {
    let compared = 0;
    for (const { name, scenario, problems } of scenarios()) {
      for (const step of [undefined, ...scenario.steps.map((s) => s.index)]) {
        const frame = boardFrame(scenario, problems, step);
        const ctx = contextOf(scenario, frame);
        const index = modelIndex(ctx);
        // The frame's problems, and every problem of the analysis against this board (spans anywhere in the text).
        for (const p of [...frame.problems, ...problems]) {
          assert.deepEqual(problemModels(ctx, p, index), plainProblemModels(ctx, p), `${name} step ${step}: ${p.code}`);
          compared++;
        }
        // Spans of every length at every model line's edges, empty ones included, and spans over several lines.
        for (const u of scenario.units) {
          const [first, last] = [u.models[0], u.models[u.models.length - 1]];
          const wide = first
            ? [u.span, { start: first.lineSpan.start, end: last.lineSpan.end }, { start: first.lineSpan.end - 1, end: last.lineSpan.start + 1 }]
            : [u.span];
          for (const span of wide) {
            const p = { code: "x", severity: "error", message: "", span, related: [] } as unknown as Problem;
            assert.deepEqual(problemModels(ctx, p, index), plainProblemModels(ctx, p), `${name} step ${step}: ${span.start}-${span.end}`);
            compared++;
          }
          for (const d of u.models) {
            for (const span of [
              d.lineSpan,
              { start: d.lineSpan.start, end: d.lineSpan.start },
              { start: d.lineSpan.end, end: d.lineSpan.end },
              { start: d.lineSpan.start - 1, end: d.lineSpan.end + 1 },
            ]) {
              const p = { code: "x", severity: "error", message: "", span, related: [] } as unknown as Problem;
              assert.deepEqual(problemModels(ctx, p, index), plainProblemModels(ctx, p), `${name} step ${step}: ${span.start}-${span.end}`);
              compared++;
            }
          }
        }
      }
    }
    assert.ok(compared > 1000, `${compared} lookups compared`);
  });
});

describe("boards of very many models", () => {
  it("view: auto frames 200,000 models (Math.min(...) over them would overflow the call)", () => {
    const scenario = analyze(
      "scenario: Many\nboard: [60, 44]\nturn: red\nview: auto\nunits:\n  a:\n    player: red\n    base: 32\n    models:\n      a1: [10, 10]\n",
    ).scenario!;
    const models: ModelFrame[] = [];
    for (let i = 0; i < 200_000; i++) {
      models.push({
        id: `m${i}`,
        unit: "a",
        player: "red",
        at: [10 + (i % 400) * 0.05, 8 + Math.floor(i / 400) * 0.02],
        facing: 0,
        base: { kind: "round", diameterMm: 25 },
      });
    }
    const frame: BoardFrame = { stepCount: 0, phase: "fight", models, moves: [], problems: [] };
    const w = windowOf(scenario, frame);
    // From the models' extremes (base radius 0.49") and the 2" margin.
    assert.ok(Math.abs(w.x - (10 - 25 / 50.8 - 2)) < 1e-9 && Math.abs(w.y - (8 - 25 / 50.8 - 2)) < 1e-9, JSON.stringify(w));
    assert.ok(Math.abs(w.x + w.w - (10 + 399 * 0.05 + 25 / 50.8 + 2)) < 1e-9, JSON.stringify(w));
  });

  it("a unit of 20,000 models draws every base and one unit label", () => {
    const scenario = analyze(
      "scenario: One big unit\nboard: [200, 200]\nturn: red\nunits:\n  horde:\n    player: red\n    name: Horde\n    base: 25\n    models:\n      h0: [2, 2]\n",
    ).scenario!;
    const models: ModelFrame[] = [];
    for (let i = 0; i < 20_000; i++) {
      models.push({
        id: `h${i}`,
        unit: "horde",
        player: "red",
        at: [2 + (i % 140) * 1.4, 2 + Math.floor(i / 140) * 1.35],
        facing: 0,
        base: { kind: "round", diameterMm: 25 },
      });
    }
    const svg = renderBoard(scenario, { stepCount: 0, phase: "fight", models, moves: [], problems: [] });
    assert.equal(svg.match(/<circle class="base"/g)?.length, 20_000);
    assert.equal(svg.match(/class="unit-label"/g)?.length, 1);
  });
});
