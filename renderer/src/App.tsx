import { lazy, Suspense, useEffect } from "react";
import { useHostReconnects } from "./api/use-host-reconnects.ts";
import { useMainEvents } from "./api/use-main-events.ts";
import { ConnectionBar } from "./layout/ConnectionBar.tsx";
import { ImageDropOffer } from "./layout/ImageDropOffer.tsx";
import { AlertToast } from "./layout/AlertToast.tsx";
import { NavRail } from "./layout/NavRail.tsx";
import { useGlobalShortcuts } from "./layout/use-global-shortcuts.ts";
import { StatusBar } from "./layout/StatusBar.tsx";
import { ChatPane } from "./panes/chat/ChatPane.tsx";
import { useFirstMessageModelOwner } from "./panes/chat/use-first-message-model.ts";
import { useUiStore } from "./state/ui-store.ts";
import "./app.css";

/**
 * The window opens on Chat, so only Chat is in the first script; the other panes (charts, the
 * gallery, forms) and Markdown come in chunks of their own, fetched once the window is drawn.
 */
const laterChunks = {
  budget: () => import("./panes/budget/BudgetPane.tsx"),
  settings: () => import("./panes/settings/SettingsPane.tsx"),
  images: () => import("./panes/media/ImagesPane.tsx"),
  videos: () => import("./panes/media/VideosPane.tsx"),
  tasks: () => import("./panes/tasks/TasksPane.tsx"),
  markdown: () => import("./panes/chat/MarkdownView.tsx"),
};

const BudgetPane = lazy(() => laterChunks.budget().then(({ BudgetPane }) => ({ default: BudgetPane })));
const SettingsPane = lazy(() => laterChunks.settings().then(({ SettingsPane }) => ({ default: SettingsPane })));
const ImagesPane = lazy(() => laterChunks.images().then(({ ImagesPane }) => ({ default: ImagesPane })));
const VideosPane = lazy(() => laterChunks.videos().then(({ VideosPane }) => ({ default: VideosPane })));
const TasksPane = lazy(() => laterChunks.tasks().then(({ TasksPane }) => ({ default: TasksPane })));

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
  useFirstMessageModelOwner();
  useEffect(() => {
    // After the first frame, so that a pane opened later is already there.
    // A chunk that fails here is fetched again, and its failure shown, when its pane opens.
    const fetchLater = setTimeout(() => Object.values(laterChunks).forEach((load) => load().catch(() => {})));
    return () => clearTimeout(fetchLater);
  }, []);
  return (
    <div className="app">
      <ConnectionBar />
      <NavRail />
      <main className="app__main">
        <AlertToast />
        <Suspense fallback={<div className="skeleton" aria-busy="true" />}>
          <ActivePane />
        </Suspense>
      </main>
      <StatusBar />
      <ImageDropOffer />
    </div>
  );
}
