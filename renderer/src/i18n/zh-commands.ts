import type { commandsEn } from "./en-commands.ts";

/** 在输入框里以 `/` 开头输入的命令。 */
export const commandsZh: typeof commandsEn = {
  commands: {
    list: "命令",
    modelArgument: "模型名",
    model: "把本会话换成另一个模型",
  },
};
