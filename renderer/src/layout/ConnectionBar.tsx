import { useTranslation } from "../i18n/use-translation.ts";
import { useHostConnection } from "../api/host-connection.ts";
import "./connection-bar.css";

/** Says so while the window cannot reach the app host (web host only). */
export function ConnectionBar() {
  const { t } = useTranslation();
  const status = useHostConnection((state) => state.status);
  if (status === "connected" || status === "connecting") return null;
  if (status === "reconnecting") {
    return (
      <div className="connection-bar" role="alert">
        {t("connection.reconnecting")}
      </div>
    );
  }
  return (
    <div className="connection-bar" role="alert">
      <strong>{t("connection.lost")}</strong> {t("connection.lostAdvice")}
    </div>
  );
}
