import { useTranslation } from "../../i18n/use-translation.ts";
import { IMAGE_SEED_MAX, ImageRequestSchema } from "../../../../shared/ipc/tasks.ts";
import { IMAGE_COUNT_MAX, ImageSizeSchema } from "../../../../shared/gateway-api/images.ts";
import type { CostEstimateRequest } from "../../../../shared/ipc/prices.ts";
import { api } from "../../api/desktop-api.ts";
import { useFeatureMissing, useNoModelsOf, usePreferredModel } from "../../api/capability-queries.ts";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { NoModels, NotOffered } from "../../components/NotOffered.tsx";
import { useModelOptions } from "../../api/model-options.ts";
import { useGallery } from "../../api/gallery-queries.ts";
import { GalleryGrid } from "./GalleryGrid.tsx";
import { FormField } from "../../components/FormField.tsx";
import { onOption } from "../../components/select-option.ts";
import { MediaForm } from "./MediaForm.tsx";
import { useMediaDrafts } from "./media-drafts.ts";
import { SizePresets } from "./SizePresets.tsx";
import { useSpendCheck } from "./use-spend-check.ts";
import { useTaskSubmit } from "./use-task-submit.ts";
import { useTasksOfKind } from "./use-tasks-of-kind.ts";
import "./media.css";

export function ImagesPane() {
  const { t } = useTranslation();
  const preferredModel = usePreferredModel("image");
  const missing = useFeatureMissing("images");
  const noModels = useNoModelsOf("image");
  const gallery = useGallery("image");
  const tasks = useTasksOfKind("image");
  const modelOptions = useModelOptions("image", tasks.recentModels);
  const draft = useMediaDrafts((state) => state.image);
  const change = useMediaDrafts((state) => state.imageChanged);
  // Until the user types one, the model is the profile's first image model (or the server's).
  const model = draft.model ?? preferredModel;
  const { prompt, n, size, responseFormat, seed } = draft;
  const { submit, problem, start } = useTaskSubmit(ImageRequestSchema, (request) => api.images.generate(request), [
    model,
    prompt,
    n,
    size,
    responseFormat,
    draft.async,
    seed,
  ]);
  const count = Number(n);
  // Priced as n × size once the fields could be submitted.
  const pricing: CostEstimateRequest | null =
    model.trim() &&
    ImageSizeSchema.safeParse(size).success &&
    Number.isInteger(count) &&
    count >= 1 &&
    count <= IMAGE_COUNT_MAX
      ? { kind: "image", model: model.trim(), size, n: count }
      : null;
  const spendCheck = useSpendCheck(pricing);

  return (
    <div className="media-pane">
      <MediaForm
        id="images"
        title={t("nav.images")}
        prompt={prompt}
        onPromptChange={(typed) => change({ prompt: typed })}
        submitLabel={t("media.generate")}
        problem={problem}
        submission={start}
        spendCheck={spendCheck}
        onSubmit={() =>
          submit({
            model,
            prompt,
            n: Number(n),
            size,
            responseFormat,
            async: draft.async,
            ...(seed.trim() ? { seed: Number(seed) } : {}),
          })
        }
      >
        {missing ? <NotOffered feature="images" /> : noModels && <NoModels kind="image" />}
        <ModelPicker
          name="model"
          label={t("media.model")}
          value={model}
          options={modelOptions}
          onChange={(typed) => change({ model: typed })}
        />
        <div className="media-form__row">
          <FormField
            id="image-count"
            name="n"
            type="number"
            min={1}
            max={IMAGE_COUNT_MAX}
            label={t("media.count")}
            value={n}
            onChange={(typed) => change({ n: typed })}
          />
          <FormField
            id="image-size"
            name="size"
            label={t("media.size")}
            value={size}
            onChange={(typed) => change({ size: typed })}
            placeholder="1024x1024"
          />
        </div>
        <SizePresets size={size} onChoose={(chosen) => change({ size: chosen })} />
        <FormField
          id="image-seed"
          name="seed"
          type="number"
          min={0}
          max={IMAGE_SEED_MAX}
          label={t("gallery.seed")}
          hint={t("gallery.seedHint", { max: IMAGE_SEED_MAX })}
          placeholder={t("gallery.seedRandom")}
          value={seed}
          onChange={(typed) => change({ seed: typed })}
        />
        <label className="field">
          <span className="field__label">{t("media.responseFormat")}</span>
          <select
            value={responseFormat}
            onChange={onOption(ImageRequestSchema.shape.responseFormat.options, (chosen) =>
              change({ responseFormat: chosen }),
            )}
          >
            <option value="url">{t("media.formatUrl")}</option>
            <option value="b64_json">{t("media.formatBase64")}</option>
          </select>
        </label>
        <label className="toggle">
          <input type="checkbox" checked={draft.async} onChange={(event) => change({ async: event.target.checked })} />
          <span>{t("media.async")}</span>
        </label>
      </MediaForm>
      <GalleryGrid
        gallery={gallery}
        pending={tasks.active}
        failed={tasks.failed}
        label={t("media.imageGallery")}
        emptyText={t("media.noImages")}
      />
    </div>
  );
}
