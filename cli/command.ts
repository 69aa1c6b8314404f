/** What every command of `ruleboard` is given, and the exit statuses it returns. */

/** Exit statuses, as in ESLint: problems found is 1, the tool could not do its job is 2. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

/** Where the command writes, and what it needs from its surroundings (so it can run in-process). */
export interface CliIo {
  readonly cwd: string;
  readonly version: string;
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}
