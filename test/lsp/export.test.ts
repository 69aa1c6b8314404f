// The custom `ruleboard/export` request behind "Export Board as SVG/PNG": pictures for rules
// documents, drawn from the cached analysis, each SVG carrying the scenario so it stays editable.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ErrorCodes,
  InitializeRequest,
  LSPErrorCodes,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { analyze, boardFrame } from "../../shared/index";
import type { ExportResult } from "../../shared/protocol/messages";
import { extractSource, renderBoard } from "../../shared/render/index";
import type { ThemeName } from "../../shared/render/index";
import { docName, numberedName, stepName } from "../../server/export-request";
import { LspServer, scenarioUri, SERVER_PATH, withTimeout } from "./harness";
import { UNCLOSED } from "./fixtures";
import { twoSteps } from "../helpers/compare-scenarios";

let server: LspServer;

before(async () => {
  ({ server } = await LspServer.start());
});
after(() => server?.dispose());

/** Two steps: a1 piles in 1" right, then b1 is removed. The `]]>` makes the embedding split a CDATA section. */
const TWO_STEPS = twoSteps("Export ]]> two steps");

/** What renderBoard draws, with the source embedded, for one step (`null`: the set-up). */
function expectedSvg(text: string, step: number | null, theme: ThemeName = "light", view?: "auto" | "board"): string {
  const analysis = analyze(text);
  assert.ok(analysis.scenario);
  const frame = boardFrame(analysis.scenario, analysis.problems, step ?? undefined);
  return renderBoard(analysis.scenario, frame, { theme, embedSource: text, ...(view && { view }) });
}

async function exported(params: object): Promise<ExportResult> {
  const result = await server.request<ExportResult | null>("ruleboard/export", params);
  assert.ok(result !== null, "the document is open");
  return result;
}

test("one step as SVG: renderBoard's picture of that frame, named <doc>-step-N, with the source embedded", async () => {
  const uri = scenarioUri("export-two-steps");
  await server.open(uri, TWO_STEPS, 4);
  const result = await exported({ uri, format: "svg", step: 0 });
  assert.equal(result.version, 4);
  assert.deepEqual(
    result.files.map((f) => [f.name, f.step]),
    [["export-two-steps-step-1.svg", 0]],
  );
  assert.equal(result.files[0].data, expectedSvg(TWO_STEPS, 0));
  assert.match(result.files[0].data, /^<svg [^>]*data-step="0" data-theme="light"/);
  assert.equal(extractSource(result.files[0].data), TWO_STEPS);
  const print = await exported({ uri, format: "svg", step: 1, theme: "print" });
  assert.equal(print.files[0].name, "export-two-steps-step-2.svg");
  assert.equal(print.files[0].data, expectedSvg(TWO_STEPS, 1, "print"));
});

test("view: auto crops to the action and board draws the whole board, over the scenario's view:", async () => {
  const uri = scenarioUri("export-view");
  const cropped = `${TWO_STEPS}view: auto\n`;
  await server.open(uri, cropped, 1);
  const viewBox = (svg: string): string => /viewBox="([^"]+)"/.exec(svg)![1];
  const own = (await exported({ uri, format: "svg", step: 0 })).files[0].data;
  const board = (await exported({ uri, format: "svg", step: 0, view: "board" })).files[0].data;
  const auto = (await exported({ uri, format: "svg", step: 0, view: "auto" })).files[0].data;
  assert.equal(own, expectedSvg(cropped, 0));
  assert.equal(auto, expectedSvg(cropped, 0, "light", "auto"));
  assert.equal(board, expectedSvg(cropped, 0, "light", "board"));
  // The scenario's own view is auto: cropped in a nested <svg class="view">; board is not cropped.
  assert.equal(viewBox(own), viewBox(auto));
  assert.ok(auto.includes('<svg class="view"'));
  assert.ok(!board.includes('<svg class="view"'));
  const all = await exported({ uri, format: "svg", all: true, view: "board" });
  assert.equal(all.files[1].data, board);
});

