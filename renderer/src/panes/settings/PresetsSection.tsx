import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { WIRE_FORMAT_NAMES } from "../../../../shared/ipc/chat.ts";
import type { Preset } from "../../../../shared/ipc/presets.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";
import { useDeletePreset, usePresets } from "../chat/preset-queries.ts";
import { PresetForm } from "./PresetForm.tsx";
import { usePresetEditorRequest } from "./preset-editor-request.ts";
import "./presets.css";

function PresetCard({ preset, onEdit, onDelete }: { preset: Preset; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <li className="preset-card" aria-label={preset.name}>
      <div className="preset-card__main">
        <strong className="preset-card__name">{preset.name}</strong>
        <span className="preset-card__meta">
          {t("presets.summary", {
            model: preset.model || t("presets.defaultModel"),
            format: WIRE_FORMAT_NAMES[preset.wireFormat],
            temperature: preset.temperature,
          })}
        </span>
        <span className="preset-card__prompt">{preset.systemPrompt || t("presets.noSystemPrompt")}</span>
      </div>
      <div className="preset-card__actions">
        <button type="button" className="button" aria-label={`${t("presets.edit")}: ${preset.name}`} onClick={onEdit}>
          {t("presets.edit")}
        </button>
        <ConfirmButton
          label={t("presets.delete")}
          accessibleName={`${t("presets.delete")}: ${preset.name}`}
          className="button button--danger"
          title={t("presets.confirmDelete", { name: preset.name })}
          message={t("presets.deleteExplained")}
          confirmLabel={t("presets.delete")}
          cancelLabel={t("presets.keep")}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}

/** Settings' prompt presets: the list, with add, edit and delete. The chat's preset menu can open it. */
export function PresetsSection() {
  const { t } = useTranslation();
  const { data: presets } = usePresets();
  const remove = useDeletePreset();
  // Opened from the chat's preset menu: at a new preset, or at the list.
  const [opening] = useState(() => usePresetEditorRequest.getState().request);
  const [editing, setEditing] = useState<string | "new" | null>(opening === "new" ? "new" : null);
  const [saved, setSaved] = useState(false);
  const section = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const edited = presets?.find((preset) => preset.id === editing) ?? null;

  useEffect(() => {
    if (opening === null) return;
    usePresetEditorRequest.getState().handled();
    section.current?.scrollIntoView({ block: "start" });
    if (opening === "list") addButton.current?.focus({ preventScroll: true });
  }, [opening]);

  const startEditing = (id: string | "new") => {
    setSaved(false);
    setEditing(id);
  };
  const done = (wasSaved: boolean) => {
    setSaved(wasSaved);
    setEditing(null);
    addButton.current?.focus();
  };

  return (
    <section ref={section} aria-labelledby="presets-title" className="settings-section">
      <div className="settings-section__header">
        <h2 id="presets-title">{t("presets.title")}</h2>
        <button ref={addButton} type="button" className="button" onClick={() => startEditing("new")}>
          {t("presets.add")}
        </button>
      </div>
      <p className="settings-section__intro">{t("presets.intro")}</p>
      <ActionError actions={[remove]} />
      {presets?.length === 0 && <p className="empty-state">{t("presets.none")}</p>}
      <ul className="preset-list">
        {presets?.map((preset) => (
          <PresetCard
            key={preset.id}
            preset={preset}
            onEdit={() => startEditing(preset.id)}
            onDelete={() => {
              if (editing === preset.id) setEditing(null);
              remove.mutate(preset.id);
            }}
          />
        ))}
      </ul>
      {saved && editing === null && <p role="status">{t("presets.saved")}</p>}
      {editing !== null && (editing === "new" || edited) && (
        <PresetForm key={editing} preset={editing === "new" ? null : edited} onDone={done} />
      )}
    </section>
  );
}
