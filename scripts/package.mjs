// npm run package: the installable .vsix, from production bundles (vscode:prepublish builds them
// minified, without source maps, into an emptied dist/). Prints the file and its size.
// Usage: npm run package [-- --out <file.vsix>]
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { name, version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const at = process.argv.indexOf("--out");
const out = path.resolve(at > 0 ? process.argv[at + 1] : path.join(root, `${name}-${version}.vsix`));

// --no-dependencies: esbuild has bundled every runtime dependency; node_modules must not ship.
const vsce = path.join(root, "node_modules", "@vscode", "vsce", "vsce");
const r = spawnSync(process.execPath, [vsce, "package", "--no-dependencies", "--out", out], { cwd: root, stdio: "inherit" });
if (r.status !== 0) process.exit(r.status ?? 1);
const bytes = statSync(out).size;
console.log(`packaged ${path.relative(process.cwd(), out)}: ${(bytes / 1024).toFixed(0)} KiB`);
