import type { layoutEn } from "./en-layout.ts";

/** 窗口布局的中文文案：收起导航栏与会话列表。 */
export const layoutZh: typeof layoutEn = {
  layout: {
    collapseNav: "收起导航栏",
    expandNav: "展开导航栏",
    hideConversations: "隐藏会话列表",
    showConversations: "显示会话列表",
  },
};
