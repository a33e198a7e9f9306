/** English strings of the commands typed after `/` in the message box. */
export const commandsEn = {
  commands: {
    list: "Commands",
    modelArgument: "name",
    model: "Switch this conversation to another model",
  },
};
