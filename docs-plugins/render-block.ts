/**
 * The core of the docs-site plugins (`ruleboard/markdown-it`, `ruleboard/remark`): one fenced
 * ```ruleboard block → one HTML string. The board is the SVG `ruleboard render --markdown` writes
 * for the block (the board after its last step, from renderBoard), byte for byte, except that the
 * scenario's source is not embedded: inside a page, that `<metadata>` CDATA would be raw scenario
 * text, and browsers' preload scanners fetch the `<img src>` they see in it (the Markdown source
 * is at hand anyway). Around it a `<figure class="ruleboard">` with a caption: the scenario's
 * title, the verdict and the findings at their Markdown lines, as `ruleboard check` reports them.
 * A block that cannot be read or drawn becomes a visible error box with the problems and the
 * escaped source; this never throws.
 *
 * Pure (imports shared/ only: no Node built-ins, no DOM), so a site's bundler can take it as is.
 * Every scenario string is escaped: inside the SVG by the renderer, around it here. Nothing here
 * writes a script, an event handler, a style sheet or a URL. The figure and the error box carry
 * `v-pre`, so a Vue site (VitePress) leaves a `{{ … }}` in a scenario's text as text.
 */
import { analyze, boardFrame, type AnalyzeOptions, type Problem, type Scenario } from "../shared/index";
import { checkSystem } from "../shared/engine/compare";
import { analyzeMarkdown, parseInfoString, type BlockAnalysis } from "../shared/markdown/index";
import { renderBoard, isThemeName, THEME_NAMES, type ThemeName } from "../shared/render/index";
import { escapeHtml } from "../shared/render/html-page";
import { parseSystemSpec } from "../shared/systems/rulings";

/** The options of both plugins. */
export interface RuleboardDocsOptions {
  /**
   * The rules system every block is judged and drawn under, over each scenario's own `rules:` and
   * `rulings:`, written as on the command line: `11e`, `10e`, `10e+club` (default: each scenario's).
   */
  readonly rules?: string;
  /**
   * The step whose board is drawn: 1 for the first, 0 for the set-up, `"last"` (the default) for
   * the last step that can be read. A block's info string may say its own: ```` ```ruleboard step=2 ````.
   */
  readonly step?: number | "last";
  /** The board's colours: `light` (default), `dark`, `high-contrast` or `print`. */
  readonly theme?: ThemeName;
  /** List the findings under each board (default true); the verdict line is always shown. */
  readonly findings?: boolean;
}

/** Where a block stands in its Markdown document and what its fence says. */
export interface BlockPlace {
  /** The info string after the opening fence (`ruleboard illegal`), or the language and the rest. */
  readonly info: string;
  /** 0-based Markdown line of the opening fence, when the Markdown parser knows it. */
  readonly fenceLine?: number;
}

/** Options checked once, when a plugin is set up. */
export interface ResolvedOptions {
  readonly system: AnalyzeOptions;
  readonly step: number | "last";
  readonly theme: ThemeName;
  readonly findings: boolean;
}

/**
 * Checks the options: a site's configuration mistake (an unknown rules system, a theme, a step
 * that is not a whole number) throws a TypeError when the plugin is set up, so the build fails
 * with the reason instead of every board being wrong.
 */
export function resolveOptions(options: RuleboardDocsOptions = {}): ResolvedOptions {
  let system: AnalyzeOptions = {};
  if (options.rules !== undefined) {
    const spec = parseSystemSpec(String(options.rules));
    const error = checkSystem(spec.rules, spec.rulings);
    if (error !== undefined) throw new TypeError(`ruleboard: the rules option: ${error}`);
    system = { rules: spec.rules, rulings: spec.rulings };
  }
  const step = options.step ?? "last";
  if (step !== "last" && !(Number.isInteger(step) && step >= 0)) {
    throw new TypeError(`ruleboard: the step option must be "last" or a whole number (0 is the set-up), not ${JSON.stringify(step)}`);
  }
  const theme = options.theme ?? "light";
  if (!isThemeName(theme)) throw new TypeError(`ruleboard: unknown theme ${JSON.stringify(theme)} (known: ${THEME_NAMES.join(", ")})`);
  return { system, step, theme, findings: options.findings ?? true };
}

