import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/desktop-api.ts";
import { errorDetail, unwrap } from "../../api/api-error.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { formatMoney } from "../../components/format.ts";

/** Test connection: one balance call, reporting success or the exact error. */
export function ConnectionTestButton({ profileId, profileName }: { profileId: string; profileName: string }) {
  const { t } = useTranslation();
  const test = useMutation({ mutationFn: () => unwrap(api.profiles.test({ id: profileId })) });
  return (
    <div className="connection-test">
      <button
        type="button"
        className="button"
        aria-label={`${t("settings.testConnection")}: ${profileName}`}
        onClick={() => test.mutate()}
        disabled={test.isPending}
      >
        {test.isPending ? t("settings.testing") : t("settings.testConnection")}
      </button>
      {test.isSuccess && (
        <p className="connection-test__ok" role="status">
          {t("settings.connected", {
            keyName: test.data.keyName,
            balance: formatMoney(test.data.balance, test.data.currency),
            latency: test.data.latencyMs,
          })}
        </p>
      )}
      {test.isError && <ErrorNotice error={errorDetail(test.error)} />}
    </div>
  );
}
