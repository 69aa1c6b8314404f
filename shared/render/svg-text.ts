/**
 * Small, pure helpers for writing SVG as text: escaping, number formatting, elements, and
 * text-width estimates. Everything the renderer writes goes through `el`/`text`, so every string
 * from a scenario is escaped in exactly one place.
 */

/**
 * Characters XML 1.0 cannot carry at all (C0 controls other than tab/LF/CR, lone surrogates,
 * U+FFFE/U+FFFF). Escaping cannot save them: they are replaced by U+FFFD so the SVG stays well-formed.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: `&`, `<`, `>` escaped (`>` too, so `]]>` can never appear), bad characters replaced. */
export function escapeText(s: string): string {
  return s.replace(NOT_XML, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value (always written in double quotes): also quotes, and whitespace that parsers would normalise. */
export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

/** True when `s` holds only characters XML 1.0 allows (used to pick the source encoding). */
export function isXmlSafe(s: string): boolean {
  NOT_XML.lastIndex = 0;
  return !NOT_XML.test(s);
}

/**
 * A number for the SVG: at most two decimals, no trailing zeros, never "-0". Fixed rounding
 * keeps the output byte-identical across runs and platforms.
 */
export function num(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const s = n.toFixed(2).replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
}

/** Attribute values: numbers are formatted with `num`, strings escaped; undefined/false attributes are left out. */
export type Attrs = Readonly<Record<string, string | number | undefined | false>>;

/** One element; `children` is already-built SVG text (use `text()` for strings). Attributes keep their order. */
export function el(name: string, attrs: Attrs, children?: string): string {
  let out = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    out += ` ${k}="${typeof v === "number" ? num(v) : escapeAttr(v)}"`;
  }
  return children === undefined ? `${out}/>` : `${out}>${children}</${name}>`;
}

/** A <text> element holding an escaped string. */
export function text(attrs: Attrs, content: string): string {
  return el("text", attrs, escapeText(content));
}

/** Points of a polyline/polygon, "x,y x,y". */
export function points(ps: readonly (readonly [number, number])[]): string {
  return ps.map(([x, y]) => `${num(x)},${num(y)}`).join(" ");
}

/**
 * Estimated width in px of a string in DejaVu Sans (about 0.6 em per character; bold a little
 * wider). Only used to size label backgrounds and wrap captions, so a rough figure is enough.
 */
export function textWidth(s: string, size: number, bold = false): number {
  return [...s].length * size * (bold ? 0.66 : 0.6);
}

/** Splits text into lines of at most `width` px (by the estimate above), breaking at spaces; explicit newlines are kept. */
export function wrap(s: string, width: number, size: number): string[] {
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
      // A single word longer than the line is cut so that it cannot overflow the picture.
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
