/**
 * `ruleboard/remark`: a remark plugin (Docusaurus, and any other unified site) that draws each
 * ```ruleboard (or ```scenario) fenced block as its board, in a `<figure class="ruleboard">` with
 * the verdict and the findings under it (docs-plugins/render-block.ts).
 *
 *     import ruleboard from "ruleboard/remark";
 *     unified().use(remarkParse).use(ruleboard).use(remarkRehype, { allowDangerousHtml: true }) …
 *     // Docusaurus: remarkPlugins: [ruleboard] (or [[ruleboard, { theme: "dark" }]])
 *
 * It replaces each such mdast `code` node by the block's HTML and leaves every other node as it
 * is. The HTML goes in an `html` node for a plain remark → rehype pipeline (which then needs
 * `allowDangerousHtml`, or rehype-raw), and, where the processor reads MDX (Docusaurus, whose
 * MDX has no raw HTML), in a `<div dangerouslySetInnerHTML>` JSX element holding the same string.
 * unified and mdast are typed structurally here, so the plugin depends on no package but the renderer.
 */
import { isScenarioInfo, renderRuleboardBlock, resolveOptions, type ResolvedOptions, type RuleboardDocsOptions } from "./render-block";

export type { RuleboardDocsOptions } from "./render-block";

/** The plugin's options: the renderer's, and how the HTML is put in the tree. */
export interface RuleboardRemarkOptions extends RuleboardDocsOptions {
  /**
   * `true`: a JSX element (MDX); `false`: an `html` node; default: JSX when the processor reads MDX
   * (remark-mdx is in it, as in Docusaurus), else an `html` node.
   */
  readonly mdx?: boolean;
}

/** An mdast node, as far as the plugin reads and writes it. */
export interface MdastNodeLike {
  type: string;
  children?: MdastNodeLike[];
  lang?: string | null;
  meta?: string | null;
  value?: string;
  position?: { readonly start: { readonly line: number } };
  /** What the plugin writes for MDX: the JSX element's name and attributes. */
  name?: string;
  attributes?: unknown[];
}

/** The unified processor the plugin is attached to (`this` of an attacher), as far as it is read. */
export interface ProcessorLike {
  data(): unknown;
}

/**
 * The attacher: unified calls it with the processor as `this` and the options; it returns the
 * transformer. The options are checked here: an unknown rules system, theme or step throws a TypeError.
 */
export default function ruleboardRemark(this: ProcessorLike | void, options?: RuleboardRemarkOptions): (tree: MdastNodeLike) => void {
  const resolved = resolveOptions(options);
  return (tree) => {
    // Read when the tree is transformed: by then every plugin (remark-mdx too) has been attached.
    const mdx = options?.mdx ?? readsMdx(this);
    transform(tree, resolved, mdx);
  };
}

/** Replaces the scenario `code` nodes under `parent`, depth first, in place (no recursion into what it writes). */
function transform(root: MdastNodeLike, options: ResolvedOptions, mdx: boolean): void {
  const stack: MdastNodeLike[] = [root];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const children = parent.children;
    if (!Array.isArray(children)) continue;
    for (let i = 0; i < children.length; i++) {
      const node = children[i];
      if (node.type === "code" && typeof node.lang === "string") {
        const info = node.meta ? `${node.lang} ${node.meta}` : node.lang;
        if (!isScenarioInfo(info)) continue;
        const line = node.position?.start.line;
        const html = renderRuleboardBlock(node.value ?? "", { info, fenceLine: line === undefined ? undefined : line - 1 }, options);
        children[i] = mdx ? jsxNode(html, node) : { type: "html", value: html, ...(node.position ? { position: node.position } : {}) };
      } else if (Array.isArray(node.children)) stack.push(node);
    }
  }
}

/** True when the processor parses MDX: one of its mdast extensions reads JSX (remark-mdx's). */
function readsMdx(processor: ProcessorLike | void): boolean {
  if (!processor || typeof processor.data !== "function") return false;
  const data = processor.data() as { fromMarkdownExtensions?: unknown } | undefined;
  const readsJsx = (ext: unknown, depth: number): boolean => {
    if (depth > 4 || typeof ext !== "object" || ext === null) return false;
    if (Array.isArray(ext)) return ext.some((e) => readsJsx(e, depth + 1));
    const enter = (ext as { enter?: unknown }).enter;
    return typeof enter === "object" && enter !== null && Object.keys(enter).some((k) => k.startsWith("mdxJsx"));
  };
  return readsJsx(data?.fromMarkdownExtensions, 0);
}

/**
 * `<div className="ruleboard-mdx" dangerouslySetInnerHTML={{__html: "…"}} />` as an MDX JSX node,
 * with the expression's ESTree (MDX compiles that, not the text): the HTML stays one string, never JSX.
 */
function jsxNode(html: string, node: MdastNodeLike): MdastNodeLike {
  const literal = JSON.stringify(html);
  const expression = {
    type: "ObjectExpression",
    properties: [
      {
        type: "Property",
        method: false,
        shorthand: false,
        computed: false,
        kind: "init",
        key: { type: "Identifier", name: "__html" },
        value: { type: "Literal", value: html, raw: literal },
      },
    ],
  };
  return {
    type: "mdxJsxFlowElement",
    name: "div",
    attributes: [
      { type: "mdxJsxAttribute", name: "className", value: "ruleboard-mdx" },
      {
        type: "mdxJsxAttribute",
        name: "dangerouslySetInnerHTML",
        value: {
          type: "mdxJsxAttributeValueExpression",
          value: `{__html: ${literal}}`,
          data: { estree: { type: "Program", sourceType: "module", comments: [], body: [{ type: "ExpressionStatement", expression }] } },
        },
      },
    ],
    children: [],
    ...(node.position ? { position: node.position } : {}),
  };
}
