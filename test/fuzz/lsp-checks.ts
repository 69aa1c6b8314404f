// Checks on what the server publishes, computed from the document text independently of the server.
import type { Diagnostic } from "vscode-languageserver-protocol/node";
import { isCode } from "../../shared/index";

/** Lengths of the document's lines in UTF-16 code units; LSP ends a line at \n, \r\n or \r. */
export function lineLengths(text: string): number[] {
  const lengths: number[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    lengths.push(i - start);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  lengths.push(text.length - start);
  return lengths;
}

/** Everything wrong with one published diagnostic for a document with these line lengths. */
export function checkDiagnostic(d: Diagnostic, lines: readonly number[]): string[] {
  const out: string[] = [];
  const { start, end } = d.range;
  const inside = (p: { line: number; character: number }) =>
    Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.line < lines.length && p.character >= 0 && p.character <= lines[p.line];
  if (!inside(start) || !inside(end)) out.push(`range ${JSON.stringify(d.range)} is outside the document (${lines.length} lines)`);
  if (start.line > end.line || (start.line === end.line && start.character > end.character)) out.push(`range ${JSON.stringify(d.range)} ends before it starts`);
  if (typeof d.code !== "string" || !isCode(d.code)) out.push(`unknown code ${JSON.stringify(d.code)}`);
  if (d.source !== "ruleboard") out.push(`source ${JSON.stringify(d.source)}`);
  if (typeof d.message !== "string" || d.message.trim() === "") out.push("empty message");
  if (d.severity !== undefined && ![1, 2, 3, 4].includes(d.severity)) out.push(`severity ${d.severity}`);
  return out;
}
