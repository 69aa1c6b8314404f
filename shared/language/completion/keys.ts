import { KEY_DOCS, keysOf, KIND_DOCS, nestedDoc, requiredKeys, STEP_KIND_KEYS, type MapPlace } from "../schema/index";
import type { StepBoard } from "./board";
import { sortKey, type CompletionEntry } from "./entry";
import { textStep, type Scope } from "./scope";
import { stepSnippet, unitSnippet } from "./snippets";
import { point } from "./step-values";
import { attackModels } from "./attack-values";
import { PHASE_OF_STEP } from "../../rules/dispatch";

/** Completions for a key: the keys the map at the cursor accepts and does not have yet, step kinds, or model ids under `to:`. */
export function keyEntries(scope: Scope): CompletionEntry[] {
  const path = scope.ctx.path;
  const [first, second, third] = path;
  if (path.length === 0) return keys(scope, "top");
  if (first === "show") return showKeys(scope, path.slice(1));
  if (first === "units") {
    if (path.length === 1) return scope.snippets && !scope.ctx.inFlow ? [unitSnippet(scope)] : [];
    if (path.length === 2) return keys(scope, "unit");
    if (path.length === 4 && third === "models") return keys(scope, "model");
    return [];
  }
  if (first === "terrain" && path.length === 2) return keys(scope, "terrain");
  if (first === "weapons") return path.length === 2 ? keys(scope, "weapon") : path.length === 4 && third === "profiles" ? keys(scope, "profile") : [];
  if (first !== "steps" || typeof second !== "number") return [];
  const step = textStep(scope, second);
  if (path.length === 2) return step.kind === undefined ? kindEntries(scope, second) : keys(scope, `step:${step.kind}`);
  // Inside a fight's nested block, or a `to:` map (the step's own or a nested block's).
  const nested = third === "pile-in" || third === "consolidate" ? third : undefined;
  if (nested && step.kind !== "fight") return [];
  const rest = nested ? path.slice(3) : path.slice(2);
  if (rest.length === 0 && nested) return keys(scope, `fight.${nested}`);
  if (rest[0] === "show" && !nested) return showKeys(scope, rest.slice(1));
  if (rest[0] === "attacks" && rest.length === 1 && !nested && step.kind === "fight") return attackModels(scope, second);
  // An attack use: `attacks: { a1: { | } }` or one item of a model's list of uses.
  if (rest[0] === "attacks" && !nested && step.kind === "fight" && (rest.length === 2 || (rest.length === 3 && typeof rest[2] === "number")))
    return keys(scope, "use");
  if (rest[0] !== "to") return [];
  if (rest.length === 1) return movedModels(scope, second, step.unit);
  if (rest.length === 2) return keys(scope, "model-move");
  return [];
}

/** The keys of a place not yet written, required ones first, each with its meaning. */
function keys(scope: Scope, place: MapPlace): CompletionEntry[] {
  const { ctx } = scope;
  const required = requiredKeys(place);
  const docs = KEY_DOCS[place] ?? {};
  return keysOf(place)
    .filter((k) => !ctx.present.includes(k))
    .map((key, i) => {
      const doc = docs[key] ?? nestedDoc(place, key);
      return {
        label: key,
        kind: "key" as const,
        ...(doc && { detail: doc.title, documentation: doc.description }),
        sortText: sortKey(required.includes(key) ? 0 : 1, i),
        insert: ctx.prefix + (ctx.colonFollows ? key : `${key}: `),
      };
    });
}

/** Inside `show:` (`rest` is the path below it): its keys, or a ring's or a callout's. */
function showKeys(scope: Scope, rest: readonly (string | number)[]): CompletionEntry[] {
  if (rest.length === 0) return keys(scope, "show");
  if (rest.length === 2 && rest[0] === "rings" && typeof rest[1] === "number") return keys(scope, "ring");
  if (rest.length === 2 && rest[0] === "callouts" && typeof rest[1] === "string") return keys(scope, "callout");
  return [];
}

/** Which phase each action kind belongs to (rules/dispatch.ts); `remove` and `phase` belong anywhere. */
const PHASE_OF: Readonly<Record<string, string>> = PHASE_OF_STEP;

/**
 * Whether a step of `kind` may come next: group 0 when the timeline is in its phase (and, in the
 * 11th edition's Fight phase, in a sub-step that allows it), 1 for `remove` and `phase`, 2 otherwise,
 * with the reason. Without a model every kind is offered plainly.
 */
function kindVerdict(sb: StepBoard | undefined, kind: string): { group: number; reason?: string } {
  const phase = PHASE_OF[kind];
  if (phase === undefined) return { group: 1 };
  if (!sb) return { group: 0 };
  if (sb.phase !== phase)
    return { group: 2, reason: `belongs to the ${phase} phase; the timeline is in the ${sb.phase} phase (write \`- phase: ${phase}\` first)` };
  if (sb.system.fight.structure !== "steps" || sb.sub === undefined) return { group: 0 };
  if (kind === "pile-in" && sb.sub !== "pile-in") return { group: 2, reason: "the Pile In step is over once a unit has fought (11e 12.02)" };
  if (kind === "fight" && sb.sub === "consolidate") return { group: 2, reason: "only a unit an engaging consolidation engaged fights now (11e 12.08)" };
  return { group: 0 };
}

/** Step kinds for a new step, those legal here first, and with snippets a whole step of each kind. */
function kindEntries(scope: Scope, index: number): CompletionEntry[] {
  const { ctx } = scope;
  const sb = scope.boardAt(index);
  return STEP_KIND_KEYS.flatMap((kind, i) => {
    const verdict = kindVerdict(sb, kind);
    const doc = KIND_DOCS[kind];
    const plain: CompletionEntry = {
      label: kind,
      kind: "step-kind",
      detail: verdict.reason ?? doc?.title ?? kind,
      ...(doc && { documentation: doc.description }),
      sortText: sortKey(verdict.group, i * 2),
      insert: ctx.prefix + (ctx.colonFollows ? kind : `${kind}: `),
    };
    if (!scope.snippets || ctx.inFlow || ctx.colonFollows) return [plain];
    return [plain, { ...stepSnippet(scope, index, kind), sortText: sortKey(verdict.group, i * 2 + 1) }];
  });
}

/** Under a step's `to:`: the models of the step's unit still on the board and not yet listed, with where they stand. */
function movedModels(scope: Scope, index: number, unit: string | undefined): CompletionEntry[] {
  const { ctx } = scope;
  const sb = scope.boardAt(index);
  const u = unit === undefined ? undefined : sb?.board.units.get(unit);
  if (!sb || !u) return [];
  return sb.board
    .alive(u)
    .filter((m) => !ctx.present.includes(m.def.id))
    .map((m, i) => ({
      label: m.def.id,
      kind: "model" as const,
      detail: `at ${point(m.at)}`,
      sortText: sortKey(0, i),
      insert: ctx.prefix + (ctx.colonFollows ? m.def.id : `${m.def.id}: `),
    }));
}
