/** English strings of the window's layout: collapsing the navigation and the conversation list. */
export const layoutEn = {
  layout: {
    collapseNav: "Collapse navigation",
    expandNav: "Expand navigation",
    hideConversations: "Hide conversations",
    showConversations: "Show conversations",
  },
};
