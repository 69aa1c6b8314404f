/** Which files `check` reads as Markdown, and which Markdown files a folder search picks up. */
import * as fs from "node:fs";
import { findScenarioBlocks } from "../../shared/markdown/index";

/** True for Markdown file names (`.md`, `.markdown`, any case): their scenario blocks are checked. */
export function isMarkdownFileName(name: string): boolean {
  return /\.(md|markdown)$/i.test(name);
}

/**
 * True when the file holds at least one `ruleboard` or `scenario` block. A folder search uses it
 * so READMEs without boards are not listed as checked; an unreadable file is not ours to judge
 * (it may be anyone's notes), so it is skipped rather than reported.
 */
export function hasScenarioBlocks(file: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return false;
  }
  return findScenarioBlocks(text).length > 0;
}
