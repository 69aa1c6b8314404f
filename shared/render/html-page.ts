/**
 * One self-contained HTML page to publish: every board of a scenario (or of a Markdown document's
 * scenario blocks) with a step slider, each step's note and verdict, under a strict
 * Content-Security-Policy. Pure string building (no DOM, no I/O) and deterministic: the same input
 * gives the same bytes, so the policy names the page's one script and one stylesheet by their
 * SHA-256 (computed here, in plain code) instead of a random nonce.
 *
 * What the page holds:
 * - the SVG of the set-up and of every step that could be read, inline, from `renderBoard` (which
 *   escapes every scenario string and writes no script, style or external reference);
 * - for each step a label ("Set-up", "Step 3 of 5: fight Assault squad"), its `note:`, its verdict
 *   and its findings (code, severity or "expected", message, the rules it cites), all escaped here;
 * - one inline `<script>` that only toggles `hidden` on the step panels (the slider, the previous
 *   and next buttons) and one inline `<style>`; nothing of the scenario ever becomes script.
 * Without script every step is shown one below the other; the script hides all but one.
 */
import type { Problem, Severity } from "../diagnostics/problem";
import { boardFrame } from "../engine/frame";
import type { Scenario, Step } from "../model/scenario";
import { renderBoard } from "./render-board";
import { escapeText } from "./svg-text";
import { themeOf, type Theme, type ThemeName } from "./theme";

/** One board of the page: a scenario and the problems its analysis found (offsets in its own text). */
export interface HtmlBoard {
  readonly kind: "board";
  readonly scenario: Scenario;
  readonly problems: readonly Problem[];
  /**
   * A Markdown block marked `illegal`: each error and warning is what it means to show (the
   * analysis of the block's text does not know that, so the page marks them expected).
   */
  readonly illegal?: boolean;
  /** A line above the board's title, e.g. "Block 2, line 14" (a document of several boards). */
  readonly caption?: string;
  /**
   * Findings about the board as a whole that its own problems do not hold (a Markdown block
   * marked `illegal` that breaks nothing: `expect.unmet` on its fence), listed under its title.
   */
  readonly remarks?: readonly Pick<Problem, "code" | "severity" | "message">[];
}

/** Something in the place of a board that could not be drawn (a Markdown block that cannot be read). */
export interface HtmlNotice {
  readonly kind: "notice";
  readonly text: string;
}

export type HtmlPageItem = HtmlBoard | HtmlNotice;

/** Options of `renderHtmlPage`. */
export interface HtmlPageOptions {
  /** The page's `<title>` and heading (default: the first board's scenario title). */
  readonly title?: string;
  /** Colours of the boards and of the page (default `light`). */
  readonly theme?: ThemeName;
  /** The rules system the problems were found under, when not each scenario's own (as `analyze`'s option). */
  readonly rules?: string;
  readonly rulings?: readonly string[];
}

/** A step's verdict on the page: as `compare` says it, plus a violation the scenario marks `illegal:`. */
export type PageVerdict = "legal" | "borderline" | "illegal" | "expected";

const VERDICT_TEXT: Readonly<Record<PageVerdict, string>> = {
  legal: "Legal: no rule is broken.",
  borderline: "Borderline: within the measuring tolerance.",
  illegal: "Illegal: a rule is broken.",
  expected: "Illegal, as expected: the scenario marks it so.",
};

/**
 * The page: `<!DOCTYPE html>` to `</html>`, one board section per board (in order), each with its
 * own slider. `items` may hold notices in the place of boards that could not be drawn.
 */
