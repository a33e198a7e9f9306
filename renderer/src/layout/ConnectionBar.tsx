import { useTranslation } from "react-i18next";
import { useHostConnection } from "../api/host-connection.ts";
import "./connection-bar.css";

/** Says so while the window cannot reach the app host (web host only). */
export function ConnectionBar() {
  const { t } = useTranslation();
  const status = useHostConnection((state) => state.status);
  if (status === "connected") return null;
  return (
    <div className="connection-bar" role="alert">
      {t(status === "restarted" ? "connection.restarted" : "connection.reconnecting")}
    </div>
  );
}
