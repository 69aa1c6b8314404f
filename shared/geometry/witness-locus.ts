import type { Vec } from "../model/scenario";
import { signedGap } from "./gap";
import { circumradius, touchingCentre, withCentre, type Shape } from "./shape";
import { MARGIN } from "./tolerance";
import { GEPS, nearContext, spotOk, type SpotContext } from "./witness-spot";
import { angleOf, dist, fromAngle, lerp, sub } from "./vec";

/**
 * Candidate end positions for a witness. The centres at which the moving base
 * lies exactly `gap` from a target form a closed curve round it (a circle when both are round,
 * the boundary of a Minkowski sum otherwise), traced by touchingCentre as the contact normal
 * turns. The curve is sampled, the allowed stretches (within reach, on the board, clear of
 * blockers) are found, and their ends, middles and samples become candidates.
 */

/** A candidate end position with its facing; tier 0 (structural points) is tried before tier 1 (samples). */
export interface Candidate {
  readonly shape: Shape;
  readonly facingDeg: number;
  readonly tier: 0 | 1;
  /** Distance of the centre from the start: shorter moves are tried first. */
  readonly d: number;
}

/** Samples round the locus: about every 0.0175 rad for round pairs, every 2 degrees otherwise. */
const SAMPLES_ROUND = 360;
const SAMPLES_OVAL = 180;
/** Bisection steps that pin down the end of an allowed stretch between two samples (to ~3e-8 rad). */
const EDGE_STEPS = 20;
/** Exact arc ends are nudged this far (radians) into the allowed side. */
const NUDGE = 1e-6;
/** The direct approach stops within this (inches) of the goal gap. */
const DIRECT_TOL = 1e-11;

/** Adds the candidates on the locus at `gap` from `target` for `moving` (its facing as given). */
export function locusCandidates(all: SpotContext, moving: Shape, facingDeg: number, target: Shape, gap: number, out: Candidate[]): void {
  if (dist(all.start, target.c) - all.reach > circumradius(target) + circumradius(moving) + gap) return;
  const ctx = locusContext(all, moving, target, gap);
  const round = moving.kind === "circle" && target.kind === "circle";
  const n = round ? SAMPLES_ROUND : SAMPLES_OVAL;
  const step = (2 * Math.PI) / n;
  const place = (phi: number): Shape => withCentre(moving, touchingCentre(target, moving, fromAngle(phi), gap));
  const add = (s: Shape, tier: 0 | 1): void => {
    out.push({ shape: s, facingDeg, tier, d: dist(s.c, ctx.start) });
  };
  const tryAdd = (phi: number): void => {
    const s = place(phi);
    if (spotOk(ctx, s, target)) add(s, 0);
  };
  /** Between an allowed angle and a blocked one, the allowed end of the stretch. */
  const edge = (good: number, bad: number): number => {
    for (let i = 0; i < EDGE_STEPS; i++) {
      const mid = (good + bad) / 2;
      if (spotOk(ctx, place(mid), target)) good = mid;
      else bad = mid;
    }
    return good;
  };

  const shapes: Shape[] = [];
  const ok: boolean[] = [];
  for (let k = 0; k < n; k++) {
    shapes.push(place(k * step));
    ok.push(spotOk(ctx, shapes[k], target));
  }
  const firstBad = ok.indexOf(false);
  if (firstBad < 0) {
    shapes.forEach((s) => add(s, 1));
  } else {
    // Walk once round from a blocked sample, in unwrapped indices so angles keep increasing.
    let runStart = -1;
    for (let j = firstBad + 1; j <= firstBad + n; j++) {
      const k = j % n;
      if (!ok[k]) continue;
      if (!ok[(j - 1) % n]) runStart = j;
      if (ok[(j + 1) % n]) continue;
      const lo = edge(runStart * step, (runStart - 1) * step);
      const hi = edge(j * step, (j + 1) * step);
      add(place(lo), 0);
      add(place(hi), 0);
      tryAdd((lo + hi) / 2);
      for (let i = runStart; i <= j; i++) add(shapes[i % n], 1);
    }
  }
  if (round) for (const phi of exactArcEnds(all, moving, target, gap)) tryAdd(phi);
}

/**
 * The candidates of one locus, handed out as the search needs them: `expand(upTo, add)` adds (with
 * its place in the locus' generation order, `key`) at least every candidate not added before
 * whose distance from the start may be at most `upTo`, and says whether none is left. Asked with
 * Infinity it adds all of them. The order of the keys is the order `locusCandidates` adds them in.
 */
