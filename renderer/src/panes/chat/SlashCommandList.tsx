import { useTranslation } from "../../i18n/use-translation.ts";
import type { SlashCommand } from "./slash-commands.ts";
import "./slash-commands.css";

interface SlashCommandListProps {
  readonly id: string;
  readonly commands: readonly SlashCommand[];
  /** The highlighted command's place in the list. */
  readonly active: number;
  optionId(index: number): string;
  onChoose(command: SlashCommand): void;
}

/** The commands that fit what is typed, each with what follows it and what it does, above the message box. */
export function SlashCommandList({ id, commands, active, optionId, onChoose }: SlashCommandListProps) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" aria-label={t("commands.list")} className="slash-commands">
      {commands.map((command, index) => (
        <li
          key={command.name}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className="slash-commands__option"
          // The message box keeps the focus (and its caret) while a command is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(command)}
        >
          <code className="slash-commands__usage">
            {command.name} <var>{t(command.argument)}</var>
          </code>
          <span className="slash-commands__description">{t(command.description)}</span>
        </li>
      ))}
    </ul>
  );
}
