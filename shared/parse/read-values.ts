import { BASE_LIMIT_MM, TABLE_LIMIT_INCHES } from "../model/limits";
import type { BaseShape, NumberOption, Option, Ref, RefList, Vec } from "../model/scenario";
import type { Span } from "../source/span";
import type { ParseContext } from "./parse-context";
import { asScalar, asSeq, describeNode, pairSpan, quote, scalarText, seqItems, spanOf, valueSpan, type YNode, type YPair } from "./yaml-nodes";

/**
 * Readers for the value shapes the language uses. Each returns undefined after recording a
 * `scenario.schema` finding at `at` (the value, or the key when the value is empty) when the
 * value does not fit, so callers only decide what to leave out of the model.
 */

/** A decimal number written as text (`"23.5"`): quoted numbers are accepted like plain ones. */
const NUMERIC_TEXT = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** `60x35`, `60X35`, `60 x 35`: an oval base's two axes in mm. */
const OVAL_TEXT = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*[xX]\s*(\d+(?:\.\d+)?|\.\d+)\s*$/;

/** A finite number. */
export function readNumber(ctx: ParseContext, node: YNode | null, at: Span, what: string): number | undefined {
  const scalar = asScalar(node);
  let value: number | undefined;
  if (scalar && typeof scalar.value === "number") value = scalar.value;
  else if (scalar && typeof scalar.value === "string" && NUMERIC_TEXT.test(scalar.value)) value = Number(scalar.value);
  if (value === undefined) {
    ctx.schema(`${what} must be a number, got ${describeNode(node)}`, at);
    return undefined;
  }
  if (!Number.isFinite(value)) {
    const written = quote(scalarText(node) ?? String(value));
    const meaning = Number.isNaN(value) ? "YAML's not-a-number" : "YAML's infinity";
    ctx.schema(`${what} must be a finite number; ${written} is ${meaning}`, at);
    return undefined;
  }
  return value;
}

/**
 * A number no larger in size than `limit` (a board side, a coordinate, a base): beyond it the
 * value cannot be meant, and is reported as larger than any table or base can be.
 */
function readBounded(ctx: ParseContext, node: YNode | null, at: Span, what: string, limit: number, unit: string): number | undefined {
  const value = readNumber(ctx, node, at, what);
  if (value === undefined) return undefined;
  if (Math.abs(value) > limit) {
    ctx.schema(`${what} ${quote(scalarText(node) ?? String(value))} is larger than any table allows (at most ${limit}${unit})`, at);
    return undefined;
  }
  return value;
}

/** A length in inches on the table: at most `TABLE_LIMIT_INCHES` either way. */
export function readInches(ctx: ParseContext, node: YNode | null, at: Span, what: string): number | undefined {
  return readBounded(ctx, node, at, what, TABLE_LIMIT_INCHES, '"');
}

/** A positive length in inches on the table (a board side, a move). */
export function readPositiveInches(ctx: ParseContext, node: YNode | null, at: Span, what: string): number | undefined {
  const value = readPositive(ctx, node, at, what);
  if (value === undefined || value <= TABLE_LIMIT_INCHES) return value;
  ctx.schema(`${what} ${quote(scalarText(node) ?? String(value))} is larger than any table allows (at most ${TABLE_LIMIT_INCHES}")`, at);
  return undefined;
}

/**
 * A facing in degrees: any finite number, kept as its remainder by 360 (`450` is `90`, `-90` stays
 * `-90`), so a huge angle never turns into an infinite one in radians.
 */
export function readFacing(ctx: ParseContext, node: YNode | null, at: Span): number | undefined {
  const value = readNumber(ctx, node, at, "facing");
  return value === undefined ? undefined : (value % 360) + 0;
}

/** A number greater than 0. */
export function readPositive(ctx: ParseContext, node: YNode | null, at: Span, what: string): number | undefined {
  const value = readNumber(ctx, node, at, what);
  if (value === undefined) return undefined;
  if (value <= 0) {
    ctx.schema(`${what} must be greater than 0, got ${quote(scalarText(node) ?? String(value))}`, at);
    return undefined;
  }
  return value;
}

/**
 * A whole number from `min` to `max` written as `key: value` (a dice roll); the option's span is
 * the whole pair, a finding goes on the value.
 */
export function readRoll(ctx: ParseContext, pair: YPair, range: { readonly min: number; readonly max: number }, what: string): NumberOption | undefined {
  const at = valueSpan(pair);
  const value = readNumber(ctx, pair.value, at, what);
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    const written = quote(scalarText(pair.value) ?? String(value));
    ctx.schema(`${what} must be a whole number from ${range.min} to ${range.max}, got ${written}`, at);
    return undefined;
  }
  return { value, span: pairSpan(pair) };
}

/** A position `[x, y]` in inches. Each coordinate's finding goes on that coordinate. */
export function readVec(ctx: ParseContext, node: YNode | null, at: Span, what: string): Vec | undefined {
  const seq = asSeq(node);
  const items = seq ? seqItems(seq) : [];
  if (!seq || items.length !== 2) {
    const got = seq ? `a list of ${items.length}` : describeNode(node);
    ctx.schema(`${what} must be [x, y] in inches, got ${got}`, at);
    return undefined;
  }
  const x = readInches(ctx, items[0], spanOf(items[0]), `${what}: x`);
  const y = readInches(ctx, items[1], spanOf(items[1]), `${what}: y`);
  return x === undefined || y === undefined ? undefined : { x, y };
}

