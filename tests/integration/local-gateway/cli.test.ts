import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../support/local-gateway.ts";

const children: ChildProcess[] = [];
afterEach(() => {
  // npm runs the gateway in a child of its own: signal the whole process group.
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
  }
});

/** Runs `npm run gateway -- ...args` and resolves with its output once it prints the listening line. */
function runGateway(args: string[]): Promise<{ output: string; url: string }> {
  const child = spawn("npm", ["run", "--silent", "gateway", "--", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no listening line; output:\n${output}`)), 30_000);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /^gateway listening at (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ output, url: match[1]! });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited with ${code}; output:\n${output}`)));
  });
}

describe("npm run gateway", () => {
  it("without --config seeds a demo tenant and prints its key", async () => {
    const { output, url } = await runGateway(["--port", "0", "--data", tempDir()]);
    const key = /^demo key: (sk-local-\w+)$/m.exec(output)?.[1];
    expect(key).toBeDefined();
    const response = await fetch(`${url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect((await response.json()).api_key.name).toBe("Demo key");
  });

  it("honours a --config file", async () => {
    const dir = tempDir();
    const configFile = join(dir, "gateway.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        timeScale: 0,
        tenants: [{ id: "t1", name: "Tenant one", topupBalance: 12.5, giftBalance: 2.5 }],
        keys: [
          {
            key: "sk-from-config-1",
            tenant: "t1",
            id: "k1",
            name: "Config key",
            dailyBudget: 3,
            monthlyBudget: null,
            rpm: 5,
            tpm: 1000,
          },
        ],
        models: [{ code: "only-chat", kind: "chat" }],
      }),
    );
    const { output, url } = await runGateway(["--port", "0", "--data", dir, "--config", configFile]);
    expect(output).not.toContain("demo key");
    const balance = await (await fetch(`${url}/v1/balance`, { headers: { "x-api-key": "sk-from-config-1" } })).json();
    expect(balance).toMatchObject({ balance: 15, api_key: { id: "k1", daily_budget: 3 } });
    const chat = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { "x-api-key": "sk-from-config-1", "content-type": "application/json" },
      body: JSON.stringify({ model: "chat-fast", messages: [{ role: "user", content: "x" }] }),
    });
    expect(chat.status).toBe(404);
    expect(chat.headers.get("x-ratelimit-limit")).toBe("5");
  });

  it("refuses an invalid config with a message naming the field", async () => {
    const dir = tempDir();
    const configFile = join(dir, "bad.json");
    writeFileSync(
      configFile,
      JSON.stringify({ keys: [{ key: "sk-bad-config-1", tenant: "ghost", id: "k", name: "k" }] }),
    );
    const error = await runGateway(["--port", "0", "--data", dir, "--config", configFile]).catch((e: Error) => e);
    expect(String(error)).toMatch(/unknown tenant "ghost"/);
  });
});
