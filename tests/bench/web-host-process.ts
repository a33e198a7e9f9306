import { spawn } from "node:child_process";
import { join } from "node:path";
import { WEB_HOST_NODE_FLAGS } from "../../scripts/web-host-node-flags.ts";

const PROJECT_ROOT = join(import.meta.dirname, "..", "..");

/** The web host as a user starts it, on `dataDir`, with one profile at `gatewayUrl`; resolves with its address. */
export async function startWebHost(dataDir: string, gatewayUrl: string, key: string, renderer: string) {
  const host = spawn(
    process.execPath,
    [
      ...WEB_HOST_NODE_FLAGS,
      "electron/web-host/cli.ts",
      "--port",
      "0",
      "--data",
      dataDir,
      "--renderer",
      renderer,
      "--profile-url",
      gatewayUrl,
    ],
    { cwd: PROJECT_ROOT, env: { ...process.env, MODELDESK_PROFILE_KEY: key }, stdio: ["ignore", "pipe", "inherit"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    host.stdout.on("data", (data: Buffer) => {
      output += data.toString();
      const match = /app at (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    host.once("exit", (code) => reject(new Error(`web host exited with ${code}`)));
  });
  return { host, url };
}
