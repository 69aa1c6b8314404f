// How many bytes a piece of work allocates, garbage included: V8's sampling heap profiler, told to
// keep the samples of objects the collector has since freed. Unlike a time, it does not depend on
// the machine's pace, its caches or its other tenants, so the growth of analyze's allocation
// between two sizes says whether the work itself is linear when the timings are too noisy to.
import { Session } from "node:inspector";

/** A node of V8's sampling heap profile: the bytes sampled in one call stack, and its callees. */
interface SampledNode {
  readonly selfSize: number;
  readonly children: readonly SampledNode[];
}

function post<T>(session: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
}

function total(node: SampledNode): number {
  let sum = node.selfSize;
  for (const child of node.children) sum += total(child);
  return sum;
}

/**
 * The bytes `work` allocates, estimated from one sample per `intervalBytes` on average (so about
 * 1 % off when it allocates ten thousand intervals or more). Includes what the minor and major
 * collections free meanwhile, which the profiler otherwise drops.
 */
export async function allocatedBytes(work: () => void, intervalBytes = 16 * 1024): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await post(session, "HeapProfiler.enable");
    await post(session, "HeapProfiler.startSampling", {
      samplingInterval: intervalBytes,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    work();
    const { profile } = await post<{ profile: { head: SampledNode } }>(session, "HeapProfiler.stopSampling");
    return total(profile.head);
  } finally {
    session.disconnect();
  }
}
