import { useMemo, useSyncExternalStore } from "react";

/** The tokens a chart draws with; canvas cannot read CSS variables, so they are resolved here. */
export interface ChartTheme {
  readonly text: string;
  readonly muted: string;
  readonly grid: string;
  readonly surface: string;
  readonly accent: string;
  readonly warn: string;
  readonly danger: string;
  /** Colours for series in order (models, kinds). */
  readonly palette: readonly string[];
  readonly font: string;
}

const TOKENS = ["--text", "--muted", "--border", "--surface", "--accent", "--warn", "--danger", "--font"] as const;
const PALETTE = ["--chart-1", "--chart-2", "--chart-3", "--chart-4", "--chart-5", "--chart-6"] as const;

// Read once per scheme, not per render: reading computed styles can force a style recalculation.
let tokenCache: string | null = null;

// The scheme is the root element's `data-theme` (theme.ts sets it from Settings or the system).
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(() => {
    tokenCache = null;
    onChange();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

// A string, so an unchanged theme compares equal and nothing re-draws.
function tokenValues(): string {
  if (tokenCache === null) {
    const style = getComputedStyle(document.documentElement);
    tokenCache = [...TOKENS, ...PALETTE].map((name) => style.getPropertyValue(name).trim()).join("\n");
  }
  return tokenCache;
}

/** The chart colours of the current light or dark theme; a new object when the theme changes. */
export function useChartTheme(): ChartTheme {
  const values = useSyncExternalStore(subscribe, tokenValues);
  return useMemo(() => {
    const [text = "", muted = "", grid = "", surface = "", accent = "", warn = "", danger = "", font = "", ...palette] =
      values.split("\n");
    return { text, muted, grid, surface, accent, warn, danger, palette, font: `12px ${font}` };
  }, [values]);
}

/** A series colour by position, repeating past the palette. */
export const paletteColour = (theme: ChartTheme, index: number): string =>
  theme.palette[index % theme.palette.length] ?? theme.accent;
