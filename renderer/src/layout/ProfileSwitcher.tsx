import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../api/desktop-api.ts";
import { unwrap } from "../api/api-error.ts";
import { useFeatureMissing } from "../api/capability-queries.ts";
import { useHostConnection } from "../api/host-connection.ts";
import { queryKeys, useBudget, useProfiles } from "../api/queries.ts";
import { profileHealth } from "./profile-health.ts";

export function ProfileSwitcher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useProfiles();
  const budget = useBudget(data?.activeId ?? null, !useFeatureMissing("balance"));
  const connected = useHostConnection((state) => state.status === "connected");
  const health = connected ? profileHealth(budget) : "disconnected";
  const select = async (id: string) => {
    queryClient.setQueryData(queryKeys.profiles, await unwrap(api.profiles.select({ id })));
  };
  return (
    <div className="profile-switcher">
      <span className={`health-dot health-dot--${health}`} role="img" aria-label={t(`profile.status.${health}`)} />
      <select
        aria-label={t("profile.active")}
        value={data?.activeId ?? ""}
        onChange={(event) => void select(event.target.value)}
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
  );
}
