import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { useFeatureMissing } from "../api/capability-queries.ts";
import { useHostConnection } from "../api/host-connection.ts";
import { useSelectProfile } from "../api/profile-mutations.ts";
import { useBudget, useProfiles } from "../api/queries.ts";
import { ActionError } from "../components/ActionError.tsx";
import { profileHealth } from "./profile-health.ts";
import "./profile-switcher.css";

interface ProfileSwitcherProps {
  /** In the folded rail: a button with the health dot that unfolds the rail, rather than a picker cut to a letter. */
  readonly folded: boolean;
  onUnfold(): void;
}

export function ProfileSwitcher({ folded, onUnfold }: ProfileSwitcherProps) {
  const { t } = useTranslation();
  const { data } = useProfiles();
  const budget = useBudget(data?.activeId ?? null, !useFeatureMissing("balance"));
  const connected = useHostConnection((state) => state.status === "connected");
  const health = connected ? profileHealth(budget) : "disconnected";
  const select = useSelectProfile();
  const picker = useRef<HTMLSelectElement>(null);
  const unfolding = useRef(false);
  const activeName = data?.profiles.find((profile) => profile.id === data.activeId)?.name ?? t("profile.none");
  // Unfolded from its button: the picker it was standing for takes the focus, once the profiles are
  // read (a disabled picker cannot take it, and a click just after start comes before them).
  useEffect(() => {
    const element = picker.current;
    if (folded || !unfolding.current || !element || element.disabled) return;
    unfolding.current = false;
    element.focus();
  }, [folded, data]);
  if (folded) {
    const name = t("profile.switch", { name: activeName, status: t(`profile.status.${health}`) });
    return (
      <button
        type="button"
        className="rail__button profile-switcher profile-switcher--folded"
        aria-label={name}
        title={name}
        onClick={() => {
          unfolding.current = true;
          onUnfold();
        }}
      >
        <span className={`health-dot health-dot--${health}`} aria-hidden="true" />
        <span className="profile-switcher__initial" aria-hidden="true">
          ⇅
        </span>
      </button>
    );
  }
  return (
    <div>
      <ActionError actions={[select]} />
      <div className="profile-switcher">
        <span className={`health-dot health-dot--${health}`} role="img" aria-label={t(`profile.status.${health}`)} />
        <select
          ref={picker}
          aria-label={t("profile.active")}
          title={activeName}
          value={data?.activeId ?? ""}
          onChange={(event) => select.mutate(event.target.value)}
          disabled={!data || data.profiles.length === 0}
        >
          {data?.profiles.length === 0 && <option value="">{t("profile.none")}</option>}
          {data?.profiles.map((profile) => (
            <option key={profile.id} value={profile.id}>
              {profile.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
