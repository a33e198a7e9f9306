import { useTranslation } from "react-i18next";
import { PANES } from "../../../shared/ipc/app-info.ts";
import { useUiStore } from "../state/ui-store.ts";
import { PaneIcon } from "./PaneIcon.tsx";
import { useRunningTaskCount } from "../api/task-queries.ts";
import { ProfileSwitcher } from "./ProfileSwitcher.tsx";
import "./nav-rail.css";

export function NavRail() {
  const { t } = useTranslation();
  const pane = useUiStore((state) => state.pane);
  const paneSelected = useUiStore((state) => state.paneSelected);
  const running = useRunningTaskCount();
  return (
    <nav className="rail" aria-label={t("nav.label")}>
      <ul className="rail__panes">
        {PANES.map((candidate) => (
          <li key={candidate}>
            <button
              type="button"
              className="rail__button"
              aria-current={candidate === pane ? "page" : undefined}
              onClick={() => paneSelected(candidate)}
            >
              <PaneIcon pane={candidate} />
              <span className="rail__label">{t(`nav.${candidate}`)}</span>
              {candidate === "tasks" && running > 0 && (
                <span className="rail__badge" aria-hidden="true" title={t("tasks.running", { count: running })}>
                  {running}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <ProfileSwitcher />
    </nav>
  );
}
