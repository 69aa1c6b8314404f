/**
 * `check --format sarif`: one SARIF 2.1.0 log (the OASIS Static Analysis Results Interchange
 * Format), what code-scanning pages (GitHub's upload-sarif, GitLab, Azure DevOps, IDE viewers)
 * read. One run; the tool's rules are the public diagnostic codes, in the registry's order; each
 * finding is a result at its place in the file, a block's finding at its Markdown line.
 */
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { CODES, isCode, type Code, type Severity } from "../../shared/index";
import type { FileReport, ReportConsequence, ReportMessage } from "./report";

/** Where the rules' help is: the codes table of docs/codes.md. */
export const CODES_HELP_URI = "https://github.com/ruleboard/ruleboard/blob/main/docs/codes.md#codes";
/** The schema a SARIF 2.1.0 log names (the one the OASIS standard publishes). */
export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
/** The base id the results' file URIs are relative to: the working folder of the run. */
export const SRCROOT = "%SRCROOT%";

/** SARIF's levels: error and warning as they are, information as a note. */
const LEVEL: Record<Severity, "error" | "warning" | "note"> = { error: "error", warning: "warning", info: "note" };

/** What the log says about the run beyond the findings. */
export interface SarifRunInfo {
  /** The folder the file URIs are relative to (the working folder). */
  readonly cwd: string;
  /** Ruleboard's version. */
  readonly version: string;
  /** False when a file could not be read (its reason went to stderr). */
  readonly executionSuccessful: boolean;
}

/** A SARIF region: 1-based lines and columns, `endColumn` the column after the last character. */
interface SarifRegion {
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A citation in a message: the system and the rule in parentheses (`shared/systems/rule-cite.ts`), or a ruling. */
const CITATION = /\(((?:\d+e(?:\+[\w-]+)?|club ruling) [^()]*)\)/g;

/**
 * The rule a message cites, the last citation in it: "11e 12.03", "10e Pile In", "11e 11.02, 09.06",
 * "club ruling …". Undefined for the findings about the text (YAML, keys), which cite none.
 */
export function citedRule(message: string): string | undefined {
  let last: string | undefined;
  for (const m of message.matchAll(CITATION)) last = m[1].trim();
  return last;
}

/** The file's URI: relative to the working folder (with `%SRCROOT%`) when inside it, else a file: URI. */
function artifactLocation(filePath: string, cwd: string): { uri: string; uriBaseId?: string } {
  const rel = path.relative(cwd, filePath);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return { uri: pathToFileURL(filePath).href };
  return { uri: rel.split(path.sep).map(encodeURIComponent).join("/"), uriBaseId: SRCROOT };
}

function region(m: ReportConsequence): SarifRegion {
  return { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn };
}

/** The SARIF log of one `check` run over `reports` (files in check order, messages sorted). */
export function toSarif(reports: readonly FileReport[], info: SarifRunInfo): object {
  const codes = Object.keys(CODES) as Code[];
  // The sections each code's findings cite in this run, for the rule's properties.
  const sections = new Map<string, Set<string>>();
  const results = reports.flatMap((report) => {
    const location = artifactLocation(report.filePath, info.cwd);
    return report.messages.map((m: ReportMessage) => {
      const rule = citedRule(m.message);
      if (rule !== undefined) {
        const cited = sections.get(m.code) ?? new Set<string>();
        cited.add(rule);
        sections.set(m.code, cited);
      }
      const consequences = m.consequences ?? [];
      return {
        ruleId: m.code,
        ...(isCode(m.code) ? { ruleIndex: codes.indexOf(m.code) } : {}),
        level: LEVEL[m.severity],
        message: { text: m.message },
        locations: [{ physicalLocation: { artifactLocation: location, region: region(m) } }],
        // The findings folded into this one as its consequences (shared/engine/cascade.ts).
        ...(consequences.length > 0
          ? {
              relatedLocations: consequences.map((c, i) => ({
                id: i,
                message: { text: `${c.code}: ${c.message}` },
                physicalLocation: { artifactLocation: location, region: region(c) },
              })),
            }
          : {}),
        ...(rule === undefined ? {} : { properties: { ruleSection: rule } }),
      };
    });
  });
  const rules = codes.map((code) => {
    const cited = sections.get(code);
    return {
      id: code,
      shortDescription: { text: CODES[code] },
      fullDescription: { text: CODES[code] },
      helpUri: CODES_HELP_URI,
      help: { text: `${CODES[code]} See ${CODES_HELP_URI}` },
      ...(cited === undefined ? {} : { properties: { ruleSections: [...cited].sort() } }),
    };
  });
  const root = pathToFileURL(info.cwd).href;
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "ruleboard",
            version: info.version,
            informationUri: "https://github.com/ruleboard/ruleboard",
            rules,
          },
        },
        invocations: [{ executionSuccessful: info.executionSuccessful }],
        originalUriBaseIds: { [SRCROOT]: { uri: root.endsWith("/") ? root : `${root}/` } },
        // Columns count UTF-16 code units, as the editor's and ESLint's do.
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}

/** The SARIF log as printed: indented JSON (a log is read by people too), with a final newline. */
export function formatSarif(reports: readonly FileReport[], info: SarifRunInfo): string {
  return `${JSON.stringify(toSarif(reports, info), null, 2)}\n`;
}
