// Scenarios inside Markdown, over stdio: a document opened as `markdown` gets, block by block,
// exactly the diagnostics `ruleboard check <file> --format json` prints for the file (same codes,
// messages, lines, columns and severities, `illegal` fences as expected information), nothing for
// its prose; hover, completion, quick fixes and formatting answer inside a fence as they do on the
// block's own text, at the block's positions in the Markdown, and nothing outside.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import type { CodeAction, CompletionList, Diagnostic, Hover, Position, Range, TextEdit } from "vscode-languageserver-protocol/node";
import { findScenarioBlocks } from "../../shared/markdown/index";
import type { ScenarioBlock } from "../../shared/markdown/index";
import { ROOT, runCli } from "../helpers/cli";
import { LspServer } from "./harness";
import { positionOf } from "./fixtures";

const FIXTURES = path.join(ROOT, "test", "fixtures", "markdown");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
const mdUri = (name: string) => `file:///workspace/docs/${name}`;

let server: LspServer;
before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** A diagnostic as both sides can say it: 0-based start and end, code, message, LSP severity. */
interface Verdict {
  code: string;
  message: string;
  severity: number;
  range: Range;
}

interface CliMessage {
  ruleId: string;
  severity: number;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** What `ruleboard check <fixture> --format json` reports, as LSP would say it (ESLint severity 2/1/0 → Error/Warning/Information). */
function cliVerdicts(name: string): Verdict[] {
  const result = runCli(ROOT, "check", path.join(FIXTURES, name), "--format", "json");
  assert.equal(result.stderr, "");
  const [report] = JSON.parse(result.stdout) as [{ messages: CliMessage[] }];
  const severity: Record<number, number> = { 2: 1, 1: 2, 0: 3 };
  return report.messages.map((m) => ({
    code: m.ruleId,
    message: m.message,
    severity: severity[m.severity],
    range: { start: { line: m.line - 1, character: m.column - 1 }, end: { line: m.endLine - 1, character: m.endColumn - 1 } },
  }));
}

function verdicts(diagnostics: readonly Diagnostic[]): Verdict[] {
  return diagnostics.map((d) => ({ code: String(d.code), message: text(d.message), severity: d.severity ?? 0, range: d.range }));
}

/** A diagnostic's message as text (ours are plain strings). */
function text(message: Diagnostic["message"]): string {
  return typeof message === "string" ? message : message.value;
}

let version = 1;
/** Opens `text` under `uri` as `languageId` and waits for its diagnostics. */
async function openAndWait(uri: string, text: string, languageId = "markdown"): Promise<Diagnostic[]> {
  const v = version++;
  await server.open(uri, text, v, languageId);
  return (await server.diagnostics(uri, v)).diagnostics;
}

for (const name of ["three-boards.md", "illegal.md", "editor.md", "prose.md"]) {
  test(`${name} opened as markdown: exactly the verdicts of ruleboard check --format json`, async () => {
    const expected = cliVerdicts(name);
    const published = await openAndWait(mdUri(name), fixture(name));
    assert.deepEqual(verdicts(published), expected);
    if (name !== "prose.md") assert.ok(expected.length > 0, "the fixture has findings");
    await server.close(mdUri(name));
  });
}

test("editor.md: the indented block's error, the illegal block's expected information, the broken YAML block's error, nothing from the prose", async () => {
  const published = await openAndWait(mdUri("editor-kinds.md"), fixture("editor.md"));
  assert.deepEqual(
    published.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]),
    [
      ["move.too-far", 1, 34, 8],
      ["move.too-far", 3, 57, 6],
      ["yaml.syntax", 1, 64, 0],
    ],
  );
  assert.match(text(published[1].message), /^expected: /);
  await server.close(mdUri("editor-kinds.md"));
});

test("a Markdown file with prose only (and YAML in a yaml fence) gets zero diagnostics", async () => {
  const published = await openAndWait(mdUri("only-prose.md"), "# Title\n\nkey: [unclosed\n- a: {b\n\n```yaml\nbogus: [1, 2\n```\n");
  assert.deepEqual(published, []);
});

