import type { Vec } from "../model/scenario";
import { circumradius, withCentre, withFacing, type Shape } from "./shape";
import { MARGIN, TAU_C } from "./tolerance";
import { directCandidate, locusSource, type Candidate, type LocusSource } from "./witness-locus";
import { GEPS, pathContext, rotationClear, spotOk, translationClear, withinReach, type PathContext, type SpotContext } from "./witness-spot";
import { degToRad, dist, radToDeg } from "./vec";

/** "Could this model have reached the goal?". All lengths in inches. */
export interface WitnessQuery {
  /** The model's base at its start position, with its actual facing. */
  readonly moving: Shape;
  /** The base's facing in degrees as the scenario writes it (default: from the shape). */
  readonly facingDeg?: number;
  readonly start: Vec;
  /** Straight-line reach; the caller passes the move's distance minus MARGIN. */
  readonly reach: number;
  /** May the facing change freely? (11th edition: yes; matters only for ovals.) */
  readonly rotate: boolean;
  /** Goal: end with a gap of at most goalGap to one of these, never overlapping any. */
  readonly targets: readonly Shape[];
  /** 0 means base contact (gap within [0, TAU_C / 2]); e.g. 2 - MARGIN for "engaged". */
  readonly goalGap: number;
  /** Bases the end position must clear by MARGIN. */
  readonly blockers: readonly Shape[];
  /**
   * Bases the straight path may not cross (enemy models; friendly models may be moved through).
   * Default: every target and blocker.
   */
  readonly pathBlockers?: readonly Shape[];
  readonly board: { readonly width: number; readonly height: number };
  /** The caller's full re-verification of every rule; only accepted positions are returned. */
  accept(centre: Vec, facingDeg: number): boolean;
  /** Cap on accept() calls, so the search is bounded (default 400). */
  readonly maxCandidates?: number;
  /** Called before each candidate is tried and each locus is sampled further; may throw to abandon the search (a deadline). */
  readonly interrupt?: () => void;
}

/** What a query's candidates depend on: all of it but the caller's callbacks and cap. */
type WitnessGeometry = Omit<WitnessQuery, "accept" | "interrupt" | "maxCandidates">;

/** A verified alternative end position. */
export interface Witness {
  readonly centre: Vec;
  readonly facingDeg: number;
}

const DEFAULT_CAP = 400;
/** The path test (costlier than the end-position test) runs at most this many times per allowed accept() call. */
const PATH_TESTS_PER_ACCEPT = 8;

/**
 * Searches for an end position the model could have reached by a straight move (turning in
 * place first when allowed) that meets the goal and that `accept` confirms. Candidates lie on
 * the loci at gap goalGap (and, for goalGap > 0, goalGap / 2 and 0) round each target, plus the
 * direct approach. Those keeping the current facing are tried first (no turn to justify, and
 * far fewer to generate), then the turned ones; within each group the structural points
 * (stretch ends and middles, direct approach) come before the samples, nearest first.
 * Deterministic; undefined means "none found", never "impossible".
 */
export function findWitness(q: WitnessQuery): Witness | undefined {
  if (!(q.reach >= 0)) return undefined;
  const cap = q.maxCandidates ?? DEFAULT_CAP;
  const stream = candidateStream(q);
  let accepts = 0;
  let tests = 0;
  for (let i = 0; ; i++) {
    const c = stream.at(i, q.interrupt);
    if (c === undefined) return undefined;
    q.interrupt?.();
    if (accepts >= cap || tests >= cap * PATH_TESTS_PER_ACCEPT) return undefined;
    tests++;
    if (!c.reachable) continue;
    accepts++;
    if (q.accept(c.centre, c.facingDeg)) return { centre: c.centre, facingDeg: c.facingDeg };
  }
}

/** One candidate of a search, in its order, with the outcome of the path test (pure, like the candidate). */
interface Streamed {
  readonly centre: Vec;
  readonly facingDeg: number;
  readonly reachable: boolean;
}