test("the step: the set-up, clamped as ruleboard/board clamps, and from a cursor offset (which wins)", async () => {
  const uri = scenarioUri("export-steps");
  await server.open(uri, TWO_STEPS, 1);
  const pick = async (params: object): Promise<[string, number | null]> => {
    const { files } = await exported({ uri, format: "svg", ...params });
    assert.equal(files.length, 1);
    return [files[0].name, files[0].step];
  };
  assert.deepEqual(await pick({}), ["export-steps-step-0.svg", null]);
  assert.deepEqual(await pick({ step: null }), ["export-steps-step-0.svg", null]);
  assert.deepEqual(await pick({ step: 7 }), ["export-steps-step-2.svg", 1], "past the end: the last step");
  assert.deepEqual(await pick({ step: -1 }), ["export-steps-step-0.svg", null], "below the first: the set-up");
  assert.deepEqual(await pick({ at: TWO_STEPS.indexOf("Red piles in"), step: 1 }), ["export-steps-step-1.svg", 0]);
  assert.deepEqual(await pick({ at: TWO_STEPS.indexOf("remove: [b1]") }), ["export-steps-step-2.svg", 1]);
  assert.deepEqual(await pick({ at: TWO_STEPS.indexOf("a1: [10, 10]") }), ["export-steps-step-0.svg", null], "the cursor in the units: the set-up");
  const atSecond = await exported({ uri, format: "svg", at: TWO_STEPS.indexOf("remove: [b1]") });
  assert.equal(atSecond.files[0].data, expectedSvg(TWO_STEPS, 1));
});

test("every step: stepCount + 1 files in order, numbered as ruleboard render --all, each the frame's picture", async () => {
  const uri = scenarioUri("export-all");
  await server.open(uri, TWO_STEPS, 2);
  const result = await exported({ uri, format: "svg", all: true, step: 1, at: 0 });
  assert.equal(result.version, 2);
  assert.deepEqual(
    result.files.map((f) => [f.name, f.step]),
    [
      ["00-export-all.svg", null],
      ["01-export-all.svg", 0],
      ["02-export-all.svg", 1],
    ],
  );
  result.files.forEach((f) => {
    assert.equal(f.data, expectedSvg(TWO_STEPS, f.step), f.name);
    assert.equal(extractSource(f.data), TWO_STEPS, f.name);
  });
});

test("PNG: base64 of a PNG at twice the SVG's size, one per step", async () => {
  const uri = scenarioUri("export-png");
  await server.open(uri, TWO_STEPS, 1);
  const svgWidth = Number(/^<svg [^>]*\bwidth="(\d+(?:\.\d+)?)"/.exec(expectedSvg(TWO_STEPS, 0))?.[1]);
  const svgHeight = Number(/^<svg [^>]*\bheight="(\d+(?:\.\d+)?)"/.exec(expectedSvg(TWO_STEPS, 0))?.[1]);
  assert.ok(svgWidth > 0 && svgHeight > 0);
  const one = await exported({ uri, format: "png", step: 0 });
  assert.deepEqual(
    one.files.map((f) => [f.name, f.step]),
    [["export-png-step-1.png", 0]],
  );
  const png = Buffer.from(one.files[0].data, "base64");
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "the PNG signature");
  assert.equal(png.subarray(12, 16).toString("ascii"), "IHDR");
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [Math.ceil(svgWidth * 2), Math.ceil(svgHeight * 2)]);
  const all = await exported({ uri, format: "png", all: true });
  assert.deepEqual(
    all.files.map((f) => f.name),
    ["00-export-png.png", "01-export-png.png", "02-export-png.png"],
  );
  assert.ok(all.files.every((f) => Buffer.from(f.data, "base64").subarray(1, 4).toString("ascii") === "PNG"));
});

