import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageRequestSchema, type ImageRequest } from "../../../../shared/ipc/tasks.ts";
import { IMAGE_COUNT_MAX, ImageSizeSchema } from "../../../../shared/gateway-api/images.ts";
import type { CostEstimateRequest } from "../../../../shared/ipc/ledger.ts";
import { api } from "../../api/desktop-api.ts";
import { useFeatureMissing, useModelSuggestions } from "../../api/capability-queries.ts";
import { NotOffered } from "../../components/NotOffered.tsx";
import { isActive, useGallery, useTasks } from "../../api/task-queries.ts";
import { GalleryGrid } from "./GalleryGrid.tsx";
import { FormField } from "../../components/FormField.tsx";
import { onOption } from "../../components/select-option.ts";
import { MediaForm } from "./MediaForm.tsx";
import { useMediaDrafts } from "./media-drafts.ts";
import { ModelField } from "./ModelField.tsx";
import { useSpendCheck } from "./use-spend-check.ts";
import { useTaskSubmit } from "./use-task-submit.ts";
import "./media.css";

export function ImagesPane() {
  const { t } = useTranslation();
  const models = useModelSuggestions("image");
  const missing = useFeatureMissing("images");
  const { data: gallery = [] } = useGallery("image");
  const { data: tasks = [] } = useTasks();
  const prompt = useMediaDrafts((state) => state.imagePrompt);
  const setPrompt = useMediaDrafts((state) => state.imagePromptChanged);
  // Until the user types one, the model is the profile's first image model (or the server's).
  const [typedModel, setModel] = useState<string | null>(null);
  const model = typedModel ?? models.preferred;
  const [n, setN] = useState("1");
  const [size, setSize] = useState("1024x1024");
  const [responseFormat, setResponseFormat] = useState<ImageRequest["responseFormat"]>("url");
  const [asyncMode, setAsyncMode] = useState(false);
  const { submit, problem, start } = useTaskSubmit(ImageRequestSchema, (request) => api.images.generate(request));
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
        onPromptChange={setPrompt}
        submitLabel={t("media.generate")}
        problem={problem}
        submission={start}
        spendCheck={spendCheck}
        onSubmit={() => submit({ model, prompt, n: Number(n), size, responseFormat, async: asyncMode })}
      >
        {missing && <NotOffered feature="images" />}
        <ModelField id="image" value={model} suggestions={models.suggestions} onChange={setModel} />
        <div className="media-form__row">
          <FormField
            id="image-count"
            type="number"
            min={1}
            max={IMAGE_COUNT_MAX}
            label={t("media.count")}
            value={n}
            onChange={setN}
          />
          <FormField id="image-size" label={t("media.size")} value={size} onChange={setSize} placeholder="1024x1024" />
        </div>
        <label className="field">
          <span className="field__label">{t("media.responseFormat")}</span>
          <select
            value={responseFormat}
            onChange={onOption(ImageRequestSchema.shape.responseFormat.options, setResponseFormat)}
          >
            <option value="url">{t("media.formatUrl")}</option>
            <option value="b64_json">{t("media.formatBase64")}</option>
          </select>
        </label>
        <label className="toggle">
          <input type="checkbox" checked={asyncMode} onChange={(event) => setAsyncMode(event.target.checked)} />
          <span>{t("media.async")}</span>
        </label>
      </MediaForm>
      <GalleryGrid
        items={gallery}
        pending={tasks.filter((task) => task.kind === "image" && isActive(task.status))}
        label={t("media.imageGallery")}
        emptyText={t("media.noImages")}
      />
    </div>
  );
}
