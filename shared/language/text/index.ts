/**
 * How things are written, shared by every feature: edits of the scenario text (one replacement,
 * applied back to front; line starts and ends; a coordinate as a fix writes it) and the wording
 * of hovers and inlay hints (distances as the engine prints them, points, bases, steps, Markdown).
 */
export { applyEdits, formatCoordinate, lineBreakOf, lineEndAt, lineStartAt, roundCoordinate, type TextEdit } from "./edits";
export { baseText, inches, md, num, point, stepHead, stepName } from "./wording";