/**
 * The candidates of one query in the order findWitness tries them, each with its path test, as
 * far as some search has asked for them: generated lazily, and kept. Everything they depend on is
 * in the query (see `sameGeometry`), not in `accept`, so a later search with an equal query (the next
 * version of the text, where a model elsewhere moved) reads them instead of generating them again.
 */
class CandidateStream {
  private readonly seen: Streamed[] = [];
  /** The query's geometry, which an equal query's must match number for number (`sameGeometry`). */
  readonly geometry: WitnessGeometry;
  private source?: Iterator<Streamed>;
  /** The interrupt of the search pulling now (a kept stream outlives the search that began it). */
  private interrupt?: () => void;

  constructor(
    q: WitnessQuery,
    private readonly key: number,
  ) {
    // Only the geometry is kept: `accept` holds the caller's board, which a kept stream must not keep alive.
    const geometry: WitnessGeometry = {
      moving: q.moving,
      ...(q.facingDeg !== undefined && { facingDeg: q.facingDeg }),
      start: q.start,
      reach: q.reach,
      rotate: q.rotate,
      targets: q.targets,
      goalGap: q.goalGap,
      blockers: q.blockers,
      ...(q.pathBlockers && { pathBlockers: q.pathBlockers }),
      board: { width: q.board.width, height: q.board.height },
    };
    this.geometry = geometry;
    this.source = streamed(geometry, () => this.interrupt?.());
  }

  get size(): number {
    return this.seen.length;
  }

  /**
   * The i-th candidate, generated if need be; undefined past the last. May throw what `interrupt`
   * throws: the generator is then done for, and the stream is forgotten.
   */
  at(i: number, interrupt?: () => void): Streamed | undefined {
    const before = this.seen.length;
    try {
      while (i >= this.seen.length && this.source) {
        this.interrupt = interrupt;
        const next = this.source.next();
        if (next.done) this.source = undefined;
        else {
          this.seen.push(next.value);
          generated++;
        }
      }
    } catch (error) {
      this.source = undefined;
      if (streams.get(this.key) === this) streams.delete(this.key);
      keptCandidates -= before;
      throw error;
    } finally {
      this.interrupt = undefined;
    }
    if (streams.get(this.key) === this) keptCandidates += this.seen.length - before;
    return this.seen[i];
  }
}

function* streamed(q: WitnessGeometry, interrupt: () => void): Generator<Streamed> {
  const { m0, facing0, ctx } = searchContext(q);
  const path = pathContext(m0, q.reach, q.pathBlockers ?? [...q.targets, ...q.blockers]);
  const turnOk = new Map<number, boolean>();
  // The current facing first (no turn needed, and it is cheap), then the other facings.
  const [keep, ...turned] = facings(m0, facing0, q.rotate);
  for (const phase of [[keep], turned]) {
    for (const c of generate(ctx, m0, facing0, phase, q.goalGap, false, interrupt)) {
      yield { centre: c.shape.c, facingDeg: c.facingDeg, reachable: reachable(path, m0, facing0, c, q, turnOk) };
    }
  }
}

/**
 * Streams of recent queries, by `queryHash`, least recently used first: one per hash, an equal
 * geometry checked on every hit (two queries whose hashes collide take turns, never each other's
 * candidates). Bounded by count and by the candidates they hold; a stream whose generation was
 * interrupted is dropped (its generator is done).
 */
const streams = new Map<number, CandidateStream>();
const MAX_STREAMS = 2_000;
const MAX_KEPT_CANDIDATES = 200_000;
let keptCandidates = 0;
/** Candidates generated since the process began (kept or not): for tests that a kept stream is read, not generated again. */
let generated = 0;

