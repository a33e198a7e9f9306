import type { EventChannel, EventPayload, InvokeChannel, InvokeInput, InvokeOutput } from "./contract.ts";
import type { Result } from "./result.ts";

/** How calls reach main: Electron IPC in the preload, a WebSocket in the web host. */
export interface ApiTransport {
  invoke(channel: InvokeChannel, payload: unknown): Promise<Result<unknown>>;
  subscribe(event: EventChannel, listener: (payload: unknown) => void): () => void;
}

/**
 * `window.api`: one named function per contract channel, each answering a Result; each
 * subscription returns its unsubscribe function. The preload and the web bridge both build it
 * here, so the window's type cannot drift from what is exposed.
 */
export function createDesktopApi(transport: ApiTransport) {
  // The transport carries untyped values across the process boundary. Main answers each channel
  // with its handler's InvokeOutput (InvokeHandlers types them) and publishes each event as the
  // contract types its payload, so the two assertions below restore what main's types guaranteed.
  const call =
    <C extends InvokeChannel>(channel: C) =>
    (...payload: InvokeInput<C> extends undefined ? [] : [InvokeInput<C>]) =>
      transport.invoke(channel, payload[0]) as Promise<Result<InvokeOutput<C>>>;
  const on =
    <E extends EventChannel>(event: E) =>
    (listener: (payload: EventPayload<E>) => void) =>
      transport.subscribe(event, listener as (payload: unknown) => void);
  return {
    app: {
      info: call("app.info"),
      openConversation: call("app.openConversation"),
      hideQuickChat: call("app.hideQuickChat"),
      quickChatShortcut: call("app.quickChatShortcut"),
      setQuickChatShortcut: call("app.setQuickChatShortcut"),
      setLanguage: call("app.setLanguage"),
      onOpenPane: on("app.openPane"),
      onNewChat: on("app.newChat"),
      dataUpkeep: call("app.dataUpkeep"),
      onDataUpkeep: on("app.dataUpkeep"),
    },
    profiles: {
      list: call("profiles.list"),
      save: call("profiles.save"),
      remove: call("profiles.remove"),
      select: call("profiles.select"),
      test: call("profiles.test"),
      onChanged: on("profiles.changed"),
    },
    budget: {
      get: call("budget.get"),
      history: call("budget.history"),
      requests: call("budget.requests"),
      exportCsvPage: call("budget.exportCsvPage"),
      spend: call("budget.spend"),
      prices: call("budget.prices"),
      setPrice: call("budget.setPrice"),
      resetLearned: call("budget.resetLearned"),
      priceHistory: call("budget.priceHistory"),
      estimate: call("budget.estimate"),
      alerts: call("budget.alerts"),
      alertSettings: call("budget.alertSettings"),
      setAlertSettings: call("budget.setAlertSettings"),
      overview: call("budget.overview"),
      headroom: call("budget.headroom"),
      retention: call("budget.retention"),
      setRetention: call("budget.setRetention"),
      onAlert: on("budget.alert"),
      onCostsChanged: on("budget.costsChanged"),
    },
    capabilities: { get: call("capabilities.get"), onChanged: on("capabilities.changed") },
    streams: { cancel: call("streams.cancel"), onEvent: on("stream.event") },
    chat: {
      list: call("chat.list"),
      search: call("chat.search"),
      create: call("chat.create"),
      get: call("chat.get"),
      rename: call("chat.rename"),
      updateSettings: call("chat.updateSettings"),
      remove: call("chat.delete"),
      restore: call("chat.restore"),
      send: call("chat.send"),
      regenerate: call("chat.regenerate"),
      compare: call("chat.compare"),
      compareAgain: call("chat.compareAgain"),
      comparisons: call("chat.comparisons"),
      continueWith: call("chat.continueWith"),
      edit: call("chat.edit"),
      deleteMessage: call("chat.deleteMessage"),
      showVersion: call("chat.showVersion"),
      exportAs: call("chat.export"),
      attachment: call("chat.attachment"),
      tools: call("chat.tools"),
      saveTools: call("chat.saveTools"),
      toolDecision: call("chat.toolDecision"),
      stopToolCall: call("chat.stopToolCall"),
      newWithAssistant: call("chat.newWithAssistant"),
    },
    assistants: {
      list: call("assistants.list"),
      save: call("assistants.save"),
      remove: call("assistants.delete"),
      importFile: call("assistants.import"),
      exportFile: call("assistants.export"),
    },
    modelSets: { list: call("modelSets.list"), save: call("modelSets.save"), remove: call("modelSets.delete") },
    documents: { read: call("documents.read") },
    mcp: {
      list: call("mcp.list"),
      save: call("mcp.save"),
      remove: call("mcp.delete"),
      test: call("mcp.test"),
      tools: call("mcp.tools"),
    },
    images: { generate: call("images.generate") },
    videos: { generate: call("videos.generate") },
    tasks: {
      list: call("tasks.list"),
      cancel: call("tasks.cancel"),
      retry: call("tasks.retry"),
      checkAgain: call("tasks.checkAgain"),
      clearFinished: call("tasks.clearFinished"),
      onChanged: on("tasks.changed"),
    },
    gallery: {
      page: call("gallery.page"),
      remove: call("gallery.delete"),
      saveThumbnail: call("gallery.saveThumbnail"),
      onChanged: on("gallery.changed"),
    },
  };
}

export type DesktopApi = ReturnType<typeof createDesktopApi>;
