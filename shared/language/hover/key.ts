import type { Scenario } from "../../model/scenario";
import type { Span } from "../../source/span";
import { cursorContext } from "../completion/context";
import type { Segment } from "../completion/lines";
import { KEY_DOCS, nestedDoc, type MapPlace } from "../schema/index";

/**
 * A key's meaning where it is written (`measure:` inside `show:`, `radius:` in a ring, `to:` in a
 * step): the title and description completion and the JSON schema show, read from the same tables
 * (schema/docs.ts). The place comes from the lines around the cursor, as completion reads it.
 */
export function keyHover(scenario: Scenario, text: string, offset: number): { markdown: string; span: Span } | undefined {
  const ctx = cursorContext(text, offset);
  if (!ctx || ctx.position !== "key") return undefined;
  const key = text.slice(ctx.range.start, ctx.range.end);
  if (key === "") return undefined;
  const place = placeOf(scenario, ctx.path);
  const doc = place && (KEY_DOCS[place]?.[key] ?? nestedDoc(place, key));
  if (!doc) return undefined;
  return { markdown: `**${doc.title}** (\`${key}:\`)\n\n${doc.description}`, span: ctx.range };
}

/** The place of the map at `path`, or undefined where no fixed set of keys is documented. */
function placeOf(scenario: Scenario, path: readonly Segment[]): MapPlace | undefined {
  const [first, second, third] = path;
  if (path.length === 0) return "top";
  if (first === "show") return showPlace(path.slice(1));
  if (first === "units") return path.length === 2 ? "unit" : path.length === 4 && third === "models" ? "model" : undefined;
  if (first === "terrain") return path.length === 2 ? "terrain" : undefined;
  if (first === "weapons") return path.length === 2 ? "weapon" : path.length === 4 && third === "profiles" ? "profile" : undefined;
  if (first !== "steps" || typeof second !== "number") return undefined;
  const kind = scenario.steps.find((s) => s.index === second)?.kind;
  if (path.length === 2) return kind && `step:${kind}`;
  const nested = third === "pile-in" || third === "consolidate" ? third : undefined;
  if (third === "show") return showPlace(path.slice(3));
  if (third === "attacks" && kind === "fight" && (path.length === 4 || (path.length === 5 && typeof path[4] === "number"))) return "use";
  const rest = nested ? path.slice(3) : path.slice(2);
  if (nested && rest.length === 0) return `fight.${nested}`;
  return rest[0] === "to" && rest.length === 2 ? "model-move" : undefined;
}

function showPlace(rest: readonly Segment[]): MapPlace | undefined {
  if (rest.length === 0) return "show";
  if (rest.length === 2 && rest[0] === "rings") return "ring";
  if (rest.length === 2 && rest[0] === "callouts") return "callout";
  return undefined;
}
