import type { ReactNode } from "react";
import { useHostConnection } from "../api/host-connection.ts";
import { useTranslation } from "../i18n/use-translation.ts";
import { ConnectionBar } from "./ConnectionBar.tsx";
import "./host-gate.css";

/**
 * The web host serves its page while its services still open. Until the window first reaches main,
 * it says it is starting instead of showing forms whose models, profiles and settings are not known
 * yet: a Generate pressed then would be refused for an empty model, and the refusal gone a moment
 * later when the model arrived.
 */
export function HostGate({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const opened = useHostConnection((state) => state.opened);
  const connecting = useHostConnection((state) => state.status === "connecting");
  if (opened) return children;
  return (
    <div className="host-gate">
      <ConnectionBar />
      {connecting && (
        <p role="status" aria-busy="true">
          {t("connection.starting")}
        </p>
      )}
    </div>
  );
}
