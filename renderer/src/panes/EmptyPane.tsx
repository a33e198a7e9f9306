import { useTranslation } from "react-i18next";

/** A pane with nothing in it yet: its title and what will appear. */
export function EmptyPane({ pane }: { pane: "images" | "videos" | "tasks" }) {
  const { t } = useTranslation();
  return (
    <section className="pane" aria-labelledby={`${pane}-title`}>
      <h1 id={`${pane}-title`} className="pane__title">
        {t(`nav.${pane}`)}
      </h1>
      <p className="empty-state">{t(`empty.${pane}`)}</p>
    </section>
  );
}
