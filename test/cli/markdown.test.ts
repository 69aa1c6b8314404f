// Scenarios inside Markdown through the built CLI: `check doc.md` (Markdown lines and columns,
// exit codes, illegal blocks), folders with .md files, and `render --markdown`.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "../../cli/args";
import { extractSource } from "../../shared/render/index";
import { findScenarioBlocks } from "../../shared/markdown/index";
import { cliSandbox, ROOT } from "../helpers/cli";

const { dir, run, write } = cliSandbox("ruleboard-cli-markdown-");
const FIXTURES = path.join(ROOT, "test", "fixtures", "markdown");
const fixture = (rel: string) => fs.readFileSync(path.join(FIXTURES, rel), "utf8");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const THREE = write("docs/three-boards.md", fixture("three-boards.md"));
const ILLEGAL = write("illegal.md", fixture("illegal.md"));
for (const rel of ["guide.md", "readme.md", "sub/more.md", "node_modules/skipped.md", "minimal.scenario.yaml"]) {
  write(path.join("folder", rel), fixture(path.join("folder", rel)));
}
write("folder/.hidden/hidden.md", fixture("folder/sub/more.md"));

const TOO_FAR = 'this normal move moves a1 6.5", the limit is 6" (11e 09.05)';

test("check doc.md: three blocks, the second too far: exit 1 and the error at its Markdown line and column", () => {
  const r = run("check", "docs/three-boards.md", "--format", "json");
  assert.equal(r.stderr, "");
  assert.equal(r.code, 1);
  assert.deepEqual(JSON.parse(r.stdout), [
    {
      filePath: THREE,
      messages: [{ ruleId: "move.too-far", severity: 2, message: TOO_FAR, line: 48, column: 9, endLine: 48, endColumn: 21 }],
      errorCount: 1,
      warningCount: 0,
      infoCount: 0,
    },
  ]);
  const text = run("check", "docs/three-boards.md");
  assert.deepEqual(text, {
    code: 1,
    stdout: `${path.join("docs", "three-boards.md")}:48:9  error  ${TOO_FAR}  move.too-far\n1 problem (1 error, 0 warnings, 0 info) in 1 file\n`,
    stderr: "",
  });
});

test("check doc.md with CR LF line ends reports the same lines and columns", () => {
  write("crlf.md", fixture("three-boards.md").replace(/\n/g, "\r\n"));
  const r = run("check", "crlf.md", "--format", "json");
  assert.equal(r.code, 1, r.stderr);
  const [result] = JSON.parse(r.stdout) as { messages: { line: number; column: number; endColumn: number }[] }[];
  assert.deepEqual(
    result.messages.map((m) => [m.line, m.column, m.endColumn]),
    [[48, 9, 21]],
  );
});

test("check: an illegal block's finding is information; an illegal block breaking nothing is an error on its fence", () => {
  const r = run("check", "illegal.md", "--format", "json");
  assert.equal(r.code, 1, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), [
    {
      filePath: ILLEGAL,
      messages: [
        { ruleId: "move.too-far", severity: 0, message: `expected: ${TOO_FAR}`, line: 22, column: 7, endLine: 22, endColumn: 19 },
        { ruleId: "expect.unmet", severity: 2, message: "this block is marked illegal but breaks no rule", line: 27, column: 1, endLine: 27, endColumn: 23 },
      ],
      errorCount: 1,
      warningCount: 0,
      infoCount: 1,
    },
  ]);
  // Only the expected block: information only, exit 0 (and --quiet hides it).
  write("only-expected.md", fixture("illegal.md").split("This one is marked")[0]);
  assert.deepEqual(run("check", "only-expected.md"), {
    code: 0,
    stdout: `only-expected.md:22:7  info  expected: ${TOO_FAR}  move.too-far\n1 problem (0 errors, 0 warnings, 1 info) in 1 file\n`,
    stderr: "",
  });
  assert.deepEqual(run("check", "only-expected.md", "--quiet"), { code: 0, stdout: "No problems in 1 file.\n", stderr: "" });
});

test("check folder: .md files with blocks are checked beside scenario files; others, node_modules and dot-folders are not", () => {
  const r = run("check", "folder", "--format", "json");
  assert.equal(r.code, 1, r.stderr);
  const results = JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; line: number; column: number }[] }[];
  assert.deepEqual(
    results.map((f) => [path.relative(dir, f.filePath), f.messages.map((m) => `${m.ruleId}@${m.line}:${m.column}`)]),
    [
      [path.join("folder", "guide.md"), []],
      [path.join("folder", "minimal.scenario.yaml"), []],
      [path.join("folder", "sub", "more.md"), ["scenario.schema@6:1"]],
    ],
  );
  // readme.md has only a yaml fence and a quoted ruleboard fence: it is not listed at all.
  assert.equal(run("check", "folder").stdout.split("\n").at(-2), "1 problem (1 error, 0 warnings, 0 info) in 3 files");
});

test("check: a Markdown file named explicitly is read as Markdown even without blocks (no problems)", () => {
  assert.deepEqual(run("check", "folder/readme.md"), { code: 0, stdout: "No problems in 1 file.\n", stderr: "" });
});

