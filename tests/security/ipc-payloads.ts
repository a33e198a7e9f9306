import type { AppServices } from "../../electron/services/app-services.ts";
import type { InvokeChannel, InvokeInput } from "../../shared/ipc/contract.ts";

type PayloadOf = { [C in InvokeChannel]: (services: () => AppServices) => InvokeInput<C> };

const conversationOf = (services: () => AppServices) =>
  services().conversations.create(services().chat.defaultSettings()).id;

const ASSISTANT = {
  name: "Fuzz assistant",
  avatar: "🤖",
  systemPrompt: "Be brief.",
  model: "",
  modelSetId: null,
  documents: [{ name: "notes.md", text: "Be kind.", pages: null }],
  wireFormat: "messages",
  temperature: 0.5,
  topP: 1,
  maxTokens: 256,
  stream: true,
} as const;

/** A server whose command does not exist: Test server fails at once, coded, and nothing runs. */
const MCP_SERVER = {
  name: "Fuzz server",
  enabled: true,
  transport: {
    kind: "stdio",
    command: "/nonexistent/modeldesk-fuzz-mcp",
    args: ["--stdio"],
    env: [{ name: "FUZZ_TOKEN", value: "fuzz-secret", secret: true }],
  },
} as const;

const mcpServerOf = (services: () => AppServices) =>
  (
    services()
      .mcp.list()
      .find((server) => server.name === MCP_SERVER.name) ??
    services().mcp.store.save({ ...MCP_SERVER, transport: { ...MCP_SERVER.transport, args: ["--stdio"], env: [] } })
  ).id;

const assistantOf = (services: () => AppServices) =>
  services().assistants.save({
    ...ASSISTANT,
    documents: [...ASSISTANT.documents],
    tools: { servers: [], turnCostCap: 1 },
  }).id;

/**
 * One valid payload per channel, the seed the fuzzer mutates. Paid work uses models that end
 * quickly and cheaply (a failing video model, tiny images), so a run stays fast.
 */
