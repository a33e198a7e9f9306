import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/use-translation.ts";
import { api } from "../../api/desktop-api.ts";
import { unwrap } from "../../api/api-error.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { formatMoney } from "../../components/format.ts";

/** Test connection: the balance where the server offers it, else its model list, else a one-token chat. */
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
          {test.data.via === "balance"
            ? t("settings.connected", {
                keyName: test.data.keyName,
                balance: formatMoney(test.data.balance ?? 0, test.data.currency ?? "CNY"),
                latency: test.data.latencyMs,
              })
            : test.data.via === "models"
              ? t("settings.connectedViaModels", { count: test.data.models ?? 0, latency: test.data.latencyMs })
              : t("settings.connectedViaChat", { latency: test.data.latencyMs })}
        </p>
      )}
      <ActionError actions={[test]} />
    </div>
  );
}
