import { useEffect } from "react";
import { useNewChat } from "../panes/chat/use-new-chat.ts";

/** Ctrl/Cmd+N starts a new chat from any pane. */
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
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [newChat]);
}
