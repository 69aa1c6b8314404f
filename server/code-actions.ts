import { CodeActionKind } from "vscode-languageserver/node";
import type { CodeAction, CodeActionParams, Diagnostic, TextEdit, WorkspaceEdit } from "vscode-languageserver/node";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Analysis, Problem } from "../shared/index";
import { Budget, DEFAULT_BUDGET, quickFixes, type Fix } from "../shared/language/fixes/index";
import { describeError } from "./errors";
import type { Feature, FeatureContext } from "./feature";
import { DIAGNOSTIC_SOURCE, toRange } from "./to-lsp";

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

function codeActionsOf(params: CodeActionParams, context: FeatureContext, remembered: WeakMap<Problem, Fix[]>, versioned: boolean): CodeAction[] {
  const document = context.documents.get(params.textDocument.uri);
  if (document === undefined || !wantsQuickFixes(params.context.only)) return [];
  try {
    const { analysis } = context.analyses.get(document);
    // Re-analyses cost more on a large scenario: stop at a deadline as well as at the count.
    const deadline = Date.now() + QUICK_FIX_TIME_MS;
    const budget = new Budget(DEFAULT_BUDGET, () => Date.now() > deadline);
    const actions: CodeAction[] = [];
    for (const diagnostic of params.context.diagnostics) {
      const problem = problemOf(diagnostic, analysis, document);
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

/** `only` (when given) lists the kinds the client wants; a quick fix is one of them or under one. */
function wantsQuickFixes(only: readonly string[] | undefined): boolean {
  return only === undefined || only.some((kind) => kind === CodeActionKind.QuickFix || CodeActionKind.QuickFix.startsWith(`${kind}.`));
}

/** The analysis' problem a client diagnostic shows: same code and range (and message, among equals). */
function problemOf(diagnostic: Diagnostic, analysis: Analysis, document: TextDocument): Problem | undefined {
  if (diagnostic.source !== DIAGNOSTIC_SOURCE) return undefined;
  const same = analysis.problems.filter((p) => p.code === diagnostic.code && sameRange(toRange(p.span, document), diagnostic.range));
  return same.find((p) => p.message === diagnostic.message) ?? same[0];
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
