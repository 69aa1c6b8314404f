// Starting and stopping code-server for the e2e runner: install (cached), install a .vsix, serve a
// folder on loopback with throwaway user-data and extensions directories.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import * as path from "node:path";

const HERE = import.meta.dirname;

/** Installs code-server into the cache when it is not there yet; returns its entry script. */
export function ensureCodeServer() {
  const r = spawnSync("bash", [path.join(HERE, "install-code-server.sh")], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  if (r.status !== 0) throw new Error(`installing code-server failed (exit ${r.status})`);
  return r.stdout.trim().split("\n").pop();
}

/** Settings for a clean workbench: no walkthrough tab, no trust prompt, nothing phoning home. */
export function writeUserSettings(userDataDir) {
  const folder = path.join(userDataDir, "User");
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, "settings.json"),
    JSON.stringify(
      {
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": false,
        "security.workspace.trust.enabled": false,
        "telemetry.telemetryLevel": "off",
        "extensions.autoUpdate": false,
        "extensions.autoCheckUpdates": false,
        "update.mode": "none",
        "editor.minimap.enabled": false,
        "window.commandCenter": false,
        "chat.commandCenter.enabled": false,
        "workbench.secondarySideBar.defaultVisibility": "hidden",
      },
      null,
      2,
    ),
  );
}

/** `code-server --install-extension`: returns its whole output, which the runner checks for warnings. */
export function installExtension(entry, vsix, dirs) {
  const r = spawnSync(process.execPath, [entry, "--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions, "--install-extension", vsix], {
    encoding: "utf8",
    timeout: 120_000,
  });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (r.status !== 0) throw new Error(`code-server --install-extension failed (exit ${r.status}):\n${output}`);
  return output;
}

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Serves `folder` on 127.0.0.1:`port`; resolves once code-server listens. `env` reaches the extension
 * host (code-server passes its environment on). The returned `stop()` ends the whole process group.
 */
export async function startCodeServer(entry, { port, folder, dirs, env, log }) {
  const args = [
    entry,
    // A password nobody is told: the workbench (which has a terminal) is for this run's browser only.
    "--auth",
    "password",
    "--bind-addr",
    `127.0.0.1:${port}`,
    "--user-data-dir",
    dirs.userData,
    "--extensions-dir",
    dirs.extensions,
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-workspace-trust",
    "--disable-getting-started-override",
    folder,
  ];
  const password = randomBytes(18).toString("base64url");
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PASSWORD: password }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const lines = [];
  const listening = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start within 60 s:\n${lines.join("")}`)), 60_000);
    const onData = (chunk) => {
      const text = chunk.toString();
      lines.push(text);
      log?.(text);
      if (text.includes("HTTP server listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code}) before listening:\n${lines.join("")}`));
    });
  });
  await listening;
  return {
    password,
    output: () => lines.join(""),
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    },
  };
}
