import { Composer, Parser, YAMLParseError, type CST, type Document } from "yaml";
import { problem, type Problem } from "../diagnostics/problem";
import type { ObjectiveDef, Option, Ref, Scenario, ShowSpec, Step, TerrainDef, ViewSpec, WeaponDef } from "../model/scenario";
import { parseWeapons } from "./parse-weapons";
import { readShow } from "./parse-show";
import type { Span } from "../source/span";
import { readKeys, type KeyTable } from "./key-table";
import { keepRegistry, ParseContext } from "./parse-context";
import { parseObjectives } from "./parse-objectives";
import { parseSteps } from "./parse-steps";
import { parseTerrain } from "./parse-terrain";
import { parseUnits, type UnitDraft } from "./parse-units";
import { readChoice, readInches, readRefList, readSize, readText } from "./read-values";
import { RefResolver } from "./resolve-refs";
import { DEFAULT_BOARD, DEFAULT_PHASE, isRulingName, PHASES, RULING_NAMES, SUPPORTED_RULES } from "./vocabulary";
import { asMap, asSeq, describeNode, pairSpan, quote, scalarText, seqItems, spanOf, valueSpan, type YNode, type YPair } from "./yaml-nodes";

/** The top-level keys as read. */
interface TopDraft {
  title?: string;
  description?: string;
  rules?: Option<string>;
  rulings: Ref[];
  board?: { width: number; height: number };
  turn?: { value: string; span: Span };
  phase?: string;
  objectives: ObjectiveDef[];
  terrain: TerrainDef[];
  units: UnitDraft[];
  steps: Step[];
  stepsWritten?: number;
  show?: ShowSpec;
  view?: ViewSpec;
  weapons: WeaponDef[];
}

/** The top-level keys, read in this order (definitions before the steps that refer to them). */
export const TOP_KEYS: KeyTable<TopDraft> = {
  scenario: (ctx, pair, top) => {
    top.title = readText(ctx, pair.value, valueSpan(pair), "scenario (the title)");
  },
  description: (ctx, pair, top) => {
    top.description = readText(ctx, pair.value, valueSpan(pair), "description");
  },
  rules: (ctx, pair, top) => {
    const rules = readChoice(ctx, pair, SUPPORTED_RULES, "rules");
    // Unsupported rules are reported and the default is checked, as for any other unusable value.
    top.rules = rules ?? { value: SUPPORTED_RULES[0], span: pairSpan(pair) };
  },
  rulings: readRulings,
  board: (ctx, pair, top) => {
    const size = readSize(ctx, pair.value, valueSpan(pair), "board", ["width", "height"]);
    if (size) top.board = { width: size[0], height: size[1] };
  },
  turn: (ctx, pair, top) => {
    const value = readText(ctx, pair.value, valueSpan(pair), "turn");
    if (value !== undefined) top.turn = { value, span: valueSpan(pair) };
  },
  phase: (ctx, pair, top) => {
    top.phase = readChoice(ctx, pair, PHASES, "phase")?.value;
  },
  objectives: (ctx, pair, top) => {
    top.objectives = parseObjectives(ctx, pair);
  },
  terrain: (ctx, pair, top) => {
    top.terrain = parseTerrain(ctx, pair);
  },
  units: (ctx, pair, top) => {
    top.units = parseUnits(ctx, pair);
  },
  steps: (ctx, pair, top) => {
    const read = parseSteps(ctx, pair);
    top.steps = read.steps;
    top.stepsWritten = read.written;
  },
  show: (ctx, pair, top) => {
    top.show = readShow(ctx, pair);
  },
  view: (ctx, pair, top) => {
    top.view = readView(ctx, pair);
  },
  weapons: (ctx, pair, top) => {
    top.weapons = parseWeapons(ctx, pair);
  },
};