function candidateStream(q: WitnessQuery): CandidateStream {
  const key = queryHash(q);
  const known = streams.get(key);
  if (known) {
    // Most recently used last.
    streams.delete(key);
    if (sameGeometry(known.geometry, q)) {
      streams.set(key, known);
      return known;
    }
    keptCandidates -= known.size;
  }
  const fresh = new CandidateStream(q, key);
  streams.set(key, fresh);
  for (const [oldest, s] of streams) {
    if (streams.size <= MAX_STREAMS && keptCandidates <= MAX_KEPT_CANDIDATES) break;
    if (s === fresh) break;
    streams.delete(oldest);
    keptCandidates -= s.size;
  }
  return fresh;
}

// A 32-bit FNV-1a hash of every number a query's candidates depend on, read as its 64 bits.
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const FNV_PRIME = 0x01000193;

function mixNumber(h: number, v: number): number {
  bits[0] = v;
  return Math.imul(Math.imul(h ^ words[0], FNV_PRIME) ^ words[1], FNV_PRIME);
}

function mixShape(h: number, s: Shape): number {
  h = mixNumber(mixNumber(h, s.c.x), s.c.y);
  return s.kind === "circle" ? mixNumber(Math.imul(h ^ 1, FNV_PRIME), s.r) : mixNumber(mixNumber(mixNumber(Math.imul(h ^ 2, FNV_PRIME), s.a), s.b), s.theta);
}

function mixShapes(h: number, list: readonly Shape[] | undefined): number {
  if (list === undefined) return Math.imul(h ^ 3, FNV_PRIME);
  h = mixNumber(h, list.length);
  for (const s of list) h = mixShape(h, s);
  return h;
}

/** Everything a query's candidates depend on (all of it but `accept`, `interrupt` and `maxCandidates`), hashed (exported for tests). */
export function queryHash(q: WitnessGeometry): number {
  let h = mixShape(0x811c9dc5, q.moving);
  h = q.facingDeg === undefined ? Math.imul(h ^ 4, FNV_PRIME) : mixNumber(h, q.facingDeg);
  for (const v of [q.start.x, q.start.y, q.reach, q.rotate ? 1 : 0, q.goalGap, q.board.width, q.board.height]) h = mixNumber(h, v);
  return mixShapes(mixShapes(mixShapes(h, q.targets), q.blockers), q.pathBlockers);
}

/** Exact sameness of two numbers (0 and -0 differ: an angle of one may differ from the other's). */
const is = Object.is;

function sameShape(a: Shape, b: Shape): boolean {
  if (a === b) return true;
  if (!is(a.c.x, b.c.x) || !is(a.c.y, b.c.y)) return false;
  if (a.kind === "circle") return b.kind === "circle" && is(a.r, b.r);
  return b.kind === "ellipse" && is(a.a, b.a) && is(a.b, b.b) && is(a.theta, b.theta);
}

function sameShapes(a: readonly Shape[] | undefined, b: readonly Shape[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameShape(a[i], b[i])) return false;
  return true;
}

/** Do two queries have the same candidates: every number they depend on the same (`Object.is`: 0 is not -0)? */
function sameGeometry(a: WitnessGeometry, b: WitnessGeometry): boolean {
  return (
    sameShape(a.moving, b.moving) &&
    is(a.facingDeg, b.facingDeg) &&
    is(a.start.x, b.start.x) &&
    is(a.start.y, b.start.y) &&
    is(a.reach, b.reach) &&
    is(a.rotate, b.rotate) &&
    is(a.goalGap, b.goalGap) &&
    is(a.board.width, b.board.width) &&
    is(a.board.height, b.board.height) &&
    sameShapes(a.targets, b.targets) &&
    sameShapes(a.blockers, b.blockers) &&
    sameShapes(a.pathBlockers, b.pathBlockers)
  );
}

/** How many streams and candidates are kept, and how many candidates were ever generated (for tests). */
export function witnessStreamCounts(): { readonly streams: number; readonly kept: number; readonly generated: number } {
  return { streams: streams.size, kept: keptCandidates, generated };
}

