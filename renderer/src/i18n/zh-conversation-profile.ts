import type { conversationProfileEn } from "./en-conversation-profile.ts";

/** 会话所属配置的中文文案：标签、已删除的配置与「移到配置…」。 */
export const conversationProfileZh: typeof conversationProfileEn = {
  conversationProfile: {
    deletedName: "已删除的配置",
    deleted: "开始此会话的配置已被删除。",
    deletedHint: "在将它移到另一个配置之前，不会发送任何内容。",
    move: "移到配置…",
    moveTitle: "移到配置",
    moveHint: "会话将通过此配置继续，使用这里选择的模型。",
    moveConfirm: "移动",
    cancel: "取消",
    modelBecomes: "模型将变为该配置的默认模型 {{model}}；可在标题栏中另选。",
  },
};
