/** A one-line-plus-stack description of anything thrown, for logs (never for diagnostics). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  try {
    return `non-Error thrown: ${String(error)}`;
  } catch {
    // A thrown object whose toString itself throws still must not take the server down.
    return "non-Error thrown (unprintable)";
  }
}