/** True when a fence's info string makes it a scenario block (```` ```ruleboard ```` or ```` ```scenario ````). */
export function isScenarioInfo(info: string): boolean {
  return parseInfoString(info).isScenario;
}

/** How many findings (or problems, in an error box) are listed before "and N more". */
const LISTED = 12;

/**
 * The HTML for one block: `<figure class="ruleboard">` with the board, or an error box. `content`
 * is the block's content as the Markdown parser gives it (indentation removed); a missing final
 * line end is added, so every parser gives the same text as `ruleboard render --markdown` reads.
 */
export function renderRuleboardBlock(content: string, place: BlockPlace, options: ResolvedOptions): string {
  const text = content === "" || content.endsWith("\n") ? content : `${content}\n`;
  try {
    return renderOrExplain(text, place, options);
  } catch (err) {
    // A failing plugin would fail the site's whole build: show the failure in place instead.
    return errorBox(text, [], `the board could not be drawn: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function renderOrExplain(text: string, place: BlockPlace, options: ResolvedOptions): string {
  const info = parseInfoString(place.info);
  const { analysis, problems } = analyzeBlock(text, info.illegal, options.system);
  const at = lineOf(problems, place.fenceLine);
  const scenario = analysis.scenario;
  if (!scenario) return errorBox(text, problems.list.filter((p) => p.severity === "error").map(at), "this scenario cannot be read");

  const chosen = chosenStep(scenario, stepWord(place.info) ?? options.step);
  if (typeof chosen === "string") return errorBox(text, [], chosen);
  const frame = boardFrame(scenario, analysis.problems, chosen, options.system);
  const svg = renderBoard(scenario, frame, { theme: options.theme, ...options.system }).trimEnd();

  const findings = problems.list.filter((p) => p.severity !== "info" || isExpected(p));
  const verdict = verdictOf(findings);
  const illegal = info.illegal || scenario.steps.some((s) => s.illegal !== undefined);
  const list = options.findings && findings.length > 0 ? findingsList(findings.map(at)) : "";
  return (
    `<figure class="ruleboard${illegal ? " ruleboard-illegal" : ""}" data-ruleboard-theme="${options.theme}"` +
    `${illegal ? ' data-ruleboard-illegal="true"' : ""} v-pre>` +
    `<div class="ruleboard-board" style="max-width:100%;overflow-x:auto">${svg}</div>` +
    `<figcaption class="ruleboard-caption"><span class="ruleboard-title">${escapeHtml(scenario.title)}</span> ` +
    `<span class="ruleboard-verdict ruleboard-verdict-${verdict}">${VERDICT_TEXT[verdict]}</span>${list}</figcaption>` +
    `</figure>`
  );
}

/** The block's analysis, and its problems as `ruleboard check` gives them (an `illegal` block's expected). */
interface BlockProblems {
  readonly analysis: BlockAnalysis["analysis"];
  readonly problems: { readonly list: readonly Problem[]; readonly lines: { lineCol(offset: number): { line: number } }; readonly offset: number };
}

/**
 * Reads the block as `ruleboard check` reads it in a document: the block alone, in a document of
 * its own (a fence longer than any run of backticks in it), so an `illegal` block's findings are
 * expected and one that breaks nothing is an `expect.unmet` error on its fence, exactly as checked.
 * Problems come back in that document's offsets: its line 1 is the fence, line 2 the block's first.
 */
function analyzeBlock(text: string, illegal: boolean, system: AnalyzeOptions): BlockProblems {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  const doc = analyzeMarkdown(`${fence}ruleboard${illegal ? " illegal" : ""}\n${text}${fence}\n`, system);
  const block = doc.blocks.length === 1 && doc.blocks[0].block.text === text ? doc.blocks[0] : undefined;
  if (block) return { analysis: block.analysis, problems: { list: block.problems, lines: doc.lines, offset: 0 } };
  // Not reached for any text a Markdown parser gives; the block's own analysis, its line 1 the content's first.
  const analysis = analyze(text, system);
  return { analysis, problems: { list: analysis.problems, lines: analysis.lines, offset: 1 } };
}

/** A problem and where it is, for a list: "line 14" in the Markdown document, or "block line 3". */
interface Placed {
  readonly where: string;
  readonly problem: Problem;
}

function lineOf(lines: BlockProblems["problems"], fenceLine: number | undefined): (p: Problem) => Placed {
  return (p) => {
    // The 1-based line of the block's own document: 1 is the fence, 2 the block's first line.
    const line = lines.lines.lineCol(p.span.start).line + lines.offset;
    if (fenceLine !== undefined) return { where: `line ${fenceLine + line}`, problem: p };
    return { where: line <= 1 ? "fence" : `block line ${line - 1}`, problem: p };
  };
}

/** `step=N` in the info string: the step this block draws, over the option. */
function stepWord(info: string): number | undefined {
  const m = /(?:^|[ \t])step=(\d{1,4})(?=[ \t]|$)/.exec(info.trim());
  return m ? Number(m[1]) : undefined;
}

/** The 0-based index of the step to draw (undefined: the set-up), or why it cannot be drawn. */
function chosenStep(scenario: Scenario, step: number | "last"): number | undefined | string {
  const steps = scenario.steps;
  if (step === "last") return steps.length === 0 ? undefined : steps[steps.length - 1].index;
  if (step === 0) return undefined;
  const count = scenario.stepsWritten;
  if (step > count) return `step ${step} is not one of its ${count} step${count === 1 ? "" : "s"} (0 is the set-up)`;
  if (!steps.some((s) => s.index === step - 1)) return `step ${step} cannot be read (ruleboard check says why)`;
  return step - 1;
}

type Verdict = "checks" | "borderline" | "illegal" | "expected";

const VERDICT_TEXT: Readonly<Record<Verdict, string>> = {
  checks: "\u2713 checks: no rule is broken",
  borderline: "borderline: within the measuring tolerance",
  illegal: "\u2717 illegal: a rule is broken",
  expected: "illegal, as the block says",
};

/** A finding an `illegal:` step or block expects: information, "expected: …". */
function isExpected(p: Problem): boolean {
  return p.severity === "info" && p.message.startsWith("expected: ");
}

/** An error makes the block illegal, a warning borderline; only expected findings: illegal as it says. */
function verdictOf(findings: readonly Problem[]): Verdict {
  if (findings.some((p) => p.severity === "error")) return "illegal";
  if (findings.some((p) => p.severity === "warning")) return "borderline";
  return findings.length > 0 ? "expected" : "checks";
}

function findingsList(placed: readonly Placed[]): string {
  const items = placed.slice(0, LISTED).map(({ where, problem: p }) => {
    const tag = isExpected(p) ? "expected" : p.severity;
    const message = isExpected(p) ? p.message.slice("expected: ".length) : p.message;
    return `<li class="ruleboard-finding ruleboard-finding-${tag}">${where}: ${tag}: ${escapeHtml(message)} <code>${escapeHtml(p.code)}</code></li>`;
  });
  if (placed.length > LISTED) items.push(`<li>and ${placed.length - LISTED} more</li>`);
  return `<ul class="ruleboard-findings">${items.join("")}</ul>`;
}

/** The box in the place of a board: what is wrong, at Markdown lines, then the source, all escaped. */
function errorBox(text: string, problems: readonly Placed[], reason: string): string {
  const items = problems.slice(0, LISTED).map(({ where, problem: p }) => `<li>${where}: ${escapeHtml(p.message)} <code>${escapeHtml(p.code)}</code></li>`);
  if (problems.length > LISTED) items.push(`<li>and ${problems.length - LISTED} more</li>`);
  return (
    `<div class="ruleboard-error" role="note" v-pre style="border:2px solid #c62828;border-radius:4px;padding:0 1em;margin:1em 0">` +
    `<p><strong>Ruleboard:</strong> ${escapeHtml(reason)}.</p>${items.length > 0 ? `<ul>${items.join("")}</ul>` : ""}` +
    `<pre><code>${escapeHtml(text)}</code></pre></div>`
  );
}
