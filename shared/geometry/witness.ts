import type { Vec } from "../model/scenario";
import { circumradius, withCentre, withFacing, type Shape } from "./shape";
import { MARGIN, TAU_C } from "./tolerance";
import { directCandidate, locusCandidates, type Candidate } from "./witness-locus";
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
}

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
  const path = pathContext(m0, q.reach, q.pathBlockers ?? [...q.targets, ...q.blockers]);
  const turnOk = new Map<number, boolean>();
  const cap = q.maxCandidates ?? DEFAULT_CAP;
  let accepts = 0;
  let tests = 0;
  // The current facing first (no turn needed, and it is cheap), then the other facings.
  const [keep, ...turned] = facings(m0, facing0, q.rotate);
  for (const phase of [[keep], turned]) {
    for (const c of generate(ctx, m0, facing0, phase, q.goalGap)) {
      if (accepts >= cap || tests >= cap * PATH_TESTS_PER_ACCEPT) return undefined;
      tests++;
      if (!reachable(path, m0, facing0, c, q, turnOk)) continue;
      accepts++;
      if (q.accept(c.shape.c, c.facingDeg)) return { centre: c.shape.c, facingDeg: c.facingDeg };
    }
  }
  return undefined;
}

/**
 * The candidates for the given facings, every target and locus: structural ones first, then
 * nearest first, ties in generation order (the current spot, then facing by facing, target by
 * target, gap by gap: the direct approach, then the locus). Generated lazily in exactly that
 * order: every candidate of a locus lies within the two circumradii and the gap of the target's
 * centre, so a locus whose nearest possible candidate is farther than the next one due is not
 * sampled yet, and a search that accepts an early candidate never samples the far loci.
 */
function* generate(ctx: SpotContext, m0: Shape, facing0: number, facingList: readonly number[], goalGap: number): Generator<Candidate> {
  const tier0 = new CandidateHeap();
  const tier1: Keyed[] = [];
  const add = (seq: number, list: readonly Candidate[]): void => {
    list.forEach((c, idx) => (c.tier === 0 ? tier0.push({ c, seq, idx }) : tier1.push({ c, seq, idx })));
  };
  if (facingList.includes(facing0) && spotOk(ctx, m0)) add(-1, [{ shape: m0, facingDeg: facing0, tier: 0, d: 0 }]);
  const gaps = goalGap > 0 ? [goalGap, goalGap / 2, 0] : [0];
  const groups: { readonly seq: number; readonly bound: number; readonly direct: Candidate[]; readonly locus: () => Candidate[] }[] = [];
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
        groups.push({
          seq: groups.length,
          bound,
          direct,
          locus: () => {
            const out: Candidate[] = [];
            locusCandidates(ctx, m, facing, t, g, out);
            return out;
          },
        });
      }
    }
  }
  // Groups by their bound; each is sampled once the next tier-0 candidate due is no nearer than it.
  const pending = groups.slice().sort((a, b) => a.bound - b.bound || a.seq - b.seq);
  let next = 0;
  for (;;) {
    const top = tier0.peek();
    if (next < pending.length && (top === undefined || pending[next].bound <= top.c.d)) {
      const group = pending[next++];
      add(group.seq, [...group.direct, ...group.locus()]);
      continue;
    }
    if (top === undefined) break;
    yield tier0.pop()!.c;
  }
  // Every locus is sampled by now: the samples, nearest first.
  tier1.sort(byKey);
  for (const k of tier1) yield k.c;
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

/** A binary min-heap of keyed candidates by `byKey`. */
class CandidateHeap {
  private readonly items: Keyed[] = [];

  peek(): Keyed | undefined {
    return this.items[0];
  }

  push(k: Keyed): void {
    const a = this.items;
    a.push(k);
    let i = a.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (byKey(a[up], a[i]) <= 0) break;
      [a[up], a[i]] = [a[i], a[up]];
      i = up;
    }
  }

  pop(): Keyed | undefined {
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
        if (l < a.length && byKey(a[l], a[m]) < 0) m = l;
        if (r < a.length && byKey(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
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
function reachable(path: PathContext, m0: Shape, facing0: number, c: Candidate, q: WitnessQuery, turnOk: Map<number, boolean>): boolean {
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
