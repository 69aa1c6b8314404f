import { CST, Lexer } from "yaml";

/**
 * The comments of a YAML text as `yaml`'s own lexer reads them, so a `#` inside a quoted or
 * block scalar, or inside a plain scalar (`a#b`), is never taken for a comment. The formatter's
 * safety check (language/format/safety.ts) and the quick fixes' (language/fixes/comments.ts)
 * read them here.
 */

/** One comment: where it is and its text (from `#`, without trailing blanks). */
export interface Comment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Lexer markers that stand for no character of the source. */
const MARKERS = new Set(["\x02", "\x18", "\x1f"]);

/** A comment token's text without its trailing blanks (spaces, tabs, line breaks). */
export const trimComment = (comment: string): string => comment.replace(/[ \t\r\n]+$/, "");

/** Every comment of `text`, in order. */
export function lexComments(text: string): Comment[] {
  const out: Comment[] = [];
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (MARKERS.has(token)) continue;
    if (CST.tokenType(token) === "comment") {
      const body = trimComment(token);
      out.push({ start: offset, end: offset + body.length, text: body });
    }
    offset += token.length;
  }
  return out;
}
