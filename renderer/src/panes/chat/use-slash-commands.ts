import { useId, useState, type KeyboardEvent } from "react";
import { commandsMatching, completedCommand, type SlashCommand } from "./slash-commands.ts";

/**
 * The list of commands above a message box whose text starts with `/`: ↑/↓ walk it, Tab (or Enter on
 * part of a name) completes the highlighted command, Esc closes it until the text changes. The box
 * keeps the focus and points at the highlighted option (`aria-activedescendant`).
 */
export function useSlashCommands(draft: string, complete: (text: string) => void) {
  const listId = useId();
  // The highlight belongs to the text it was moved on: typing starts again from the first command.
  const [highlight, setHighlight] = useState({ draft: "", index: 0 });
  const [closedOn, setClosedOn] = useState<string | null>(null);
  const commands = commandsMatching(draft);
  const open = commands.length > 0 && closedOn !== draft;
  const active = highlight.draft === draft ? Math.min(highlight.index, commands.length - 1) : 0;
  const optionId = (index: number) => `${listId}-${index}`;
  const choose = (command: SlashCommand) => complete(completedCommand(command));
  const move = (by: number) => setHighlight({ draft, index: (active + by + commands.length) % commands.length });

  /** Whether the key was the list's: the box does nothing more with it then. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const chosen = commands[active];
    if (event.key === "ArrowDown") move(1);
    else if (event.key === "ArrowUp") move(-1);
    else if (event.key === "Tab" && !event.shiftKey && chosen) choose(chosen);
    // A command's whole name is sent by Enter, as typed (`/model` alone says how to use it).
    else if (event.key === "Enter" && !event.shiftKey && chosen && draft !== chosen.name) choose(chosen);
    else if (event.key === "Escape") setClosedOn(draft);
    else return false;
    event.preventDefault();
    // Esc closes the list only: it does not also stop the reply streaming.
    event.stopPropagation();
    return true;
  };

  return {
    onKeyDown,
    inputProps: {
      "aria-autocomplete": "list" as const,
      "aria-controls": open ? listId : undefined,
      "aria-activedescendant": open ? optionId(active) : undefined,
    },
    list: open ? { id: listId, commands, active, optionId, onChoose: choose } : null,
  };
}