export interface LocusSource {
  expand(upTo: number, add: (c: Candidate, key: number) => void): boolean;
  /** Adds the tier-1 candidates held back (called once, after `expand` has said none is left). */
  tier1?(add: (c: Candidate, key: number) => void): void;
}

/**
 * The locus at `gap` from `target`, as a source of candidates. A round base against a round target
 * samples only the arc the search has come to (`RoundLocus`); any other pair samples the whole locus
 * at once, as `locusCandidates` does.
 */
export function locusSource(all: SpotContext, moving: Shape, facingDeg: number, target: Shape, gap: number): LocusSource {
  if (moving.kind === "circle" && target.kind === "circle" && !(dist(all.start, target.c) - all.reach > circumradius(target) + circumradius(moving) + gap)) {
    return new RoundLocus(all, moving, facingDeg, target, gap);
  }
  return {
    expand: (_upTo, add) => {
      const out: Candidate[] = [];
      locusCandidates(all, moving, facingDeg, target, gap, out);
      out.forEach((c, i) => add(c, i));
      return true;
    },
  };
}

/** How far (inches) beyond `upTo` a round locus' arc is sampled: float noise in a distance never reaches it. */
const ARC_SLACK = 1e-6;

/**
 * A round base's locus round a round target, sampled arc by arc: the circle of centres at
 * distance rho from the target's centre, whose points lie farther from the start the farther their
 * angle is from the start's. `expand(upTo)` samples the angles whose points may lie within
 * `upTo` of the start, and every allowed stretch touching them (its ends and middle depend on the
 * whole stretch); a stretch wholly outside them has all its candidates farther than `upTo`. Every
 * candidate is the one `locusCandidates` makes (the same angles, computed the same way), keyed by
 * its place in that function's order: a stretch by its start in the walk round from the first
 * blocked sample, then its ends, middle and samples; then the exact arc ends.
 */
class RoundLocus implements LocusSource {
  // Made when the locus is first sampled (most loci of a search never are).
  private ctx!: SpotContext;
  private readonly step = (2 * Math.PI) / SAMPLES_ROUND;
  private shapes!: Shape[];
  /** Per sample: 0 not yet sampled, 1 allowed, -1 not. */
  private ok!: Int8Array;
  /** Stretches already added, by their first sample. */
  private added!: Set<number>;
  /** Per sample: 1 when in a stretch already added. */
  private inStretch!: Uint8Array;
  /** The window last sampled (as in `window`). */
  private seen?: [number, number];
  /** The samples of each stretch added (first, last, key of the first), tier-1 candidates held back until the search comes to them. */
  private readonly samples: [number, number, number][] = [];
  private started = false;
  private finished = false;

  constructor(
    private readonly all: SpotContext,
    private readonly moving: Shape & { readonly kind: "circle" },
    private readonly facingDeg: number,
    private readonly target: Shape & { readonly kind: "circle" },
    private readonly gap: number,
  ) {}

  /** touchingCentre(target, moving, fromAngle(phi), gap) as a base, written out for two circles (the same arithmetic). */
  private place(phi: number): Shape {
    const nx = Math.cos(phi);
    const ny = Math.sin(phi);
    const { target, moving, gap } = this;
    const px = target.c.x + target.r * nx;
    const py = target.c.y + target.r * ny;
    return { kind: "circle", c: { x: px + (moving.r + gap) * nx, y: py + (moving.r + gap) * ny }, r: moving.r };
  }

  private candidate(s: Shape, tier: 0 | 1): Candidate {
    return { shape: s, facingDeg: this.facingDeg, tier, d: dist(s.c, this.ctx.start) };
  }

  /** Is sample k (any integer; taken round the circle) allowed? */
  private allowed(k: number): boolean {
    const n = SAMPLES_ROUND;
    const i = ((k % n) + n) % n;
    if (this.ok[i] === 0) {
      this.shapes[i] = this.place(i * this.step);
      this.ok[i] = spotOk(this.ctx, this.shapes[i], this.target) ? 1 : -1;
    }
    return this.ok[i] === 1;
  }

