// The benchmark's allocation figure (test/bench/allocation.ts) must count garbage: the growth it
// reports is of everything an analysis allocates, most of which is freed before the analysis ends.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { allocatedBytes } from "../bench/allocation";

describe("bench: allocated bytes", () => {
  it("counts what the minor collections free meanwhile, within a fifth", async () => {
    let kept = 0;
    // 40 MiB in arrays of 512 small integers (8 bytes each on the heap: no pointer compression in
    // Node's builds), each garbage at once: many minor collections' worth. (A typed array's bytes
    // live outside the JavaScript heap, which the profiler samples.)
    const bytes = await allocatedBytes(() => {
      for (let i = 0; i < 10_240; i++) kept += new Array<number>(512).fill(i).length;
    });
    assert.equal(kept, 10_240 * 512);
    const expected = 10_240 * (512 * 8);
    assert.ok(bytes > 0.8 * expected && bytes < 1.25 * expected, `${(bytes / 2 ** 20).toFixed(1)} MiB sampled for ${expected / 2 ** 20} MiB allocated`);
  });

  it("counts next to nothing for work that allocates nothing", async () => {
    let sum = 0;
    const bytes = await allocatedBytes(() => {
      for (let i = 0; i < 1_000_000; i++) sum += i & 7;
    });
    assert.equal(sum, 3_500_000);
    assert.ok(bytes < 1 * 2 ** 20, `${bytes} bytes`);
  });
});
