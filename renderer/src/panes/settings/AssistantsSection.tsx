import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { useModelSets } from "../chat/compare-queries.ts";
import { useAssistants, useDeleteAssistant, useExportAssistants } from "../chat/assistant-queries.ts";
import { AssistantCard } from "./AssistantCard.tsx";
import { AssistantForm } from "./AssistantForm.tsx";
import { AssistantTransfer } from "./AssistantTransfer.tsx";
import { useAssistantEditorRequest } from "./assistant-editor-request.ts";
import { useListEditor } from "./use-list-editor.ts";
import "./assistants.css";

/** Settings' assistants: the list, with add, edit, export and delete, and import and export of a file. */
export function AssistantsSection() {
  const { t } = useTranslation();
  const { data: assistants } = useAssistants();
  const { sets } = useModelSets();
  const remove = useDeleteAssistant();
  const exportOne = useExportAssistants();
  // Opened from the chat's assistant menu: at a new assistant, or at the list.
  const [opening] = useState(() => useAssistantEditorRequest.getState().request);
  const { editing, edited, open, savedShown, addButton, start, done, removed } = useListEditor(
    assistants,
    opening === "new" ? "new" : null,
  );
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (opening === null) return;
    useAssistantEditorRequest.getState().handled();
    section.current?.scrollIntoView({ block: "start" });
    if (opening === "list") addButton.current?.focus({ preventScroll: true });
  }, [opening, addButton]);

  return (
    <section ref={section} aria-labelledby="assistants-title" className="settings-section">
      <div className="settings-section__header">
        <h2 id="assistants-title">{t("assistants.title")}</h2>
        <button ref={addButton} type="button" className="button" onClick={() => start("new")}>
          {t("assistants.add")}
        </button>
      </div>
      <p className="settings-section__intro">{t("assistants.intro")}</p>
      <AssistantTransfer />
      <ActionError actions={[remove, exportOne]} />
      {assistants?.length === 0 && <p className="empty-state">{t("assistants.none")}</p>}
      <ul className="assistant-list">
        {assistants?.map((assistant) => (
          <AssistantCard
            key={assistant.id}
            assistant={assistant}
            setName={sets.find((set) => set.id === assistant.modelSetId)?.name ?? null}
            onEdit={() => start(assistant.id)}
            onExport={() => exportOne.mutate(assistant.id)}
            onDelete={() => {
              removed(assistant.id);
              remove.mutate(assistant.id);
            }}
          />
        ))}
      </ul>
      {savedShown && <p role="status">{t("assistants.saved")}</p>}
      {open && <AssistantForm key={editing} assistant={edited} onDone={done} />}
    </section>
  );
}
