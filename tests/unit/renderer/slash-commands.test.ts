import { describe, expect, it } from "vitest";
import { commandsMatching, completedCommand, SLASH_COMMANDS } from "../../../renderer/src/panes/chat/slash-commands.ts";

const names = (draft: string) => commandsMatching(draft).map((command) => command.name);

describe("the commands listed after / in the message box", () => {
  it("lists every command for a lone /, and those whose name starts with what follows it", () => {
    expect(names("/")).toEqual(SLASH_COMMANDS.map((command) => command.name));
    expect(names("/mod")).toEqual(["/model"]);
    expect(names("/MOD")).toEqual(["/model"]);
    expect(names("/model")).toEqual(["/model"]);
  });

  it("lists none once the name is followed by anything, for a name no command has, or for a message", () => {
    expect(names("/models")).toEqual([]);
    expect(names("/x")).toEqual([]);
    expect(names("/model ")).toEqual([]);
    expect(names("/model chat-pro")).toEqual([]);
    expect(names("/mod\n")).toEqual([]);
    expect(names(" /mod")).toEqual([]);
    expect(names("tell me about /model")).toEqual([]);
    expect(names("")).toEqual([]);
  });

  it("completes a command as its name and a space, ready for what follows it", () => {
    expect(completedCommand(SLASH_COMMANDS[0]!)).toBe("/model ");
  });
});
