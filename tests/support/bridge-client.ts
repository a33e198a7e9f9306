import WebSocket from "ws";
import { HOST_SECRET_TAB_KEY } from "../../renderer/src/api/host-secret.ts";
import { bridgeProof, BridgeProofSchema, isBridgeProof, newChallenge } from "../../shared/ipc/bridge-handshake.ts";

/** The next text frame `ws` receives, parsed. */
export function nextFrame(ws: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    ws.once("message", (raw: WebSocket.RawData) => resolve(JSON.parse(raw.toString())));
    ws.once("close", (code) => reject(new Error(`the host closed the bridge with ${code}`)));
  });
}

/** A bridge connection to the web host at `hostUrl` from its own page (Origin), before any handshake. */
export async function openSocketAt(hostUrl: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const ws = new WebSocket(`${hostUrl.replace("http", "ws")}/bridge`, { headers: { origin: hostUrl, ...headers } });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return ws;
}

/**
 * A bridge connection to the web host at `hostUrl`, as its own page opens it: Origin, then the
 * handshake proving it holds `secret` (the host's proof is checked too); resolves once calls may go.
 */
export async function openBridgeAt(hostUrl: string, secret: string): Promise<WebSocket> {
  const ws = await openSocketAt(hostUrl);
  const challenge = newChallenge();
  ws.send(JSON.stringify({ t: "hello", challenge }));
  const answer = BridgeProofSchema.parse(await nextFrame(ws));
  if (!(await isBridgeProof(secret, "host", hostUrl, challenge, answer.proof))) throw new Error("not this host");
  ws.send(JSON.stringify({ t: "auth", proof: await bridgeProof(secret, "page", hostUrl, answer.challenge) }));
  const ready = await nextFrame(ws);
  if (JSON.stringify(ready) !== '{"t":"ready"}') throw new Error(`the host did not say ready: ${String(ready)}`);
  return ws;
}

/** The web host's secret as the page at its address holds it (the tab's copy), for a script that stole it. */
export async function secretHeldBy(page: { evaluate<T, A>(fn: (arg: A) => T, arg: A): Promise<T> }): Promise<string> {
  const secret = await page.evaluate((key) => sessionStorage.getItem(key), HOST_SECRET_TAB_KEY);
  if (secret === null) throw new Error("the page holds no host secret");
  return secret;
}

let nextId = 1;

/** The result of one call over the bridge; rejects when the host closes the connection instead. */
export function invoke<T = { ok: boolean }>(ws: WebSocket, channel: string, payload?: unknown): Promise<T> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    if (ws.readyState !== WebSocket.OPEN) return reject(new Error("the bridge is closed"));
    const onClose = (code: number) => reject(new Error(`the host closed the bridge with ${code}`));
    const onMessage = (raw: WebSocket.RawData) => {
      const frame = JSON.parse(raw.toString()) as { t: string; id?: number; result: T };
      if (frame.t !== "result" || frame.id !== id) return;
      ws.off("message", onMessage);
      // A caller polling over one connection would otherwise leave a listener per call.
      ws.off("close", onClose);
      resolve(frame.result);
    };
    ws.on("message", onMessage);
    ws.once("close", onClose);
    ws.send(JSON.stringify({ t: "invoke", id, channel, payload }));
  });
}
