import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { ApiError, succeeded } from "../../api/api-error.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { useProfiles } from "../../api/queries.ts";
import { ActionError, type ActionAttempt } from "../../components/ActionError.tsx";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { useSaveSettings } from "./chat-queries.ts";
import { useChatStore } from "./chat-store.ts";
import { useDefaultChatModel } from "./conversation-profile.ts";
import "../../components/confirm-dialog.css";

const NO_RECENT: readonly string[] = [];

interface MoveToProfileDialogProps {
  readonly conversationId: string;
  readonly settings: ChatSettings;
  onClose(): void;
}

/**
 * Moves a conversation to another profile with a model of that profile's server (its default
 * unless another is chosen): a modal native <dialog>, so focus stays in it and Escape cancels.
 */
export function MoveToProfileDialog({ conversationId, settings, onClose }: MoveToProfileDialogProps) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hintId = useId();
  const { data: profiles } = useProfiles();
  const others = profiles?.profiles.filter((profile) => profile.id !== settings.profileId) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  // The active profile first: it is where new chats start.
  const profileId = chosen ?? others.find((profile) => profile.id === profiles?.activeId)?.id ?? others[0]?.id ?? null;
  const options = useModelOptions("chat", NO_RECENT, profileId);
  const defaultModel = useDefaultChatModel(profileId) ?? "";
  const [model, setModel] = useState("");
  const [modelCheck, setModelCheck] = useState<ActionAttempt>({ error: null, submittedAt: 0 });
  const save = useSaveSettings(conversationId);

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  // Closed before it leaves the page, so focus goes back to where it was.
  useLayoutEffect(() => {
    const element = dialog.current;
    return () => element?.close();
  }, []);

  const move = async () => {
    const code = model.trim() || defaultModel;
    if (profileId === null || code === "") {
      const error = new ApiError({ code: "INVALID_SETTINGS", message: t("chat.modelRequired") });
      setModelCheck({ error, submittedAt: Date.now() });
      return;
    }
    if (!(await succeeded(save.mutateAsync({ ...settings, profileId, model: code })))) return;
    onClose();
    // Moved, the conversation goes on: back to its message box.
    useChatStore.getState().composerFocusRequested();
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog move-to-profile"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        className="move-to-profile__form"
        onSubmit={(event) => {
          event.preventDefault();
          void move();
        }}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {t("conversationProfile.moveTitle")}
        </h2>
        <p id={hintId}>{t("conversationProfile.moveHint")}</p>
        <label className="field">
          <span className="field__label">{t("chat.profile")}</span>
          <select
            value={profileId ?? ""}
            onChange={(event) => {
              setChosen(event.target.value);
              setModel("");
            }}
          >
            {others.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.name}
              </option>
            ))}
          </select>
        </label>
        <ModelPicker
          label={t("chat.model")}
          value={model}
          placeholder={defaultModel || t("chat.defaultModel")}
          options={options}
          onChange={setModel}
        />
        <ActionError actions={[modelCheck, save]} />
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t("conversationProfile.cancel")}
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {t("conversationProfile.moveConfirm")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
