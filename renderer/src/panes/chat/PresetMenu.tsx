import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { focusAnother } from "../../components/menu-focus.ts";
import { openPresetEditor, type PresetEditorRequest } from "../settings/preset-editor-request.ts";
import { usePresets } from "./preset-queries.ts";
import { useNewChatFromPreset } from "./use-new-chat.ts";
import "./preset-menu.css";

/**
 * Beside New chat: the prompt presets by name; choosing one starts a conversation with its
 * settings. Without presets it offers to create one in Settings.
 */
export function PresetMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const { data: presets = [] } = usePresets();
  const start = useNewChatFromPreset();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  const choose = (presetId: string) => {
    setOpen(false);
    start.mutate(presetId);
  };
  const edit = (request: PresetEditorRequest) => {
    setOpen(false);
    openPresetEditor(request);
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (menu.current && focusAnother(menu.current, event.key)) {
      event.preventDefault();
    }
  };

  return (
    <div className="preset-menu">
      <button
        ref={button}
        type="button"
        className="button button--primary preset-menu__toggle"
        aria-label={t("presets.start")}
        title={t("presets.start")}
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
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t("presets.menu")}
          className="preset-menu__list"
          onKeyDown={keyDown}
        >
          {presets.map((preset) => (
            <button
              key={preset.id}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="preset-menu__item"
              onClick={() => choose(preset.id)}
            >
              {preset.name}
            </button>
          ))}
          {presets.length > 0 && <div role="separator" className="preset-menu__separator" />}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="preset-menu__item preset-menu__item--quiet"
            onClick={() => edit(presets.length === 0 ? "new" : "list")}
          >
            {presets.length === 0 ? t("presets.create") : t("presets.manage")}
          </button>
        </div>
      )}
    </div>
  );
}
