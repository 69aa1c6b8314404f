// What `npm run fuzz` checks on one input, in-process: analyze(), then every step rendered the
// way `ruleboard render` does it (boardFrame + renderBoard with the source embedded), the SVG
// well formed, the embedded source given back exactly, and no message or drawn text showing a
// NaN, an Infinity or an undefined the author did not write. Crashes surface as a finding of kind
// "crash"; hangs and process deaths are the pool's business (scale-pool.ts).
import { performance } from "node:perf_hooks";
import { analyze, boardFrame } from "../../shared/index";
import { extractSource, renderBoard, type RenderOptions } from "../../shared/render/index";
import { xmlError } from "./xml-check";

export const FINDING_KINDS = ["crash", "hang", "slow", "invariant-message", "invariant-svg", "invariant-roundtrip"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** One thing wrong with one input. */
export interface Finding {
  readonly kind: FindingKind;
  /**
   * What stays the same when the input shrinks: minimisation keeps it, and the run reports one
   * reproduction per (kind, signature). Digits and quoted values are blanked out.
   */
  readonly signature: string;
  /** The full story, for the JSON next to the reproduction. */
  readonly detail: string;
}

/** The tokens a message or a picture must not show unless the input text itself has them. */
export const SUSPECT_TOKENS = ["NaN", "Infinity", "undefined"] as const;

/** Where in the pipeline an input is: told before each stage so a hang can say where it hung. */
export type Stage = "analyze" | "frame" | "render" | "extract" | "checks";

/** Digits and quoted values blanked, so that two inputs with the same bug share a signature. */
export function normalise(message: string): string {
  return message
    .replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "'…'")
    .replace(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, "#")
    .slice(0, 200);
}

