import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileView } from "../../../../shared/ipc/profiles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";

/** Deleting a profile drops its stored key: it asks first, in the app. */
export function DeleteProfileButton({ profile, onDelete }: { readonly profile: ProfileView; onDelete(): void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--danger"
        aria-label={`${t("settings.delete")}: ${profile.name}`}
        onClick={() => setAsking(true)}
      >
        {t("settings.delete")}
      </button>
      <ConfirmDialog
        open={asking}
        title={t("settings.confirmDelete", { name: profile.name })}
        message={t("settings.deleteExplained")}
        confirmLabel={t("settings.delete")}
        cancelLabel={t("settings.keepProfile")}
        onConfirm={() => {
          setAsking(false);
          onDelete();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
