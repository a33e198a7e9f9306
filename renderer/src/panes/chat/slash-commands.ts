/** A command typed in the message box in place of a message (sent, it is carried out, not sent). */
export interface SlashCommand {
  /** What is typed: `/model`. */
  readonly name: string;
  /** The i18n key of what follows the name, shown after it in the list. */
  readonly argument: string;
  /** The i18n key of its one-line description. */
  readonly description: string;
}

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { name: "/model", argument: "commands.modelArgument", description: "commands.model" },
];

/** A `/` and part of a command's name, and nothing else yet. */
const TYPING_A_NAME = /^\/\S*$/;

/** The commands whose name starts with what is typed, while only a name is being typed; else none. */
export function commandsMatching(draft: string): readonly SlashCommand[] {
  if (!TYPING_A_NAME.test(draft)) return [];
  const typed = draft.toLowerCase();
  return SLASH_COMMANDS.filter((command) => command.name.startsWith(typed));
}

/** The message box once a command is chosen: its name and a space, ready for what follows it. */
export const completedCommand = (command: SlashCommand): string => `${command.name} `;
