/**
 * `ruleboard/markdown-it`: a markdown-it plugin (VitePress, and any other markdown-it site) that
 * draws each ```ruleboard (or ```scenario) fenced block as its board, in a
 * `<figure class="ruleboard">` with the verdict and the findings under it (docs-plugins/render-block.ts).
 *
 *     import ruleboard from "ruleboard/markdown-it";
 *     md.use(ruleboard, { theme: "dark" });
 *
 * It wraps the `fence` render rule: every other fenced block goes to the rule that was there
 * before (a highlighter's, VitePress's), untouched. markdown-it is typed structurally here, so the
 * plugin depends on no package but the renderer.
 */
import { isScenarioInfo, renderRuleboardBlock, resolveOptions, type RuleboardDocsOptions } from "./render-block";

export type { RuleboardDocsOptions } from "./render-block";

/** The part of a markdown-it token a fence rule reads. */
export interface FenceTokenLike {
  /** The text after the opening fence, as written. */
  readonly info: string;
  /** The block's content, indentation removed. */
  readonly content: string;
  /** 0-based [first, last + 1] source lines of the block, the fence line first. */
  readonly map?: readonly [number, number] | null;
}

/**
 * markdown-it's render rules, of which the plugin reads and replaces `fence`:
 * `(tokens, idx, options, env, self) => html` (a method here, so markdown-it's own types fit).
 */
export interface RenderRulesLike {
  fence?(tokens: FenceTokenLike[], idx: number, options: unknown, env: unknown, self: unknown): string;
}

/** The part of a markdown-it instance the plugin touches. */
export interface MarkdownItLike {
  readonly renderer: { rules: RenderRulesLike };
  readonly utils?: { escapeHtml?(text: string): string };
}

/**
 * Installs the plugin on `md` (markdown-it's `md.use(plugin, options)` calls it so). The options
 * are checked here: an unknown rules system, theme or step throws a TypeError at set-up.
 */
export default function ruleboardMarkdownIt(md: MarkdownItLike, options?: RuleboardDocsOptions): void {
  const resolved = resolveOptions(options);
  const fallback = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, mdOptions, env, self) => {
    const token = tokens[idx];
    const info = token.info ?? "";
    if (!isScenarioInfo(info)) {
      if (fallback) return fallback(tokens, idx, mdOptions, env, self);
      const escape = md.utils?.escapeHtml ?? ((t: string) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`));
      return `<pre><code>${escape(token.content)}</code></pre>\n`;
    }
    return `${renderRuleboardBlock(token.content, { info, fenceLine: token.map?.[0] }, resolved)}\n`;
  };
}
