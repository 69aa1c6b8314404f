/**
 * Boards in VS Code's built-in Markdown preview: a markdown-it plugin that draws each
 * ```ruleboard (or ```scenario) fenced block as the board after its last step. VS Code calls
 * `extendMarkdownIt` on the object the extension's `activate` returns (package.json contributes
 * `markdown.markdownItPlugins`). Pure: no vscode, no DOM; markdown-it is typed minimally here so the
 * extension does not depend on it.
 */
import { analyze, boardFrame, type Problem } from "../shared/index";
import { parseInfoString, type InfoString } from "../shared/markdown/index";
import { renderBoard, type ThemeName } from "../shared/render/index";

/** The part of a markdown-it token that a fence rule reads. */
export interface FenceToken {
  /** The text after the opening fence, as written (markdown-it does not trim it). */
  readonly info: string;
  /** The block's content, indentation already removed. */
  readonly content: string;
  /** 0-based [first, last + 1] source lines of the block (the fence line first), when known. */
  readonly map?: readonly [number, number] | null;
}

/** markdown-it's render rule signature: `(tokens, idx, options, env, self) => html`. */
export type FenceRule = (tokens: FenceToken[], idx: number, options: unknown, env: unknown, self: unknown) => string;

/** The part of a markdown-it instance this plugin touches: the renderer's `fence` rule. */
export interface MarkdownItLike {
  readonly renderer: { rules: { fence?: FenceRule } };
}

/** Options of the plugin. */
export interface BoardFenceOptions {
  /** The board's colours (default `light`; the wrapper's `data-ruleboard-theme` names it for the preview CSS). */
  readonly theme?: ThemeName;
}

/** How many problems the error box lists before "and N more". */
const LISTED = 8;

/**
 * Replaces markdown-it's `fence` rule: scenario blocks become boards, every other block goes to
 * the rule that was there before. Returns `md` (markdown-it's plugin convention, and what VS Code
 * expects back from `extendMarkdownIt`).
 */
export function extendMarkdownIt<T extends MarkdownItLike>(md: T, options: BoardFenceOptions = {}): T {
  const fallback = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, mdOptions, env, self) => {
    const token = tokens[idx];
    const info = parseInfoString(token.info ?? "");
    if (!info.isScenario) {
      return fallback ? fallback(tokens, idx, mdOptions, env, self) : `<pre><code>${escapeHtml(token.content)}</code></pre>\n`;
    }
    return renderScenarioFence(token.content, info, token.map?.[0], options.theme ?? "light");
  };
  return md;
}

/**
 * The HTML for one scenario block: the board (after its last step) in a wrapper that carries the
 * preview's scroll-sync attributes, or, when the block cannot be read or drawn, an error box
 * listing the problems at their Markdown lines above the escaped source.
 * `fenceLine` is the 0-based Markdown line of the opening fence (markdown-it's `token.map[0]`).
 */
export function renderScenarioFence(content: string, info: InfoString, fenceLine: number | undefined, theme: ThemeName = "light"): string {
  const line = fenceLine === undefined ? "" : ` data-line="${fenceLine}"`;
  const illegal = info.illegal ? ` data-ruleboard-illegal="true"` : "";
  const analysis = analyze(content);
  const scenario = analysis.scenario;
  if (!scenario) return errorBox(content, analysis.problems, analysis.lines.lineCol.bind(analysis.lines), fenceLine, line);
  let svg: string;
  try {
    const steps = scenario.steps;
    const frame = boardFrame(scenario, analysis.problems, steps.length === 0 ? undefined : steps[steps.length - 1].index);
    svg = renderBoard(scenario, frame, { theme });
  } catch (err) {
    // A failing plugin would blank the whole preview: show the failure in place instead.
    return errorBox(
      content,
      [],
      () => ({ line: 1, column: 1 }),
      fenceLine,
      line,
      `the board could not be drawn: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  // Scaled down to the preview's width, never up; the board keeps its aspect ratio (it has a viewBox).
  const fitted = svg.trimEnd().replace(/^<svg /, `<svg style="max-width:100%;height:auto" `);
  return `<div class="ruleboard-markdown-board code-line"${line} data-ruleboard-theme="${theme}"${illegal}>${fitted}</div>\n`;
}

/** A readable box instead of the board: what is wrong (at Markdown lines), then the source, all escaped. */
function errorBox(
  content: string,
  problems: readonly Problem[],
  lineCol: (offset: number) => { line: number; column: number },
  fenceLine: number | undefined,
  lineAttr: string,
  reason = "this scenario cannot be read",
): string {
  const errors = problems.filter((p) => p.severity === "error");
  const items = errors.slice(0, LISTED).map((p) => {
    const at = lineCol(p.span.start).line;
    // Content line 1 is the line after the fence.
    const where = fenceLine === undefined ? `block line ${at}` : `line ${fenceLine + 1 + at}`;
    return `<li>${where}: ${escapeHtml(p.message)} <code>${escapeHtml(p.code)}</code></li>`;
  });
  if (errors.length > LISTED) items.push(`<li>and ${errors.length - LISTED} more</li>`);
  const list = items.length > 0 ? `<ul>${items.join("")}</ul>` : "";
  return (
    `<div class="ruleboard-markdown-error code-line"${lineAttr} role="note">` +
    `<p><strong>Ruleboard:</strong> ${escapeHtml(reason)}.</p>${list}` +
    `<pre><code>${escapeHtml(content)}</code></pre></div>\n`
  );
}

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
