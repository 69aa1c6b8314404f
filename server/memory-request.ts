import { RequestType0 } from "vscode-languageserver/node";
import { MEMORY_METHOD, type MemoryResult } from "../shared/protocol/messages";

/** The `ruleboard/memoryUsage` request, typed from the shared method name. */
export const MemoryRequest = new RequestType0<MemoryResult, void>(MEMORY_METHOD);

/** The process's memory, after a full collection when `--expose-gc` made `gc` available. */
export function memoryUsage(): MemoryResult {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
  const m = process.memoryUsage();
  return { collected: gc !== undefined, heapUsed: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, external: m.external };
}
