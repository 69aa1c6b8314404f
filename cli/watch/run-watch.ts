/**
 * `ruleboard check --watch <files or folders…>`: checks once as `check` does, then re-checks the
 * files as they change and prints only what changed, until interrupted (Ctrl+C).
 *
 * What changed is told file by file: a file whose findings differ from what was last printed for
 * it gets its findings again (as `check` prints them), one whose findings went away gets
 * `<file>: no problems now`, and a file with findings that is deleted gets `<file>: removed`; then
 * the summary line over every file. A save that changes no finding prints nothing.
 *
 * The folders are watched with `fs.watch`, one watcher per folder the search reads (the same
 * folders: node_modules and dot-folders skipped), re-listed after each change so a new folder is
 * watched too; a named file is watched through its folder, since editors save by replacing the
 * file. Events are debounced, and every event only leads to a re-read: a file is re-checked when
 * its text changed. Where `fs.watch` cannot watch (no inotify watches left, a file system that
 * does not report changes), the operands are polled instead.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { AnalyzeOptions } from "../../shared/index";
import type { CheckRequest } from "../args";
import { checkText, noFilesText, readCheckedText, systemOptions } from "../check/run-check";
import { EXIT_OK, EXIT_USAGE, type CliIo } from "../command";
import { findScenarioFiles } from "../io/find-files";
import { formatTextLines, formatTextSummary } from "../output/format-text";
import { addCounts, countMessages, type Counts } from "../output/report";
import { usageErrorText } from "../usage";

/** Timings, for tests; the defaults suit an editor saving a file. */
export interface WatchOptions {
  /** Quiet time after the last event before re-reading (ms). */
  readonly debounceMs?: number;
  /** The polling interval where fs.watch cannot watch (ms). */
  readonly pollMs?: number;
  /** Poll instead of watching (as when fs.watch fails). */
  readonly poll?: boolean;
}

/** A running watch: `close` stops it (the process then ends when nothing else keeps it). */
export interface WatchHandle {
  close(): void;
}

/** What was last printed for a file: its text and findings as lines, or why it could not be read. */
interface FileState {
  readonly text?: string;
  readonly failure?: string;
  readonly printed: string;
  readonly counts: Counts;
}

/**
 * Starts the watch. Returns the usage status (2) when the operands or the system are wrong, as
 * `check` would; otherwise prints the first check and returns 0 with the handle, the watchers
 * keeping the process alive.
 */
export function startWatch(request: CheckRequest, io: CliIo, options: WatchOptions = {}): { status: number; handle?: WatchHandle } {
  const system = systemOptions(request);
  if (typeof system === "string") {
    io.err(usageErrorText(system));
    return { status: EXIT_USAGE };
  }
  const first = findScenarioFiles(request.operands, io.cwd);
  if (first.files.length === 0 && first.failures.length === 0) {
    io.err(noFilesText(request.operands));
    return { status: EXIT_USAGE };
  }
  const watch = new Watch(request, io, system, options);
  watch.checkAll(true);
  watch.start();
  return { status: EXIT_OK, handle: watch };
}

