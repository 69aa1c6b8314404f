/**
 * The outline of a set of points the plane holds or not, known only through a predicate: sampled
 * on a grid, traced by marching squares, each crossing refined by bisection along its cell edge.
 * The result is a MultiPolygon (GeoJSON's shape): polygons, each a list of rings, the outer ring
 * first and then its holes, each ring a closed list of `[x, y]` (the first point not repeated).
 */

export type Ring = readonly (readonly [number, number])[];
export type MultiPolygon = readonly (readonly Ring[])[];

/** Samples `(x0 + i·step, y0 + j·step)` for `0 ≤ i < nx`, `0 ≤ j < ny`; everything outside the grid counts as outside. */
export interface SampleGrid {
  readonly x0: number;
  readonly y0: number;
  readonly step: number;
  readonly nx: number;
  readonly ny: number;
}

/**
 * Traces where `inside` holds. Each sample is asked once; each crossing found between two samples
 * is bisected `refine` times (so its error is at most `step / 2^refine`), and a saddle cell asks its
 * centre. Features smaller than a cell may be missed: choose `step` for the finest detail wanted.
 */
export function contours(inside: (x: number, y: number) => boolean, grid: SampleGrid, refine: number): MultiPolygon {
  const { x0, y0, step, nx, ny } = grid;
  const X = (i: number): number => x0 + i * step;
  const Y = (j: number): number => y0 + j * step;
  const value = new Uint8Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) value[j * nx + i] = inside(X(i), Y(j)) ? 1 : 0;
  const at = (i: number, j: number): number => (i < 0 || j < 0 || i >= nx || j >= ny ? 0 : value[j * nx + i]);

  // The crossing on each edge, computed once: `h:i:j` joins (i, j)–(i+1, j), `v:i:j` joins (i, j)–(i, j+1).
  const points = new Map<string, readonly [number, number]>();
  const crossing = (key: string, ai: number, aj: number, bi: number, bj: number): readonly [number, number] => {
    const known = points.get(key);
    if (known) return known;
    // Bisect between the inside end and the outside end.
    let [ix, iy, ox, oy] = at(ai, aj) ? [X(ai), Y(aj), X(bi), Y(bj)] : [X(bi), Y(bj), X(ai), Y(aj)];
    for (let k = 0; k < refine; k++) {
      const mx = (ix + ox) / 2;
      const my = (iy + oy) / 2;
      if (inside(mx, my)) [ix, iy] = [mx, my];
      else [ox, oy] = [mx, my];
    }
    const p = [(ix + ox) / 2, (iy + oy) / 2] as const;
    points.set(key, p);
    return p;
  };

  // Segments as pairs of edge keys; each crossing edge is shared by exactly two segments.
  const links = new Map<string, string[]>();
  const link = (a: string, b: string): void => {
    (links.get(a) ?? links.set(a, []).get(a)!).push(b);
    (links.get(b) ?? links.set(b, []).get(b)!).push(a);
  };
  for (let j = -1; j < ny; j++) {
    for (let i = -1; i < nx; i++) {
      const tl = at(i, j);
      const tr = at(i + 1, j);
      const br = at(i + 1, j + 1);
      const bl = at(i, j + 1);
      const code = (tl << 3) | (tr << 2) | (br << 1) | bl;
      if (code === 0 || code === 15) continue;
      const top = (): string => (crossing(`h:${i}:${j}`, i, j, i + 1, j), `h:${i}:${j}`);
      const bottom = (): string => (crossing(`h:${i}:${j + 1}`, i, j + 1, i + 1, j + 1), `h:${i}:${j + 1}`);
      const left = (): string => (crossing(`v:${i}:${j}`, i, j, i, j + 1), `v:${i}:${j}`);
      const right = (): string => (crossing(`v:${i + 1}:${j}`, i + 1, j, i + 1, j + 1), `v:${i + 1}:${j}`);
      if (code === 0b1010 || code === 0b0101) {
        // A saddle: the centre decides whether the two inside corners are joined.
        const joined = inside(X(i) + step / 2, Y(j) + step / 2);
        const tlInside = code === 0b1010;
        if (tlInside === joined) {
          // Cut off the two outside corners (tr, bl) when tl/br are joined, or the inside ones otherwise.
          link(top(), right());
          link(bottom(), left());
        } else {
          link(top(), left());
          link(right(), bottom());
        }
        continue;
      }
      const edges: string[] = [];
      if (tl !== tr) edges.push(top());
      if (tr !== br) edges.push(right());
      if (bl !== br) edges.push(bottom());
      if (tl !== bl) edges.push(left());
      link(edges[0], edges[1]);
    }
  }

  // Walk the links into closed rings.
  const rings: [number, number][][] = [];
  const used = new Set<string>();
  for (const start of links.keys()) {
    if (used.has(start)) continue;
    const ring: [number, number][] = [];
    let prev: string | undefined;
    let cur = start;
    while (!used.has(cur)) {
      used.add(cur);
      const p = points.get(cur)!;
      ring.push([p[0], p[1]]);
      const next = links.get(cur)!.find((k) => k !== prev && !used.has(k)) ?? links.get(cur)!.find((k) => k !== prev);
      prev = cur;
      if (next === undefined) break;
      cur = next;
    }
    if (ring.length >= 3) rings.push(ring);
  }
  return nest(rings);
}