/** Board size or any other `[a, b]` pair of positive lengths in inches (each at most `TABLE_LIMIT_INCHES`). */
export function readSize(ctx: ParseContext, node: YNode | null, at: Span, what: string, names: readonly [string, string]): [number, number] | undefined {
  const seq = asSeq(node);
  const items = seq ? seqItems(seq) : [];
  if (!seq || items.length !== 2) {
    const got = seq ? `a list of ${items.length}` : describeNode(node);
    ctx.schema(`${what} must be [${names[0]}, ${names[1]}], got ${got}`, at);
    return undefined;
  }
  const a = readPositiveInches(ctx, items[0], spanOf(items[0]), `${what}: ${names[0]}`);
  const b = readPositiveInches(ctx, items[1], spanOf(items[1]), `${what}: ${names[1]}`);
  return a === undefined || b === undefined ? undefined : [a, b];
}

/**
 * A base: a number (a round base's diameter in mm) or text `LxW` (an oval's axes in mm, in either
 * order; the larger is stored as the length, and equal axes make a round base).
 */
export function readBase(ctx: ParseContext, node: YNode | null, at: Span): BaseShape | undefined {
  const scalar = asScalar(node);
  // `0x35` is a hex number in YAML, but here it can only be meant as an oval's axes.
  const written = scalar && typeof scalar.value === "number" && OVAL_TEXT.test(scalar.source ?? "") ? scalar.source : undefined;
  const raw = written ?? (scalar ? scalar.value : undefined);
  if (typeof raw === "number" || (typeof raw === "string" && NUMERIC_TEXT.test(raw))) {
    const diameterMm = readPositive(ctx, node, at, "a base diameter (mm)");
    if (diameterMm === undefined) return undefined;
    if (diameterMm > BASE_LIMIT_MM) {
      ctx.schema(`a base diameter of ${quote(String(raw))} mm is larger than any base (at most ${BASE_LIMIT_MM} mm)`, at);
      return undefined;
    }
    return { kind: "round", diameterMm };
  }
  const oval = typeof raw === "string" ? OVAL_TEXT.exec(raw) : null;
  if (!oval) {
    ctx.schema(`base must be a diameter in mm (32) or an oval's length x width in mm (60x35), got ${describeNode(node)}`, at);
    return undefined;
  }
  const a = Number(oval[1]);
  const b = Number(oval[2]);
  if (!(a > 0 && b > 0)) {
    ctx.schema(`an oval base's sizes must be greater than 0 mm, got ${quote(String(raw))}`, at);
    return undefined;
  }
  if (a > BASE_LIMIT_MM || b > BASE_LIMIT_MM) {
    ctx.schema(`an oval base of ${quote(String(raw))} mm is larger than any base (at most ${BASE_LIMIT_MM} mm a side)`, at);
    return undefined;
  }
  if (a === b) return { kind: "round", diameterMm: a };
  return { kind: "oval", lengthMm: Math.max(a, b), widthMm: Math.min(a, b) };
}

/** Free text (a title, a name, a note); a number or boolean counts as the text it is written as. */
export function readText(ctx: ParseContext, node: YNode | null, at: Span, what: string): string | undefined {
  const text = scalarText(node);
  if (text === undefined) {
    ctx.schema(`${what} must be text, got ${describeNode(node)}`, at);
    return undefined;
  }
  return text;
}

/** `true` or `false` (quoted or not). */
export function readBool(ctx: ParseContext, node: YNode | null, at: Span, what: string): boolean | undefined {
  const scalar = asScalar(node);
  const value = scalar?.value;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  ctx.schema(`${what} must be true or false, got ${describeNode(node)}`, at);
  return undefined;
}

/** An id written as a scalar; the ref's span is the scalar. */
export function readRef(ctx: ParseContext, node: YNode | null, at: Span, what: string): Ref | undefined {
  const text = scalarText(node);
  if (text === undefined || text.trim() === "" || node === null) {
    ctx.schema(`${what} must be an id, got ${describeNode(node)}`, at);
    return undefined;
  }
  return { id: text, span: spanOf(node) };
}

/** A list of ids `key: [a, b]`; the list's span is the whole pair. Bad items are left out. */
export function readRefList(ctx: ParseContext, pair: YPair, what: string): RefList | undefined {
  const seq = asSeq(pair.value);
  if (!seq) {
    ctx.schema(`${what} must be a list of ids like [a, b], got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  const refs: Ref[] = [];
  for (const item of seqItems(seq)) {
    const ref = readRef(ctx, item, spanOf(item), `an item of ${what}`);
    if (!ref) continue;
    // Listing an id twice says nothing more than once: the repeat is reported and left out.
    const first = refs.find((r) => r.id === ref.id);
    if (first) ctx.duplicate(`${quote(ref.id)} is listed twice in ${what}; the first is used`, ref.span, first.span);
    else refs.push(ref);
  }
  return { refs, span: pairSpan(pair) };
}

/** A value from a fixed list (`type: overrun`); the option's span is the whole pair. */
export function readChoice<T extends string>(ctx: ParseContext, pair: YPair, choices: readonly T[], what: string): Option<T> | undefined {
  const text = scalarText(pair.value);
  const list = choices.join(", ");
  if (text === undefined) {
    ctx.schema(`${what} must be one of: ${list}; got ${describeNode(pair.value)}`, valueSpan(pair));
    return undefined;
  }
  if (!(choices as readonly string[]).includes(text)) {
    ctx.schema(`unknown ${what} ${quote(text)}; expected one of: ${list}`, valueSpan(pair));
    return undefined;
  }
  return { value: text as T, span: pairSpan(pair) };
}
