import type { AppServices } from "../services/app-services.ts";
import { ledgerCsvPart } from "../services/ledger/csv-export.ts";
import { exportConversation } from "../services/chat/chat-export.ts";
import { readRetention, writeRetention } from "../services/ledger/ledger-retention.ts";
import { languageSetting } from "../services/desktop/language-setting.ts";
import { quickChatShortcutSetting } from "../services/desktop/quick-chat-shortcut.ts";
import { appError } from "../services/app-error.ts";
import { acceptOne } from "../services/chat/attachment-intake.ts";
import { startWithAssistant } from "../services/assistants/assistant-start.ts";
import { exportAssistants } from "../services/assistants/assistant-export.ts";
import { importAssistants } from "../services/assistants/assistant-import.ts";
import { ModelSetStore } from "../services/chat/model-set-store.ts";
import { searchConversations } from "../services/chat/conversation-search.ts";
import type { DesktopShell } from "./desktop-shell.ts";
import type { InvokeHandlers } from "./invoke-router.ts";
import type { PageRegistry } from "./page-registry.ts";

/** How long a new conversation waits for a profile's server to list its models (one just saved or chosen). */
const NEW_CHAT_MODELS_WAIT_MS = 3_000;

/** What each contract channel does, in terms of the services. */
export function invokeHandlers(services: AppServices, shell: DesktopShell, pages: PageRegistry): InvokeHandlers {
  const { vault, budget, monitor, ledger, prices, streams, conversations, chat, tasks, media, capabilities } = services;
  const { assistants } = services;
  const modelSets = new ModelSetStore(services.db);
  // A new conversation takes its model from the server's own list, which a profile just saved is still being asked for.
  const newChatSettings = async () => {
    const profileId = vault.activeId();
    if (profileId) await capabilities.readyWithin(profileId, NEW_CHAT_MODELS_WAIT_MS);
    return chat.defaultSettings();
  };
  return {
    "app.info": () => services.info,
    "app.openConversation": ({ conversationId }) => {
      // Refuses an unknown or deleted conversation before any window moves.
      conversations.summary(conversationId);
      shell.hideQuickChat();
      shell.showMainWindow();
      pages.broadcast("app.openPane", { pane: "chat", conversationId });
      return { opened: true };
    },
    "app.hideQuickChat": () => ({ hidden: shell.hideQuickChat() }),
    "app.quickChatShortcut": () => ({
      shortcut: quickChatShortcutSetting.read(services.settings),
      registered: shell.quickChatShortcutWorks(),
    }),
    "app.setQuickChatShortcut": ({ shortcut }) => {
      const registered = shell.applyQuickChatShortcut(shortcut);
      // A shortcut another app holds is not saved: the one that works stays in place.
      if (registered === false) throw appError("SHORTCUT_TAKEN", { shortcut });
      quickChatShortcutSetting.write(services.settings, shortcut);
      return { shortcut, registered };
    },
    "app.setLanguage": ({ language }) => {
      languageSetting.write(services.settings, language);
      shell.languageChanged(language);
      return { language };
    },
    "app.dataUpkeep": () => services.upkeep.state(),
    "profiles.list": () => vault.state(),
    "profiles.save": (input) => {
      const view = vault.save(input);
      void capabilities.redetect(view.id);
      return view;
    },
    "profiles.remove": ({ id }) => vault.remove(id),
    "profiles.select": ({ id }) => vault.select(id),
    "profiles.test": ({ id }) => capabilities.check(vault.resolveId(id)),
    "capabilities.get": ({ profileId }) => capabilities.get(vault.resolveId(profileId)),
    "budget.get": ({ profileId }) => budget.snapshot(vault.resolveId(profileId)),
    "budget.history": ({ profileId, days }) => budget.history(vault.resolveId(profileId), days),
    "budget.requests": ({ profileId, offset, limit, ...filter }) =>
      ledger.page(vault.resolveId(profileId), filter, offset, limit),
    "budget.exportCsvPage": ({ profileId, after, ...filter }) =>
      ledgerCsvPart(ledger, vault.resolveId(profileId), filter, after),
    "budget.spend": ({ profileId, days, until }) =>
      ledger.spend(vault.resolveId(profileId), days, until ? new Date(`${until}T12:00:00`) : undefined),
    "budget.prices": ({ profileId }) => prices.prices(vault.resolveId(profileId)),
    "budget.setPrice": ({ profileId, model, unit, size, price }) => {
      const id = vault.resolveId(profileId);
      prices.setUserPrice(id, model, unit, size, price);
      // Calls no reading could measure take their estimate from the new price at once.
      services.costs.estimateUnpriced(id);
      return prices.prices(id);
    },
    "budget.resetLearned": ({ profileId, model }) => {
      const id = vault.resolveId(profileId);
      prices.resetLearned(id, model);
      return prices.prices(id);
    },
    "budget.priceHistory": ({ profileId }) => prices.history.of(vault.resolveId(profileId)),
    "budget.estimate": ({ profileId, ...request }) => prices.estimate(vault.resolveId(profileId), request),
    "budget.alerts": ({ profileId }) => monitor.current(vault.resolveId(profileId)),
    "budget.alertSettings": ({ profileId }) => monitor.alerts.settings(vault.resolveId(profileId)),
    "budget.setAlertSettings": ({ profileId, settings }) =>
      monitor.alerts.saveSettings(vault.resolveId(profileId), settings),
    "budget.overview": () => monitor.overview(),
    "budget.headroom": ({ profileId }) => services.headroom(vault.resolveId(profileId)),
    "budget.retention": () => readRetention(services.settings),
    "budget.setRetention": (retention) => {
      writeRetention(services.settings, retention);
      services.upkeep.pruneLedger(retention);
      return retention;
    },
    "streams.cancel": ({ streamId }, page) => ({ cancelled: streams.cancel(streamId, page.id) }),
    "chat.list": () => conversations.list(),
    "chat.search": ({ query }) => searchConversations(services.db, query, vault.names()),
    "chat.create": async () => conversations.createOrReuseEmpty(await newChatSettings()),
    "chat.get": ({ conversationId }) => conversations.detail(conversationId),
    "chat.rename": ({ conversationId, title }) => conversations.rename(conversationId, title),
    "chat.updateSettings": ({ conversationId, settings }) => chat.saveSettings(conversationId, settings),
    "chat.delete": ({ conversationId }) => ({ deleted: conversations.softDelete(conversationId) }),
    "chat.restore": ({ conversationId }) => conversations.restore(conversationId),
    "chat.send": ({ conversationId, content, searchWeb, attachments }, page) =>
      chat.send(page, conversationId, content, searchWeb, attachments),
    "chat.tools": ({ conversationId }) => services.conversationTools.get(conversationId),
    "chat.saveTools": ({ conversationId, tools }) => services.conversationTools.save(conversationId, tools),
    "chat.toolDecision": ({ conversationId, messageId, callId, decision, always }) => {
      const tool = services.tooling.approvals.decide(messageId, callId, decision);
      if (always && decision === "allow") services.conversationTools.allowForGood(conversationId, tool);
      return { decided: true };
    },
    "chat.stopToolCall": ({ messageId, callId }) => {
      services.tooling.approvals.stop(messageId, callId);
      return { stopped: true };
    },
    "documents.read": async (input) => {
      const file = await acceptOne(input, services.documents);
      if (!file.document) throw appError("ATTACHMENT_TYPE", { name: file.name });
      return file.document;
    },
    "chat.regenerate": ({ conversationId, searchWeb, messageId }, page) =>
      chat.regenerate(page, conversationId, searchWeb, messageId),
    "chat.edit": ({ conversationId, messageId, content, searchWeb }, page) =>
      chat.edit(page, conversationId, messageId, content, searchWeb),
    "chat.showVersion": ({ conversationId, messageId }) => {
      conversations.edits.showVersion(conversationId, messageId);
      return conversations.detail(conversationId);
    },
    "chat.deleteMessage": ({ conversationId, messageId }) => ({
      deleted: conversations.edits.deleteMessage(conversationId, messageId),
    }),
    "chat.export": ({ conversationId, format }) =>
      exportConversation(
        conversations.detail(conversationId),
        format,
        (attachmentId) => conversations.attachments.data(conversationId, attachmentId),
        conversations.comparisons.list(conversationId),
        vault.names(),
      ),
    "chat.attachment": ({ conversationId, attachmentId }) =>
      conversations.attachments.data(conversationId, attachmentId),
    "chat.compare": ({ conversationId, content, models }, page) =>
      services.compare.send(page, conversationId, content, models),
    "chat.compareAgain": ({ conversationId, comparisonId }, page) =>
      services.compare.again(page, conversationId, comparisonId),
    "chat.comparisons": ({ conversationId }) => conversations.comparisons.list(conversationId),
    "chat.continueWith": ({ conversationId, messageId }) => {
      conversations.comparisons.continueWith(conversationId, messageId);
      return conversations.detail(conversationId);
    },
    "modelSets.list": () => modelSets.list(),
    "modelSets.save": ({ name, models }) => modelSets.save(name, models),
    "modelSets.delete": ({ setId }) => ({ deleted: modelSets.delete(setId) }),
    "chat.newWithAssistant": async ({ assistantId }) =>
      startWithAssistant(
        { assistants, modelSets, conversations, conversationTools: services.conversationTools },
        assistantId,
        await newChatSettings(),
      ),
    "assistants.list": () => assistants.list(),
    "assistants.save": (input) => assistants.save(input),
    "assistants.delete": ({ assistantId }) => ({ deleted: assistants.delete(assistantId) }),
    "assistants.import": ({ text }) => importAssistants(services.db, text),
    "assistants.export": ({ assistantId }) => exportAssistants(services.db, assistantId),
    "mcp.list": () => services.mcp.list(),
    "mcp.save": (input) => services.mcp.save(input),
    "mcp.delete": async ({ serverId }) => ({ deleted: await services.mcp.remove(serverId) }),
    "mcp.test": ({ serverId }) => services.mcp.test(serverId),
    "mcp.tools": () => services.mcp.enabledTools(),
    "images.generate": ({ profileId, ...params }) => tasks.generateImage(vault.resolveId(profileId), params),
    "videos.generate": ({ profileId, image, ...params }) => {
      const imageUrl = !image
        ? undefined
        : image.kind === "url"
          ? image.url
          : image.kind === "data"
            ? image.dataUrl
            : media.referenceUrl(image.mediaId);
      return tasks.generateVideo(vault.resolveId(profileId), { ...params, ...(imageUrl ? { imageUrl } : {}) });
    },
    "tasks.list": ({ status }) => tasks.list(vault.resolveId(), status),
    "tasks.cancel": ({ id }) => tasks.cancel(id),
    "tasks.retry": ({ id }) => tasks.retry(id),
    "tasks.checkAgain": ({ id }) => tasks.checkAgain(id),
    "tasks.clearFinished": () => ({ cleared: tasks.clearFinished(vault.resolveId()) }),
    "gallery.page": ({ kind, after, limit }) => media.page(vault.resolveId(), kind, after, limit),
    "gallery.delete": ({ id }) => ({ deleted: media.delete(id) }),
    "gallery.saveThumbnail": ({ id, data }) => media.saveThumbnail(id, Buffer.from(data, "base64")),
  };
}