  expand(upTo: number, add: (c: Candidate, key: number) => void): boolean {
    if (this.finished) return true;
    const n = SAMPLES_ROUND;
    const runKeys = (2 * n + 2) * (n + 8);
    if (!this.started) {
      this.started = true;
      this.ctx = locusContext(this.all, this.moving, this.target, this.gap);
      this.shapes = [];
      this.ok = new Int8Array(n);
      this.added = new Set();
      this.inStretch = new Uint8Array(n);
      const angles = exactArcEnds(this.all, this.moving, this.target, this.gap);
      angles.forEach((phi, i) => {
        const s = this.place(phi);
        if (spotOk(this.ctx, s, this.target)) add(this.candidate(s, 0), runKeys + i);
      });
    }
    const range = this.window(upTo);
    if (range === "none") return false;
    const [from, to] = range === "all" ? [0, n - 1] : range;
    // Samples of the window not looked at before (a window only grows), each not in a stretch added.
    const [seenFrom, seenTo] = range === "all" ? [1, 0] : (this.seen ?? [1, 0]);
    for (let k = from; k <= to && !this.finished; k++) {
      if (k >= seenFrom && k <= seenTo) continue;
      if (this.allowed(k) && !this.inStretch[((k % n) + n) % n]) this.addStretch(k, add);
    }
    this.seen = range === "all" ? undefined : this.seen ? [Math.min(from, seenFrom), Math.max(to, seenTo)] : [from, to];
    if (range === "all") this.finished = true;
    return this.finished;
  }

  /**
   * The samples (as integers round the circle, possibly negative or past n) whose angles, with a
   * step to spare on each side, cover every point of the locus within `upTo` of the start; "all"
   * for the whole circle, "none" when no point is that near.
   */
  private window(upTo: number): "all" | "none" | [number, number] {
    if (!Number.isFinite(upTo)) return "all";
    const { start } = this.ctx;
    const c = this.target.c;
    const rho = this.target.r + this.moving.r + this.gap;
    const d = dist(start, c);
    if (!(d * rho > 1e-9)) return "all";
    const reach = upTo + ARC_SLACK;
    const cosHalf = (d * d + rho * rho - reach * reach) / (2 * d * rho);
    if (!(cosHalf > -1)) return "all";
    if (cosHalf >= 1) return "none";
    const half = Math.acos(cosHalf);
    const toward = Math.atan2(start.y - c.y, start.x - c.x);
    const from = Math.floor((toward - half) / this.step) - 1;
    const to = Math.ceil((toward + half) / this.step) + 1;
    return to - from + 1 >= SAMPLES_ROUND ? "all" : [from, to];
  }

  /**
   * Adds the allowed stretch holding sample k, unless it was added: its ends, its middle, its
   * samples. When every sample is allowed there is no stretch: every sample is a tier-1 candidate.
   */
  private addStretch(k: number, add: (c: Candidate, key: number) => void): void {
    const n = SAMPLES_ROUND;
    const step = this.step;
    let a = k;
    while (k - a < n && this.allowed(a - 1)) a--;
    if (k - a >= n) {
      this.samples.push([0, n - 1, 0]);
      this.finished = true;
      return;
    }
    let b = k;
    while (this.allowed(b + 1)) b++;
    const first = ((a % n) + n) % n;
    if (this.added.has(first)) return;
    this.added.add(first);
    for (let i = a; i <= b; i++) this.inStretch[((i % n) + n) % n] = 1;
    // Where locusCandidates' walk (unwrapped, from the first blocked sample) meets this stretch:
    // sample first - 1 is blocked, so the walk starts before `first`, unless `first` is 0.
    const runStart = first === 0 ? n : first;
    const j = runStart + (b - a);
    const key = (sub: number): number => runStart * (n + 8) + sub;
    // Every point of a bisection lies on the arc between its first two angles, within rho times
    // their difference of the first: only the blockers and targets near it can decide there.
    const rho = this.target.r + this.moving.r + this.gap;
    const edge = (good: number, bad: number): number => {
      const near = nearContext(this.ctx, this.place(good), rho * Math.abs(good - bad));
      for (let i = 0; i < EDGE_STEPS; i++) {
        const mid = (good + bad) / 2;
        if (spotOk(near, this.place(mid), this.target)) good = mid;
        else bad = mid;
      }
      return good;
    };
    const lo = edge(runStart * step, (runStart - 1) * step);
    const hi = edge(j * step, (j + 1) * step);
    add(this.candidate(this.place(lo), 0), key(0));
    add(this.candidate(this.place(hi), 0), key(1));
    const mid = this.place((lo + hi) / 2);
    if (spotOk(this.ctx, mid, this.target)) add(this.candidate(mid, 0), key(2));
    this.samples.push([runStart, j, key(3)]);
  }

