import type { AppInfo } from "../../shared/ipc/app-info.ts";
import type { GatewayConfigInput } from "../local-gateway/config.ts";
import type { SamplerTiming } from "../services/budget/balance-sampler.ts";
import type { AnswerLimits } from "../services/gateway-client/answer-limits.ts";
import type { McpTiming } from "../services/mcp/mcp-limits.ts";
import type { PollTiming } from "../services/tasks/poll-policy.ts";
import type { SecretCipher } from "../services/vault/secret-cipher.ts";
import type { SettingsStore } from "../services/vault/settings-store.ts";

/** What the host (Electron or the web host) provides to the services. */
export interface AppEnvironment {
  readonly host: AppInfo["host"];
  readonly version: string;
  readonly dataDir: string;
  readonly settings: SettingsStore;
  readonly cipher: SecretCipher;
  readonly fetch: typeof fetch;
  /** The URL the window loads a stored media file from (`media://` in Electron, a web-host route). */
  readonly mediaSrc: (id: string) => string;
}

export interface AppServicesOptions {
  /** Use this gateway as the active profile instead of starting the embedded one. */
  readonly profile?: { readonly baseUrl: string; readonly key: string; readonly rpm?: number };
  /** Overrides for the embedded gateway (e.g. a faster timeScale). */
  readonly localGatewayConfig?: GatewayConfigInput;
  /** Overrides for the task engine's polling (tests). */
  readonly pollTiming?: PollTiming;
  /** Overrides for when the balance is read to measure costs (tests). */
  readonly samplerTiming?: SamplerTiming;
  /** Overrides for how much of an answer is read and how long it may take (tests shrink the waits). */
  readonly answerLimits?: AnswerLimits;
  /** Overrides for how long an MCP server may take to start, list and answer (tests shrink them). */
  readonly mcpTiming?: Partial<McpTiming>;
  /**
   * Awaited between the start's parts (each holds the thread for milliseconds to tens of them):
   * the web host serves the page's files meanwhile.
   */
  readonly giveWay?: () => Promise<void>;
}
