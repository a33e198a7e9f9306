import { useTranslation } from "../i18n/use-translation.ts";
import type { Feature } from "../../../shared/ipc/capabilities.ts";
import type { ModelKind } from "../../../shared/ipc/profiles.ts";

/** In place of an error box: the server simply lacks this endpoint. */
export function NotOffered({ feature }: { feature: Feature }) {
  const { t } = useTranslation();
  return (
    <p className="notice" role="status" data-testid={`not-offered-${feature}`}>
      {t(`capabilities.notOffered.${feature}`)}
    </p>
  );
}

/** The server lists its models and none is of this kind: a code can still be typed, but the form would likely fail. */
export function NoModels({ kind }: { kind: Extract<ModelKind, "image" | "video"> }) {
  const { t } = useTranslation();
  return (
    <p className="notice" role="status" data-testid={`no-models-${kind}`}>
      {t(`capabilities.noModels.${kind}`)}
    </p>
  );
}
