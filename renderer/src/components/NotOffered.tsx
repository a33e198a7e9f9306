import { useTranslation } from "react-i18next";
import type { Feature } from "../../../shared/ipc/capabilities.ts";

/** In place of an error box: the server simply lacks this endpoint. */
export function NotOffered({ feature }: { feature: Feature }) {
  const { t } = useTranslation();
  return (
    <p className="notice" role="status" data-testid={`not-offered-${feature}`}>
      {t(`capabilities.notOffered.${feature}`)}
    </p>
  );
}
