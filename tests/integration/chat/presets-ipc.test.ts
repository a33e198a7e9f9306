import { describe, expect, it } from "vitest";
import type { ConversationSummary } from "../../../shared/ipc/chat.ts";
import type { Preset } from "../../../shared/ipc/presets.ts";
import type { Result } from "../../../shared/ipc/result.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { mainAgainstGateway } from "../../support/main-core-fixture.ts";
import { waitUntil } from "../../support/local-gateway.ts";

const main = mainAgainstGateway();
const { page } = recordingPage();

const TRANSLATOR = {
  name: "  Translator  ",
  systemPrompt: "Translate into French.",
  model: "chat-pro",
  wireFormat: "chat-completions",
  temperature: 0.2,
  topP: 1,
  maxTokens: 512,
  stream: true,
};

async function call<T>(channel: string, payload: unknown): Promise<T> {
  const result = await main.core.route(channel, payload, page);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as T;
}

/** The code of the sentence a refusal names as its cause, and that sentence's values. */
async function refusal(channel: string, payload: unknown) {
  const result: Result<unknown> = await main.core.route(channel, payload, page);
  if (result.ok) throw new Error(`${channel} accepted ${JSON.stringify(payload)}`);
  return { code: result.error.code, cause: result.error.text?.cause ?? result.error.text ?? null };
}

describe("presets over IPC", () => {
  it("saves a preset with its name trimmed and lists it", async () => {
    const saved = await call<Preset>("presets.save", TRANSLATOR);
    expect(saved).toMatchObject({ ...TRANSLATOR, name: "Translator", id: expect.any(String) });
    const listed = await call<Preset[]>("presets.list", undefined);
    expect(listed.map((preset) => preset.id)).toContain(saved.id);
  });

  it.each([
    ["an empty name", { name: "   " }, "NAME_REQUIRED", {}],
    ["a name of 81 characters", { name: "x".repeat(81) }, "NAME_TOO_LONG", {}],
    ["temperature 1.5 for Messages", { wireFormat: "messages", temperature: 1.5 }, "TEMPERATURE_RANGE", { max: 1 }],
    ["temperature 9", { temperature: 9 }, "TEMPERATURE_RANGE", { max: 2 }],
    ["a negative temperature", { temperature: -1 }, "TEMPERATURE_INVALID", {}],
    ["top_p 2", { topP: 2 }, "TOP_P_INVALID", {}],
    ["max tokens 1.5", { maxTokens: 1.5 }, "MAX_TOKENS_INVALID", {}],
    ["max tokens above the limit", { maxTokens: 200_001 }, "MAX_TOKENS_INVALID", {}],
    ["a system prompt too long", { systemPrompt: "x".repeat(20_001) }, "SYSTEM_PROMPT_TOO_LONG", {}],
    ["a model code too long", { model: "m".repeat(201) }, "ISSUE_TOO_LONG", { maximum: 200 }],
  ])("refuses %s with its coded reason", async (_, change, code, params) => {
    const { code: refused, cause } = await refusal("presets.save", { ...TRANSLATOR, ...change });
    expect(refused).toBe("INVALID_PAYLOAD");
    expect(cause).toMatchObject({ code, params });
  });

  it("refuses values of the wrong kind and an id it does not hold, and drops keys it does not know", async () => {
    expect((await refusal("presets.save", { ...TRANSLATOR, temperature: "0.2" })).code).toBe("INVALID_PAYLOAD");
    expect((await refusal("presets.save", { ...TRANSLATOR, stream: "yes" })).code).toBe("INVALID_PAYLOAD");
    expect((await refusal("presets.save", { ...TRANSLATOR, id: "" })).code).toBe("INVALID_PAYLOAD");
    expect((await refusal("presets.save", null)).code).toBe("INVALID_PAYLOAD");
    expect(await refusal("presets.save", { ...TRANSLATOR, id: "no-such-preset" })).toMatchObject({
      code: "PRESET_NOT_FOUND",
    });
    const hostile = JSON.parse(
      JSON.stringify({ ...TRANSLATOR, x: { polluted: true } }).replace('"x":', '"__proto__":'),
    );
    const saved = await call<Preset>("presets.save", { ...hostile, createdAt: "1970", profileId: "p" });
    expect(Object.keys(saved).sort()).toEqual([
      "createdAt",
      "id",
      "maxTokens",
      "model",
      "name",
      "stream",
      "systemPrompt",
      "temperature",
      "topP",
      "updatedAt",
      "wireFormat",
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("starts a conversation from a preset, with the profile's default model when it names none", async () => {
    const translator = await call<Preset>("presets.save", TRANSLATOR);
    const conversation = await call<ConversationSummary>("chat.newFromPreset", { presetId: translator.id });
    expect(conversation.settings).toMatchObject({
      systemPrompt: "Translate into French.",
      model: "chat-pro",
      temperature: 0.2,
      maxTokens: 512,
    });
    // Started again before anything is written: the same conversation, not a second one.
    const again = await call<ConversationSummary>("chat.newFromPreset", { presetId: translator.id });
    expect(again.id).toBe(conversation.id);

    main.services.chat.send(page, conversation.id, "Good morning", false);
    const reply = await waitUntil(
      async () => main.services.conversations.detail(conversation.id).messages.at(-1),
      (message) => message?.role === "assistant" && message.status === "complete",
    );
    expect(reply!.meta!.model).toBe("chat-pro");

    const open = await call<Preset>("presets.save", { ...TRANSLATOR, model: "" });
    const fromOpen = await call<ConversationSummary>("chat.newFromPreset", { presetId: open.id });
    expect(fromOpen.id).not.toBe(conversation.id);
    expect(fromOpen.settings.model).toBe(main.services.chat.defaultSettings().model);
  });

  it("deletes a preset; starting from a deleted one is refused with a code", async () => {
    const saved = await call<Preset>("presets.save", TRANSLATOR);
    expect(await call("presets.delete", { presetId: saved.id })).toEqual({ deleted: true });
    expect(await call("presets.delete", { presetId: saved.id })).toEqual({ deleted: false });
    expect(await refusal("chat.newFromPreset", { presetId: saved.id })).toEqual({
      code: "PRESET_NOT_FOUND",
      cause: { code: "PRESET_NOT_FOUND", params: {} },
    });
  });
});