  tier1(add: (c: Candidate, key: number) => void): void {
    for (const [from, to, key] of this.samples) for (let i = from; i <= to; i++) add(this.candidate(this.shapes[i % SAMPLES_ROUND], 1), key + i - from);
  }
}

/** How far (inches) float noise may put a point on a locus outside its circumradius bound. */
const LOCUS_SLACK = 1e-6;

/**
 * The spot context for points on one locus: only the blockers and targets spotOk could measure
 * there. Every point of the locus lies within the two circumradii and the gap of the target's
 * centre, so a base farther than that from it (with its own and the mover's circumradius, and the
 * margin or goal) is skipped by spotOk's own lower bound at every point; leaving it out changes no answer.
 */
function locusContext(ctx: SpotContext, moving: Shape, target: Shape, gap: number): SpotContext {
  const rho = circumradius(target) + circumradius(moving) + gap + LOCUS_SLACK;
  const rm = circumradius(moving);
  const near = (s: Shape, limit: number): boolean => dist(s.c, target.c) - rho - rm - circumradius(s) < limit;
  return {
    ...ctx,
    blockers: ctx.blockers.filter((b) => near(b, MARGIN)),
    targets: ctx.targets.filter((t) => t === target || near(t, ctx.goalLimit + GEPS + LOCUS_SLACK)),
  };
}

/**
 * For a round base on a round target's locus circle, the exact angles where the reach arc and
 * each round blocker's blocked arc begin and end, nudged to the allowed side. Sampling alone can
 * miss a free stretch narrower than a sample step (a gap just wide enough for the base).
 */
function exactArcEnds(ctx: SpotContext, moving: Shape, target: Shape, gap: number): number[] {
  if (moving.kind !== "circle" || target.kind !== "circle") return [];
  const rho = target.r + moving.r + gap;
  const c = target.c;
  const angles: number[] = [];
  /** Angles on the locus circle at distance `range` from p, moved `sign * NUDGE` further from p. */
  const crossing = (p: Vec, range: number, sign: number): void => {
    const d = dist(p, c);
    if (d === 0) return;
    const kappa = (rho * rho + d * d - range * range) / (2 * rho * d);
    if (kappa <= -1 || kappa >= 1) return;
    const beta = angleOf(sub(p, c));
    const half = Math.acos(kappa) + sign * NUDGE;
    angles.push(beta - half, beta + half);
  };
  crossing(ctx.start, ctx.reach, -1);
  for (const b of ctx.blockers) if (b.kind === "circle") crossing(b.c, moving.r + b.r + MARGIN, 1);
  for (const t of ctx.targets) if (t !== target && t.kind === "circle") crossing(t.c, moving.r + t.r, 1);
  return angles;
}

/**
 * The "direct approach": move straight from the start towards the target's centre until the gap
 * is down to `gap`. The gap falls monotonically and convexly along that line (the signed distance
 * to a centrally symmetric convex set, walking towards its centre), so regula falsi (Illinois
 * variant) converges in a handful of steps. The point kept is always on the far side (gap >= `gap`).
 */
export function directCandidate(ctx: SpotContext, moving: Shape, facingDeg: number, target: Shape, gap: number, out: Candidate[]): void {
  const total = dist(ctx.start, target.c);
  if (total === 0) return;
  const f = (s: number): number => signedGap(withCentre(moving, lerp(ctx.start, target.c, s)), target) - gap;
  let lo = 0;
  let flo = f(0);
  if (flo <= 0) return;
  let hi = Math.min(1, ctx.reach / total);
  let fhi = f(hi);
  if (fhi > 0) return;
  let trueFlo = flo;
  let side = 0;
  for (let i = 0; i < 100 && trueFlo > DIRECT_TOL && (hi - lo) * total > DIRECT_TOL; i++) {
    let mid = (lo * fhi - hi * flo) / (fhi - flo);
    if (!(mid > lo && mid < hi)) mid = (lo + hi) / 2;
    const fm = f(mid);
    if (fm > 0) {
      lo = mid;
      flo = fm;
      trueFlo = fm;
      if (side > 0) fhi /= 2;
      side = 1;
    } else {
      hi = mid;
      fhi = fm;
      if (side < 0) flo /= 2;
      side = -1;
    }
  }
  const s = withCentre(moving, lerp(ctx.start, target.c, lo));
  if (spotOk(ctx, s, target)) out.push({ shape: s, facingDeg, tier: 0, d: dist(s.c, ctx.start) });
}
