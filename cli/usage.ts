/** What `ruleboard --help` prints, and how a usage error is printed. */
import { DEFAULT_SPECS } from "../shared/engine/compare";

/** The usage text, printed by `--help` (to stdout). A usage error prints `usageErrorText` instead. */
export const USAGE = `Usage: ruleboard check <files or folders...> [options]
       ruleboard compare <file> [--rules <systems>] [--format text|json] [--all]
       ruleboard render <file> [--step N | --all] [--format svg|png] [--out <path>]
                [--theme light|dark|high-contrast|print] [--region <model>]
                [--rules <system>] [--view auto|board|x,y,w,h]
       ruleboard render <file> --html [--out <page.html>] [--theme <name>]
                [--rules <system>]
       ruleboard region <file> --model <id> [--step N] [--format text|json]
                [--rules <system>]
       ruleboard render --extract <board.svg>
       ruleboard render --markdown <doc.md> --out <folder> [--format svg|png]
                [--theme light|dark|high-contrast|print] [--rules <system>]
       ruleboard render --markdown <doc.md> --html [--out <page.html>]
                [--theme <name>] [--rules <system>]
       ruleboard --help | --version

check    Checks Ruleboard scenarios. Folders are searched recursively for
         *.scenario.yaml and *.scenario.yml, and for Markdown files (*.md,
         *.markdown) with a \`\`\`ruleboard or \`\`\`scenario block (node_modules and
         dot-folders are skipped); files named explicitly are checked whatever
         their extension. In Markdown, each such fenced block is checked and
         reported at its Markdown line; a block whose info string also says
         illegal (\`\`\`ruleboard illegal) shows a broken example on purpose: its
         errors and warnings are expected (info), and breaking nothing is an
         error.
compare  Re-checks one scenario under several rules systems and prints, step by
         step, where the verdicts (legal, borderline, illegal) differ.
render   Draws the board of one scenario after a step (default: the last; --step
         is 1-based as in compare, 0 is the set-up). Without --out the SVG goes
         to stdout; --out names the file, or with --all a folder that receives
         the set-up and every step as NN-<name>.svg (or .png), NN the step's
         place in steps: (00 the set-up). A step that cannot be read (check
         says why) is left out and named on stderr: --all writes no file for
         it, --step refuses it, and the default is the last step that can be
         read. Every SVG embeds the scenario, and render --extract prints it
         back. With --markdown, every scenario block of the document is drawn
         after its last step into the --out folder as NN-<doc>.svg (or .png),
         and the Markdown image references to paste into the document are
         printed, one per block. With --region <model>, the board also shows
         where that model may end its move in the step (see region). With
         --html, one self-contained page to publish: the set-up and every step
         behind a step slider, each with its note and verdict (with --markdown,
         one board per block), under a strict Content-Security-Policy.
region   Finds where one model may end its move in one step, asking the
         checker itself: the legal area, and the area legal for the model
         where its unit then fails (coherency, ending engaged, objective
         range). --step is 1-based as in render (default: the last step that
         moves the model's unit). Text prints each area in square inches;
         json prints { model, step, legal, unitOnly, note? } with polygons in
         board inches (outer ring, then holes). A file with errors is still
         answered.

Options:
  --format <format>    Output format (default: text): text or json; check
                       also sarif (SARIF 2.1.0, for code scanning) and github
                       (workflow commands: GitHub Actions annotations).
                       check: json is an ESLint-style array; compare,
                       region: json is one object.
  --rules <system>     check: check under this rules system instead of each
                       file's rules: and rulings:, e.g. 10e or 10e+club (a
                       system with rulings).
                       region: judge the move under this system.
                       render: judge and draw under this system.
                       compare: the systems, comma-separated
                       (default: ${DEFAULT_SPECS.join(",")}).
  --rulings <a,b>      check: switch on these rulings instead of each file's
                       rulings: (added to those written after + in --rules).
  --quiet              check: report errors only (hide warnings and info).
  --max-warnings <N>   check: exit 1 when more than N warnings are found,
                       even without errors (those --quiet hides count too).
  --watch              check: check, then re-check the files as they change
                       and print only what changed, until Ctrl+C (text only).
  --all                compare: show every step, not only those that differ.
                       render: one picture per step, and the set-up as 00.
  --step <N>           render: the step to draw (1 = first, 0 = set-up).
                       region: the step of the move (1 = first).
  --model <id>         region: the model whose move it is.
  --region <model>     render: draw that model's legal region in the step
                       (default step: the last that moves its unit).
  --format svg|png     render: the image format (default svg; png is drawn
                       at twice the size and needs --out).
  --out <path>         render: the output file (the page with --html), or
                       folder with --all or --markdown.
  --theme <name>       render: light (default), dark, high-contrast or print.
  --view <view>        render: auto (cropped to the action), board, or a window
                       x,y,w,h in inches (default: the file's view:).
  --extract <svg>      render: print the scenario embedded in an exported SVG.
  --markdown <doc.md>  render: draw every scenario block of a Markdown document.
  --html               render: one HTML page with every step and a slider (not
                       with --all, --step, --region or --format png).
  -h, --help           Show this help.
  --version            Show the version.

Exit status: 0 no errors (check), compared (compare: differences are not
failures), drawn (render) or answered (region, even an empty region), 1
errors found or more warnings than --max-warnings (check) or the scenario
cannot be read (compare, render, region; render --step, region --step: the
step cannot be read; render --markdown: a block cannot be read, the others
are still drawn), 2 usage error, unreadable or unwritable file, unknown
rules system, step or model, or a step that does not move the model's unit
(region, render --region).
`;

/** The line after a usage error's message, pointing to the full usage (as git and ls do). */
export const USAGE_HINT = "Run 'ruleboard --help' for usage.";

/**
 * What a usage error prints on stderr: one line with the reason, then the hint, and not the
 * whole usage (which would push the reason off the screen).
 */
export function usageErrorText(message: string): string {
  return `ruleboard: ${message}\n${USAGE_HINT}\n`;
}