export const VALID_PAYLOADS: PayloadOf = {
  "app.info": () => undefined,
  "app.openConversation": (services) => ({ conversationId: conversationOf(services) }),
  "app.hideQuickChat": () => undefined,
  "app.quickChatShortcut": () => undefined,
  "app.setQuickChatShortcut": () => ({ shortcut: "Alt+Shift+Q" }),
  "app.setLanguage": () => ({ language: "zh" }),
  "app.dataUpkeep": () => undefined,
  "profiles.list": () => undefined,
  "profiles.save": () => ({ name: "Fuzz", baseUrl: "http://127.0.0.1:9/", auth: "bearer", key: "sk-fuzz-0000-0000" }),
  "profiles.remove": () => ({ id: "no-such-profile" }),
  "profiles.select": (services) => ({ id: services().vault.activeId()! }),
  "profiles.test": (services) => ({ id: services().vault.activeId()! }),
  "capabilities.get": () => ({}),
  "budget.get": () => ({}),
  "budget.history": () => ({ days: 90 }),
  "budget.requests": () => ({ kind: "chat", outcome: "ok", requestId: "req", offset: 0, limit: 50 }),
  "budget.exportCsvPage": () => ({ model: "chat-fast", after: null }),
  "budget.spend": () => ({ days: 30 }),
  "budget.prices": () => ({}),
  "budget.setPrice": () => ({ model: "image-fast", unit: "image", size: "1024x1024", price: 0.1 }),
  "budget.resetLearned": () => ({ model: "image-fast" }),
  "budget.priceHistory": () => ({}),
  "budget.estimate": () => ({ kind: "video", model: "video-std", size: "1280x720", duration: 5 }),
  "budget.alerts": () => ({}),
  "budget.alertSettings": () => ({}),
  "budget.setAlertSettings": () => ({ settings: { dailyPercents: [80], monthlyPercents: [], balanceBelow: 5 } }),
  "budget.overview": () => undefined,
  "budget.headroom": () => ({}),
  "budget.retention": () => undefined,
  "budget.setRetention": () => ({ days: 180, backgroundDays: 30 }),
  "streams.cancel": () => ({ streamId: "no-such-stream" }),
  "chat.list": () => undefined,
  "chat.search": () => ({ query: "fuzz" }),
  "chat.create": () => undefined,
  "chat.get": (services) => ({ conversationId: conversationOf(services) }),
  "chat.deleteMessage": (services) => ({ conversationId: conversationOf(services), messageId: "no-such-message" }),
  "chat.showVersion": (services) => ({ conversationId: conversationOf(services), messageId: "no-such-message" }),
  "chat.rename": (services) => ({ conversationId: conversationOf(services), title: "Renamed" }),
  "chat.updateSettings": (services) => ({
    conversationId: conversationOf(services),
    settings: services().chat.defaultSettings(),
  }),
  "chat.delete": (services) => ({ conversationId: conversationOf(services) }),
  "chat.restore": (services) => ({ conversationId: conversationOf(services) }),
  "chat.send": (services) => ({ conversationId: conversationOf(services), content: "Hello", searchWeb: false }),
  "chat.regenerate": (services) => ({ conversationId: conversationOf(services), searchWeb: false }),
  "chat.edit": (services) => ({
    conversationId: conversationOf(services),
    messageId: "no-such-message",
    content: "Hello",
    searchWeb: false,
  }),
  "chat.export": (services) => ({ conversationId: conversationOf(services), format: "markdown" }),
  "chat.attachment": (services) => ({ conversationId: conversationOf(services), attachmentId: "no-such-file" }),
  "chat.tools": (services) => ({ conversationId: conversationOf(services) }),
  "chat.saveTools": (services) => ({
    conversationId: conversationOf(services),
    tools: { servers: [], alwaysAllowed: [], turnCostCap: 1 },
  }),
  "chat.toolDecision": (services) => ({
    conversationId: conversationOf(services),
    messageId: "no-such-message",
    callId: "no-such-call",
    decision: "deny",
  }),
  "chat.stopToolCall": () => ({ messageId: "no-such-message", callId: "no-such-call" }),
  "documents.read": () => ({ name: "a.pdf", data: Buffer.from("%PDF-1.4\n").toString("base64") }),
  "chat.newWithAssistant": (services) => ({ assistantId: assistantOf(services) }),
  "chat.compare": (services) => ({
    conversationId: conversationOf(services),
    content: "Hello",
    models: ["chat-fast", "chat-pro"],
  }),
  "chat.compareAgain": (services) => ({ conversationId: conversationOf(services), comparisonId: "no-such-comparison" }),
  "chat.comparisons": (services) => ({ conversationId: conversationOf(services) }),
  "chat.continueWith": (services) => ({ conversationId: conversationOf(services), messageId: "no-such-message" }),
  "modelSets.list": () => undefined,
  "modelSets.save": () => ({ name: "Fuzz set", models: ["chat-fast", "chat-pro"] }),
  "modelSets.delete": () => ({ setId: "no-such-set" }),
  "assistants.list": () => undefined,
  "assistants.save": (services) => ({ ...ASSISTANT, documents: [...ASSISTANT.documents], id: assistantOf(services) }),
  "assistants.delete": (services) => ({ assistantId: assistantOf(services) }),
  "assistants.import": () => ({
    text: JSON.stringify({ format: "modeldesk-assistants", version: 1, assistants: [ASSISTANT] }),
  }),
  "assistants.export": (services) => ({ assistantId: assistantOf(services) }),
  "mcp.list": () => undefined,
  "mcp.save": () => ({
    ...MCP_SERVER,
    transport: { ...MCP_SERVER.transport, args: ["--stdio"], env: [...MCP_SERVER.transport.env] },
  }),
  "mcp.delete": () => ({ serverId: "no-such-server" }),
  "mcp.test": (services) => ({ serverId: mcpServerOf(services) }),
  "mcp.tools": () => undefined,
  "images.generate": () => ({
    model: "image-fast",
    prompt: "a red square",
    n: 1,
    size: "64x64",
    responseFormat: "b64_json",
    async: false,
  }),
  "videos.generate": () => ({ model: "video-upstream-error", prompt: "a wave", size: "1280x720", duration: 5 }),
  "tasks.list": () => ({}),
  "tasks.cancel": () => ({ id: "no-such-task" }),
  "tasks.retry": () => ({ id: "no-such-task" }),
  "tasks.checkAgain": () => ({ id: "no-such-task" }),
  "tasks.clearFinished": () => undefined,
  "gallery.page": () => ({ kind: "image", after: { createdAt: 0, seq: 1 }, limit: 1 }),
  "gallery.delete": () => ({ id: "no-such-media" }),
  "gallery.saveThumbnail": () => ({ id: "00000000-0000-4000-8000-000000000000", data: "UklGRgAAAABXRUJQ" }),
};
