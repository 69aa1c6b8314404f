import type { ObjectiveDef } from "../model/scenario";
import { readIdMap } from "./key-table";
import type { ParseContext } from "./parse-context";
import { readVec } from "./read-values";
import { asMap, describeNode, isEmpty, quote, valueSpan, type YPair } from "./yaml-nodes";

/**
 * Reads `objectives:`, a map of objective id to `[x, y]` (the centre of a 40 mm marker), and
 * registers the ids. An objective with an unusable position is registered as not ok.
 */
export function parseObjectives(ctx: ParseContext, pair: YPair): ObjectiveDef[] {
  const objectives: ObjectiveDef[] = [];
  const map = asMap(pair.value);
  if (!map) {
    if (!isEmpty(pair.value)) {
      ctx.schema(`objectives must be a map of objective ids to [x, y], got ${describeNode(pair.value)}`, valueSpan(pair));
    }
    return objectives;
  }
  readIdMap(
    ctx,
    map,
    (id) => `objective id ${quote(id)} is defined twice; the first one is used`,
    (id, objectivePair, span) => {
      const at = readVec(ctx, objectivePair.value, valueSpan(objectivePair), `objective ${quote(id)}`);
      ctx.registry.objectives.set(id, { span, ok: at !== undefined });
      if (at) objectives.push({ id, at, span });
    },
  );
  return objectives;
}
