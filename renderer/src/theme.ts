export const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

const STORAGE_KEY = "modeldesk.theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

let chosen: Theme = "system";
let stopFollowingSystem: (() => void) | null = null;

const isTheme = (value: string | null): value is Theme => THEMES.some((theme) => theme === value);

function show(scheme: "light" | "dark"): void {
  document.documentElement.dataset["theme"] = scheme;
}

/**
 * Applies a theme: `light` and `dark` as chosen, `system` following the OS (and its changes).
 * The stylesheets read `data-theme` on the root element; charts watch it too.
 */
function applyTheme(theme: Theme): void {
  chosen = theme;
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  if (theme !== "system") return show(theme);
  const query = window.matchMedia(DARK_QUERY);
  const follow = () => show(query.matches ? "dark" : "light");
  follow();
  query.addEventListener("change", follow);
  stopFollowingSystem = () => query.removeEventListener("change", follow);
}

export function changeTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEY, theme);
  applyTheme(theme);
}

export const currentTheme = (): Theme => chosen;

/** Before the first render, so the window never flashes the other scheme. */
export function startTheme(): void {
  const saved = localStorage.getItem(STORAGE_KEY);
  applyTheme(isTheme(saved) ? saved : "system");
}
