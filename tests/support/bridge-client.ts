import WebSocket from "ws";

/** A bridge connection to the web host at `hostUrl`, as its own page opens it (cookie and Origin), once open. */
export async function openBridgeAt(hostUrl: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${hostUrl.replace("http", "ws")}/bridge`, { headers: { origin: hostUrl, cookie } });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return ws;
}

let nextId = 1;

/** The result of one call over the bridge; rejects when the host closes the connection instead. */
export function invoke<T = { ok: boolean }>(ws: WebSocket, channel: string, payload?: unknown): Promise<T> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const frame = JSON.parse(raw.toString()) as { t: string; id?: number; result: T };
      if (frame.t !== "result" || frame.id !== id) return;
      ws.off("message", onMessage);
      resolve(frame.result);
    };
    ws.on("message", onMessage);
    ws.once("close", (code) => reject(new Error(`the host closed the bridge with ${code}`)));
    ws.send(JSON.stringify({ t: "invoke", id, channel, payload }));
  });
}