/** The first frame of an error's stack inside the repository (file:line from out/), for crash signatures. */
function whereThrown(err: unknown): string {
  const stack = err instanceof Error ? (err.stack ?? "") : "";
  const m = /\(?((?:[^()\s]*[/\\])?out[/\\]((?:shared|server|test)[/\\][^():\s]+)):(\d+):\d+\)?/.exec(stack);
  return m ? `${m[2].replace(/\\/g, "/")}:${m[3]}` : "?";
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** Finds the suspect tokens `s` shows that `input` does not have. */
function suspects(s: string, input: string): string[] {
  return SUSPECT_TOKENS.filter((t) => s.includes(t) && !input.includes(t));
}

/** The SVG without its embedded source (which is the input itself, so may say anything). */
function withoutMetadata(svg: string): string {
  return svg.replace(/<metadata>[\s\S]*?<\/metadata>/, "");
}

/** Up to 40 code units round `at`, JSON-quoted, for a detail line. */
function around(s: string, at: number): string {
  return JSON.stringify(s.slice(Math.max(0, at - 20), at + 20));
}

/** A coarse name for the code unit at `at`, for round-trip signatures. */
function classOf(s: string, at: number): string {
  if (at >= s.length) return "the end of the text";
  const c = s.charCodeAt(at);
  if (c >= 0xd800 && c <= 0xdfff) return "a surrogate";
  if (c === 0xd || c === 0xa) return "a line break";
  if (c < 0x20 || c === 0xfffe || c === 0xffff) return "a control character";
  if (c === 0xfffd) return "U+FFFD";
  return c < 0x80 ? "an ASCII character" : "a non-ASCII character";
}

/** The first offset where `a` and `b` differ. */
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The outcome of checking one input in-process. */
export interface CheckResult {
  readonly findings: Finding[];
  /** Milliseconds for the whole pipeline (analyze and every render), the checks themselves excluded. */
  readonly ms: number;
  /** Steps rendered (the set-up counts as one). */
  readonly frames: number;
}

/**
 * Runs one input through the pipeline and the oracles. Never throws: an exception from shared/
 * is a "crash" finding. `onStage` is told before each stage (the worker writes it out
 * synchronously, so a hang can be placed).
 */
export function checkInput(text: string, onStage: (stage: Stage, step?: number) => void = () => {}): CheckResult {
  const findings: Finding[] = [];
  let ms = 0;
  let frames = 0;
  let stage: Stage = "analyze";
  let step: number | undefined;
  const enter = (s: Stage, k?: number) => {
    stage = s;
    step = k;
    onStage(s, k);
  };
  try {
    enter("analyze");
    let t0 = performance.now();
    const analysis = analyze(text);
    ms += performance.now() - t0;
    enter("checks");
    for (const p of analysis.problems) {
      for (const m of [p.message, ...(p.related ?? []).map((r) => r.message)]) {
        for (const token of suspects(m, text)) {
          findings.push({
            kind: "invariant-message",
            signature: `${p.code}: ${token}: ${normalise(m)}`,
            detail: `${p.code} message shows ${token}, which the input does not: ${JSON.stringify(m)}`,
          });
        }
      }
    }
    const scenario = analysis.scenario;
    if (!scenario) return { findings, ms, frames };
    // Every step as `ruleboard render --all` draws it, then the last once more with the optional
    // layers (halos, coherency lines) in another theme.
    const steps: (number | undefined)[] = [undefined, ...scenario.steps.map((s) => s.index)];
    const shown: { k: number | undefined; options: RenderOptions }[] = steps.map((k) => ({ k, options: { embedSource: text } }));
    shown.push({ k: steps[steps.length - 1], options: { embedSource: text, halos: true, coherency: true, theme: "high-contrast" } });
    for (const { k, options } of shown) {
      enter("frame", k);
      t0 = performance.now();
      const frame = boardFrame(scenario, analysis.problems, k);
      enter("render", k);
      const svg = renderBoard(scenario, frame, options);
      enter("extract", k);
      const back = extractSource(svg);
      ms += performance.now() - t0;
      frames++;
      enter("checks", k);
      const which = (k === undefined ? "the set-up" : `step ${k + 1}`) + (options.halos ? " (halos, coherency, high-contrast)" : "");
      const xml = xmlError(svg);
      if (xml !== undefined)
        findings.push({
          kind: "invariant-svg",
          signature: `not well-formed XML: ${normalise(xml.replace(/ \(….*$/, ""))}`,
          detail: `the SVG of ${which} is not well-formed XML: ${xml}`,
        });
      const drawn = withoutMetadata(svg);
      for (const token of suspects(drawn, text)) {
        const at = drawn.indexOf(token);
        findings.push({
          kind: "invariant-svg",
          signature: `SVG shows ${token}`,
          detail: `the SVG of ${which} shows ${token}, which the input does not: …${around(drawn, at)}…`,
        });
      }
      if (back === undefined) {
        findings.push({
          kind: "invariant-roundtrip",
          signature: "extractSource gave nothing back",
          detail: `extractSource found no source in the SVG of ${which}`,
        });
      } else if (back !== text) {
        const at = firstDifference(back, text);
        const code = (s: string) => (at < s.length ? `U+${s.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0")}` : "end of text");
        findings.push({
          kind: "invariant-roundtrip",
          signature: `extracted source differs: ${classOf(text, at)} comes back as ${classOf(back, at)}`,
          detail: `the source extracted from the SVG of ${which} differs from the input at offset ${at}: input has ${code(text)} ${around(text, at)}, extracted ${code(back)} ${around(back, at)}`,
        });
      }
      // One bad picture says it all; the same finding on every step would only slow the run down.
      if (findings.some((f) => f.kind !== "invariant-message")) break;
    }
  } catch (err) {
    const where = stage + (step === undefined ? "" : ` of step ${step + 1}`);
    findings.push({
      kind: "crash",
      signature: `${stage}: ${normalise(describe(err))} @ ${whereThrown(err)}`,
      detail: `${where} threw ${(err instanceof Error ? (err.stack ?? describe(err)) : describe(err)).replace(/[^\s()]*[/\\]out[/\\]/g, "out/")}`,
    });
  }
  return { findings, ms, frames };
}
