import { CODES, type Code } from "../../diagnostics/codes";
import type { Step } from "../../model/scenario";
import type { Span } from "../../source/span";
import { md } from "../text/index";
import { ruleTextsFor, type RuleText } from "./rule-texts";

/**
 * The hover on a diagnostic code (written in `illegal: [...]`, or under a diagnostic): what the
 * code means (diagnostics/codes.ts) and the rule it enforces, quoted from the rules sources with
 * its section (rule-texts.ts), for the scenario's rules system and rulings.
 */

/** Codes about the scenario text itself rather than a rule: no rule text to quote. */
const LANGUAGE_CODES: readonly Code[] = ["yaml.syntax", "scenario.schema", "scenario.unknown-ref", "scenario.duplicate-id", "expect.unmet"];

/** At most this many excerpts per hover; the step kind (or the message's section) picks them. */
const MAX_EXCERPTS = 3;

/**
 * The Markdown for `code` under a system. `kind` is the step the code is about, when known;
 * `message` a finding's message, whose cited sections (`12.08`) pick the excerpts first.
 */
export function codeHover(code: Code, systemId: string, rulings: readonly string[], kind?: Step["kind"], message?: string): string {
  const lines = [`**\`${code}\`** — ${CODES[code]}`];
  if (LANGUAGE_CODES.includes(code)) return lines.join("\n");
  const texts = preferCited(ruleTextsFor(code, systemId, rulings, kind), message).slice(0, MAX_EXCERPTS);
  if (texts.length === 0) {
    lines.push("", `_The ${md(systemId)} rules sources hold no text for this rule._`);
    return lines.join("\n");
  }
  for (const t of texts) lines.push("", `**${md(t.section)}** (source ${t.source})`, ...t.text.map((piece, i) => `${i > 0 ? ">\n" : ""}> ${md(piece)}`));
  return lines.join("\n");
}

/** Excerpts whose section number a message cites (`(11e 12.08)`) first. */
function preferCited(texts: readonly RuleText[], message: string | undefined): RuleText[] {
  const cited = new Set((message ?? "").match(/\b\d\d\.\d\d\b/g) ?? []);
  if (cited.size === 0) return [...texts];
  const hit = (t: RuleText): boolean => [...cited].some((n) => t.section.includes(n));
  return [...texts.filter(hit), ...texts.filter((t) => !hit(t))];
}

/** The registered code written at `offset` inside `span` of `text` (an `illegal:` list), with its span. */
export function codeAt(text: string, span: Span, offset: number): { code: Code; span: Span } | undefined {
  const re = /[a-z][a-z0-9-]*\.[a-z][a-z0-9-]*/g;
  const slice = text.slice(span.start, span.end);
  for (let m = re.exec(slice); m; m = re.exec(slice)) {
    const start = span.start + m.index;
    const end = start + m[0].length;
    if (start <= offset && offset <= end && Object.prototype.hasOwnProperty.call(CODES, m[0])) return { code: m[0] as Code, span: { start, end } };
  }
  return undefined;
}
