import type { galleryEn } from "./en-gallery.ts";

/** 媒体查看器、详情对话框与图库控件的中文文案。 */
export const galleryZh: typeof galleryEn = {
  gallery: {
    open: "打开 {{prompt}}",
  },
};
