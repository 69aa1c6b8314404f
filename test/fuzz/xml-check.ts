// A small, strict XML 1.0 well-formedness check for the fuzzer's SVG oracle (no dependency):
// characters, tags and their nesting, attributes (quoted, unique, no `<`), entity and character
// references, comments, CDATA, processing instructions, one root element, and namespace prefixes
// declared in scope. Not a validator: it says nothing about SVG itself. No DOCTYPE is accepted
// (the renderer writes none, and an internal subset could define entities).

/** The first well-formedness error of `xml` with its offset, or undefined when it is well formed. */
export function xmlError(xml: string): string | undefined {
  const bad = firstNonXmlChar(xml);
  if (bad !== undefined) return `character U+${xml.charCodeAt(bad).toString(16).toUpperCase().padStart(4, "0")} at ${bad} is not allowed in XML`;
  return new XmlChecker(xml).run();
}

/** Offset of the first code unit that is not an XML Char (a lone surrogate counts), or undefined. */
export function firstNonXmlChar(s: string): number | undefined {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd)) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
    }
    return i;
  }
  return undefined;
}

const NAME_START =
  "A-Za-z_:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD";
// eslint-disable-next-line no-misleading-character-class -- XML names allow combining marks after the first character
const NAME_RE = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*`, "y");
const SPACE_RE = /[ \t\r\n]+/y;
const PREDEFINED = new Set(["lt", "gt", "amp", "apos", "quot"]);

function validCharRef(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

class XmlError extends Error {}

class XmlChecker {
  private i = 0;
  private readonly stack: { name: string; ns: Map<string, string> }[] = [];
  private roots = 0;

  constructor(private readonly s: string) {}

  private fail(what: string, at = this.i): never {
    throw new XmlError(`${what} at ${at} (…${JSON.stringify(this.s.slice(Math.max(0, at - 30), at + 30))}…)`);
  }

  run(): string | undefined {
    try {
      this.document();
      return undefined;
    } catch (err) {
      if (err instanceof XmlError) return err.message;
      throw err;
    }
  }

  private document(): void {
    const s = this.s;
    if (s.startsWith("<?xml", 0) && /[ \t\r\n?]/.test(s.charAt(5))) {
      const end = s.indexOf("?>");
      if (end < 0) this.fail("unterminated XML declaration");
      if (
        !/^<\?xml\s+version\s*=\s*(["'])1\.[0-9]+\1(\s+encoding\s*=\s*(["'])[A-Za-z][\w.-]*\3)?(\s+standalone\s*=\s*(["'])(yes|no)\5)?\s*$/.test(
          s.slice(0, end),
        )
      ) {
        this.fail("malformed XML declaration", 0);
      }
      this.i = end + 2;
    }
    while (this.i < s.length) {
      if (s.startsWith("<!--", this.i)) this.comment();
      else if (s.startsWith("<![CDATA[", this.i)) {
        if (this.stack.length === 0) this.fail("CDATA outside the root element");
        this.cdata();
      } else if (s.startsWith("<?", this.i)) this.pi();
      else if (s.startsWith("<!", this.i)) this.fail("DOCTYPE or other declaration");
      else if (s.startsWith("</", this.i)) this.endTag();
      else if (s.charAt(this.i) === "<") this.startTag();
      else this.text();
    }
    if (this.stack.length > 0) this.fail(`unclosed element <${this.stack[this.stack.length - 1].name}>`);
    if (this.roots !== 1) this.fail(this.roots === 0 ? "no root element" : "more than one root element");
  }

  private name(): string {
    NAME_RE.lastIndex = this.i;
    const m = NAME_RE.exec(this.s);
    if (!m) this.fail("expected a name");
    this.i += m[0].length;
    return m[0];
  }

  private space(): boolean {
    SPACE_RE.lastIndex = this.i;
    const m = SPACE_RE.exec(this.s);
    if (!m) return false;
    this.i += m[0].length;
    return true;
  }

  private comment(): void {
    const end = this.s.indexOf("-->", this.i + 4);
    if (end < 0) this.fail("unterminated comment");
    const body = this.s.slice(this.i + 4, end);
    if (body.includes("--") || body.endsWith("-")) this.fail("`--` inside a comment");
    this.i = end + 3;
  }

  private cdata(): void {
    const end = this.s.indexOf("]]>", this.i + 9);
    if (end < 0) this.fail("unterminated CDATA section");
    this.i = end + 3;
  }

  private pi(): void {
    this.i += 2;
    const target = this.name();
    if (target.toLowerCase() === "xml") this.fail("XML declaration not at the start");
    const end = this.s.indexOf("?>", this.i);
    if (end < 0) this.fail("unterminated processing instruction");
    this.i = end + 2;
  }

  /** Checks `&…;` references in [from, to). */
  private references(from: number, to: number): void {
    for (let at = this.s.indexOf("&", from); at >= 0 && at < to; at = this.s.indexOf("&", at + 1)) {
      const m = /^&(?:#([0-9]+)|#x([0-9a-fA-F]+)|([A-Za-z_][\w.-]*));/.exec(this.s.slice(at, Math.min(to, at + 40)));
      if (!m) this.fail("`&` that starts no reference", at);
      if (m[3] !== undefined && !PREDEFINED.has(m[3])) this.fail(`undefined entity &${m[3]};`, at);
      if (m[1] !== undefined || m[2] !== undefined) {
        const code = m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2], 16);
        if (!validCharRef(code)) this.fail(`character reference ${m[0]} to a character XML does not allow`, at);
      }
    }
  }

  private text(): void {
    const next = this.s.indexOf("<", this.i);
    const end = next < 0 ? this.s.length : next;
    const body = this.s.slice(this.i, end);
    if (this.stack.length === 0 && /[^ \t\r\n]/.test(body)) this.fail("text outside the root element");
    const cdataEnd = body.indexOf("]]>");
    if (cdataEnd >= 0) this.fail("`]]>` in text", this.i + cdataEnd);
    this.references(this.i, end);
    this.i = end;
  }

  private resolvePrefix(qname: string, ns: Map<string, string>, what: string, at: number): void {
    const colon = qname.indexOf(":");
    if (colon < 0) return;
    const prefix = qname.slice(0, colon);
    const local = qname.slice(colon + 1);
    if (prefix === "" || local === "" || local.includes(":")) this.fail(`malformed qualified name ${what} ${qname}`, at);
    if (prefix === "xml" || (prefix === "xmlns" && what === "attribute")) return;
    if (!ns.has(prefix)) this.fail(`undeclared namespace prefix of ${what} ${qname}`, at);
  }

  private startTag(): void {
    const tagStart = this.i;
    if (this.stack.length === 0) {
      if (this.roots > 0) this.fail("more than one root element");
      this.roots++;
    }
    this.i++;
    const name = this.name();
    const attrs: { name: string; at: number }[] = [];
    const seen = new Set<string>();
    const ns = new Map(this.stack.length > 0 ? this.stack[this.stack.length - 1].ns : []);
    for (;;) {
      const spaced = this.space();
      if (this.s.startsWith("/>", this.i) || this.s.charAt(this.i) === ">") break;
      if (this.i >= this.s.length) this.fail(`unterminated start tag <${name}`, tagStart);
      if (!spaced) this.fail("expected whitespace before an attribute");
      const at = this.i;
      const attr = this.name();
      if (seen.has(attr)) this.fail(`duplicate attribute ${attr}`, at);
      seen.add(attr);
      this.space();
      if (this.s.charAt(this.i) !== "=") this.fail(`attribute ${attr} without a value`);
      this.i++;
      this.space();
      const quote = this.s.charAt(this.i);
      if (quote !== '"' && quote !== "'") this.fail(`unquoted value of attribute ${attr}`);
      const end = this.s.indexOf(quote, this.i + 1);
      if (end < 0) this.fail(`unterminated value of attribute ${attr}`);
      const value = this.s.slice(this.i + 1, end);
      const lt = value.indexOf("<");
      if (lt >= 0) this.fail(`\`<\` in the value of attribute ${attr}`, this.i + 1 + lt);
      this.references(this.i + 1, end);
      if (attr.startsWith("xmlns:")) {
        if (value === "") this.fail(`empty namespace name for ${attr}`, at);
        ns.set(attr.slice(6), value);
      }
      attrs.push({ name: attr, at });
      this.i = end + 1;
    }
    this.resolvePrefix(name, ns, "element", tagStart);
    for (const a of attrs) this.resolvePrefix(a.name, ns, "attribute", a.at);
    if (this.s.startsWith("/>", this.i)) {
      this.i += 2;
      return;
    }
    this.i++;
    this.stack.push({ name, ns });
  }

  private endTag(): void {
    const at = this.i;
    this.i += 2;
    const name = this.name();
    this.space();
    if (this.s.charAt(this.i) !== ">") this.fail(`malformed end tag </${name}`);
    this.i++;
    const open = this.stack.pop();
    if (!open) this.fail(`end tag </${name}> without a start tag`, at);
    if (open.name !== name) this.fail(`end tag </${name}> closes <${open.name}>`, at);
  }
}
