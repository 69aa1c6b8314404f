/**
 * The scenario text inside an exported SVG, so a diagram in a rules document stays editable:
 * `<metadata><ruleboard:source xmlns:ruleboard="…" encoding="cdata|base64">…</ruleboard:source></metadata>`.
 *
 * Encoding: CDATA when the text can travel through XML unchanged (a person can read the scenario
 * in the SVG file); any `]]>` inside is split across two CDATA sections (`]]` ends one, `>` starts
 * the next). Base64 of the UTF-8 bytes when it cannot (WTF-8 for a lone surrogate): XML parsers
 * turn CR and CRLF into LF and some characters (most C0 controls, lone surrogates) are not allowed
 * in XML at all, so such a text would not come back exactly.
 */
import { isXmlSafe } from "./svg-text";

/** The namespace of the metadata element. */
export const RULEBOARD_NS = "https://ruleboard.dev/ns/svg/1";

const OPEN = "<ruleboard:source";
const CLOSE = "</ruleboard:source>";

/** The `<metadata>` element carrying `source`, to be placed first inside the root `<svg>`. */
export function sourceMetadata(source: string): string {
  if (isXmlSafe(source) && !source.includes("\r")) {
    const cdata = source
      .split("]]>")
      .map((part, i, all) => `<![CDATA[${i > 0 ? ">" : ""}${part}${i < all.length - 1 ? "]]" : ""}]]>`)
      .join("");
    return `<metadata>${OPEN} xmlns:ruleboard="${RULEBOARD_NS}" encoding="cdata">${cdata}${CLOSE}</metadata>`;
  }
  return `<metadata>${OPEN} xmlns:ruleboard="${RULEBOARD_NS}" encoding="base64">${toBase64(utf8Encode(source))}${CLOSE}</metadata>`;
}

/**
 * The scenario text embedded by `renderBoard(…, { embedSource })`, exactly as it was given, or
 * undefined when the SVG carries none (or the element is damaged).
 */
export function extractSource(svg: string): string | undefined {
  // Only our element can contain this text: scenario strings elsewhere in the SVG are escaped (no `<`).
  const at = svg.indexOf(OPEN);
  if (at < 0) return undefined;
  const tagEnd = svg.indexOf(">", at);
  if (tagEnd < 0) return undefined;
  const encoding = /\sencoding="([a-z0-9]+)"/.exec(svg.slice(at, tagEnd))?.[1] ?? "cdata";
  let i = tagEnd + 1;
  if (encoding === "base64") {
    const end = svg.indexOf(CLOSE, i);
    if (end < 0) return undefined;
    const bytes = fromBase64(svg.slice(i, end).replace(/\s+/g, ""));
    return bytes === undefined ? undefined : utf8Decode(bytes);
  }
  if (encoding !== "cdata") return undefined;
  // Read the CDATA sections in order: their contents may themselves contain the closing tag's text.
  let out = "";
  for (;;) {
    while (/\s/.test(svg.charAt(i))) i++;
    if (svg.startsWith(CLOSE, i)) return out;
    if (!svg.startsWith("<![CDATA[", i)) return undefined;
    const end = svg.indexOf("]]>", i + 9);
    if (end < 0) return undefined;
    out += svg.slice(i + 9, end);
    i = end + 3;
  }
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * The UTF-8 bytes of a string, a lone surrogate encoded in three bytes like any other code unit
 * (WTF-8), so an editor buffer holding one comes back exactly; `utf8Decode` reads it back.
 */
function utf8Encode(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

function utf8Decode(bytes: readonly number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    const n = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    let c = n === 1 ? b : b & (0xff >> (n + 1));
    for (let k = 1; k < n; k++) c = (c << 6) | ((bytes[i + k] ?? 0) & 63);
    out += String.fromCodePoint(c);
    i += n;
  }
  return out;
}

function toBase64(bytes: readonly number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (b === undefined ? "=" : B64[(n >> 6) & 63]) + (c === undefined ? "=" : B64[n & 63]);
  }
  return out;
}

function fromBase64(s: string): number[] | undefined {
  if (s.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(s)) return undefined;
  const out: number[] = [];
  for (let i = 0; i < s.length; i += 4) {
    const v = [0, 1, 2, 3].map((k) => (s[i + k] === "=" ? 0 : B64.indexOf(s[i + k])));
    const n = (v[0] << 18) | (v[1] << 12) | (v[2] << 6) | v[3];
    out.push((n >> 16) & 255);
    if (s[i + 2] !== "=") out.push((n >> 8) & 255);
    if (s[i + 3] !== "=") out.push(n & 255);
  }
  return out;
}
