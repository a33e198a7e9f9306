import { useTranslation } from "../i18n/use-translation.ts";
import { PANES } from "../../../shared/ipc/app-info.ts";
import { useUiStore } from "../state/ui-store.ts";
import { PaneIcon } from "./PaneIcon.tsx";
import { useRunningTaskCount } from "../api/task-queries.ts";
import { useBudgetAlerts } from "../api/alert-queries.ts";
import { useActiveProfileId } from "../api/queries.ts";
import { ProfileSwitcher } from "./ProfileSwitcher.tsx";
import { useLayoutStore } from "../state/layout-store.ts";
import { useNarrowWindow } from "./use-narrow-window.ts";
import "./nav-rail.css";

export function NavRail() {
  const { t } = useTranslation();
  const pane = useUiStore((state) => state.pane);
  const paneSelected = useUiStore((state) => state.paneSelected);
  const running = useRunningTaskCount();
  const { data: alerts = [] } = useBudgetAlerts(useActiveProfileId());
  const narrow = useNarrowWindow();
  const chosen = useLayoutStore((state) => state.navCollapsed);
  const collapse = useLayoutStore((state) => state.navCollapsedChanged);
  const collapsed = chosen ?? narrow;
  return (
    <nav className={collapsed ? "rail rail--collapsed" : "rail"} aria-label={t("nav.label")}>
      <ul className="rail__panes">
        {PANES.map((candidate) => (
          <li key={candidate}>
            <button
              type="button"
              className="rail__button"
              aria-current={candidate === pane ? "page" : undefined}
              title={collapsed ? t(`nav.${candidate}`) : undefined}
              onClick={() => paneSelected(candidate)}
            >
              <PaneIcon pane={candidate} />
              <span className={collapsed ? "visually-hidden" : "rail__label"}>{t(`nav.${candidate}`)}</span>
              {candidate === "tasks" && running > 0 && (
                <span className="rail__badge" aria-hidden="true" title={t("tasks.running", { count: running })}>
                  {running}
                </span>
              )}
              {candidate === "budget" && alerts.length > 0 && (
                <span
                  className="rail__badge rail__badge--alert"
                  aria-hidden="true"
                  data-testid="budget-alert-badge"
                  title={t("alerts.railBadge", { count: alerts.length })}
                >
                  !
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <div className="rail__foot">
        <button
          type="button"
          className="rail__button rail__fold"
          aria-expanded={!collapsed}
          aria-label={collapsed ? t("layout.expandNav") : t("layout.collapseNav")}
          title={collapsed ? t("layout.expandNav") : t("layout.collapseNav")}
          onClick={() => collapse(!collapsed)}
        >
          <span aria-hidden="true">{collapsed ? "»" : "«"}</span>
        </button>
        <ProfileSwitcher folded={collapsed} onUnfold={() => collapse(false)} />
      </div>
    </nav>
  );
}
