import type { ClientCapabilities, Connection, DidChangeConfigurationParams } from "vscode-languageserver/node";
import { isCode } from "../shared/index";
import type { Code } from "../shared/index";
import { describeError } from "./errors";

/** The configuration section the client synchronises (package.json `contributes.configuration`). */
export const SETTINGS_SECTION = "ruleboard";

/** How long the first diagnostics wait for the client's settings before the defaults are used. */
const FIRST_PULL_PATIENCE_MS = 2000;

/** What `ruleboard.severity` may set a code to. */
export type SeverityLevel = "error" | "warning" | "info" | "hint" | "off";

const LEVELS: readonly SeverityLevel[] = ["error", "warning", "info", "hint", "off"];

/** The server's view of the `ruleboard` settings, every field defaulted. */
export interface RuleboardSettings {
  /** `ruleboard.severity`: code → level; codes not listed keep the engine's severity. */
  readonly severity: Readonly<Partial<Record<Code, SeverityLevel>>>;
  /** `ruleboard.inlayHints.*`: all hints, and each kind. */
  readonly inlayHints: { readonly enabled: boolean; readonly distance: boolean; readonly gap: boolean };
  /** `ruleboard.messages.showTolerance`: measured findings say the measurement, the limit and the tolerance. */
  readonly messages: { readonly showTolerance: boolean };
}

export const DEFAULT_SETTINGS: RuleboardSettings = {
  severity: {},
  inlayHints: { enabled: true, distance: true, gap: true },
  messages: { showTolerance: false },
};

/**
 * Reads the `ruleboard` section as the client sent it. Lenient: a value of the wrong type, an
 * unknown code or level is ignored (that one setting keeps its default), never an error.
 */
export function parseSettings(raw: unknown): RuleboardSettings {
  const section = record(raw);
  const severity: Partial<Record<Code, SeverityLevel>> = {};
  for (const [code, level] of Object.entries(record(section.severity))) {
    if (isCode(code) && typeof level === "string" && (LEVELS as readonly string[]).includes(level)) severity[code] = level as SeverityLevel;
  }
  const hints = record(section.inlayHints);
  const messages = record(section.messages);
  return {
    severity,
    inlayHints: {
      enabled: bool(hints.enabled, DEFAULT_SETTINGS.inlayHints.enabled),
      distance: bool(hints.distance, DEFAULT_SETTINGS.inlayHints.distance),
      gap: bool(hints.gap, DEFAULT_SETTINGS.inlayHints.gap),
    },
    messages: { showTolerance: bool(messages.showTolerance, DEFAULT_SETTINGS.messages.showTolerance) },
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/**
 * The current settings, kept in step with the client. A client that supports
 * `workspace/configuration` is asked (after `initialized`, and again on every
 * `workspace/didChangeConfiguration`); otherwise the settings pushed in that notification are read.
 * Listeners run after each change, so diagnostics are republished and inlay hints refreshed.
 */
export class SettingsStore {
  private current: RuleboardSettings = DEFAULT_SETTINGS;
  private canPull = false;
  private canRefreshInlayHints = false;
  /** Numbers the pulls, so an answer overtaken by a newer pull is dropped. */
  private pulls = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly connection: Connection) {}

  /** The settings in force. */
  get(): RuleboardSettings {
    return this.current;
  }

  /**
   * False until the first pull has answered (or failed) for a client that supports pulling, so
   * nothing is published under defaults the user has overridden (a code switched off flashing up).
   */
  loaded = true;

  /** Reads what the client can do, from `initialize`. */
  readCapabilities(capabilities: ClientCapabilities): void {
    this.canPull = capabilities.workspace?.configuration === true;
    this.canRefreshInlayHints = capabilities.workspace?.inlayHint?.refreshSupport === true;
    this.loaded = !this.canPull;
  }

  /** Whether the client asked to be told when inlay hints should be requested again. */
  get inlayHintRefresh(): boolean {
    return this.canRefreshInlayHints;
  }

  /** Runs `listener` after every change of the settings. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Installs the handlers: the first pull after `initialized`, and every configuration change. */
  listen(): void {
    this.connection.onInitialized(() => void this.pull());
    this.connection.onDidChangeConfiguration((params: DidChangeConfigurationParams) => {
      if (this.canPull) void this.pull();
      else this.apply(record(params.settings)[SETTINGS_SECTION]);
    });
  }

  private async pull(): Promise<void> {
    if (!this.canPull) return;
    const mine = ++this.pulls;
    if (!this.loaded) {
      // A client that never answers must not hold the diagnostics back for good.
      setTimeout(() => {
        if (this.loaded) return;
        this.connection.console.warn(`Ruleboard: no answer to the ${SETTINGS_SECTION} settings request yet; using the defaults until it comes`);
        this.apply(undefined);
      }, FIRST_PULL_PATIENCE_MS).unref();
    }
    try {
      const [section] = (await this.connection.workspace.getConfiguration([{ section: SETTINGS_SECTION }])) as unknown[];
      if (mine === this.pulls) this.apply(section);
    } catch (error) {
      this.connection.console.error(`Ruleboard: reading the ${SETTINGS_SECTION} settings failed: ${describeError(error)}`);
      // Publish under the settings we have rather than not at all.
      if (!this.loaded) this.apply(undefined);
    }
  }

  private apply(section: unknown): void {
    this.current = parseSettings(section);
    this.loaded = true;
    for (const listener of this.listeners) listener();
  }
}
