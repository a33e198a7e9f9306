import type { presetsEn } from "./en-presets.ts";

/** 提示词预设的中文文案：设置中的编辑器、聊天的预设菜单与“存为预设”。 */
export const presetsZh: typeof presetsEn = {
  presets: {
    title: "提示词预设",
    intro: "把系统提示词、模型及其参数存成一个名字，用来开始新会话。",
    add: "添加预设",
    newPreset: "新建预设",
    editPreset: "编辑预设",
    none: "还没有预设。",
    name: "预设名称",
    modelHint: "留空则使用当前配置的默认聊天模型。",
    defaultModel: "默认模型",
    summary: "{{model}} · {{format}} · 温度 {{temperature}}",
    noSystemPrompt: "无系统提示词",
    save: "保存预设",
    cancel: "取消",
    saved: "预设已保存。",
    edit: "编辑",
    delete: "删除",
    confirmDelete: "删除预设“{{name}}”？",
    deleteExplained: "由它开始的会话会保留各自的设置。",
    keep: "保留",
    start: "从预设开始",
    menu: "提示词预设",
    create: "创建预设…",
    manage: "管理预设…",
    saveAs: "存为预设",
    savedAs: "已存为预设“{{name}}”。",
  },
};
