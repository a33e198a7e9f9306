import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { groupModelOptions, type ModelOption } from "../api/model-option-list.ts";
import { ServerText } from "./ServerText.tsx";
import "./model-picker.css";

interface ModelPickerProps {
  readonly label: string;
  readonly value: string;
  readonly options: readonly ModelOption[];
  onChange(code: string): void;
  /** Called when a code is settled on: taken from the list, Enter, or leaving the field. */
  onCommit?(code: string): void;
  /** `inline`: the label beside the field, as in a toolbar; `bare`: the label for screen readers only. */
  readonly layout?: "stacked" | "inline" | "bare";
  readonly placeholder?: string;
  /** The form's name for the field, so a refusal can move focus to it. */
  readonly name?: string;
  readonly disabled?: boolean;
}

const LABEL_CLASSES = {
  stacked: ["field", "field__label"],
  inline: ["inline-field", "inline-field__label"],
  bare: ["model-picker__bare", "visually-hidden"],
} as const;

/** Scrolls the list itself (never the page or a toolbar around the field) so the option shows. */
function keepInView(list: HTMLElement, option: HTMLElement) {
  if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
  else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
}

/**
 * A model code field with a searchable list (an ARIA combobox): ↓ or a click shows the known
 * codes grouped by kind, with where each comes from and what it offers; typing narrows them,
 * ↑/↓ and Enter take one, and Enter on what was typed uses it as it is. The list is a popover in
 * the top layer, anchored to the field, so no scrolling or clipping container can cut it.
 */
export function ModelPicker(props: ModelPickerProps) {
  const { label, value, options, onChange, onCommit, layout = "stacked", placeholder, name, disabled } = props;
  const { t } = useTranslation();
  const listId = useId();
  const anchorName = `--model-picker-${listId.replace(/[^a-zA-Z0-9]/g, "")}`;
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Null right after opening: every option is listed, not only those matching the current value.
  const [query, setQuery] = useState<string | null>(null);
  // Null until ↑/↓ picks one: Enter then takes the code as typed.
  const [active, setActive] = useState<number | null>(null);
  const needle = query?.trim().toLowerCase() ?? "";
  const groups = groupModelOptions(
    needle ? options.filter((option) => option.code.toLowerCase().includes(needle)) : options,
  );
  // In the order they are shown, so ↑/↓ walk the list as it reads.
  const shown = groups.flatMap((group) => group.options);
  const highlighted = active === null ? undefined : shown[Math.min(active, shown.length - 1)];

  useLayoutEffect(() => {
    const element = list.current;
    if (open && element && !element.matches(":popover-open")) element.showPopover();
  }, [open]);
  useLayoutEffect(() => {
    const option = highlighted && document.getElementById(`${listId}-${highlighted.code}`);
    if (open && option && list.current) keepInView(list.current, option);
  }, [open, highlighted, listId]);

  const show = () => {
    setOpen(true);
    setQuery(null);
    setActive(
      Math.max(
        0,
        options.findIndex((option) => option.code === value),
      ),
    );
  };
  const choose = (code: string) => {
    onChange(code);
    setOpen(false);
    onCommit?.(code);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return show();
      const step = event.key === "ArrowDown" ? 1 : -1;
      const count = Math.max(1, shown.length);
      setActive((current) =>
        current === null ? (step === 1 ? 0 : count - 1) : (Math.min(current, count - 1) + step + count) % count,
      );
    } else if (event.key === "Enter" && open && highlighted) {
      // Taking a suggestion is not submitting the form.
      event.preventDefault();
      choose(highlighted.code);
    } else if (event.key === "Enter") {
      setOpen(false);
      onCommit?.(value);
    } else if (event.key === "Escape" && open) {
      // Closes the list only, not a dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="model-picker">
      <label className={LABEL_CLASSES[layout][0]}>
        <span className={LABEL_CLASSES[layout][1]}>{label}</span>
        <input
          role="combobox"
          name={name}
          style={{ anchorName }}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && highlighted ? `${listId}-${highlighted.code}` : undefined}
          autoComplete="off"
          placeholder={placeholder}
          spellCheck={false}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setQuery(event.target.value);
            setActive(null);
            setOpen(true);
          }}
          onClick={() => (open ? setOpen(false) : show())}
          onKeyDown={keyDown}
          onBlur={() => {
            setOpen(false);
            onCommit?.(value);
          }}
        />
      </label>
      {open && (
        <div
          ref={list}
          popover="manual"
          className="model-picker__list"
          style={{ positionAnchor: anchorName }}
          id={listId}
          role="listbox"
          aria-label={t("picker.suggestions")}
        >
          {groups.map((group) => (
            <ul
              key={group.name}
              role="group"
              aria-label={t(`picker.group.${group.name}`)}
              aria-describedby={group.name === "test" ? `${listId}-test-note` : undefined}
              className="model-picker__group"
            >
              <li role="presentation" className="model-picker__heading" aria-hidden="true">
                {t(`picker.group.${group.name}`)}
                {group.name === "test" && (
                  <span id={`${listId}-test-note`} className="model-picker__note">
                    {t("picker.testNote")}
                  </span>
                )}
              </li>
              {group.options.map((option) => (
                <li
                  key={option.code}
                  id={`${listId}-${option.code}`}
                  role="option"
                  aria-selected={option === highlighted}
                  className="model-picker__option"
                  // Chosen before the field loses focus and closes the list.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option.code)}
                >
                  <ServerText className="model-picker__code" text={option.code} />
                  <span className="model-picker__badges">
                    {option.badges?.map((badge) => (
                      <span key={badge} className="model-picker__badge">
                        {t(`picker.badge.${badge}`)}
                      </span>
                    ))}
                    <span className="model-picker__source">{t(`picker.${option.source}`)}</span>
                  </span>
                </li>
              ))}
            </ul>
          ))}
          {shown.length === 0 && (
            <p className="model-picker__empty" role="presentation">
              {t("picker.noMatch", { code: value.trim() })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