test("render --markdown writes one SVG per block (its last step) and prints the references in order", () => {
  const r = run("render", "--markdown", "docs/three-boards.md", "--out", "docs/boards/");
  assert.equal(r.stderr, "");
  assert.equal(r.code, 0);
  assert.equal(
    r.stdout,
    "![A legal normal move](boards/01-three-boards.svg)\n![A normal move too far](boards/02-three-boards.svg)\n![An advance](boards/03-three-boards.svg)\n",
  );
  const out = path.join(dir, "docs", "boards");
  assert.deepEqual(fs.readdirSync(out).sort(), ["01-three-boards.svg", "02-three-boards.svg", "03-three-boards.svg"]);
  const blocks = findScenarioBlocks(fixture("three-boards.md"));
  blocks.forEach((b, i) => {
    const svg = fs.readFileSync(path.join(out, `0${i + 1}-three-boards.svg`), "utf8");
    assert.match(svg, /^<svg [^>]* data-step="0" data-theme="light">/); // step 1 of 1
    assert.equal(extractSource(svg), b.text); // each picture gives its block back
  });
  assert.match(fs.readFileSync(path.join(out, "02-three-boards.svg"), "utf8"), /move\.too-far/);
});

test("render --markdown: references are relative to the document; PNG and --theme are honoured", () => {
  const r = run("render", "--out=pictures of boards", "--format", "png", "--theme", "print", "--markdown=docs/three-boards.md");
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stdout,
    [1, 2, 3]
      .map((n) => `![${["A legal normal move", "A normal move too far", "An advance"][n - 1]}](<../pictures of boards/0${n}-three-boards.png>)\n`)
      .join(""),
  );
  for (const n of [1, 2, 3]) {
    const png = fs.readFileSync(path.join(dir, "pictures of boards", `0${n}-three-boards.png`));
    assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
  }
});

test("render --markdown: an unreadable block is reported at its Markdown lines, the others are drawn, exit 1", () => {
  const guide = fixture("folder/guide.md").replace("Set-up only", '"[Set-up] \\\\ only"');
  write("broken.md", `# B\n\n\`\`\`ruleboard\nscenario: [unclosed\n\`\`\`\n\n${guide}`);
  const r = run("render", "--markdown", "broken.md", "--out", "b");
  assert.equal(r.code, 1);
  // The title "[Set-up] \ only" with Markdown's brackets and backslash escaped.
  assert.equal(r.stdout, "![\\[Set-up\\] \\\\ only](b/02-broken.svg)\n");
  // The unclosed sequence is found at the end of the block: the closing fence's line.
  assert.equal(
    r.stderr,
    "broken.md:5:1  error  Flow sequence in block collection must be sufficiently indented and end with a ]  yaml.syntax\n" +
      "ruleboard: cannot render block 1 of broken.md (line 3): the scenario cannot be read\n",
  );
  assert.deepEqual(fs.readdirSync(path.join(dir, "b")), ["02-broken.svg"]);
});

test("render --markdown: no blocks, unreadable document and usage errors exit 2", () => {
  const none = run("render", "--markdown", "folder/readme.md", "--out", "x");
  assert.deepEqual(none, { code: 2, stdout: "", stderr: "ruleboard: folder/readme.md has no ```ruleboard or ```scenario blocks to render\n" });
  const missing = run("render", "--markdown", "nope.md", "--out", "x");
  assert.deepEqual(missing, { code: 2, stdout: "", stderr: "ruleboard: cannot read nope.md: no such file or directory\n" });
  assert.equal(fs.existsSync(path.join(dir, "x")), false);
  const cases: [string[], string][] = [
    [["render", "--markdown", "d.md"], "render --markdown needs --out <folder> (one picture per block is written there)"],
    [["render", "--markdown", "d.md", "--out", "o", "--all"], "render --markdown draws each block after its last step; --all is for one scenario file"],
    [["render", "--markdown", "d.md", "--out", "o", "--step", "2"], "render --markdown draws each block after its last step; --step is for one scenario file"],
    [["render", "--markdown", "d.md", "--extract", "b.svg"], "render --extract and --markdown cannot be used together"],
    [["render", "--markdown", "d.md", "--out", "o", "e.md"], "render --markdown takes the document as its value and no other file (got 'e.md')"],
    [["render", "--markdown", "d.md", "--out", "o", "--format", "gif"], "unknown image format 'gif' (expected svg or png)"],
    [["render", "--markdown", "d.md", "--out", "o", "--theme", "neon"], "unknown theme 'neon' (expected light, dark, high-contrast, print)"],
    [["render", "--markdown"], "option --markdown needs a value"],
  ];
  for (const [args, message] of cases) assert.deepEqual(parseArgs(args), { kind: "usage-error", message }, args.join(" "));
  assert.deepEqual(parseArgs(["--markdown", "d.md", "render", "--out", "o"]), {
    kind: "render-markdown",
    file: "d.md",
    out: "o",
    format: "svg",
    theme: "light",
  });
});
