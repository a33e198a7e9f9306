import { create } from "zustand";
import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";

interface AlertToastState {
  /** The latest budget alert fired while the app was open, until the user dismisses it. */
  readonly latest: BudgetAlert | null;
  alertFired(alert: BudgetAlert): void;
  dismissed(): void;
}

export const useAlertToastStore = create<AlertToastState>()((set) => ({
  latest: null,
  alertFired: (alert) => set({ latest: alert }),
  dismissed: () => set({ latest: null }),
}));