test("the language id decides: markdown under a .txt uri is read as Markdown, a .md uri under another id too, `ruleboard` stays YAML", async () => {
  const text = fixture("editor.md");
  const expected = cliVerdicts("editor.md");
  assert.deepEqual(verdicts(await openAndWait("file:///workspace/notes/editor.txt", text)), expected);
  assert.deepEqual(verdicts(await openAndWait("file:///workspace/notes/editor-plain.md", text, "plaintext")), expected);
  const asScenario = await openAndWait("file:///workspace/notes/editor-as-scenario.md", text, "ruleboard");
  assert.ok(
    asScenario.some((d) => d.code === "yaml.syntax" || d.code === "scenario.schema"),
    "a document opened as ruleboard is still read as one scenario",
  );
});

// ---- features inside a fence -------------------------------------------------------------

const EDITOR = fixture("editor.md");
const EDITOR_URI = mdUri("features.md");
/** The indented ```ruleboard block of editor.md (its content starts on line 13, indented 2). */
const INDENTED: ScenarioBlock = findScenarioBlocks(EDITOR)[0];
const INDENT = 2;
const BLOCK_URI = "file:///workspace/docs/indented-block.scenario.yaml";

let EDITOR_DIAGNOSTICS: Diagnostic[] = [];
/** Opens editor.md and its indented block's text as a scenario of its own, once. */
async function openEditor(): Promise<void> {
  if (EDITOR_DIAGNOSTICS.length > 0) return;
  EDITOR_DIAGNOSTICS = await openAndWait(EDITOR_URI, EDITOR);
  await openAndWait(BLOCK_URI, INDENTED.text, "ruleboard");
}

/** A position in the block's own text, where it is in editor.md. */
function outOfBlock(p: Position): Position {
  return { line: p.line + INDENTED.fenceLine + 1, character: p.character + INDENT };
}
function rangeOut(r: Range): Range {
  return { start: outOfBlock(r.start), end: outOfBlock(r.end) };
}
/** The position one character into `needle` (after `after`) in the block's text. */
function inBlock(needle: string, after = "", shift = 1): Position {
  const offset = INDENTED.text.indexOf(needle, INDENTED.text.indexOf(after)) + shift;
  assert.ok(offset >= shift, needle);
  return positionOf(INDENTED.text, offset);
}

const hover = (uri: string, position: Position) => server.request<Hover | null>("textDocument/hover", { textDocument: { uri }, position });
const complete = (uri: string, position: Position) => server.request<CompletionList | null>("textDocument/completion", { textDocument: { uri }, position });

test("hover inside the fence: the block's own hover, its range at the block's place in the Markdown", async () => {
  await openEditor();
  for (const [needle, after] of [
    ["a1", "to:"],
    ["move: a", "steps:"],
    ["b1", "models:\n      b1"],
  ] as const) {
    const at = inBlock(needle, after);
    const own = await hover(BLOCK_URI, at);
    assert.ok(own !== null, `the block's own hover on ${needle}`);
    const inMarkdown = await hover(EDITOR_URI, outOfBlock(at));
    assert.ok(inMarkdown !== null, `a hover on ${needle} in the Markdown`);
    assert.deepEqual(inMarkdown.contents, own.contents);
    assert.ok(own.range !== undefined);
    assert.deepEqual(inMarkdown.range, rangeOut(own.range));
  }
});

test("hover outside every fence is null: prose, a fence line, a yaml fence, after the last block", async () => {
  await openEditor();
  const lines = EDITOR.split("\n");
  const lineOf = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix));
  for (const line of [0, lineOf("Prose that"), lineOf("  ```ruleboard"), lineOf("  not: a scenario"), lineOf("The end.")]) {
    assert.ok(line >= 0);
    assert.equal(await hover(EDITOR_URI, { line, character: 4 }), null, `line ${line}`);
  }
  // On the closing fence of the indented block, even where a1 would be one line up.
  assert.equal(await hover(EDITOR_URI, { line: INDENTED.fenceLine + 1 + INDENTED.text.split("\n").length - 1, character: 2 }), null);
});

