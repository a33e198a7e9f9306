import i18next from "../../i18n/index.ts";

/**
 * What the Tasks pane says about a submission the app cannot confirm, in both languages; added to
 * the app's bundles under `tasks.unconfirmed`.
 */
const UNCONFIRMED_STRINGS = {
  en: {
    title: "Not confirmed — maybe charged",
    explanation:
      "The app sent this task but never read the gateway's answer, so it cannot know whether the gateway received it and charged for it. It was not sent again. Check the gateway's console (its tasks and request log) before you retry.",
    confirmRetry:
      "The gateway may already have this task and have charged for it. Submit it again only if its console shows no such task: the new submission is charged again. Submit it again?",
  },
  zh: {
    title: "未确认——可能已计费",
    explanation:
      "应用已发送此任务，但没有读到网关的回复，因此无法知道网关是否已收到并计费。它没有被重新发送。重试前请先在网关控制台（任务和请求日志）中查看。",
    confirmRetry:
      "网关可能已收到此任务并已计费。只有在控制台中找不到该任务时才应重新提交：新的提交会再次计费。确定重新提交吗？",
  },
};

for (const [language, strings] of Object.entries(UNCONFIRMED_STRINGS)) {
  i18next.addResourceBundle(language, "translation", { tasks: { unconfirmed: strings } }, true, false);
}
