// `npm run fuzz -- --count N --seed S [--out DIR]`: compiles the tests (which brings shared/ and
// server/ into out/), then runs the fuzzer at scale (test/fuzz/scale-fuzz.ts). Exit status: 0
// nothing found, 1 findings (reproductions under out/fuzz/ or --out), 2 usage or build errors.
// --no-compile skips the compile step when out/ is known to be fresh (e.g. right after npm test).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const compile = !args.includes("--no-compile");
if (compile) {
  const r = spawnSync("npm", ["run", "--silent", "compile-tests"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(2);
}
const require = createRequire(import.meta.url);
const { main } = require(path.join(root, "out", "test", "fuzz", "scale-fuzz.js"));
process.exitCode = await main(args.filter((a) => a !== "--no-compile"));
