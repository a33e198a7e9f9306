import type { Pane } from "../../../shared/ipc/app-info.ts";

/** Stroke icons for the rail, drawn on a 24-unit grid. */
const PATHS: Record<Pane, string> = {
  chat: "M4 5h16v11H9l-5 4z",
  images: "M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15.5 9.5h.01",
  videos: "M4 6h12v12H4z M16 10l4-2v8l-4-2",
  tasks: "M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16 M12 8v4l3 2",
  budget: "M7 5l5 6 5-6 M12 11v8 M8 13h8 M8 16h8",
  settings: "M4 7h10 M18 7h2 M16 5v4 M4 17h4 M12 17h8 M10 15v4",
};

export function PaneIcon({ pane }: { pane: Pane }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[pane]} />
    </svg>
  );
}
