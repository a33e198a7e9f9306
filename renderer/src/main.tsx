import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
// The shared styles first: tokens, element defaults, controls, notices and the pane frame. Each
// component imports its own stylesheet after these, so its rules come later in the cascade.
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/controls.css";
import "./styles/notices.css";
import "./styles/pane.css";
import "./i18n/index.ts";
import { App } from "./App.tsx";
import { startTheme } from "./theme.ts";

startTheme();

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true, retry: false } } });

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
