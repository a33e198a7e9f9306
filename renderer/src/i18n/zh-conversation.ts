import type { conversationEn } from "./en-conversation.ts";

/** 会话设置抽屉与提示词预设的中文文案。 */
export const conversationZh: typeof conversationEn = {
  conversation: {
    export: "导出",
    versionOf: "第 {{index}} 版，共 {{count}} 版",
    previousVersion: "上一版",
    nextVersion: "下一版",
    closeSettings: "关闭设置",
    invalidFields_one: "有 {{count}} 项需要修改后才能保存。",
    invalidFields_other: "有 {{count}} 项需要修改后才能保存。",
    modelCommandHint: "请在 /model 后写上模型名，例如 /model chat-pro。",
    modelChanged: "模型：{{model}}",
    searchFound_one: "找到 {{count}} 个对话",
    searchFound_other: "找到 {{count}} 个对话",
    searchMore: "最近匹配的 {{count}} 个对话：再加几个词可缩小范围。",
  },
};
