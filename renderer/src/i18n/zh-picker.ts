import type { pickerEn } from "./en-picker.ts";

/** 模型选择器的中文文案。 */
export const pickerZh: typeof pickerEn = {
  picker: {
    suggestions: "候选",
    profile: "本配置中的模型",
    server: "服务器提供",
    recent: "最近使用",
    noMatch: "没有匹配的已知模型；将按输入使用“{{code}}”。",
    group: { chat: "对话", search: "联网搜索", image: "图片", video: "视频", test: "测试模型", recent: "最近使用" },
    testNote: "这些模型会故意出错，用来试看错误如何显示。",
    badge: { default: "默认", messages: "Messages 格式", images: "可读图片", textOnly: "仅文本", search: "可联网搜索" },
  },
};
