/// <reference lib="dom" />
/**
 * Puts the renderer's SVG into the page as data: parsed as XML (never `innerHTML`, so the HTML
 * parser never sees it), then cut down to the elements and attributes a board uses. The renderer
 * already escapes every scenario string; this is the second wall, so that even a renderer bug
 * could not make the preview run script or fetch anything.
 */

/** Every element the renderer writes. Anything else (script, foreignObject, image, use, a, animate…) is dropped. */
const ALLOWED = new Set(["svg", "g", "title", "desc", "rect", "circle", "ellipse", "line", "path", "polyline", "polygon", "text", "tspan"]);

/** Attributes that could run script, load a resource or restyle the page. */
function isDangerous(name: string): boolean {
  const n = name.toLowerCase();
  return n.startsWith("on") || n === "href" || n.endsWith(":href") || n === "style" || n === "src";
}

/**
 * Parses `svg` and returns the cleaned root, adopted into `doc`; `undefined` when the text is not
 * one well-formed `<svg>` document.
 */
export function parseBoardSvg(doc: Document, svg: string): SVGSVGElement | undefined {
  const parsed = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.localName !== "svg" || parsed.getElementsByTagName("parsererror").length > 0) return undefined;
  clean(root);
  // Moved into the page, not copied: a board of 2,000 models has thousands of elements.
  return doc.adoptNode(root) as unknown as SVGSVGElement;
}

/**
 * Removes what a board never holds, depth first. By attribute names and sibling links, not by the
 * `attributes` and `children` collections: those make an object of each attribute and a copy of
 * each child list, which took several times as long on a large board (at 2,000 models, 15 to 30 ms
 * against 3 to 4). In an XML document names are matched as written, so `ONLOAD` is removed by
 * `removeAttribute("ONLOAD")`; the parser never gives one element two attributes of one name.
 */
function clean(element: Element): void {
  for (const name of element.getAttributeNames()) {
    if (isDangerous(name)) element.removeAttribute(name);
  }
  let child = element.firstElementChild;
  while (child !== null) {
    const next = child.nextElementSibling;
    if (ALLOWED.has(child.localName)) clean(child);
    else child.remove();
    child = next;
  }
}

/** The source offset an element of the board stands for: its own `data-offset` or its nearest ancestor's. */
export function offsetOf(target: EventTarget | null, board: Element): number | undefined {
  if (!(target instanceof Element)) return undefined;
  const marked = target.closest("[data-offset]");
  if (marked === null || !board.contains(marked)) return undefined;
  const offset = Number(marked.getAttribute("data-offset"));
  return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
}
