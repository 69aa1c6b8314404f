// The navigation tests' client capabilities and texts. The capabilities are what VS Code announces
// for navigation (hierarchical symbols, prepareRename, semantic tokens, a folding limit), which the
// harness's defaults do not claim: pass them as LspServer.start's `capabilities`. The texts are
// shared with the engine-level tests (test/shared/language/navigation.test.ts).
import type { ClientCapabilities, Range } from "vscode-languageserver-protocol/node";

/** What VS Code announces for the requests navigation answers (added to the harness's defaults). */
export const NAVIGATION_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    definition: { linkSupport: false },
    references: {},
    rename: { prepareSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    foldingRange: { rangeLimit: 5000, lineFoldingOnly: true },
    semanticTokens: {
      requests: { full: true, range: true },
      tokenTypes: ["class", "property", "enumMember", "struct", "function"],
      tokenModifiers: ["declaration"],
      formats: ["relative"],
    },
  },
};

/** Applies LSP text edits to a text whose lines end in \n (the fixtures'), last edit first. */
export function applyTextEdits(text: string, edits: ReadonlyArray<{ range: Range; newText: string }>): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const offset = (p: { line: number; character: number }): number => lineStarts[p.line] + p.character;
  const spans = edits.map((e) => ({ span: { start: offset(e.range.start), end: offset(e.range.end) }, text: e.newText }));
  return applyEdits(text, spans);
}

/**
 * A 10th-edition scenario the engine accepts with no problems, with an id in every kind of place:
 * a `charged:` block list, a quoted model key, flow and block `targets:`, a fight's nested
 * `pile-in:` with a flow `to:`, a `remove:` list with a quoted item, a consolidation toward an
 * objective, and single-quoted refs.
 */
export const NAVIGATION = `# Navigation fixture:
# every place an id can be written.
scenario: Navigation
rules: 10e
board: [30, 20]
turn: red
objectives:
  alpha: [8, 9.3]
terrain:
  ruin: { area: [[1, 1], [3, 1], [3, 3]], kind: ruin }
units:
  squad:
    player: red
    name: Assault squad
    base: 32
    charged:
      - boyz
    models:
      s1: [13.74, 8]
      "s2": [13.74, 9.3]
  boyz:
    player: blue
    base: 32
    models:
      b1: [15, 8]
      b2: [15, 9.3]
steps:
  - fight: squad
    targets: [boyz]
    pile-in:
      targets:
        - boyz
      to: { s1: [13.74, 8] }
  - remove: [b1, "b2"]
  - consolidate: 'squad'
    mode: objective
    objective: alpha
    to:
      s1: [11, 8]
      's2': [10.8, 9.3]
`;

/**
 * Ids the model leaves out but the author still wrote: a step whose unit is a typo (so the parser
 * drops the step and its moves), a unit without a player (left out, its models too), an unknown
 * objective and a reference to that broken unit.
 */
export const BROKEN_REFS = `scenario: Broken refs
rules: 11e
turn: red
objectives:
  alpha: [5, 5]
units:
  a:
    player: red
    base: 32
    models:
      a1: [10, 10]
  lost:
    base: 32
    models:
      l1: [20, 10]
  b:
    player: blue
    base: 32
    models:
      b1: [12, 10]
steps:
  - pile-in: aa
    targets: [lost]
    to: { a1: [10.5, 10] }
  - consolidate: a
    objective: beta
    to:
      a1: [10.5, 10]
`;

/**
 * The offset of the `n`-th (0-based) appearance of `needle` in `text`, plus `delta`; throws when
 * there are fewer, so a changed fixture fails loudly instead of testing the wrong place.
 */
export function offsetOf(text: string, needle: string, n = 0, delta = 0): number {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`fixture error: ${JSON.stringify(needle)} occurs fewer than ${n + 1} times`);
  }
  return at + delta;
}

/** Applies non-overlapping edits (offsets into `text`) in any order. */
export function applyEdits(text: string, edits: ReadonlyArray<{ span: { start: number; end: number }; text: string }>): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.span.start - a.span.start)) {
    out = out.slice(0, edit.span.start) + edit.text + out.slice(edit.span.end);
  }
  return out;
}