class Watch implements WatchHandle {
  private readonly states = new Map<string, FileState>();
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly request: CheckRequest,
    private readonly io: CliIo,
    private readonly system: AnalyzeOptions,
    private readonly options: WatchOptions,
  ) {}

  /** Re-reads every file the operands name; prints what changed (everything, the first time). */
  checkAll(first: boolean): void {
    const found = findScenarioFiles(this.request.operands, this.io.cwd);
    let out = "";
    const seen = new Set<string>();
    for (const f of found.failures) {
      seen.add(f.path);
      out += this.update(f.path, { failure: f.reason, printed: "", counts: ZERO }, first);
    }
    for (const file of found.files) {
      seen.add(file);
      const text = readCheckedText(file);
      const before = this.states.get(file);
      if (typeof text === "string" && before?.text === text) continue; // saved unchanged, or touched
      if (typeof text === "string") {
        const { report } = checkText(file, text, this.system, this.request.quiet);
        out += this.update(file, { text, printed: formatTextLines(report, this.io.cwd), counts: countMessages(report.messages) }, first);
      } else {
        out += this.update(file, { failure: text.failure, printed: "", counts: ZERO }, first);
      }
    }
    for (const [file, state] of this.states) {
      if (seen.has(file)) continue;
      this.states.delete(file);
      if (state.printed !== "") out += `${this.display(file)}: removed\n`;
    }
    if (first || out !== "") {
      this.io.out(out);
      const checked = [...this.states.values()].filter((s) => s.failure === undefined);
      if (checked.length > 0) this.io.out(formatTextSummary(checked.map((s) => s.counts).reduce(addCounts, ZERO), checked.length));
    }
  }

  /** Records a file's new state and returns what to print for it ("" when its findings are as printed). */
  private update(file: string, next: FileState, first: boolean): string {
    const before = this.states.get(file);
    this.states.set(file, next);
    if (next.failure !== undefined) {
      if (before?.failure !== next.failure) this.io.err(`ruleboard: cannot read ${this.display(file)}: ${next.failure}\n`);
      return before !== undefined && before.printed !== "" ? `${this.display(file)}: removed\n` : "";
    }
    if (first) return next.printed;
    const printedBefore = before?.printed ?? "";
    if (next.printed === printedBefore) return "";
    return next.printed === "" ? `${this.display(file)}: no problems now\n` : next.printed;
  }

  start(): void {
    if (this.options.poll || !this.syncWatchers()) this.startPolling();
    else this.io.err(`ruleboard: watching ${plural(this.states.size, "file")} for changes; Ctrl+C stops\n`);
  }

  /** The folders to watch: each folder operand and the folders below it the search reads; a named file's folder. */
  private foldersToWatch(): Set<string> {
    const folders = new Set<string>();
    for (const operand of this.request.operands) {
      const abs = path.resolve(this.io.cwd, operand);
      let isDir = false;
      try {
        isDir = fs.statSync(abs).isDirectory();
      } catch {
        // Missing now: watch where it would appear.
      }
      if (isDir) listFolders(abs, folders);
      else if (fs.existsSync(path.dirname(abs))) folders.add(path.dirname(abs));
    }
    return folders;
  }

  /** Watches the folders to watch and no others; false when fs.watch cannot (then the caller polls). */
  private syncWatchers(): boolean {
    const wanted = this.foldersToWatch();
    for (const [folder, watcher] of this.watchers) {
      if (!wanted.has(folder)) {
        watcher.close();
        this.watchers.delete(folder);
      }
    }
    for (const folder of wanted) {
      if (this.watchers.has(folder)) continue;
      try {
        const watcher = fs.watch(folder, { persistent: true }, () => this.schedule());
        // A folder that goes away errors its watcher; the next re-listing drops or replaces it.
        watcher.on("error", () => {
          watcher.close();
          this.watchers.delete(folder);
          this.schedule();
        });
        this.watchers.set(folder, watcher);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") continue; // gone between the listing and now
        for (const w of this.watchers.values()) w.close();
        this.watchers.clear();
        return false;
      }
    }
    return true;
  }

  private startPolling(): void {
    const every = this.options.pollMs ?? 1000;
    this.io.err(`ruleboard: watching ${plural(this.states.size, "file")} for changes (polling every ${every} ms); Ctrl+C stops\n`);
    this.poller = setInterval(() => this.checkAll(false), every);
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.closed) return;
      this.checkAll(false);
      if (this.poller === undefined && !this.syncWatchers()) this.startPolling();
    }, this.options.debounceMs ?? 100);
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.poller !== undefined) clearInterval(this.poller);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  private display(abs: string): string {
    return path.relative(this.io.cwd, abs) || abs;
  }
}

const ZERO: Counts = { errors: 0, warnings: 0, infos: 0 };

/** `folder` and the folders below it that the search reads (node_modules and dot-folders skipped). */
function listFolders(folder: string, into: Set<string>): void {
  into.add(folder);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith(".")) listFolders(path.join(folder, e.name), into);
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
