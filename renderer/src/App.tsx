import { useHostReconnects } from "./api/use-host-reconnects.ts";
import { useMainEvents } from "./api/use-main-events.ts";
import { ConnectionBar } from "./layout/ConnectionBar.tsx";
import { ImageDropOffer } from "./layout/ImageDropOffer.tsx";
import { NavRail } from "./layout/NavRail.tsx";
import { useGlobalShortcuts } from "./layout/use-global-shortcuts.ts";
import { StatusBar } from "./layout/StatusBar.tsx";
import { BudgetPane } from "./panes/budget/BudgetPane.tsx";
import { ChatPane } from "./panes/chat/ChatPane.tsx";
import { ImagesPane } from "./panes/media/ImagesPane.tsx";
import { VideosPane } from "./panes/media/VideosPane.tsx";
import { TasksPane } from "./panes/tasks/TasksPane.tsx";
import { SettingsPane } from "./panes/settings/SettingsPane.tsx";
import { useUiStore } from "./state/ui-store.ts";
import "./app.css";

function ActivePane() {
  const pane = useUiStore((state) => state.pane);
  switch (pane) {
    case "chat":
      return <ChatPane />;
    case "budget":
      return <BudgetPane />;
    case "settings":
      return <SettingsPane />;
    case "images":
      return <ImagesPane />;
    case "videos":
      return <VideosPane />;
    case "tasks":
      return <TasksPane />;
  }
}

export function App() {
  useMainEvents();
  useHostReconnects();
  useGlobalShortcuts();
  return (
    <div className="app">
      <ConnectionBar />
      <NavRail />
      <main className="app__main">
        <ActivePane />
      </main>
      <StatusBar />
      <ImageDropOffer />
    </div>
  );
}
