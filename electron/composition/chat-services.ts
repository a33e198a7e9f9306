import type { DatabaseSync } from "node:sqlite";
import { AssistantStore } from "../services/assistants/assistant-store.ts";
import type { AppServices } from "../services/app-services.ts";
import type { PriceBook } from "../services/budget/price-book.ts";
import type { CapabilityStore } from "../services/capabilities/capability-store.ts";
import { ChatService } from "../services/chat/chat-service.ts";
import { CompareService } from "../services/chat/compare-service.ts";
import { assignConversationProfiles } from "../services/chat/conversation-profiles.ts";
import { ConversationStore } from "../services/chat/conversation-store.ts";
import { ConversationToolStore } from "../services/chat/conversation-tool-store.ts";
import { ReplyProducer } from "../services/chat/reply-producer.ts";
import { DocumentReader } from "../services/documents/document-reader.ts";
import type { GatewayClient } from "../services/gateway-client/gateway-client.ts";
import type { McpTiming } from "../services/mcp/mcp-limits.ts";
import { McpServers } from "../services/mcp/mcp-servers.ts";
import { StreamHub } from "../services/streams/stream-hub.ts";
import type { ProfileVault } from "../services/vault/profile-vault.ts";
import type { AppEnvironment } from "./app-environment.ts";
import { chatTooling } from "./chat-tooling.ts";

/** Conversations and their replies: streams, assistants, documents, tools over MCP and comparisons. */
export type ChatServices = Pick<
  AppServices,
  | "streams"
  | "conversations"
  | "assistants"
  | "chat"
  | "documents"
  | "compare"
  | "mcp"
  | "tooling"
  | "conversationTools"
>;

export interface ChatDeps {
  readonly db: DatabaseSync;
  readonly env: Pick<AppEnvironment, "settings" | "cipher">;
  readonly vault: ProfileVault;
  readonly capabilityStore: CapabilityStore;
  readonly prices: PriceBook;
  readonly clientFor: (profileId: string) => GatewayClient;
  readonly mcpTiming?: Partial<McpTiming>;
}

/** The chat's services; conversations left without a profile are given one first. */
export function chatServices({
  db,
  env,
  vault,
  capabilityStore,
  prices,
  clientFor,
  mcpTiming,
}: ChatDeps): ChatServices {
  const streams = new StreamHub();
  const conversations = new ConversationStore(db);
  assignConversationProfiles(db, vault.names(), vault.activeId());
  const capabilitiesOf = (profileId: string) => capabilityStore.get(profileId);
  const assistants = new AssistantStore(db);
  const mcp = new McpServers(env.settings, env.cipher, mcpTiming);
  const conversationTools = new ConversationToolStore(db);
  const tooling = chatTooling(db, mcp, conversationTools, { prices, capabilities: capabilityStore });
  const replies = new ReplyProducer(
    conversations,
    streams,
    vault,
    clientFor,
    capabilitiesOf,
    (profileId, model) => capabilityStore.learn(profileId, "imageInput", { [model]: "refuses" }),
    (assistantId) => assistants.documentsOf(assistantId),
    tooling,
  );
  const documents = new DocumentReader();
  const chat = new ChatService(conversations, vault, capabilitiesOf, replies, documents);
  const compare = new CompareService(conversations, replies);
  return { streams, conversations, assistants, chat, documents, compare, mcp, tooling, conversationTools };
}
