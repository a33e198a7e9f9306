import { useTranslation } from "react-i18next";
import { useFeatureMissing } from "../api/capability-queries.ts";
import { useHostConnection } from "../api/host-connection.ts";
import { useSelectProfile } from "../api/profile-mutations.ts";
import { useBudget, useProfiles } from "../api/queries.ts";
import { ActionError } from "../components/ActionError.tsx";
import { profileHealth } from "./profile-health.ts";
import "./profile-switcher.css";

export function ProfileSwitcher() {
  const { t } = useTranslation();
  const { data } = useProfiles();
  const budget = useBudget(data?.activeId ?? null, !useFeatureMissing("balance"));
  const connected = useHostConnection((state) => state.status === "connected");
  const health = connected ? profileHealth(budget) : "disconnected";
  const select = useSelectProfile();
  return (
    <div>
      <ActionError actions={[select]} />
      <div className="profile-switcher">
        <span className={`health-dot health-dot--${health}`} role="img" aria-label={t(`profile.status.${health}`)} />
        <select
          aria-label={t("profile.active")}
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
