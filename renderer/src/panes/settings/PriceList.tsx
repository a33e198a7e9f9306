import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ModelPrice } from "../../../../shared/ipc/prices.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { formatMoney } from "../../components/format.ts";
import { PriceHistoryList } from "./PriceHistoryList.tsx";

const priceKeys = { of: (profileId: string) => ["model-prices", profileId] as const };

type PriceChange = Pick<ModelPrice, "model" | "unit" | "size"> & { readonly price: number | null };

const SOURCE_LABEL = { user: "prices.setByYou", published: "prices.published", learned: "prices.learned" } as const;

interface PriceRowProps {
  readonly price: ModelPrice;
  onSave(change: PriceChange): void;
  onResetLearned(model: string): void;
}

function PriceRow({ price, onSave, onResetLearned }: PriceRowProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const name = `${price.model} ${t(`prices.unit.${price.unit}`)}${price.size ? ` ${price.size}` : ""}`;
  const save = () => {
    const value = Number(draft);
    if (draft.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1_000_000) {
      setError(t("prices.invalid"));
      return;
    }
    setError(null);
    onSave({ model: price.model, unit: price.unit, size: price.size, price: value });
  };
  return (
    <tr>
      <th scope="row">{price.model}</th>
      <td>
        {t(`prices.unit.${price.unit}`)}
        {price.size ? ` · ${price.size}` : ""}
      </td>
      <td className="numeric">{formatMoney(price.price)}</td>
      <td className="muted">{t(SOURCE_LABEL[price.source], { count: price.observations })}</td>
      <td>
        <div className="price-edit">
          <input
            className="numeric"
            inputMode="decimal"
            aria-label={t("prices.priceOf", { name })}
            aria-invalid={error !== null}
            placeholder={t("prices.newPrice")}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="button" className="button" aria-label={t("prices.saveOf", { name })} onClick={save}>
            {t("prices.save")}
          </button>
          {price.source === "user" && (
            <button
              type="button"
              className="button"
              aria-label={t("prices.resetOf", { name })}
              onClick={() => onSave({ model: price.model, unit: price.unit, size: price.size, price: null })}
            >
              {t("prices.reset")}
            </button>
          )}
          {price.source === "learned" && (
            <button
              type="button"
              className="button"
              aria-label={t("prices.resetLearnedOf", { name: price.model })}
              onClick={() => onResetLearned(price.model)}
            >
              {t("prices.resetLearned")}
            </button>
          )}
        </div>
        {error && <p className="field__error">{error}</p>}
      </td>
    </tr>
  );
}

/** The profile's model prices: learned from its charges, each one editable. */
export function PriceList({ profileId, profileName }: { readonly profileId: string; readonly profileName: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prices = useQuery({
    queryKey: priceKeys.of(profileId),
    queryFn: () => unwrap(api.budget.prices({ profileId })),
  });
  const setPrice = useMutation({
    mutationFn: (change: PriceChange) => unwrap(api.budget.setPrice({ profileId, ...change })),
    onSuccess: (list) => queryClient.setQueryData(priceKeys.of(profileId), list),
  });
  const resetLearned = useMutation({
    mutationFn: (model: string) => unwrap(api.budget.resetLearned({ profileId, model })),
    onSuccess: (list) => queryClient.setQueryData(priceKeys.of(profileId), list),
  });
  return (
    <section aria-labelledby="prices-title" className="settings-section">
      <h2 id="prices-title">{t("prices.title", { profile: profileName })}</h2>
      <p className="settings-section__intro">{t("prices.intro")}</p>
      <ActionError actions={[setPrice, resetLearned]} />
      {prices.data?.length === 0 && <p className="empty-state">{t("prices.none")}</p>}
      {prices.data && prices.data.length > 0 && (
        <table className="data-table data-table--prices" aria-labelledby="prices-title">
          <thead>
            <tr>
              <th scope="col">{t("prices.model")}</th>
              <th scope="col">{t("prices.per")}</th>
              <th scope="col">{t("prices.price")}</th>
              <th scope="col">{t("prices.source")}</th>
              <th scope="col">{t("prices.yours")}</th>
            </tr>
          </thead>
          <tbody>
            {prices.data.map((price) => (
              <PriceRow
                key={`${price.model}|${price.unit}|${price.size ?? ""}|${price.price}|${price.source}`}
                price={price}
                onSave={(change) => setPrice.mutate(change)}
                onResetLearned={(model) => resetLearned.mutate(model)}
              />
            ))}
          </tbody>
        </table>
      )}
      <PriceHistoryList profileId={profileId} />
    </section>
  );
}
