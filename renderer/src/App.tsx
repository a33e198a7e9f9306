import { useMainEvents } from "./api/use-main-events.ts";
import { NavRail } from "./layout/NavRail.tsx";
import { StatusBar } from "./layout/StatusBar.tsx";
import { BudgetPane } from "./panes/budget/BudgetPane.tsx";
import { ChatPane } from "./panes/chat/ChatPane.tsx";
import { EmptyPane } from "./panes/EmptyPane.tsx";
import { SettingsPane } from "./panes/settings/SettingsPane.tsx";
import { useUiStore } from "./state/ui-store.ts";

function ActivePane() {
  const pane = useUiStore((state) => state.pane);
  switch (pane) {
    case "chat":
      return <ChatPane />;
    case "budget":
      return <BudgetPane />;
    case "settings":
      return <SettingsPane />;
    default:
      return <EmptyPane pane={pane} />;
  }
}

export function App() {
  useMainEvents();
  return (
    <div className="app">
      <NavRail />
      <main className="app__main">
        <ActivePane />
      </main>
      <StatusBar />
    </div>
  );
}
