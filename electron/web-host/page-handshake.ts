import type { WebSocket } from "ws";
import {
  BRIDGE_READY,
  BridgeAuthSchema,
  BridgeHelloSchema,
  bridgeProof,
  isBridgeProof,
  newChallenge,
} from "../../shared/ipc/bridge-handshake.ts";

/** Long enough for a busy browser, short enough that idle unproven sockets do not pile up. */
const HANDSHAKE_MS = 15_000;

function parsed(raw: WebSocket.RawData): unknown {
  try {
    return JSON.parse(raw.toString());
  } catch {
    return null;
  }
}

/**
 * The host's half of the bridge handshake (shared/ipc/bridge-handshake.ts): answers the page's
 * challenge, checks the page's answer to its own, and settles true once the page has proven it
 * holds `secret` (the host then says `ready`). Anything else, out of turn or late, closes the socket.
 */
export function pageProven(ws: WebSocket, secret: string, origin: string): Promise<boolean> {
  return new Promise((resolve) => {
    let step: "hello" | "answering" | "auth" | "checking" = "hello";
    let challenge = "";
    let done = false;
    const finish = (proven: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      ws.off("message", onMessage);
      ws.off("close", onClose);
      if (proven && ws.readyState === ws.OPEN) ws.send(JSON.stringify(BRIDGE_READY));
      else ws.close(1008, "the page did not prove it belongs to this host");
      resolve(proven && ws.readyState === ws.OPEN);
    };
    const deadline = setTimeout(() => finish(false), HANDSHAKE_MS);
    const onClose = () => finish(false);
    const answerHello = async (pageChallenge: string) => {
      step = "answering";
      challenge = newChallenge();
      const proof = await bridgeProof(secret, "host", origin, pageChallenge);
      if (ws.readyState !== ws.OPEN) return finish(false);
      ws.send(JSON.stringify({ t: "proof", proof, challenge }));
      step = "auth";
    };
    const checkAuth = async (proof: string) => {
      step = "checking";
      finish(await isBridgeProof(secret, "page", origin, challenge, proof));
    };
    const onMessage = (raw: WebSocket.RawData) => {
      const frame = parsed(raw);
      const hello = step === "hello" ? BridgeHelloSchema.safeParse(frame) : null;
      const auth = step === "auth" ? BridgeAuthSchema.safeParse(frame) : null;
      if (hello?.success) void answerHello(hello.data.challenge).catch(() => finish(false));
      else if (auth?.success) void checkAuth(auth.data.proof).catch(() => finish(false));
      else finish(false);
    };
    ws.on("message", onMessage);
    ws.on("close", onClose);
  });
}
