// Waiting on VS Code: every wait is for an event (or a re-checked condition) with a timeout and a
// message saying what did not happen; never a fixed sleep.
import * as vscode from "vscode";

/** Generous: the machines have two shared cores and the first analysis warms the server up. */
export const WAIT_MS = 30_000;

/**
 * Resolves with `check()`'s first non-undefined value, re-checked now and whenever `event` fires
 * (and every 250 ms, for state VS Code changes without an event the suite can see).
 */
export function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, event?: vscode.Event<unknown>, ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const disposables: vscode.Disposable[] = [];
    const finish = (fn: () => void): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      for (const d of disposables) d.dispose();
      fn();
    };
    const test = async (): Promise<void> => {
      try {
        const value = await check();
        if (value !== undefined) finish(() => resolve(value));
      } catch (error) {
        finish(() => reject(error));
      }
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`))), ms);
    const poll = setInterval(() => void test(), 250);
    if (event) disposables.push(event(() => void test()));
    void test();
  });
}

/** The Ruleboard diagnostics of `uri` once `ready` accepts them. */
export function waitForDiagnostics(uri: vscode.Uri, what: string, ready: (d: readonly vscode.Diagnostic[]) => boolean): Promise<vscode.Diagnostic[]> {
  return waitFor(
    what,
    () => {
      const diagnostics = vscode.languages.getDiagnostics(uri).filter((d) => d.source === "ruleboard");
      return ready(diagnostics) ? diagnostics : undefined;
    },
    vscode.languages.onDidChangeDiagnostics,
  );
}

/**
 * The Ruleboard diagnostics of `uri` from the next time VS Code's set for it changes. Call it
 * before the edit it should observe, so the change cannot slip by in between.
 */
export function nextDiagnostics(uri: vscode.Uri, what: string): Promise<vscode.Diagnostic[]> {
  let seen = false;
  const listener = vscode.languages.onDidChangeDiagnostics((e) => {
    if (!e.uris.some((u) => u.toString() === uri.toString())) return;
    seen = true;
    listener.dispose();
  });
  return waitFor(
    what,
    () => (seen ? vscode.languages.getDiagnostics(uri).filter((d) => d.source === "ruleboard") : undefined),
    vscode.languages.onDidChangeDiagnostics,
  );
}
