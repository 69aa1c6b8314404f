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

/**
 * Any character `escapeText` (or `escapeAttr`) would change, or that might be one (every
 * surrogate): a string with none is returned as it is, without the replacements' copies.
 */
// eslint-disable-next-line no-control-regex -- the characters NOT_XML replaces are among these
const TEXT_SPECIAL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex -- as TEXT_SPECIAL, with the quotes and whitespace escapeAttr writes as references
const ATTR_SPECIAL = /[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text content: `&`, `<`, `>` escaped (`>` too, so `]]>` can never appear), bad characters replaced. */
export function escapeText(s: string): string {
  if (!TEXT_SPECIAL.test(s)) return s;
  return s.replace(NOT_XML, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value (always written in double quotes): also quotes, and whitespace that parsers would normalise. */
export function escapeAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
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
  // A safe integer prints exactly as toFixed would before its ".00" (and -0 as "0").
  if (Number.isSafeInteger(n)) return String(n);
  // Else toFixed(2) without its trailing zeros ("2.50" → "2.5", "2.00" → "2"); past 1e21 it has an exponent.
  const s = n.toFixed(2);
  const dot = s.length - 3;
  if (s.charCodeAt(dot) !== 0x2e) return s.replace(/\.?0+$/, "");
  const cut = s.charCodeAt(dot + 2) !== 0x30 ? s : s.charCodeAt(dot + 1) !== 0x30 ? s.slice(0, -1) : s.slice(0, dot);
  return cut === "-0" ? "0" : cut;
}

/** Attribute values: numbers are formatted with `num`, strings escaped; undefined/false attributes are left out. */
export type Attrs = Readonly<Record<string, string | number | undefined | false>>;

/** One element; `children` is already-built SVG text (use `text()` for strings). Attributes keep their order. */
export function el(name: string, attrs: Attrs, children?: string): string {
  // Joined, not concatenated: the element comes out as one flat string rather than a chain of
  // pieces that all stay alive until the picture is done (a board of thousands of elements
  // otherwise keeps the garbage collector busy copying them).
  return (children === undefined ? ["<", name, attributes(attrs), "/>"] : ["<", name, attributes(attrs), ">", children, "</", name, ">"]).join("");
}

/** The attributes as `el` writes them, each with its leading space: ` k="v"`, in the object's order. */
export function attributes(attrs: Attrs): string {
  let out = "";
  for (const k in attrs) out += attribute(k, attrs[k]);
  return out;
}

/** One attribute as `el` writes it (` k="v"`), or "" for an undefined or false value. */
export function attribute(k: string, v: Attrs[string]): string {
  return v === undefined || v === false ? "" : ` ${k}="${typeof v === "number" ? num(v) : escapeAttr(v)}"`;
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

/**
 * Advance widths of DejaVu Sans (Book, then Bold) for the printable ASCII characters U+0020–U+007E,
 * in thousandths of an em, rounded up (as Chromium lays them out).
 */
const ADVANCE_BOOK = [
  318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337, 637, 637, 637, 637, 637, 637, 637, 637, 637, 637, 337, 337, 838, 838, 838,
  531, 1000, 685, 687, 699, 771, 632, 576, 775, 752, 295, 295, 656, 558, 863, 749, 788, 604, 788, 695, 635, 611, 732, 685, 989, 686, 611, 686, 391, 337, 391,
  838, 500, 500, 613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612, 635, 635, 412, 521, 393, 634, 592, 818, 592, 592, 525, 637, 337,
  637, 838,
];
const ADVANCE_BOLD = [
  349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838,
  581, 1000, 774, 763, 734, 831, 684, 684, 821, 837, 373, 373, 775, 638, 996, 837, 851, 733, 851, 771, 721, 683, 813, 774, 1104, 771, 725, 726, 458, 366, 458,
  838, 500, 500, 675, 716, 593, 716, 679, 436, 716, 712, 343, 343, 666, 343, 1042, 712, 688, 716, 716, 494, 596, 479, 712, 652, 924, 646, 652, 583, 712, 366,
  712, 838,
];
/** Any other character: wider than every ASCII glyph of either weight (CJK and emoji are about 1 em). */
const ADVANCE_OTHER = 1120;

/**
 * A width in px that a string's glyphs never exceed in DejaVu Sans (the theme's first font; its
 * fallbacks are narrower): the sum of the characters' advances, kerning ignored. Label placement
 * keeps these boxes apart, so labels do not overlap in a browser; `textWidth` stays the figure
 * the label backgrounds and the legend are drawn with.
 */
export function labelWidth(s: string, size: number, bold = false): number {
  const table = bold ? ADVANCE_BOLD : ADVANCE_BOOK;
  let milli = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    milli += c >= 0x20 && c <= 0x7e ? table[c - 0x20] : ADVANCE_OTHER;
  }
  return (milli * size) / 1000;
}

/** Splits text into lines of at most `width` px (by the estimate above), breaking at spaces; explicit newlines are kept. */
export function wrap(s: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * 0.6)));
  const lines: string[] = [];
  for (const para of s.split(/\r?\n/)) {
    // The line and its length in code points, kept as it grows (not counted again for every word).
    let line = "";
    let length = 0;
    for (const word of para.split(/\s+/)) {
      if (word === "") continue;
      const n = codePoints(word);
      if (line === "") [line, length] = [word, n];
      else if (length + 1 + n <= max) [line, length] = [`${line} ${word}`, length + 1 + n];
      else {
        lines.push(line);
        [line, length] = [word, n];
      }
      // A single word longer than the line is cut so that it cannot overflow the picture.
      while (length > max) {
        const chars = [...line];
        lines.push(chars.slice(0, max).join(""));
        line = chars.slice(max).join("");
        length -= max;
      }
    }
    if (line !== "" || lines.length === 0) lines.push(line);
  }
  return lines;
}

/** `[...s].length` (a lone surrogate counts as one), without the array when `s` has no surrogates. */
function codePoints(s: string): number {
  return /[\uD800-\uDFFF]/.test(s) ? [...s].length : s.length;
}
