import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { focusAnother } from "./menu-focus.ts";
import "./menu-button.css";

export interface MenuItem {
  readonly label: string;
  onSelect(): void;
}

interface MenuButtonProps {
  readonly label: string;
  readonly items: readonly MenuItem[];
}

/**
 * A button that opens a menu of actions (↑/↓, Home/End, Enter; Esc closes it and gives the focus
 * back). The menu is a popover in the top layer anchored to the button, so a toolbar never clips it.
 */
export function MenuButton({ label, items }: MenuButtonProps) {
  const menuId = useId();
  const anchorName = `--menu-${menuId.replace(/[^a-zA-Z0-9]/g, "")}`;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = menu.current;
    if (!open || !element) return;
    if (!element.matches(":popover-open")) element.showPopover();
    element.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (menu.current && focusAnother(menu.current, event.key)) {
      event.preventDefault();
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button menu-button"
        style={{ anchorName }}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          popover="manual"
          role="menu"
          aria-label={label}
          className="menu-button__list"
          style={{ positionAnchor: anchorName }}
          onKeyDown={keyDown}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="menu-button__item"
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