test("completion inside the fence: the block's own items, their edits at the block's place; outside: null", async () => {
  await openEditor();
  for (const at of [inBlock("normal", "type:", 0), inBlock("a1: [9.5", "to:", 1), inBlock("move: a", "steps:", 2)]) {
    const own = await complete(BLOCK_URI, at);
    const inMarkdown = await complete(EDITOR_URI, outOfBlock(at));
    assert.ok(own !== null && inMarkdown !== null);
    assert.ok(own.items.length > 0, `the block has items at ${JSON.stringify(at)}`);
    assert.deepEqual(
      inMarkdown.items.map((i) => i.label),
      own.items.map((i) => i.label),
    );
    for (const [i, item] of inMarkdown.items.entries()) {
      const ownEdit = own.items[i].textEdit as TextEdit;
      assert.deepEqual(item.textEdit, { ...ownEdit, range: rangeOut(ownEdit.range) });
    }
  }
  assert.equal(await complete(EDITOR_URI, { line: 2, character: 10 }), null);
  assert.equal(await complete(EDITOR_URI, { line: INDENTED.fenceLine, character: 5 }), null);
});

/** `text` with LSP edits applied (ranges in `text`'s lines). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const offset = (p: Position) => starts[p.line] + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

test("quick fixes inside the fence: the block's own fixes as edits of the Markdown; none for an illegal block or outside", async () => {
  await openEditor();
  const [tooFar, expected] = EDITOR_DIAGNOSTICS;
  assert.equal(tooFar.code, "move.too-far");
  const actions = await server.request<CodeAction[]>("textDocument/codeAction", {
    textDocument: { uri: EDITOR_URI },
    range: tooFar.range,
    context: { diagnostics: [tooFar], only: ["quickfix"] },
  });
  const move = actions.find((a) => a.title.startsWith("Move a1 to"));
  assert.ok(move !== undefined, `a "Move a1 to …" fix among ${actions.map((a) => a.title).join(", ")}`);
  assert.deepEqual(move.diagnostics, [tooFar]);
  const edits = move.edit?.changes?.[EDITOR_URI] ?? move.edit?.documentChanges?.flatMap((c) => ("edits" in c ? c.edits : []));
  assert.ok(edits !== undefined && edits.length > 0, "edits on the Markdown document");
  for (const e of edits) assert.ok(e.range.start.line > INDENTED.fenceLine && e.range.start.character >= INDENT, "inside the block's content");
  const fixed = applyEdits(EDITOR, edits as TextEdit[]);
  // The block is then clean; the other blocks keep their findings and no line was added or lost.
  const after = await openAndWait(mdUri("fixed.md"), fixed);
  assert.deepEqual(
    after.map((d) => d.code),
    ["move.too-far", "yaml.syntax"],
  );
  assert.equal(after[0].severity, 3, "only the illegal block's expected finding is left of the moves");
  assert.equal(fixed.split("\n").length, EDITOR.split("\n").length);

  const none = await server.request<CodeAction[]>("textDocument/codeAction", {
    textDocument: { uri: EDITOR_URI },
    range: expected.range,
    context: { diagnostics: [expected] },
  });
  assert.deepEqual(none, [], "an illegal block is broken on purpose");
  const outside = await server.request<CodeAction[]>("textDocument/codeAction", {
    textDocument: { uri: EDITOR_URI },
    range: { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } },
    context: { diagnostics: [] },
  });
  assert.deepEqual(outside, []);
});

test("formatting a Markdown document formats each block as its own text (indented fences keep their indentation), the prose untouched", async () => {
  const messy = [
    "# Format me",
    "",
    "Some prose:   with  spaces  ",
    "",
    "  ```ruleboard",
    "  scenario:   Messy",
    "  rules: 11e",
    "  turn: red",
    "  units:",
    "    a:",
    "        player: red",
    "        base: 32",
    "        models:",
    "            a1: [10,10]",
    "  steps: []",
    "  ```",
    "",
    "Trailing prose.  ",
    "",
  ].join("\n");
  const uri = mdUri("messy.md");
  await openAndWait(uri, messy);
  const edits = await server.request<TextEdit[]>("textDocument/formatting", { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
  assert.ok(edits.length > 0);
  const formatted = applyEdits(messy, edits);
  const [block] = findScenarioBlocks(messy);
  const blockUri = "file:///workspace/docs/messy-block.scenario.yaml";
  await openAndWait(blockUri, block.text, "ruleboard");
  const own = await server.request<TextEdit[]>("textDocument/formatting", { textDocument: { uri: blockUri }, options: { tabSize: 2, insertSpaces: true } });
  const ownFormatted = applyEdits(block.text, own);
  const lines = messy.split("\n");
  const ownLines = ownFormatted
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => (l === "" ? "" : `  ${l}`));
  lines.splice(block.fenceLine + 1, block.text.split("\n").length - 1, ...ownLines);
  const expected = lines.join("\n");
  assert.notEqual(ownFormatted, block.text, "the block needed formatting");
  assert.equal(formatted, expected);
  assert.ok(formatted.includes("Some prose:   with  spaces  \n") && formatted.endsWith("Trailing prose.  \n"));
  const outside = await server.request<TextEdit[]>("textDocument/rangeFormatting", {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
    options: { tabSize: 2, insertSpaces: true },
  });
  assert.deepEqual(outside, []);
});

test("inlay hints in a Markdown document: each block's own hints, at the block's place; none in the prose", async () => {
  await openEditor();
  const whole = { start: { line: 0, character: 0 }, end: { line: EDITOR.split("\n").length, character: 0 } };
  const own = await server.request<{ position: Position; label: unknown }[]>("textDocument/inlayHint", {
    textDocument: { uri: BLOCK_URI },
    range: { start: { line: 0, character: 0 }, end: { line: INDENTED.text.split("\n").length, character: 0 } },
  });
  assert.ok(own.length > 0);
  const inMarkdown = await server.request<{ position: Position; label: unknown }[]>("textDocument/inlayHint", {
    textDocument: { uri: EDITOR_URI },
    range: whole,
  });
  const ofIndented = inMarkdown.filter((h) => h.position.line < INDENTED.fenceLine + INDENTED.text.split("\n").length);
  assert.deepEqual(
    ofIndented.map((h) => [h.position, h.label]),
    own.map((h) => [outOfBlock(h.position), h.label]),
  );
  const prose = await server.request<unknown[]>("textDocument/inlayHint", {
    textDocument: { uri: EDITOR_URI },
    range: { start: { line: 0, character: 0 }, end: { line: 10, character: 0 } },
  });
  assert.deepEqual(prose, []);
});

test("editing one block of a Markdown document: each version's diagnostics are those of the same text opened afresh", async () => {
  const start = fixture("three-boards.md");
  const uri = mdUri("edited-chapter.md");
  let v = 100;
  await server.open(uri, start, v, "markdown");
  await server.diagnostics(uri, v);
  // A number in the second block, then prose above every block, then the third block's fence marked illegal.
  const second = findScenarioBlocks(start)[1];
  const at = start.indexOf("[", second.contentOffset) + 1;
  const versions = [`${start.slice(0, at)}1${start.slice(at)}`];
  versions.push(`Some words first.\n\n${versions[0]}`);
  versions.push(versions[1].replace("```scenario", "```scenario illegal"));
  for (const [i, text] of versions.entries()) {
    assert.notEqual(text, i === 0 ? start : versions[i - 1], `version ${i} changes the text`);
    const published = server.diagnostics(uri, ++v);
    await server.change(uri, text, v);
    const edited = verdicts((await published).diagnostics);
    const fresh = verdicts(await openAndWait(mdUri(`fresh-${i}.md`), text));
    assert.deepEqual(edited, fresh, `version ${i}`);
    await server.close(mdUri(`fresh-${i}.md`));
  }
  await server.close(uri);
});