export function renderHtmlPage(items: readonly HtmlPageItem[], options: HtmlPageOptions = {}): string {
  const theme = themeOf(options.theme ?? "light");
  const firstBoard = items.find((i): i is HtmlBoard => i.kind === "board");
  const title = options.title ?? firstBoard?.scenario.title ?? "Ruleboard";
  const several = items.length > 1;
  let boardNo = 0;
  const sections = items.map((item) => {
    if (item.kind === "notice") return `<p class="rb-notice" role="note">${escapeHtml(item.text)}</p>\n`;
    boardNo++;
    return boardSection(item, boardNo, several, theme, options);
  });
  const style = pageStyle(theme);
  const policy = [
    "default-src 'none'",
    "img-src data:",
    `style-src 'sha256-${sha256Base64(style)}'`,
    `script-src 'sha256-${sha256Base64(PAGE_SCRIPT)}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  return [
    "<!DOCTYPE html>\n",
    '<html lang="en">\n',
    "<head>\n",
    '<meta charset="utf-8">\n',
    // The policy is made of constants and base64 only (no quote, `<` or `&`), so it is written as is.
    `<meta http-equiv="Content-Security-Policy" content="${policy}">\n`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    '<meta name="generator" content="Ruleboard">\n',
    `<title>${escapeHtml(title)}</title>\n`,
    `<style>${style}</style>\n`,
    "</head>\n",
    `<body class="rb-theme-${theme.name}">\n`,
    "<main>\n",
    `<h1>${escapeHtml(title)}</h1>\n`,
    ...sections,
    "</main>\n",
    `<script>${PAGE_SCRIPT}</script>\n`,
    "</body>\n",
    "</html>\n",
  ].join("");
}

/** Text for HTML outside the SVGs, in content or in a double- or single-quoted attribute. */
export function escapeHtml(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

// ---------------------------------------------------------------------------------------------
// One board

/** One step panel's content before it is written. */
interface Panel {
  readonly label: string;
  readonly svg: string;
  readonly note?: string;
  readonly verdict: PageVerdict;
  readonly findings: readonly PageFinding[];
}

/** One finding as the page lists it. */
interface PageFinding {
  readonly code: string;
  readonly severity: Severity;
  readonly expected: boolean;
  readonly message: string;
  /** The rules the message cites ("11e 12.03"). */
  readonly cites: readonly string[];
  /** Findings folded into this one as its consequences. */
  readonly consequences: readonly PageFinding[];
}

function boardSection(board: HtmlBoard, n: number, several: boolean, theme: Theme, options: HtmlPageOptions): string {
  const { scenario } = board;
  const system = { ...(options.rules === undefined ? {} : { rules: options.rules }), ...(options.rulings === undefined ? {} : { rulings: options.rulings }) };
  const units = new Map(scenario.units.map((u) => [u.id, u.name ?? u.id]));
  const shown: (Step | undefined)[] = [undefined, ...scenario.steps];
  const panels = shown.map((step): Panel => {
    const frame = boardFrame(scenario, board.problems, step?.index, system);
    const svg = renderBoard(scenario, frame, { theme: theme.name, ...system });
    const findings = [...frame.problems]
      .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
      .map((p) => pageFinding(p, step, board.illegal === true));
    return {
      label: step === undefined ? "Set-up" : `Step ${step.index + 1} of ${scenario.stepsWritten}: ${step.kind} ${subjectOf(step, units)}`,
      svg,
      ...(step?.note === undefined ? {} : { note: step.note }),
      verdict: verdictOf(findings),
      findings,
    };
  });
  const id = `rb-board-${n}`;
  const last = panels.length - 1;
  const out: string[] = [];
  out.push(`<section class="rb-board" id="${id}" aria-labelledby="${id}-title">\n`);
  if (board.caption !== undefined) out.push(`<p class="rb-caption">${escapeHtml(board.caption)}</p>\n`);
  const heading = several ? "h2" : 'h2 class="rb-visually-hidden"';
  out.push(`<${heading} id="${id}-title">${escapeHtml(scenario.title)}</h2>\n`);
  if (scenario.description !== undefined) out.push(`<p class="rb-description">${escapeHtml(scenario.description)}</p>\n`);
  const remarks = (board.remarks ?? []).map((r): PageFinding => ({ ...r, expected: false, cites: citesOf(r.message), consequences: [] }));
  if (remarks.length > 0) out.push(`<ul class="rb-findings rb-remarks">\n${remarks.map(findingHtml).join("")}</ul>\n`);
  out.push(
    `<div class="rb-controls" hidden>` +
      `<button type="button" class="rb-prev" aria-controls="${id}-steps">Previous</button>` +
      `<input type="range" class="rb-slider" min="0" max="${last}" step="1" value="0" aria-label="Step of ${escapeHtml(scenario.title)}" aria-controls="${id}-steps">` +
      `<button type="button" class="rb-next" aria-controls="${id}-steps">Next</button>` +
      `<output class="rb-label" aria-live="polite">${escapeHtml(panels[0].label)}</output>` +
      `</div>\n`,
  );
  out.push(`<div class="rb-steps" id="${id}-steps">\n`);
  panels.forEach((p, i) => out.push(panelHtml(p, i)));
  out.push("</div>\n</section>\n");
  return out.join("");
}

function panelHtml(p: Panel, i: number): string {
  const out: string[] = [];
  out.push(`<article class="rb-step" data-index="${i}" data-label="${escapeHtml(p.label)}">\n`);
  out.push(`<h3 class="rb-step-label">${escapeHtml(p.label)}</h3>\n`);
  out.push(`<div class="rb-figure">${p.svg.trimEnd()}</div>\n`);
  if (p.note !== undefined) out.push(`<p class="rb-note">${escapeHtml(p.note)}</p>\n`);
  out.push(`<p class="rb-verdict rb-verdict-${p.verdict}">${escapeHtml(VERDICT_TEXT[p.verdict])}</p>\n`);
  if (p.findings.length > 0) out.push(`<ul class="rb-findings">\n${p.findings.map(findingHtml).join("")}</ul>\n`);
  out.push("</article>\n");
  return out.join("");
}

function findingHtml(f: PageFinding): string {
  const tag = f.expected ? "expected" : f.severity;
  const cites = f.cites.map((c) => ` <cite>${escapeHtml(c)}</cite>`).join("");
  const nested = f.consequences.length === 0 ? "" : `<ul class="rb-consequences">${f.consequences.map(findingHtml).join("")}</ul>`;
  return (
    `<li class="rb-finding rb-${tag}">` +
    `<span class="rb-tag">${tag}</span> <code>${escapeHtml(f.code)}</code> ` +
    `<span class="rb-message">${escapeHtml(f.message)}</span>${cites}${nested}</li>\n`
  );
}

/** A problem as listed: `expected: ` taken off the message of an expected one (the tag says it). */
function pageFinding(p: Problem, step: Step | undefined, illegalBlock: boolean): PageFinding {
  const codes = step?.illegal?.codes;
  const listed = codes !== undefined && (codes === "all" || codes.includes(p.code));
  const marked = p.severity === "info" && p.message.startsWith("expected: ") && (listed || illegalBlock);
  const expected = marked || (illegalBlock && p.severity !== "info");
  const message = marked ? p.message.slice("expected: ".length) : p.message;
  const consequences = p.related.flatMap((r) => {
    if (!r.folded) return [];
    const f = r.folded;
    const folded: Problem = { code: f.code, severity: f.severity, message: f.message, span: r.span, related: [], step: f.step };
    return [pageFinding(folded, step, illegalBlock)];
  });
  return { code: p.code, severity: p.severity, expected, message, cites: citesOf(message), consequences };
}

/** The rules a message cites, as `cite` writes them: "(11e 12.03)", "(10e Pile In)", "(11e 12.02, 03.01)". */
function citesOf(message: string): string[] {
  const out: string[] = [];
  for (const m of message.matchAll(/\((\d{1,2}e(?:\+[A-Za-z0-9-]+)? [^()]{1,80})\)/g)) if (!out.includes(m[1])) out.push(m[1]);
  return out;
}

/**
 * The step's verdict: an error not expected makes it illegal, a warning borderline; a step whose
 * only errors and warnings are those its `illegal:` names is illegal as expected. `expect.*`
 * findings (an `illegal:` the step does not meet) are listed but do not make the rules' verdict.
 */
function verdictOf(findings: readonly PageFinding[]): PageVerdict {
  const judged = findings.filter((f) => !f.code.startsWith("expect."));
  if (judged.some((f) => !f.expected && f.severity === "error")) return "illegal";
  if (judged.some((f) => !f.expected && f.severity === "warning")) return "borderline";
  if (judged.some((f) => f.expected)) return "expected";
  return "legal";
}

/** What a step acts on, for its label: the unit's name, the removed models, or the phase entered. */
function subjectOf(step: Step, units: ReadonlyMap<string, string>): string {
  switch (step.kind) {
    case "remove":
      return step.models.map((m) => m.id).join(", ");
    case "phase":
      return step.phase.value;
    default:
      return units.get(step.unit.id) ?? step.unit.id;
  }
}

// ---------------------------------------------------------------------------------------------
// The page's own style and script

/** A colour from the theme, checked before it goes into CSS (themes are constants, but cheaply so). */
function colour(c: string): string {
  return /^#[0-9a-fA-F]{3,8}$/.test(c) ? c : "currentColor";
}

/** The stylesheet, from the theme's colours and font. */
function pageStyle(theme: Theme): string {
  const font = /^[\w\s,"'-]+$/.test(theme.font) ? theme.font : "sans-serif";
  return [
    "[hidden]{display:none!important}",
    `body{margin:0;background:${colour(theme.background)};color:${colour(theme.text)};font-family:${font};line-height:1.45}`,
    "main{max-width:72rem;margin:0 auto;padding:1rem 1.25rem 3rem}",
    "h1{font-size:1.6rem;margin:.5rem 0 1rem}",
    "h2{font-size:1.25rem;margin:0 0 .5rem}",
    "h3{font-size:1rem;margin:.5rem 0}",
    `.rb-board{margin:0 0 2.5rem;padding-top:1rem;border-top:1px solid ${colour(theme.labelBorder)}}`,
    `.rb-caption,.rb-description{color:${colour(theme.mutedText)};margin:.25rem 0 .75rem}`,
    ".rb-controls{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem .75rem;margin:.5rem 0 1rem}",
    ".rb-slider{flex:1 1 16rem;min-width:10rem}",
    `.rb-controls button{font:inherit;padding:.3rem .9rem;border-radius:.3rem;border:1px solid ${colour(theme.labelBorder)};background:${colour(theme.labelBackground)};color:${colour(theme.text)};cursor:pointer}`,
    ".rb-controls button[aria-disabled=true]{opacity:.45;cursor:default}",
    `.rb-controls :focus-visible{outline:2px solid ${colour(theme.info)};outline-offset:2px}`,
    ".rb-label{flex:1 0 100%;font-weight:600}",
    ".rb-live .rb-step-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}",
    ".rb-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}",
    ".rb-figure svg{display:block;max-width:100%;height:auto}",
    ".rb-note{font-style:italic;margin:.75rem 0}",
    ".rb-verdict{font-weight:600;margin:.5rem 0}",
    `.rb-verdict-legal{color:${colour(theme.regionLegalEdge)}}`,
    `.rb-verdict-borderline{color:${colour(theme.warning)}}`,
    `.rb-verdict-illegal{color:${colour(theme.error)}}`,
    `.rb-verdict-expected{color:${colour(theme.info)}}`,
    ".rb-findings,.rb-consequences{margin:.25rem 0 .5rem;padding-left:1.25rem}",
    ".rb-finding{margin:.2rem 0}",
    ".rb-tag{display:inline-block;min-width:4.5rem;font-size:.8rem;font-weight:700;text-transform:uppercase}",
    `.rb-error>.rb-tag{color:${colour(theme.error)}}`,
    `.rb-warning>.rb-tag{color:${colour(theme.warning)}}`,
    `.rb-info>.rb-tag,.rb-expected>.rb-tag{color:${colour(theme.info)}}`,
    "cite{font-style:normal;white-space:nowrap}",
    "cite::before{content:'\\2014  '}",
    `.rb-notice{padding:.5rem .75rem;border-left:4px solid ${colour(theme.error)}}`,
  ].join("\n");
}

/**
 * The page's one script: for each board, the slider and the buttons show one step panel and hide
 * the others (`hidden`), and the label follows. It reads nothing but the page's own attributes and
 * writes only `hidden`, `value`, `aria-*` and the label's text.
 */
const PAGE_SCRIPT = `
"use strict";
for (const board of document.querySelectorAll(".rb-board")) {
  const panels = board.querySelectorAll(".rb-step");
  const controls = board.querySelector(".rb-controls");
  const slider = board.querySelector(".rb-slider");
  const prev = board.querySelector(".rb-prev");
  const next = board.querySelector(".rb-next");
  const label = board.querySelector(".rb-label");
  if (!controls || !slider || !prev || !next || !label || panels.length === 0) continue;
  const show = (wanted) => {
    const i = Math.max(0, Math.min(panels.length - 1, Number.isFinite(wanted) ? wanted : 0));
    panels.forEach((panel, k) => { panel.hidden = k !== i; });
    const text = panels[i].getAttribute("data-label") || "";
    slider.value = String(i);
    slider.setAttribute("aria-valuetext", text);
    label.textContent = text;
    prev.setAttribute("aria-disabled", String(i === 0));
    next.setAttribute("aria-disabled", String(i === panels.length - 1));
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  prev.addEventListener("click", () => show(Number(slider.value) - 1));
  next.addEventListener("click", () => show(Number(slider.value) + 1));
  controls.hidden = false;
  board.classList.add("rb-live");
  show(0);
}
`;

// ---------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4), for the policy's hashes: of the UTF-8 bytes, as base64

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The UTF-8 bytes of a string (a lone surrogate as U+FFFD, as TextEncoder does). */
function utf8(s: string): Uint8Array {
  const out: number[] = [];
  for (const ch of s) {
    let c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** SHA-256 of a string's UTF-8 bytes. */
export function sha256(s: string): Uint8Array {
  const data = utf8(s);
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(off + t * 4);
    for (let t = 16; t < 64; t++) {
      const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
      const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
      w[t] = (w[t - 16] + s0 + w[t - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let t = 0; t < 64; t++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => outView.setUint32(i * 4, v));
  return out;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** SHA-256 of a string's UTF-8 bytes, in base64 (as a CSP hash source writes it). */
export function sha256Base64(s: string): string {
  const bytes = sha256(s);
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < bytes.length ? B64[(n >> 6) & 63] : "=") + (i + 2 < bytes.length ? B64[n & 63] : "=");
  }
  return out;
}
