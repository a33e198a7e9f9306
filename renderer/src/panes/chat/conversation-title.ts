type Translate = (key: string) => string;

/** A conversation's title, or the window's own word for one that nothing has named yet. */
export const conversationTitle = (title: string | null, t: Translate): string => title ?? t("chat.untitled");
