// The one test command: type-check, bundle, compile the tests, then run every node:test suite.
// Usage: npm test            (all suites)
//        npm test -- shared  (only the named suites: shared, project, cli, lsp, fuzz, browser)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, mkdirSync } from "node:fs";

const ALL = ["shared", "project", "cli", "lsp", "fuzz", "browser"];
const wanted = process.argv.slice(2).filter((a) => ALL.includes(a));
const suites = (wanted.length ? wanted : ALL).map((s) => `out/test/${s}`);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  return r;
}

run("npm", ["run", "--silent", "typecheck"]);
run("npm", ["run", "--silent", "build"]);
run("npm", ["run", "--silent", "compile-tests"]);

mkdirSync("out", { recursive: true });
const present = suites.filter((d) => existsSync(d));
const r = spawnSync(
  process.execPath,
  [
    "--test",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=tap",
    "--test-reporter-destination=out/test-results.tap",
    ...present,
  ],
  { stdio: "inherit" },
);
// node:test's own summary is printed above; repeat it as one plain line for log readers.
const tap = existsSync("out/test-results.tap") ? readFileSync("out/test-results.tap", "utf8") : "";
const count = (k) => Number((tap.match(new RegExp(`^# ${k} (\\d+)$`, "m")) ?? [])[1] ?? 0);
console.log(`\ntests: ${count("pass")} passed, ${count("fail")} failed, ${count("skipped")} skipped`);
process.exit(r.status ?? 1);
