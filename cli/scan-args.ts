/**
 * The one argv scanner of the command line: `--opt value` or `--opt=value`, options anywhere,
 * `--` ends the options (what follows is positional, even `--quiet`). Each command then reads
 * the options it was given; the scanner only knows which take a value.
 */
export interface ScannedArgs {
  /** Operands in order, the command word included. */
  readonly positional: readonly string[];
  /** Flags given (options without a value). */
  readonly flags: ReadonlySet<string>;
  /** Valued options; a repeated option keeps its last value (unless `once`). */
  readonly values: ReadonlyMap<string, string>;
}

export interface ArgSpec {
  readonly flags: readonly string[];
  readonly valued: readonly string[];
  /** Options refused with a reason of their own rather than as unknown. */
  readonly refused?: Readonly<Record<string, string>>;
  /** A valued option given twice is a usage error. */
  readonly once?: boolean;
  /** How "unknown option" names the command, e.g. " for render". */
  readonly where?: string;
}

/** Scans `argv` against `spec`; a string is the usage error's message. */
export function scanArgs(argv: readonly string[], spec: ArgSpec): ScannedArgs | string {
  const end = argv.indexOf("--");
  const optionPart = end < 0 ? argv : argv.slice(0, end);
  const positional: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string>();
  for (let i = 0; i < optionPart.length; i++) {
    const arg = optionPart[i];
    if (!arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const inline = eq < 0 ? undefined : arg.slice(eq + 1);
    const refusal = spec.refused?.[name];
    if (refusal !== undefined) return refusal;
    if (spec.flags.includes(name)) {
      if (inline !== undefined) return `option ${name} takes no value`;
      flags.add(name);
      continue;
    }
    if (!spec.valued.includes(name)) return `unknown option '${arg}'${spec.where ?? ""}`;
    // A value must be present and must not look like another option (`--format --quiet`).
    const value = inline ?? optionPart[i + 1];
    if (value === undefined || value === "" || (inline === undefined && value.startsWith("-"))) return `option ${name} needs a value`;
    if (inline === undefined) i++;
    if (spec.once && values.has(name)) return `option ${name} is given twice`;
    values.set(name, value);
  }
  if (end >= 0) positional.push(...argv.slice(end + 1));
  return { positional, flags, values };
}
