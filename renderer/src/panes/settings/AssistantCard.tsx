import { useTranslation } from "../../i18n/use-translation.ts";
import { WIRE_FORMAT_NAMES } from "../../../../shared/ipc/chat.ts";
import { avatarOf, type Assistant } from "../../../../shared/ipc/assistants.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";

interface AssistantCardProps {
  readonly assistant: Assistant;
  /** The name of its model set, or null for none (or one that was deleted). */
  readonly setName: string | null;
  onEdit(): void;
  onExport(): void;
  onDelete(): void;
}

/** One assistant in Settings: its avatar, name, model and parameters, prompt and documents, and its actions. */
export function AssistantCard({ assistant, setName, onEdit, onExport, onDelete }: AssistantCardProps) {
  const { t } = useTranslation();
  const named = (action: string) => `${action}: ${assistant.name}`;
  const summary = [
    t("assistants.summary", {
      model: assistant.model || t("assistants.defaultModel"),
      format: WIRE_FORMAT_NAMES[assistant.wireFormat],
      temperature: assistant.temperature,
    }),
    setName && t("assistants.compareSummary", { set: setName }),
    assistant.documents.length > 0 && t("assistants.documentCount", { count: assistant.documents.length }),
  ];
  return (
    <li className="assistant-card" aria-label={assistant.name}>
      <Avatar text={avatarOf(assistant)} />
      <div className="assistant-card__main">
        <strong className="assistant-card__name">{assistant.name}</strong>
        <span className="assistant-card__meta">{summary.filter(Boolean).join(" · ")}</span>
        <span className="assistant-card__prompt">{assistant.systemPrompt || t("assistants.noSystemPrompt")}</span>
      </div>
      <div className="assistant-card__actions">
        <button type="button" className="button" aria-label={named(t("assistants.edit"))} onClick={onEdit}>
          {t("assistants.edit")}
        </button>
        <button type="button" className="button" aria-label={named(t("assistants.exportOne"))} onClick={onExport}>
          {t("assistants.exportOne")}
        </button>
        <ConfirmButton
          label={t("assistants.delete")}
          accessibleName={named(t("assistants.delete"))}
          className="button button--danger"
          title={t("assistants.confirmDelete", { name: assistant.name })}
          message={t("assistants.deleteExplained")}
          confirmLabel={t("assistants.delete")}
          cancelLabel={t("assistants.keep")}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
