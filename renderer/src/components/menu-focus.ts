/** Moves the focus among a menu's items: ↑/↓ wrap around, Home and End go to the ends. */
export function focusAnother(menu: HTMLElement, key: string): boolean {
  const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.findIndex((item) => item === document.activeElement);
  const next: Record<string, number> = {
    ArrowDown: (at + 1) % items.length,
    ArrowUp: (at - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const index = next[key];
  if (index === undefined) return false;
  items[index]?.focus();
  return true;
}
