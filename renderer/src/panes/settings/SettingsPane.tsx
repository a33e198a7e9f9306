import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useRemoveProfile, useSelectProfile } from "../../api/profile-mutations.ts";
import { useActiveProfile, useAppInfo, useProfiles } from "../../api/queries.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";
import { onOption } from "../../components/select-option.ts";
import { changeLanguage, LANGUAGE_CODES, LANGUAGES } from "../../i18n/index.ts";
import { changeTheme, currentTheme, THEMES, type Theme } from "../../theme.ts";
import { AlertSettingsForm } from "./AlertSettingsForm.tsx";
import { CapabilitySummary } from "./CapabilitySummary.tsx";
import { ConnectionTestButton } from "./ConnectionTestButton.tsx";
import { AssistantsSection } from "./AssistantsSection.tsx";
import { McpServersSection } from "./McpServersSection.tsx";
import { PriceList } from "./PriceList.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { QuickChatShortcutForm } from "./QuickChatShortcutForm.tsx";
import { RetentionForm } from "./RetentionForm.tsx";
import "./settings.css";

const SHORTCUTS = [
  ["Ctrl/⌘ + N", "newChat"],
  ["Enter", "send"],
  ["Shift + Enter", "newline"],
  ["Esc", "stop"],
  ["Ctrl/⌘ + K", "switchConversation"],
  ["Ctrl/⌘ + Shift + Space", "quickChat"],
  ["Ctrl/⌘ + ,", "openSettings"],
] as const;

export function SettingsPane() {
  const { t, i18n } = useTranslation();
  const { data: profiles } = useProfiles();
  const { data: info } = useAppInfo();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const select = useSelectProfile();
  const remove = useRemoveProfile();

  const editedProfile = profiles?.profiles.find((profile) => profile.id === editing) ?? null;
  const activeProfile = useActiveProfile();
  const [theme, setTheme] = useState(currentTheme);
  const chooseTheme = (choice: Theme) => {
    changeTheme(choice);
    setTheme(choice);
  };

  return (
    <section className="pane pane--scroll" aria-labelledby="settings-title">
      <header className="pane__header">
        <h1 id="settings-title" className="pane__title">
          {t("settings.title")}
        </h1>
      </header>

      <section aria-labelledby="profiles-title" className="settings-section">
        <div className="settings-section__header">
          <h2 id="profiles-title">{t("settings.profiles")}</h2>
          <button type="button" className="button" onClick={() => setEditing("new")}>
            {t("settings.addProfile")}
          </button>
        </div>
        <ActionError actions={[select, remove]} />
        <ul className="profile-list">
          {profiles?.profiles.map((profile) => (
            <li key={profile.id} className="profile-card" aria-label={profile.name}>
              <div className="profile-card__main">
                <strong>{profile.name}</strong>
                {profile.builtIn && <span className="chip">{t("settings.builtIn")}</span>}
                {profile.id === profiles.activeId && (
                  <span className="chip chip--accent">{t("settings.selected")}</span>
                )}
                <span className="profile-card__meta">{profile.baseUrl}</span>
                <span className="profile-card__meta" data-testid="key-hint">
                  {profile.hasKey ? t("settings.keyHint", { hint: profile.keyHint }) : t("settings.noKey")}
                </span>
                <CapabilitySummary profileId={profile.id} profileName={profile.name} />
              </div>
              <div className="profile-card__actions">
                {profile.id !== profiles.activeId && (
                  <button
                    type="button"
                    className="button"
                    aria-label={`${t("settings.select")}: ${profile.name}`}
                    onClick={() => select.mutate(profile.id)}
                  >
                    {t("settings.select")}
                  </button>
                )}
                <button
                  type="button"
                  className="button"
                  aria-label={`${t("settings.edit")}: ${profile.name}`}
                  onClick={() => setEditing(profile.id)}
                >
                  {t("settings.edit")}
                </button>
                {!profile.builtIn && (
                  <ConfirmButton
                    label={t("settings.delete")}
                    accessibleName={`${t("settings.delete")}: ${profile.name}`}
                    className="button button--danger"
                    title={t("settings.confirmDelete", { name: profile.name })}
                    message={t("settings.deleteExplained")}
                    confirmLabel={t("settings.delete")}
                    cancelLabel={t("settings.keepProfile")}
                    onConfirm={() => remove.mutate(profile.id)}
                  />
                )}
                <ConnectionTestButton profileId={profile.id} profileName={profile.name} />
              </div>
            </li>
          ))}
        </ul>
        {editing !== null && (
          <ProfileForm
            key={editing}
            profile={editing === "new" ? null : editedProfile}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </section>

      {activeProfile && (
        <>
          <AlertSettingsForm key={activeProfile.id} profileId={activeProfile.id} profileName={activeProfile.name} />
          <PriceList profileId={activeProfile.id} profileName={activeProfile.name} />
        </>
      )}

      <AssistantsSection />

      <McpServersSection />

      <RetentionForm />

      {info && (
        <section aria-labelledby="storage-title" className="settings-section">
          <h2 id="storage-title">{t("settings.storage.title")}</h2>
          <p
            className={info.keyStorage === "os-keychain" ? "notice" : "notice notice--warning"}
            data-testid="key-storage"
          >
            {t(`settings.storage.${info.keyStorage}`)}
          </p>
        </section>
      )}

      <section aria-labelledby="language-title" className="settings-section">
        <h2 id="language-title">{t("settings.language")}</h2>
        <select
          aria-labelledby="language-title"
          value={i18n.language}
          onChange={onOption(LANGUAGE_CODES, changeLanguage)}
        >
          {Object.entries(LANGUAGES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      </section>

      <section aria-labelledby="theme-title" className="settings-section">
        <h2 id="theme-title">{t("settings.theme")}</h2>
        <select aria-labelledby="theme-title" value={theme} onChange={onOption(THEMES, chooseTheme)}>
          {THEMES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`settings.themes.${choice}`)}
            </option>
          ))}
        </select>
      </section>

      <QuickChatShortcutForm />

      <section aria-labelledby="shortcuts-title" className="settings-section">
        <h2 id="shortcuts-title">{t("settings.shortcuts")}</h2>
        <dl className="shortcuts">
          {SHORTCUTS.map(([keys, action]) => (
            <div key={action} className="shortcuts__row">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{t(`settings.shortcutList.${action}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}
