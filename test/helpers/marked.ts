import type { Span } from "../../shared/source/span";

/** Opening and closing marks of an expected range inside test text. */
export const OPEN = "⟦";
export const CLOSE = "⟧";

/**
 * Strips `⟦…⟧` marks from test text and returns the clean text with the marked ranges as
 * 0-based offsets into it (end exclusive), in the order the marks open. Marks may nest.
 * Throws on unbalanced marks, so a typo in a test fails loudly instead of testing nothing.
 */
export function marked(source: string): { text: string; spans: Span[] } {
  let text = "";
  const open: { start: number; slot: number }[] = [];
  const spans: Span[] = [];
  for (const ch of source) {
    if (ch === OPEN) {
      open.push({ start: text.length, slot: spans.length });
      spans.push({ start: -1, end: -1 });
    } else if (ch === CLOSE) {
      const top = open.pop();
      if (!top) throw new Error(`unbalanced ${CLOSE} at offset ${text.length} in test text`);
      spans[top.slot] = { start: top.start, end: text.length };
    } else {
      text += ch;
    }
  }
  if (open.length > 0) throw new Error(`unclosed ${OPEN} in test text`);
  return { text, spans };
}

/** Joins lines with "\n", so YAML in tests can be written without template-literal indentation. */
export function lines(...rows: string[]): string {
  return rows.join("\n") + "\n";
}
