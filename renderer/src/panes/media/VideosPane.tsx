import { useTranslation } from "../../i18n/use-translation.ts";
import { VIDEO_DURATIONS, VIDEO_SIZES } from "../../../../shared/gateway-api/video.ts";
import { VideoRequestSchema } from "../../../../shared/ipc/tasks.ts";
import { api } from "../../api/desktop-api.ts";
import { useFeatureMissing, useNoModelsOf, usePreferredModel } from "../../api/capability-queries.ts";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { NoModels, NotOffered } from "../../components/NotOffered.tsx";
import { useModelOptions } from "../../api/model-options.ts";
import { onOption } from "../../components/select-option.ts";
import { useGallery } from "../../api/gallery-queries.ts";
import { GalleryGrid } from "./GalleryGrid.tsx";
import { MEDIA_DRAG_TYPE } from "./MediaCard.tsx";
import { MediaForm } from "./MediaForm.tsx";
import { useMediaDrafts } from "./media-drafts.ts";
import { ReferenceImageZone } from "./ReferenceImageZone.tsx";
import { useSpendCheck } from "./use-spend-check.ts";
import { useTaskSubmit } from "./use-task-submit.ts";
import { useTasksOfKind } from "./use-tasks-of-kind.ts";
import "./media.css";

const RECENT_IMAGES = 12;

export function VideosPane() {
  const { t } = useTranslation();
  const preferredModel = usePreferredModel("video");
  const missing = useFeatureMissing("video");
  const noModels = useNoModelsOf("video");
  const videos = useGallery("video");
  // The newest page of images: the recent ones to drag up, and any a drop names among those read.
  const { items: images } = useGallery("image");
  const tasks = useTasksOfKind("video");
  const modelOptions = useModelOptions("video", tasks.recentModels);
  const draft = useMediaDrafts((state) => state.video);
  const change = useMediaDrafts((state) => state.videoChanged);
  const model = draft.model ?? preferredModel;
  const { prompt, size, duration } = draft;
  const reference = useMediaDrafts((state) => state.reference);
  const lostReference = useMediaDrafts((state) => state.lostReference);
  const setReference = useMediaDrafts((state) => state.referenceChosen);
  const { submit, problem, start } = useTaskSubmit(VideoRequestSchema, (request) => api.videos.generate(request), [
    model,
    prompt,
    size,
    duration,
    reference,
  ]);
  // Priced as duration × size.
  const spendCheck = useSpendCheck(model.trim() ? { kind: "video", model: model.trim(), size, duration } : null);

  return (
    <div className="media-pane">
      <MediaForm
        id="videos"
        title={t("nav.videos")}
        prompt={prompt}
        onPromptChange={(typed) => change({ prompt: typed })}
        submitLabel={t("media.generateVideo")}
        problem={problem}
        submission={start}
        spendCheck={spendCheck}
        onSubmit={() => submit({ model, prompt, size, duration, ...(reference ? { image: reference.image } : {}) })}
      >
        {missing ? <NotOffered feature="video" /> : noModels && <NoModels kind="video" />}
        <ModelPicker
          name="model"
          label={t("media.model")}
          value={model}
          options={modelOptions}
          onChange={(typed) => change({ model: typed })}
        />
        <div className="media-form__row">
          <label className="field">
            <span className="field__label">{t("media.size")}</span>
            <select value={size} onChange={onOption(VIDEO_SIZES, (chosen) => change({ size: chosen }))}>
              {VIDEO_SIZES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">{t("media.duration")}</span>
            <select value={duration} onChange={onOption(VIDEO_DURATIONS, (chosen) => change({ duration: chosen }))}>
              {VIDEO_DURATIONS.map((option) => (
                <option key={option} value={option}>
                  {t("media.seconds", { count: option })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ReferenceImageZone value={reference} lost={lostReference} galleryImages={images} onChange={setReference} />
        {images.length > 0 && (
          <div className="recent-images" aria-label={t("media.recentImages")} role="group">
            {images.slice(0, RECENT_IMAGES).map((image) => (
              <img
                key={image.id}
                src={image.src}
                alt={image.prompt}
                title={t("media.dragHint")}
                draggable
                onDragStart={(event) => event.dataTransfer.setData(MEDIA_DRAG_TYPE, image.id)}
              />
            ))}
          </div>
        )}
      </MediaForm>
      <GalleryGrid
        gallery={videos}
        pending={tasks.active}
        failed={tasks.failed}
        label={t("media.videoGallery")}
        emptyText={t("media.noVideos")}
      />
    </div>
  );
}