/** Twice the signed area of a ring (positive when it turns counter-clockwise in x-right, y-up axes). */
export function signedArea(ring: Ring): number {
  let a = 0;
  for (let k = 0; k < ring.length; k++) {
    const [x1, y1] = ring[k];
    const [x2, y2] = ring[(k + 1) % ring.length];
    a += x1 * y2 - x2 * y1;
  }
  return a / 2;
}

/** True when `p` is inside `ring` (even-odd rule). */
export function inRing(ring: Ring, x: number, y: number): boolean {
  let c = false;
  for (let k = 0, l = ring.length - 1; k < ring.length; l = k++) {
    const [xk, yk] = ring[k];
    const [xl, yl] = ring[l];
    if (yk > y !== yl > y && x < ((xl - xk) * (y - yk)) / (yl - yk) + xk) c = !c;
  }
  return c;
}

/** True when `p` is inside the MultiPolygon (inside an outer ring and none of its holes). */
export function inMultiPolygon(mp: MultiPolygon, x: number, y: number): boolean {
  return mp.some((poly) => inRing(poly[0], x, y) && !poly.slice(1).some((h) => inRing(h, x, y)));
}

/** The area of a MultiPolygon. */
export function areaOf(mp: MultiPolygon): number {
  return mp.reduce((sum, poly) => sum + Math.abs(signedArea(poly[0])) - poly.slice(1).reduce((h, r) => h + Math.abs(signedArea(r)), 0), 0);
}

/** Sorts rings into polygons: a ring inside an even number of others is an outer ring, the rest are holes of the smallest ring around them. */
function nest(rings: [number, number][][]): MultiPolygon {
  const depth = rings.map((r, k) => rings.filter((o, l) => l !== k && inRing(o, r[0][0], r[0][1])).length);
  const area = rings.map((r) => Math.abs(signedArea(r)));
  const polys = new Map<number, [number, number][][]>();
  // Outer rings counter-clockwise, holes clockwise (in x-right, y-up terms), as GeoJSON asks.
  const oriented = (r: [number, number][], ccw: boolean): [number, number][] => (signedArea(r) > 0 === ccw ? r : [...r].reverse());
  rings.forEach((r, k) => {
    if (depth[k] % 2 === 0) polys.set(k, [oriented(r, true)]);
  });
  rings.forEach((r, k) => {
    if (depth[k] % 2 === 0) return;
    let owner = -1;
    for (const o of polys.keys()) if (inRing(rings[o], r[0][0], r[0][1]) && (owner < 0 || area[o] < area[owner])) owner = o;
    if (owner >= 0) polys.get(owner)!.push(oriented(r, false));
  });
  return [...polys.values()];
}
