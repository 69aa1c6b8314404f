import type { Code } from "../diagnostics/codes";
import { problem, type Problem, type RelatedInfo } from "../diagnostics/problem";
import type { Span } from "../source/span";

/** What the parser knows about one defined id (unit, model or objective). */
export interface IdEntry {
  /** The id key of the first definition. */
  readonly span: Span;
  /**
   * False when the definition had errors and was left out of the model: references to it are
   * dropped without a second finding (the definition's own problem already explains it).
   */
  ok: boolean;
  /** For a model: the id of its unit. */
  readonly unit?: string;
}

/** Ids defined in the scenario, filled while parsing definitions and read when resolving refs. */
export interface Registry {
  readonly units: Map<string, IdEntry>;
  readonly models: Map<string, IdEntry>;
  readonly objectives: Map<string, IdEntry>;
  readonly weapons: Map<string, IdEntry>;
  /** Distinct players in order of first appearance. */
  readonly players: string[];
}

/**
 * The parser's shared state: the findings so far and the id registry. `step` is the index of the
 * step being read, stamped on every finding made meanwhile so the CLI and the server can group them.
 */
export class ParseContext {
  readonly problems: Problem[] = [];
  readonly registry: Registry;
  step: number | undefined;

  /** `registry`: the ids a reading of the same definitions found (parse/reread.ts reads one step against them); new otherwise. */
  constructor(registry?: Registry) {
    this.registry = registry ?? { units: new Map(), models: new Map(), objectives: new Map(), weapons: new Map(), players: [] };
  }

  /** Records an error finding, optionally pointing at other places involved (a first definition). */
  error(code: Code, message: string, span: Span, related?: RelatedInfo[]): void {
    this.problems.push(problem(code, "error", message, span, { step: this.step, related }));
  }

  /** Records a `scenario.duplicate-id` finding on the second key, pointing at the first. */
  duplicate(message: string, span: Span, first: Span): void {
    this.error("scenario.duplicate-id", message, span, [{ message: "the first definition", span: first }]);
  }

  /** Records a `scenario.schema` error (unknown key, wrong type, missing key, bad value). */
  schema(message: string, span: Span): void {
    this.error("scenario.schema", message, span);
  }

  /** Runs `body` with findings stamped with the given step index. */
  inStep<T>(index: number, body: () => T): T {
    const saved = this.step;
    this.step = index;
    try {
      return body();
    } finally {
      this.step = saved;
    }
  }
}

/**
 * The registry each reading filled, by the scenario it read: a step read again (parse/reread.ts)
 * resolves its ids against its version's definitions. Weak, and never changed after the reading.
 */
const registries = new WeakMap<object, Registry>();

export function keepRegistry(scenario: object, registry: Registry): void {
  registries.set(scenario, registry);
}

export function registryOf(scenario: object): Registry | undefined {
  return registries.get(scenario);
}
