// The one seeded PRNG of the tests, so that generators, fuzzers and randomised geometry checks
// replay the same sequence for the same seed. Nothing in the tests reads Math.random.

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
