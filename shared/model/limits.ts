/**
 * How large a scenario's numbers and text may be. Beyond these no table, base or move is real,
 * so a value past a limit is a typo (`[30, 20000000000000000]` for `[30, 20]`): the parser reports
 * it on its line and leaves it out, as it does a value of the wrong type, and the engine and the
 * renderer never see a number that would make their work grow without bound.
 */

/** A board side, a distance from the origin, a unit's move: at most 1000" (about 25 m). */
export const TABLE_LIMIT_INCHES = 1000;

/** A base's diameter or axis: at most 1000 mm. */
export const BASE_LIMIT_MM = 1000;

/**
 * Documents longer than this (UTF-16 code units: 640 KB of ASCII, some 10,000 models) are read for
 * their YAML and keys only, with a `scenario.too-large` warning: the rules engine is not run on them.
 * (256 KB until the engine's cost became linear in the models: test/bench/edit-to-diagnostics.bench.ts.)
 */
export const FULL_CHECK_LIMIT = 640 * 1024;

/** Documents longer than this (1 MB) are not parsed at all: one `scenario.too-large` error. */
export const PARSE_LIMIT = 1024 * 1024;

/** Flow collections (`[`, `{`) nested deeper than this are not parsed: no scenario needs more than a few. */
export const NESTING_LIMIT = 64;
