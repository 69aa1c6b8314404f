/**
 * What the board says at a step, for hovers and inlay hints: the board after a step and facts about
 * a model on it (closest enemy, engagement, coherency), each move as written with its limit.
 */
export { boardAfter, closestEnemy, coherencyNeighbours, engagedWith, systemOf } from "./facts";
export { chargeLimit, fightPhaseLimit, movementLimit, type MoveBlock, type MoveLimit } from "./move-limits";
export { moveRecords, type MoveRecord } from "./move-records";
export { editableModels } from "./editable";
export { boardAtFight, fightFacts, reachText, type ModelFight } from "./fight-facts";
