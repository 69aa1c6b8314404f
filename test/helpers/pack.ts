// The npm package for the tests that install it (test/cli/pack.test.ts, test/cli/ci-recipes.test.ts):
// packed by scripts/pack-cli.mjs, installed offline, with a dead proxy standing in for the network.
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "./cli";

/** The npm cache the developer's (or CI's) npm uses: an offline install finds yaml and resvg there. */
function npmCache(): string {
  const r = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim() !== "" ? r.stdout.trim() : path.join(os.homedir(), ".npm");
}

/** npm's and npx's environment: the normal cache, offline, and a proxy that answers nothing instead of the network. */
export const OFFLINE_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  npm_config_cache: npmCache(),
  npm_config_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  npm_config_proxy: "http://127.0.0.1:9",
  npm_config_https_proxy: "http://127.0.0.1:9",
  HTTP_PROXY: "http://127.0.0.1:9",
  HTTPS_PROXY: "http://127.0.0.1:9",
};

/** Runs a command to its end (4 minutes at most) and returns what it printed. */
export function sh(cmd: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = OFFLINE_ENV): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env, encoding: "utf8", timeout: 240_000 });
}

/** The repository's version (the package's). */
export const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** Runs `npm run pack:cli -- <folder>` (the script itself, staging under `scratch`); the tarball and what the script printed. */
export function packTarball(scratch: string): { tarball: string; output: string } {
  const folder = path.join(scratch, "tarballs");
  const packed = sh(process.execPath, [path.join(ROOT, "scripts", "pack-cli.mjs"), folder, "--stage", path.join(scratch, "stage")], ROOT, process.env);
  assert.equal(packed.status, 0, packed.stderr + packed.stdout);
  const names = fs.readdirSync(folder).filter((f) => f.endsWith(".tgz"));
  assert.deepEqual(names, [`ruleboard-${VERSION}.tgz`]);
  return { tarball: path.join(folder, names[0]), output: packed.stdout };
}

/**
 * What `npm install` is given to install the tarball offline: the tarball alone when the npm cache
 * holds its dependencies' registry documents (as after .ci/run's `npm cache add`), else the
 * tarball and its dependencies packed from this repository's node_modules. npm 11 resolves a
 * dependency's range from its full registry document, which an `npm ci` does not cache; both ways
 * install the tarball with its own manifest and without the network.
 */
export function offlineInstallSpecs(tarball: string, scratch: string): { specs: string[]; how: string } {
  const probe = path.join(scratch, "probe");
  fs.mkdirSync(probe, { recursive: true });
  fs.writeFileSync(path.join(probe, "package.json"), JSON.stringify({ name: "probe", version: "1.0.0", private: true }));
  const dry = sh("npm", ["install", "--dry-run", tarball], probe);
  if (dry.status === 0) return { specs: [tarball], how: "from the npm cache" };
  assert.match(dry.stderr, /ENOTCACHED/, dry.stderr);
  const deps = path.join(scratch, "deps");
  fs.mkdirSync(deps, { recursive: true });
  const resvg = fs.readdirSync(path.join(ROOT, "node_modules", "@resvg")).filter((d) => d.startsWith("resvg-js-"));
  const folders = ["yaml", "@resvg/resvg-js", ...resvg.map((d) => `@resvg/${d}`)];
  const packed = sh("npm", ["pack", "--ignore-scripts", "--silent", ...folders.map((f) => path.join(ROOT, "node_modules", f))], deps);
  assert.equal(packed.status, 0, packed.stderr);
  return {
    specs: [tarball, ...fs.readdirSync(deps).map((f) => path.join(deps, f))],
    how: `with the dependencies packed from this repository's node_modules (${folders.join(", ")})`,
  };
}