/** `view: auto`, `view: board`, or `view: [x, y, w, h]` (inches; a window of positive size). */
function readView(ctx: ParseContext, pair: YPair): ViewSpec | undefined {
  const seq = asSeq(pair.value);
  if (!seq) {
    const text = scalarText(pair.value);
    if (text === "auto" || text === "board") return text;
    ctx.schema(`view must be auto, board or a window [x, y, w, h] in inches, got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  const items = seqItems(seq);
  if (items.length !== 4) {
    ctx.schema(`a view window is [x, y, w, h] (four numbers in inches), got ${items.length} value${items.length === 1 ? "" : "s"}`, valueSpan(pair));
    return undefined;
  }
  const n = items.map((item, i) => readInches(ctx, item, spanOf(item), ["the window's x", "the window's y", "the window's width", "the window's height"][i]));
  if (n.some((v) => v === undefined)) return undefined;
  const [x, y, w, h] = n as number[];
  if (w <= 0 || h <= 0) {
    ctx.schema("a view window's width and height must be greater than 0", valueSpan(pair));
    return undefined;
  }
  return [x, y, w, h];
}

/** `rulings: [name, …]`: each a ruling or a ruling set of the catalogue; unknown names are left out. */
function readRulings(ctx: ParseContext, pair: YPair, top: TopDraft): void {
  const list = readRefList(ctx, pair, "rulings");
  if (!list) return;
  for (const ref of list.refs) {
    if (isRulingName(ref.id)) {
      top.rulings.push(ref);
      continue;
    }
    const known = RULING_NAMES.length === 0 ? "no rulings are defined yet" : `the known rulings are ${RULING_NAMES.join(", ")}`;
    ctx.error("scenario.unknown-ref", `unknown ruling ${quote(ref.id)}; ${known}`, ref.span);
  }
}

/** Keys every scenario must have, with what they are for in the message. */
export const REQUIRED_TOP_KEYS: ReadonlyArray<readonly [string, string]> = [
  ["scenario", "its title"],
  ["turn", "the player whose turn it is"],
];

/**
 * Parses scenario text into the model, with source spans and findings. Never throws.
 * YAML syntax errors are returned alone, without a scenario (rule findings would mislead).
 * Otherwise the scenario is returned with its unusable parts left out, unless the document is
 * not a map or has no usable `turn:` (the engine needs to know whose turn it is).
 */
export function parseScenario(text: string): { scenario?: Scenario; problems: Problem[] } {
  const { scenario, problems } = parseScenarioKeeping(text);
  return scenario ? { scenario, problems } : { problems };
}

/**
 * How Ruleboard reads YAML (1.2; duplicate keys are the parser's findings, not yaml's errors):
 * every reader of a scenario's tree uses these, so its nodes and offsets are the model's.
 */
export const YAML_OPTIONS = { version: "1.2", keepSourceTokens: false, uniqueKeys: false, prettyErrors: false } as const;

/** A parsed YAML document with no errors, kept with its text so an edit of one scalar can patch it (parse/reparse.ts). */
export interface KeptDocument {
  readonly text: string;
  /** The document; taken (set to undefined) by the one reparse that patches it in place. */
  doc?: Document.Parsed;
  /** What reading the document gave (the analysis's own model), so reading it again costs nothing. */
  readonly read?: KeptReading;
  /**
   * The reading of the text a feature last read through this document (`parseThrough`: the edits a
   * drag is about to write), so the analysis of that text, patching this document to it, reads nothing again.
   */
  ahead?: { readonly text: string; readonly read: KeptReading };
  /**
   * The parser's tokens (the concrete syntax tree) of this very text, when the text is at most
   * `KEEP_TOKENS_LIMIT` long: the formatter reads the text's layout from them instead of parsing
   * it again (language/format/layout.ts). A reparse that patches the document patches the sources
   * of the same scalar tokens in place and takes them, as it takes the document (parse/reparse.ts).
   * Their offsets stay those of the text they were parsed from: see `grown`.
   */
  tokens?: readonly CST.Token[];
  /**
   * The scalar tokens patched since `tokens` were parsed, by their offset as parsed (ascending),
   * with how much longer each is now than it was then: a token's place in `text` is its offset
   * plus the growth of the patched scalars before it. Absent when none was patched.
   */
  readonly grown?: readonly TokenGrowth[];
}

/** A patched scalar token: its offset as parsed, and how much longer its source is now. */
export interface TokenGrowth {
  readonly offset: number;
  readonly delta: number;
}

/** What reading a kept document gave. */
export interface KeptReading {
  readonly scenario?: Scenario;
  readonly problems: readonly Problem[];
}

/**
 * The longest text whose parser tokens a kept document holds. They take about 90 bytes per byte of
 * text (11 MB for 2,000 models), the document itself about 35: past this length (about 4,000
 * models) the formatter parses the text again rather than the server holding 23 MB more.
 */
export const KEEP_TOKENS_LIMIT = 256 * 1024;

/**
 * `parseDocument(text, YAML_OPTIONS)` (yaml's own steps: its parser's tokens composed into the
 * first document, an error for any second one), and the tokens (test/shared/parse/reparse.test.ts
 * compares the two on every example and fixture and on mutated texts).
 */
export function parseKeepingTokens(text: string): { doc: Document.Parsed; tokens: CST.Token[] } {
  const tokens = [...new Parser().parse(text)];
  let doc: Document.Parsed | undefined;
  for (const next of new Composer(YAML_OPTIONS).compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError([next.range[0], next.range[1]], "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"),
      );
      break;
    }
  }
  // compose(…, forceDoc = true) always gives a document.
  return { doc: doc!, tokens };
}

/** `parseScenario`, also returning the YAML document when it parsed without errors. */
export function parseScenarioKeeping(text: string): { scenario?: Scenario; problems: Problem[]; kept?: KeptDocument } {
  try {
    const { doc, tokens } = parseKeepingTokens(text);
    if (doc.errors.length > 0) {
      // `yaml` puts an error about a missing closing bracket one past the end of the text; clamp it.
      const clamp = (offset: number): number => Math.max(0, Math.min(offset, text.length));
      const problems = doc.errors.map((e) => problem("yaml.syntax", "error", e.message.split("\n")[0], { start: clamp(e.pos[0]), end: clamp(e.pos[1]) }));
      return { problems: sortProblems(problems) };
    }
    const read = readDocument(doc, text);
    return { ...read, kept: { text, doc, read, ...(text.length <= KEEP_TOKENS_LIMIT && { tokens }) } };
  } catch (error) {
    return internalError(error);
  }
}

/** The scenario of a document that parsed without errors. Never throws. */
export function readDocument(doc: Document.Parsed, text: string): { scenario?: Scenario; problems: Problem[] } {
  try {
    const ctx = new ParseContext();
    const scenario = readScenario(ctx, doc.contents, text);
    if (scenario) keepRegistry(scenario, ctx.registry);
    return scenario ? { scenario, problems: sortProblems(ctx.problems) } : { problems: sortProblems(ctx.problems) };
  } catch (error) {
    return internalError(error);
  }
}

function internalError(error: unknown): { problems: Problem[] } {
  const reason = error instanceof Error ? error.message : String(error);
  const message = `internal error while reading the scenario (please report it): ${reason.split("\n")[0]}`;
  return { problems: [problem("scenario.schema", "error", message, { start: 0, end: 0 })] };
}

function readScenario(ctx: ParseContext, root: YNode | null, text: string): Scenario | undefined {
  const top: TopDraft = { rulings: [], objectives: [], terrain: [], units: [], steps: [], weapons: [] };
  const fallback = firstLine(text);
  let found: ReadonlyMap<string, unknown> = new Map();
  if (root !== null) {
    const map = asMap(root);
    if (!map) {
      ctx.schema(`a scenario must be a map of keys (scenario:, units:, steps:, …), got ${describeNode(root)}`, spanOf(root));
      return undefined;
    }
    found = readKeys(ctx, map, TOP_KEYS, top, "at the top level");
  }
  for (const [key, what] of REQUIRED_TOP_KEYS) {
    if (!found.has(key)) ctx.schema(`the scenario has no ${key}: (${what})`, fallback);
  }
  const resolver = new RefResolver(ctx);
  const units = resolver.units(top.units);
  const steps = resolver.steps(top.steps);
  const show = top.show && resolver.show(top.show);
  const players = [...ctx.registry.players];
  const turn = top.turn;
  if (turn === undefined) return undefined;
  if (!players.includes(turn.value)) {
    const known = players.length === 0 ? "no unit has a player" : `the players are ${players.map((p) => quote(p)).join(" and ")}`;
    ctx.schema(`turn ${quote(turn.value)} is not one of the players; ${known}`, turn.span);
    return undefined;
  }
  return {
    title: top.title ?? "",
    description: top.description,
    rulings: top.rulings,
    rules: top.rules ?? { value: SUPPORTED_RULES[0], span: { start: 0, end: 0 } },
    board: top.board ?? DEFAULT_BOARD,
    turn: turn.value,
    phase: top.phase ?? DEFAULT_PHASE,
    players,
    objectives: top.objectives,
    weapons: top.weapons,
    terrain: top.terrain,
    units,
    steps,
    stepsWritten: top.stepsWritten ?? 0,
    ...(show && { show }),
    ...(top.view && { view: top.view }),
  };
}

/** Where a finding about the whole document goes: its first line. */
function firstLine(text: string): Span {
  const newline = text.indexOf("\n");
  let end = newline < 0 ? text.length : newline;
  if (end > 0 && text.charCodeAt(end - 1) === 13) end--;
  return { start: 0, end };
}

/** Findings in text order (stable, so findings at one place keep the order they were made in). */
export function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.span.start - b.p.span.start || a.p.span.end - b.p.span.end || a.i - b.i)
    .map(({ p }) => p);
}
