import type { galleryEn } from "./en-gallery.ts";

/** 媒体查看器、详情对话框与图库控件的中文文案。 */
export const galleryZh: typeof galleryEn = {
  gallery: {
    open: "打开 {{prompt}}",
    viewerTitle: "查看：{{prompt}}",
    position: "第 {{index}} 个，共 {{count}} 个",
    previous: "上一个",
    next: "下一个",
    zoom: "缩放",
    zoomIn: "放大",
    zoomOut: "缩小",
    fit: "适应窗口",
    fitted: "适应窗口",
    close: "关闭",
    player: "视频播放器",
    strip: "更多结果",
    show: "显示 {{prompt}}",
    failedCard: "未生成：{{prompt}}",
    dismiss: "移除",
    deleted: "已删除“{{prompt}}”。",
    undo: "撤销",
    sizePresets: "常用形状",
    shape: { square: "方形", portrait: "竖版", landscape: "横版", small: "小图" },
    seed: "种子",
    seedHint: "可选，0 到 {{max}}。再次使用同一种子可得到同一张图。",
    seedRandom: "随机",
  },
};
