import { useTranslation } from "../../i18n/use-translation.ts";

/** Common shapes at sizes image models generally accept; any other size can still be typed. */
const PRESETS = [
  { shape: "square", size: "1024x1024" },
  { shape: "portrait", size: "1024x1536" },
  { shape: "landscape", size: "1536x1024" },
  { shape: "small", size: "512x512" },
] as const;

/** One click fills the Size field; the preset that matches it is shown pressed. */
export function SizePresets({ size, onChoose }: { size: string; onChoose(size: string): void }) {
  const { t } = useTranslation();
  return (
    <div className="size-presets" role="group" aria-label={t("gallery.sizePresets")}>
      {PRESETS.map((preset) => (
        <button
          key={preset.size}
          type="button"
          className="button button--small size-presets__choice"
          aria-pressed={size === preset.size}
          onClick={() => onChoose(preset.size)}
        >
          {t(`gallery.shape.${preset.shape}`)}{" "}
          <span className="size-presets__size">{preset.size.replace("x", "×")}</span>
        </button>
      ))}
    </div>
  );
}