/** Forgets every kept candidate stream (for tests and benchmarks that time a first search). */
export function forgetWitnessStreams(): void {
  streams.clear();
  keptCandidates = 0;
}

function searchContext(q: WitnessGeometry): { m0: Shape; facing0: number; ctx: SpotContext } {
  const m0 = withCentre(q.moving, q.start);
  const facing0 = q.facingDeg ?? (m0.kind === "ellipse" ? radToDeg(m0.theta) : 0);
  const goalLimit = q.goalGap > 0 ? q.goalGap : TAU_C / 2;
  // Only bases the model could touch within its reach matter.
  const inRange = (s: Shape, limit: number): boolean => withinReach(m0, s, q.reach, limit);
  const ctx: SpotContext = {
    start: q.start,
    reach: q.reach,
    width: q.board.width,
    height: q.board.height,
    blockers: q.blockers.filter((b) => inRange(b, MARGIN)),
    targets: q.targets.filter((t) => inRange(t, goalLimit + GEPS)),
    goalLimit,
  };
  return { m0, facing0, ctx };
}

/**
 * Every candidate findWitness would consider, in its order, before the path test and `accept`
 * (for tests). `eager` samples every locus whole when its group comes up, as the search once did:
 * the order must be the same.
 */
export function witnessCandidates(q: WitnessQuery, eager = false): Candidate[] {
  if (!(q.reach >= 0)) return [];
  const { m0, facing0, ctx } = searchContext(q);
  const [keep, ...turned] = facings(m0, facing0, q.rotate);
  return [[keep], turned].flatMap((phase) => [...generate(ctx, m0, facing0, phase, q.goalGap, eager)]);
}

/**
 * The candidates for the given facings, every target and locus: structural ones first, then
 * nearest first, ties in generation order (the current spot, then facing by facing, target by
 * target, gap by gap: the direct approach, then the locus). Generated lazily in exactly that
 * order: every candidate of a locus lies within the two circumradii and the gap of the target's
 * centre, so a locus whose nearest possible candidate is farther than the next one due is not
 * sampled yet, and a search that accepts an early candidate never samples the far loci; a round
 * locus is sampled only along the arc nearer the start than the next candidate due (and a little
 * more), further as the search gets there (witness-locus.ts `RoundLocus`). `eager` (tests) samples
 * each locus whole when its group comes up.
 */
function* generate(
  ctx: SpotContext,
  m0: Shape,
  facing0: number,
  facingList: readonly number[],
  goalGap: number,
  eager = false,
  interrupt?: () => void,
): Generator<Candidate> {
  const tier0 = new Heap<Keyed>((a, b) => byKey(a, b) < 0);
  const tier1: Keyed[] = [];
  const push = (c: Candidate, seq: number, idx: number): void => {
    if (c.tier === 0) tier0.push({ c, seq, idx });
    else tier1.push({ c, seq, idx });
  };
  if (facingList.includes(facing0) && spotOk(ctx, m0)) push({ shape: m0, facingDeg: facing0, tier: 0, d: 0 }, -1, 0);
  const gaps = goalGap > 0 ? [goalGap, goalGap / 2, 0] : [0];
  const groups = new Heap<Group>(groupBefore);
  const all: Group[] = [];
  let seq = 0;
  for (const facing of facingList) {
    const m = facing === facing0 ? m0 : withFacing(m0, facing);
    for (const t of ctx.targets) {
      for (const g of gaps) {
        // The direct approach is cheap and stops on the far side of the locus: generated now, it
        // bounds its group too.
        const direct: Candidate[] = [];
        directCandidate(ctx, m, facing, t, g, direct);
        const onLocus = dist(ctx.start, t.c) - (circumradius(m) + circumradius(t) + g) - LOCUS_SLACK;
        const bound = Math.min(onLocus, ...direct.map((c) => c.d));
        const group: Group = { seq: seq++, bound, direct, locus: locusSource(ctx, m, facing, t, g), reach: 0 };
        groups.push(group);
        all.push(group);
      }
    }
  }
  // Each group is sampled once the next tier-0 candidate due is no nearer than its bound, and a
  // round locus only as far as that candidate (and a little more): its bound is then how far it
  // has been sampled, and it is sampled further when the search gets there.
  for (;;) {
    const top = tier0.peek();
    const group = groups.peek();
    if (group && (top === undefined || group.bound <= top.c.d)) {
      interrupt?.();
      groups.pop();
      if (group.reach === 0) group.direct.forEach((c, i) => push(c, group.seq, i));
      group.reach = group.reach === 0 ? ARC_STEP : 2 * group.reach;
      const upTo = eager ? Infinity : Math.max(top === undefined ? -Infinity : top.c.d, group.bound) + group.reach;
      const done = group.locus.expand(upTo, (c, key) => push(c, group.seq, group.direct.length + key));
      if (!done) groups.push({ ...group, bound: upTo });
      continue;
    }
    if (top === undefined) break;
    yield tier0.pop()!.c;
  }
  // Every locus is sampled by now: the samples, nearest first.
  for (const group of all) group.locus.tier1?.((c, key) => push(c, group.seq, group.direct.length + key));
  tier1.sort(byKey);
  for (const k of tier1) yield k.c;
}