test("a text that is not a scenario fails with its first error and line", async () => {
  const uri = scenarioUri("export-unclosed");
  await server.open(uri, UNCLOSED, 1);
  const first = analyze(UNCLOSED).problems.find((p) => p.severity === "error");
  assert.ok(first);
  await assert.rejects(server.request("ruleboard/export", { uri, format: "svg" }), (error: { code?: number; message?: string }) => {
    assert.equal(error.code, LSPErrorCodes.RequestFailed);
    assert.equal(error.message, `The scenario cannot be read (line 1: ${first.message}), so there is no board to export.`);
    return true;
  });
});

test("malformed parameters are InvalidParams; a document that is not open is null", async () => {
  const uri = scenarioUri("x");
  const bad = [
    {},
    { uri: 3, format: "svg" },
    { uri },
    { uri, format: "gif" },
    { uri, format: "svg", step: 1.5 },
    { uri, format: "svg", step: "1" },
    { uri, format: "svg", at: -1 },
    { uri, format: "svg", all: "yes" },
    { uri, format: "png", theme: "neon" },
    { uri, format: "svg", view: [0, 0, 10, 10] },
    { uri, format: "svg", view: "close-up" },
  ];
  for (const params of bad) {
    await assert.rejects(
      server.request("ruleboard/export", params),
      (error: { code?: number }) => error.code === ErrorCodes.InvalidParams,
      JSON.stringify(params),
    );
  }
  assert.equal(await server.request("ruleboard/export", { uri: scenarioUri("never-opened"), format: "svg" }), null);
  assert.equal(await server.request("ruleboard/export", { uri: scenarioUri("never-opened"), format: "png", all: true }), null);
});

test("file names: the document's name as the CLI strips it, padded step numbers", () => {
  assert.equal(docName("file:///workspace/charge.scenario.yaml"), "charge");
  assert.equal(docName("file:///w/Overrun%20example.scenario.yml"), "Overrun example");
  assert.equal(docName("file:///w/plain.YAML"), "plain");
  assert.equal(docName("untitled:Untitled-1"), "Untitled-1");
  assert.equal(docName("file:///w/a%3Ab.scenario.yaml?x=1#y"), "a-b");
  assert.equal(docName("file:///w/.scenario.yaml"), "board");
  assert.equal(numberedName(null, 2, "d", "svg"), "00-d.svg");
  assert.equal(numberedName(8, 9, "d", "png"), "09-d.png");
  assert.equal(numberedName(9, 100, "d", "svg"), "010-d.svg");
  assert.equal(stepName(null, "d", "svg"), "d-step-0.svg");
  assert.equal(stepName(4, "d", "png"), "d-step-5.png");
});

test("without @resvg/resvg-js the PNG export fails with a clear message and SVG export still works", async (t) => {
  // A copy of the bundle in a folder with no node_modules above it: the lazy require cannot succeed.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ruleboard-no-resvg-"));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const copy = path.join(dir, "server.js");
  fs.copyFileSync(SERVER_PATH, copy);
  const child = spawn(process.execPath, [copy, "--stdio"], { stdio: "pipe", cwd: dir, env: { ...process.env, NODE_PATH: "" } });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  t.after(() => {
    connection.dispose();
    child.kill("SIGKILL");
  });
  connection.listen();
  await withTimeout(connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} }), "initialize");
  const uri = scenarioUri("export-no-resvg");
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "ruleboard", version: 1, text: TWO_STEPS } });
  const svg = await withTimeout(connection.sendRequest<ExportResult | null>("ruleboard/export", { uri, format: "svg", step: 0 }), "svg export");
  assert.equal(svg?.files[0].data, expectedSvg(TWO_STEPS, 0));
  await assert.rejects(
    withTimeout(connection.sendRequest("ruleboard/export", { uri, format: "png", step: 0 }), "png export"),
    (error: { code?: number; message?: string }) => {
      assert.equal(error.code, LSPErrorCodes.RequestFailed);
      assert.match(error.message ?? "", /^PNG export needs @resvg\/resvg-js, which could not be loaded: Cannot find module '@resvg\/resvg-js'/);
      return true;
    },
  );
});
