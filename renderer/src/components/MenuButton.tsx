import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { focusAnother } from "./menu-focus.ts";
import "./menu-button.css";

export interface MenuItem {
  readonly label: string;
  onSelect(): void;
  /** A secondary action, set apart from the items above it by a line. */
  readonly quiet?: boolean;
  /** Shown before the label (a letter or an emoji), not read: the label names the item. */
  readonly icon?: string;
}

interface MenuButtonProps {
  /** The button's accessible name, and the menu's unless `menuLabel` is given. */
  readonly label: string;
  readonly items: readonly MenuItem[];
  readonly menuLabel?: string;
  /** The button shows only its arrow (the label becomes its tooltip). */
  readonly arrowOnly?: boolean;
  readonly className?: string;
}

/**
 * A button that opens a menu of actions (↑/↓, Home/End, Enter; Esc closes it and gives the focus
 * back). The menu is a popover in the top layer anchored to the button, so a toolbar never clips it.
 */
export function MenuButton({ label, items, menuLabel = label, arrowOnly = false, className = "" }: MenuButtonProps) {
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
      const target = event.target instanceof Node ? event.target : null;
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
        className={`button menu-button ${className}`}
        style={{ anchorName }}
        aria-label={arrowOnly ? label : undefined}
        title={arrowOnly ? label : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== "ArrowDown" || open) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {!arrowOnly && `${label} `}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          popover="manual"
          role="menu"
          aria-label={menuLabel}
          className="menu-button__list"
          style={{ positionAnchor: anchorName }}
          onKeyDown={keyDown}
        >
          {items.map((item, index) => (
            <Fragment key={index}>
              {item.quiet && index > 0 && <div role="separator" className="menu-button__separator" />}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`menu-button__item${item.quiet ? " menu-button__item--quiet" : ""}`}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.icon && (
                  <span className="menu-button__icon" aria-hidden="true">
                    {item.icon}
                  </span>
                )}
                {item.label}
              </button>
            </Fragment>
          ))}
        </div>
      )}
    </>
  );
}
