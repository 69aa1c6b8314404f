/** The `ruleboard` command: parse argv (one parser, ./args), then run the command it names. */
import { parseArgs } from "./args";
import { runCheck } from "./check/run-check";
import { startWatch } from "./watch/run-watch";
import { runCompare } from "./compare/run-compare";
import { runRegion } from "./region/run-region";
import { runExtract } from "./render/run-extract";
import { runHtmlRender } from "./render/run-html";
import { runMarkdownRender } from "./render/run-markdown";
import { runRender } from "./render/run-render";
import { EXIT_OK, EXIT_USAGE, type CliIo } from "./command";
import { USAGE, usageErrorText } from "./usage";

/** Runs one command line and returns the exit status. Never throws for bad input or files. */
export function runCli(argv: readonly string[], io: CliIo): number {
  const request = parseArgs(argv);
  switch (request.kind) {
    case "help":
      io.out(USAGE);
      return EXIT_OK;
    case "version":
      io.out(`${io.version}\n`);
      return EXIT_OK;
    case "usage-error":
      io.err(usageErrorText(request.message));
      return EXIT_USAGE;
    case "compare":
      return runCompare(request, io);
    case "render":
      return runRender(request, io);
    case "region":
      return runRegion(request, io);
    case "render-extract":
      return runExtract(request.file, io);
    case "render-markdown":
      return runMarkdownRender(request, io);
    case "render-html":
      return runHtmlRender(request, io);
    case "check":
      // A watch keeps running (its watchers hold the process) after the status of its first check.
      return request.watch ? startWatch(request, io).status : runCheck(request, io);
  }
}
