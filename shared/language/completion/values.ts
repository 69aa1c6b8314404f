import { RULING_NAMES, PHASES, SUPPORTED_RULES } from "../../parse/vocabulary";
import { RULING_SETS, RULINGS } from "../../systems/rulings";
import { RULES_SYSTEMS } from "../../systems/system";
import { entriesAt } from "./context";
import { inOrder, sortKey, type CompletionEntry } from "./entry";
import type { Segment } from "./lines";
import { textStep, unquote, valueInsert, type Scope } from "./scope";
import { attackValues, resolveValues, wargearValues } from "./attack-values";
import { showValues } from "./show-values";
import { stepValues } from "./step-values";

/** The unit keys that hold `true` or `false`. */
const FLAGS: ReadonlySet<string> = new Set(["fights-first", "advanced", "fell-back", "battle-shocked"]);

/** Completions for a value: what may be written for the key the cursor is after, at its place. */
export function valueEntries(scope: Scope): CompletionEntry[] {
  const { ctx } = scope;
  const key = ctx.key!;
  const path = ctx.path;
  if (path.length === 0) return topValues(scope, key);
  if (path[0] === "show") return showValues(scope, path.slice(1), key, undefined);
  if (path[0] === "units" && key === "wargear" && (path.length === 2 || (path.length === 4 && path[2] === "models"))) return wargearValues(scope);
  if (path[0] === "units" && path.length === 2 && typeof path[1] === "string") return unitValues(scope, path[1], key);
  if (path[0] === "steps" && typeof path[1] === "number") {
    if (path.length === 2 && key === "resolve") return resolveValues(scope, path[1]);
    if (path.length === 2) return stepValues(scope, path[1], key);
    if (path[2] === "show") return showValues(scope, path.slice(3), key, path[1]);
    if (path[2] === "attacks" && (path.length === 4 || (path.length === 5 && typeof path[4] === "number")))
      return attackValues(scope, path[1], path.slice(2), key);
    const nested = path[2];
    if (path.length === 3 && (nested === "pile-in" || nested === "consolidate") && textStep(scope, path[1]).kind === "fight")
      return stepValues(scope, path[1], key, nested);
  }
  return [];
}

function topValues(scope: Scope, key: string): CompletionEntry[] {
  const { ctx } = scope;
  switch (key) {
    case "rules":
      return inOrder(
        0,
        SUPPORTED_RULES.map((id) => ({ label: id, kind: "value" as const, detail: RULES_SYSTEMS[id]?.name, insert: valueInsert(ctx, id, false) })),
      );
    case "rulings":
      return rulingValues(scope);
    case "phase":
      return inOrder(
        0,
        PHASES.map((p) => ({ label: p, kind: "value" as const, insert: valueInsert(ctx, p, false) })),
      );
    case "turn":
      return playerValues(scope);
    case "view":
      return inOrder(0, [
        { label: "auto", kind: "value" as const, detail: "each board cropped to what matters at its step", insert: valueInsert(ctx, "auto", false) },
        { label: "board", kind: "value" as const, detail: "the whole board (the default)", insert: valueInsert(ctx, "board", false) },
      ]);
    default:
      return [];
  }
}

/** Rulings and ruling sets: those for the scenario's rules system first. */
function rulingValues(scope: Scope): CompletionEntry[] {
  const { ctx } = scope;
  const written = ctx.list?.written ?? [];
  const rules = unquote(entriesAt(ctx, [])?.find((e) => e.key === "rules")?.value ?? "") || SUPPORTED_RULES[0];
  return RULING_NAMES.filter((name) => !written.includes(name)).map((name, i) => {
    const set = Object.hasOwn(RULING_SETS, name) ? RULING_SETS[name] : undefined;
    const systems = set ? [...new Set(set.flatMap((r) => RULINGS[r]?.systems ?? []))] : (RULINGS[name]?.systems ?? []);
    const documentation = set ? `A set of rulings: ${set.map((r) => `\`${r}\``).join(", ")}.` : `${RULINGS[name].summary}\n\nSource: ${RULINGS[name].source}`;
    return {
      label: name,
      kind: "value" as const,
      detail: `${set ? "ruling set" : "ruling"} for ${systems.join(", ")}`,
      documentation,
      sortText: sortKey(systems.includes(rules) ? 0 : 1, i),
      insert: valueInsert(ctx, name, true),
    };
  });
}

/** The players named so far: the model's, and any `player:` written in the text. */
function playerValues(scope: Scope): CompletionEntry[] {
  const { ctx } = scope;
  const names = new Set(scope.model().scenario?.players ?? []);
  for (const l of ctx.lines) if (l.key === "player" && l.value !== "" && !l.blank) names.add(unquote(l.value));
  return inOrder(
    0,
    [...names].map((p) => ({ label: p, kind: "player" as const, insert: valueInsert(ctx, p, false) })),
  );
}

function unitValues(scope: Scope, unitId: string, key: string): CompletionEntry[] {
  const { ctx } = scope;
  if (FLAGS.has(key))
    return inOrder(
      0,
      ["true", "false"].map((v) => ({ label: v, kind: "value" as const, insert: valueInsert(ctx, v, false) })),
    );
  if (key === "player") return playerValues(scope);
  if (key !== "charged") return [];
  // `charged: [` lists the enemy units it charged: units of another player.
  const player = unquote(entriesAt(ctx, ["units", unitId] as Segment[])?.find((e) => e.key === "player")?.value ?? "");
  const written = ctx.list?.written ?? [];
  const units = (scope.model().scenario?.units ?? []).filter((u) => u.id !== unitId && u.player !== player && !written.includes(u.id));
  const flags = ctx.list
    ? []
    : inOrder(
        0,
        ["true", "false"].map((v) => ({ label: v, kind: "value" as const, insert: valueInsert(ctx, v, false) })),
      );
  return [
    ...flags,
    ...inOrder(
      1,
      units.map((u) => ({ label: u.id, kind: "unit" as const, detail: `${u.player}${u.name ? ` · ${u.name}` : ""}`, insert: valueInsert(ctx, u.id, true) })),
    ),
  ];
}