/** How much farther (inches) than the next candidate due a round locus is first sampled; doubled each time it is sampled further. */
const ARC_STEP = 0.02;

/** A group of candidates: one facing, target and gap; the direct approach and the locus. */
interface Group {
  readonly seq: number;
  /** No candidate of the group not yet added lies nearer the start than this. */
  readonly bound: number;
  readonly direct: readonly Candidate[];
  readonly locus: LocusSource;
  /** How far past the next candidate due the locus was last sampled (0: not yet). */
  reach: number;
}

/** Groups by bound, then generation order. */
const groupBefore = (a: Group, b: Group): boolean => a.bound < b.bound || (a.bound === b.bound && a.seq < b.seq);

/** A binary min-heap by `before` (a strict order: ties keep no order of their own, so callers break them). */
class Heap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.before(a[i], a[up])) break;
      [a[up], a[i]] = [a[i], a[up]];
      i = up;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.before(a[l], a[m])) m = l;
        if (r < a.length && this.before(a[r], a[m])) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

/** How far (inches) float noise may put a locus point outside the circumradius bound. */
const LOCUS_SLACK = 1e-6;

/** A candidate with its place in generation order (group, then index within it). */
interface Keyed {
  readonly c: Candidate;
  readonly seq: number;
  readonly idx: number;
}

/** Nearest first, ties in generation order: what a stable sort by distance of the generated list gives. */
function byKey(a: Keyed, b: Keyed): number {
  return a.c.d - b.c.d || a.seq - b.seq || a.idx - b.idx;
}

/** The current facing, then (ovals that may turn) every 15 degrees that gives a different footprint. */
function facings(m0: Shape, facing0: number, rotate: boolean): number[] {
  if (m0.kind === "circle" || !rotate) return [facing0];
  const out = [facing0];
  for (let k = 0; k < 12; k++) {
    const f = k * 15;
    const diff = (((f - facing0) % 180) + 180) % 180;
    if (diff > 1e-9 && diff < 180 - 1e-9) out.push(f);
  }
  return out;
}

/** The path test: turn in place at the start when the facing changes, then go straight. */
function reachable(path: PathContext, m0: Shape, facing0: number, c: Candidate, q: WitnessGeometry, turnOk: Map<number, boolean>): boolean {
  if (c.facingDeg !== facing0) {
    let ok = turnOk.get(c.facingDeg);
    if (ok === undefined) {
      ok = rotationClear(path, m0, degToRad(c.facingDeg), q.board.width, q.board.height);
      turnOk.set(c.facingDeg, ok);
    }
    if (!ok) return false;
  }
  return translationClear(path, withCentre(c.shape, q.start), q.start, c.shape.c);
}
