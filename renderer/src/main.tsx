import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
// The shared styles first: tokens, element defaults, controls, notices and the pane frame. Each
// component imports its own stylesheet after these, so its rules come later in the cascade.
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/controls.css";
import "./styles/notices.css";
import "./styles/pane.css";
import "./i18n/index.ts";
import { QUICK_CHAT_PATH } from "../../shared/ipc/desktop.ts";
import { App } from "./App.tsx";
import { HostGate } from "./layout/HostGate.tsx";
import { openTargetFromAddress } from "./state/target-from-address.ts";
import { startTheme } from "./theme.ts";

startTheme();
// One page, two views: the main window, and the quick chat window at /quick.
const quick = window.location.pathname === QUICK_CHAT_PATH;
if (!quick) openTargetFromAddress();

// The quick chat window's own parts come in a chunk of their own: the main window does not wait for them.
const QuickChat = lazy(() => import("./quick/QuickChat.tsx").then(({ QuickChat }) => ({ default: QuickChat })));

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, retry: false } } });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <HostGate>
        {quick ? (
          <Suspense fallback={null}>
            <QuickChat />
          </Suspense>
        ) : (
          <App />
        )}
      </HostGate>
    </QueryClientProvider>
  </StrictMode>,
);
