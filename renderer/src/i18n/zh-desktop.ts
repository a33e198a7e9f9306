import type { desktopEn } from "./en-desktop.ts";

/** 快速对话、桌面设置与拖入图片的中文文案。 */
export const desktopZh: typeof desktopEn = {
  quick: {
    title: "快速对话",
    hint: "随便问。Enter 发送；Esc 停止回复，或隐藏此窗口。",
    openInApp: "在 ModelDesk 中打开",
  },
  desktop: {
    title: "桌面",
    shortcut: "快速对话快捷键",
    shortcutHint: "在任何应用之上打开快速对话，例如 CommandOrControl+Shift+Space。",
    saveShortcut: "保存快捷键",
    shortcutSaved: "已保存：{{shortcut}} 打开快速对话。",
    shortcutWebOnly: "已保存。全局快捷键在桌面应用中生效；在这里请在标签页中打开 /quick。",
    shortcutNotWorking: "{{shortcut}} 已保存，但系统没有把它交给 ModelDesk。",
    shortcutInvalid:
      "请使用 Control、Command 或 Super，加上 Shift 或 Alt 和一个按键，例如 CommandOrControl+Shift+Space（功能键只需一个修饰键）：Shift+A、Control+C 这类组合，以及 A、C、V、X、Y、Z、方向键或 Delete 上的任何组合，都属于各应用中的输入和编辑。",
    dropTitle: "用这张图片生成视频？",
    dropHere: "松开图片即可用它生成视频（拖到消息框则作为附件）",
    dropBody: "“{{name}}”将作为新视频的参考图片；在你点击生成之前不会发送任何内容。",
    dropConfirm: "用于新视频",
    dropCancel: "暂不",
    dismiss: "关闭",
  },
};
