import {
  BridgeProofSchema,
  BRIDGE_READY,
  bridgeProof,
  isBridgeProof,
  newChallenge,
} from "../../../shared/ipc/bridge-handshake.ts";

/**
 * How a bridge attempt ended: `ready` with a socket to the host that served this page; `unreachable`
 * when nothing answered as a bridge (the host is down or starting); `impostor` when something
 * answered but could not prove it holds this page's secret: another process on the port, or a new
 * run of the host, whose secret this page never had.
 */
type BridgeAttempt =
  | { readonly outcome: "ready"; readonly socket: WebSocket }
  | { readonly outcome: "unreachable" }
  | { readonly outcome: "impostor" };

/** A host that answers at all answers within this; one that does not is tried again later. */
const HANDSHAKE_MS = 10_000;

function frameOf(message: MessageEvent): unknown {
  try {
    return JSON.parse(String(message.data));
  } catch {
    return null;
  }
}

/**
 * Opens the bridge at `url` and runs the page's half of the handshake (shared/ipc/bridge-handshake.ts):
 * the page sends only a random challenge until the other end has proven it holds `secret` at
 * `origin`, then its own proof; the secret itself never crosses the socket.
 */
export function openProvenBridge(url: string, secret: string, origin: string): Promise<BridgeAttempt> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const challenge = newChallenge();
    let step: "proof" | "checking" | "ready" = "proof";
    let settled = false;
    const settle = (attempt: BridgeAttempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      socket.removeEventListener("message", onMessage);
      if (attempt.outcome !== "ready") socket.close();
      resolve(attempt);
    };
    const deadline = setTimeout(() => settle({ outcome: "unreachable" }), HANDSHAKE_MS);
    const checkProof = async (proof: string, hostChallenge: string) => {
      step = "checking";
      if (!(await isBridgeProof(secret, "host", origin, challenge, proof))) return settle({ outcome: "impostor" });
      if (settled || socket.readyState !== WebSocket.OPEN) return;
      socket.send(JSON.stringify({ t: "auth", proof: await bridgeProof(secret, "page", origin, hostChallenge) }));
      step = "ready";
    };
    const onMessage = (message: MessageEvent) => {
      const frame = frameOf(message);
      const proof = step === "proof" ? BridgeProofSchema.safeParse(frame) : null;
      if (proof?.success) {
        checkProof(proof.data.proof, proof.data.challenge).catch(() => settle({ outcome: "impostor" }));
      } else if (step === "ready" && JSON.stringify(frame) === JSON.stringify(BRIDGE_READY)) {
        settle({ outcome: "ready", socket });
      } else settle({ outcome: "impostor" });
    };
    socket.addEventListener("open", () => socket.send(JSON.stringify({ t: "hello", challenge })), { once: true });
    socket.addEventListener("message", onMessage);
    socket.addEventListener("close", () => settle({ outcome: "unreachable" }), { once: true });
  });
}
