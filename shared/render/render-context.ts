/** What every drawing layer shares: the scenario, the frame, the theme, the projection and the label placer. */
import type { BoardFrame, ModelFrame } from "../engine/frame";
import type { RegionResult } from "../engine/region";
import type { Scenario, Step, UnitDef, ViewSpec } from "../model/scenario";
import type { Span } from "../source/span";
import type { RulesSystem } from "../systems/system";
import type { Projection } from "./base-shape";
import type { LabelPlacer } from "./label-placer";
import { playerColours, type PlayerColours, type Theme, type ThemeName } from "./theme";

/** Options of `renderBoard`. Every option has a default, so `{}` draws a plain light board. */
export interface RenderOptions {
  /** Colours and font (default `light`). */
  readonly theme?: ThemeName;
  /** Engagement-range halos round every base (default off). */
  readonly halos?: boolean;
  /** Lines between models of a unit that are within coherency distance of each other (default off). */
  readonly coherency?: boolean;
  /** Pixels per inch (default 24). */
  readonly scale?: number;
  /** The legend under the board (default on). */
  readonly legend?: boolean;
  /** The scenario text to embed in `<metadata>` so `extractSource` can give it back (default: none). */
  readonly embedSource?: string;
  /** The rules system to take distances from (engagement range, coherency), as `analyze`'s `rules` option. */
  readonly rules?: string;
  /** Rulings over that system, as `analyze`'s `rulings` option. */
  readonly rulings?: readonly string[];
  /**
   * A move's legal region (`moveRegion`), drawn under the models when it is of the shown step
   * (`region.step === frame.step`), with its legend entries and its note under the board.
   */
  readonly region?: RegionResult;
  /** The part of the board to show, over the scenario's `view:` (`ruleboard render --view`). */
  readonly view?: ViewSpec;
}

/** Default pixels per inch: a 44" x 30" board is about 1060 x 720 px. */
export const DEFAULT_SCALE = 24;

/**
 * The longest side of the drawn board in pixels (a 170" side at 24 px per inch): larger boards
 * are drawn at a smaller scale, so the picture's size never grows with the board's area.
 */
export const MAX_BOARD_PX = 4096;

/** The shared state of one rendering. */
export interface RenderContext {
  readonly scenario: Scenario;
  readonly frame: BoardFrame;
  readonly theme: Theme;
  readonly system: RulesSystem;
  readonly proj: Projection;
  readonly placer: LabelPlacer;
  /** The shown step, if any. */
  readonly step?: Step;
  readonly units: ReadonlyMap<string, UnitDef>;
  /** Models on the board after the shown step, by id. */
  readonly models: ReadonlyMap<string, ModelFrame>;
}

/** The colours of a unit's player (by the player's place in `scenario.players`). */
export function coloursOfPlayer(ctx: RenderContext, player: string): PlayerColours {
  return playerColours(ctx.theme, ctx.scenario.players.indexOf(player));
}

export { movesOfStep } from "../engine/frame";

/** True when two source spans share at least one character (or an empty span sits inside the other). */
export function spansMeet(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end ? true : a.start === a.end ? a.start >= b.start && a.start < b.end : false;
}

/** A short description of a step for the header, e.g. "fight: Assault squad (overrun)". */
export function describeStep(ctx: RenderContext, step: Step): string {
  const unitName = (id: string): string => ctx.units.get(id)?.name ?? id;
  switch (step.kind) {
    case "pile-in":
      return `pile-in: ${unitName(step.unit.id)}`;
    case "fight":
      return `fight: ${unitName(step.unit.id)}${step.type ? ` (${step.type.value})` : ""}`;
    case "consolidate":
      return `consolidate: ${unitName(step.unit.id)}${step.mode ? ` (${step.mode.value})` : ""}`;
    case "move":
      return `move: ${unitName(step.unit.id)}${step.type ? ` (${step.type.value})` : ""}`;
    case "charge":
      return `${step.intervention ? "heroic intervention" : "charge"}: ${unitName(step.unit.id)}`;
    case "remove":
      return `remove: ${step.models.map((m) => m.id).join(", ")}`;
    case "phase":
      return `phase: ${step.phase.value}`;
  }
}
