import { useEffect } from "react";
import { api } from "../api/desktop-api.ts";
import { useNewChat } from "../panes/chat/use-new-chat.ts";

/** Ctrl/Cmd+N, and the desktop menu's New chat, start a new chat from any pane. */
export function useGlobalShortcuts(): void {
  const { mutate: newChat } = useNewChat();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === "n") {
        event.preventDefault();
        newChat();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    const unsubscribe = api.app.onNewChat(() => newChat());
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      unsubscribe();
    };
  }, [newChat]);
}
