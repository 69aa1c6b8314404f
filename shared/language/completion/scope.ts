import type { Analysis } from "../../engine/analyze";
import type { Scenario, Step } from "../../model/scenario";
import { STEP_KIND_KEYS } from "../schema/index";
import { boardBefore, type StepBoard } from "./board";
import { entriesAt, type CursorContext } from "./context";
import { completionModel, type CompletionModel } from "./model";

/** What the completion providers share for one request: the cursor, and the model and boards, computed once and only when asked for. */
export interface Scope {
  readonly ctx: CursorContext;
  readonly snippets: boolean;
  /** The client re-indents a snippet's later lines by the line's own indentation (LSP adjustIndentation). */
  readonly adjustsIndentation: boolean;
  /** The caller's deadline for the questions to the engine (modes and types), when it gave one. */
  readonly expired?: () => boolean;
  model(): CompletionModel;
  /** The board just before position `index` in `steps:` (the model's own steps replayed), or undefined without a model. */
  boardAt(index: number): StepBoard | undefined;
}

export function makeScope(
  text: string,
  ctx: CursorContext,
  options: { analysis?: Analysis; lastGood?: Scenario; snippets?: boolean; adjustsIndentation?: boolean; expired?: () => boolean },
): Scope {
  let model: CompletionModel | undefined;
  const boards = new Map<number, StepBoard | undefined>();
  const scope: Scope = {
    ctx,
    snippets: options.snippets === true,
    adjustsIndentation: options.adjustsIndentation !== false,
    ...(options.expired && { expired: options.expired }),
    model: () => (model ??= completionModel(text, ctx, options.analysis, options.lastGood)),
    boardAt: (index) => {
      if (!boards.has(index)) {
        const scenario = scope.model().scenario;
        boards.set(index, scenario && boardBefore(scenario, index));
      }
      return boards.get(index);
    },
  };
  return scope;
}

/** A step as the text writes it: its kind key and its unit, when the unit is written and not being typed. */
export interface TextStep {
  readonly index: number;
  readonly kind?: string;
  readonly unit?: string;
}

/** Reads the step at position `index` of `steps:` from the text around the cursor. */
export function textStep(scope: Scope, index: number): TextStep {
  const entries = entriesAt(scope.ctx, ["steps", index]) ?? [];
  const keys = entries.map((e) => e.key);
  // A fight's `pile-in:` / `consolidate:` are nested blocks, as the parser reads them.
  const kind = keys.includes("fight") ? "fight" : keys.find((k) => STEP_KIND_KEYS.includes(k));
  const head = entries.find((e) => e.key === kind);
  const typing = head !== undefined && head.line === scope.ctx.line && scope.ctx.position === "value";
  const unit = head && !typing && head.value !== "" ? unquote(head.value) : undefined;
  return { index, ...(kind !== undefined && { kind }), ...(unit !== undefined && { unit }) };
}

/** The model's step at the same position with the same kind and unit as the text's, or undefined when they differ. */
export function modelStep(scope: Scope, step: TextStep): Step | undefined {
  const found = scope.model().scenario?.steps.find((s) => s.index === step.index);
  if (!found || found.kind !== step.kind) return undefined;
  if ("unit" in found && found.unit.id !== step.unit) return undefined;
  return found;
}

/** The value of a scalar as written, without its quotes. */
export function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.endsWith(v[0]) ? v.slice(1, -1) : v;
}

/** The text that replaces the word for a value: after a bare `key:` it needs a space; a list key's scalar becomes `[value]`. */
export function valueInsert(ctx: CursorContext, value: string, listKey: boolean): string {
  const text = listKey && !ctx.list ? `[${value}]` : value;
  return ctx.prefix + text;
}
