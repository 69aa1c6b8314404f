import { CodeActionKind, ErrorCodes, ResponseError } from "vscode-languageserver/node";
import type { CodeAction, CodeActionParams, Diagnostic, TextEdit, WorkspaceEdit } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Analysis, Problem } from "../shared/index";
import { Budget, DEFAULT_BUDGET, quickFixes, type Fix } from "../shared/language/fixes/index";
import { describeError } from "./errors";
import type { Feature, FeatureContext } from "./feature";
import type { RuleboardSettings } from "./settings";
import { DIAGNOSTIC_SOURCE, messageOf, toRange } from "./to-lsp";

/**
 * Quick fixes (`textDocument/codeAction`, kind `quickfix`) for the diagnostics the client sends
 * back: each is matched to the analysis' problem by code and range, and its fixes come from
 * shared/language/fixes (verified by re-analysis there). Fixes are remembered per problem of
 * the cached analysis, so the light bulb asking again on every cursor move costs nothing.
 */
export const codeActionsFeature: Feature = createCodeActionsFeature();

/** Time one request may spend verifying fixes, in ms (the server answers nothing else meanwhile). */
const QUICK_FIX_TIME_MS = 1500;

function createCodeActionsFeature(): Feature {
  // Versioned edits let the client refuse a fix computed for an older text.
  let versioned = false;
  return {
    capabilities: (client) => {
      versioned = client.workspace?.workspaceEdit?.documentChanges === true;
      return { codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] } };
    },
    register: (context) => {
      const remembered = new WeakMap<Problem, Fix[]>();
      context.connection.onCodeAction((params) => codeActionsOf(params, context, remembered, versioned));
    },
  };
}

/**
 * The quick fixes for the diagnostics of one request. A request without a document uri or
 * diagnostics list is InvalidParams (like navigation's); a document not open, or a diagnostic
 * of another shape or source, gets nothing; any other failure is logged and answered with nothing.
 */
function codeActionsOf(params: CodeActionParams, context: FeatureContext, remembered: WeakMap<Problem, Fix[]>, versioned: boolean): CodeAction[] {
  const { uri, diagnostics, only } = checked(params);
  const document = context.documents.get(uri);
  if (document === undefined || !wantsQuickFixes(only)) return [];
  try {
    const { analysis } = context.analyses.get(document);
    const settings = context.settings.get();
    // Re-analyses cost more on a large scenario: stop at a deadline as well as at the count.
    const deadline = Date.now() + QUICK_FIX_TIME_MS;
    const budget = new Budget(DEFAULT_BUDGET, () => Date.now() > deadline);
    const actions: CodeAction[] = [];
    for (const diagnostic of diagnostics) {
      if (!isDiagnostic(diagnostic)) continue;
      const problem = problemOf(diagnostic, analysis, document, settings);
      if (problem === undefined) continue;
      let fixes = remembered.get(problem);
      if (fixes === undefined) {
        const fresh = budget.used === 0;
        fixes = quickFixes(document.getText(), analysis, problem, { budget });
        // A search the request's budget cut short may find more next time, unless it had the whole
        // budget to itself: then asking again would only repeat the same work.
        if (!budget.exhausted || fresh) remembered.set(problem, fixes);
      }
      for (const fix of fixes) actions.push(toCodeAction(fix, diagnostic, document, versioned));
    }
    return actions;
  } catch (error) {
    context.connection.console.error(`Ruleboard: quick fixes for ${document.uri} (version ${document.version}) failed: ${describeError(error)}`);
    return [];
  }
}

/** The parts of the params this feature reads, checked: a malformed request is the client's error, not ours. */
function checked(params: unknown): { uri: string; diagnostics: readonly unknown[]; only: readonly string[] | undefined } {
  const p = (params ?? {}) as { textDocument?: { uri?: unknown }; context?: { diagnostics?: unknown; only?: unknown } };
  const uri = p.textDocument?.uri;
  if (typeof uri !== "string") throw new ResponseError(ErrorCodes.InvalidParams, "code actions need a textDocument.uri");
  const diagnostics = p.context?.diagnostics;
  if (!Array.isArray(diagnostics)) throw new ResponseError(ErrorCodes.InvalidParams, "code actions need context.diagnostics, a list");
  const only = p.context?.only;
  if (only !== undefined && only !== null && !(Array.isArray(only) && only.every((k) => typeof k === "string"))) {
    throw new ResponseError(ErrorCodes.InvalidParams, "context.only must be a list of code action kinds");
  }
  return { uri, diagnostics, only: (only ?? undefined) as readonly string[] | undefined };
}

/** `only` (when given) lists the kinds the client wants; a quick fix is one of them or under one. */
function wantsQuickFixes(only: readonly string[] | undefined): boolean {
  return only === undefined || only.some((kind) => kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`));
}

/**
 * The analysis' problem a client diagnostic shows: same source, code and range (and step, when the
 * diagnostic carries it in `data`); among several, the one whose message as published now
 * (`ruleboard.messages` may add to it) or as the engine wrote it (published under other settings)
 * is the diagnostic's. Several with no such message: none, rather than another finding's fixes.
 */
function problemOf(diagnostic: Diagnostic, analysis: Analysis, document: TextDocument, settings: RuleboardSettings): Problem | undefined {
  if (diagnostic.source !== DIAGNOSTIC_SOURCE) return undefined;
  const step = (diagnostic.data as { step?: unknown } | undefined)?.step;
  const same = analysis.problems.filter(
    (p) => p.code === diagnostic.code && sameRange(toRange(p.span, document), diagnostic.range) && (typeof step !== "number" || p.step === step),
  );
  if (same.length === 1) return same[0];
  return same.find((p) => messageOf(p, settings) === diagnostic.message) ?? same.find((p) => p.message === diagnostic.message);
}

/** A diagnostic as far as matching reads it: its range's four numbers, and a message. */
function isDiagnostic(value: unknown): value is Diagnostic {
  const d = value as Partial<Diagnostic> | null;
  const position = (p: unknown): boolean =>
    typeof (p as { line?: unknown })?.line === "number" && typeof (p as { character?: unknown })?.character === "number";
  return typeof d === "object" && d !== null && position(d.range?.start) && position(d.range?.end) && typeof d.message === "string";
}

function sameRange(a: Diagnostic["range"], b: Diagnostic["range"]): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function toCodeAction(fix: Fix, diagnostic: Diagnostic, document: TextDocument, versioned: boolean): CodeAction {
  const edits: TextEdit[] = fix.edits.map((e) => ({ range: toRange(e.span, document), newText: e.newText }));
  const edit: WorkspaceEdit = versioned
    ? { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }] }
    : { changes: { [document.uri]: edits } };
  const action: CodeAction = { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit };
  if (fix.preferred) action.isPreferred = true;
  return action;
}
