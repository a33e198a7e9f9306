import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ListedKind } from "../../../shared/ipc/capabilities.ts";
import { MODEL_KINDS, type ModelsByKind } from "../../../shared/ipc/profiles.ts";
import { kindOf, knownKindOf } from "../../../shared/model-kinds.ts";
import { BUILT_IN_MODELS } from "../../../electron/local-gateway/model-catalog.ts";
import { groupModelOptions } from "../../../renderer/src/api/model-option-list.ts";
import { pickerChoices } from "../../../renderer/src/api/picker-choices.ts";

/** The local gateway's built-in list as main records it: codes sorted, each one's kind, the fault models. */
const offered = BUILT_IN_MODELS.filter((model) => model.online);
const LOCAL = {
  server: offered.map((model) => model.code).sort(),
  said: {
    modelKinds: Object.fromEntries(offered.map((model) => [model.code, model.kind])),
    testModels: offered.filter((model) => model.fault !== null).map((model) => model.code),
  },
};

const headings = (options: ReturnType<typeof pickerChoices>) =>
  groupModelOptions(options).map((group) => [group.name, group.options.map((option) => option.code)]);

describe("the local gateway's models in each picker", () => {
  it("chat lists the text models, and the chat ones made to fail under Test models", () => {
    const options = pickerChoices("chat", { profile: null, server: LOCAL.server, said: LOCAL.said, recent: [] });
    expect(headings(options)).toEqual([
      ["chat", ["chat-fast", "chat-pro"]],
      ["search", ["web-search"]],
      ["test", ["chat-stream-cut", "chat-timeout", "chat-upstream-error"]],
    ]);
  });

  it("Images lists image models only, its fault model under Test models", () => {
    const options = pickerChoices("image", { profile: null, server: LOCAL.server, said: LOCAL.said, recent: [] });
    expect(headings(options)).toEqual([
      ["image", ["image-fast", "image-pro"]],
      ["test", ["image-upstream-error"]],
    ]);
  });

  it("Videos lists video models only", () => {
    const options = pickerChoices("video", { profile: null, server: LOCAL.server, said: LOCAL.said, recent: [] });
    expect(headings(options)).toEqual([
      ["video", ["video-std"]],
      ["test", ["video-timeout", "video-upstream-error"]],
    ]);
  });
});

describe("a server whose list gives no kinds", () => {
  const server = ["dall-e-3", "gpt-4o", "gpt-4o-search-preview", "sora-2", "text-embedding-3-small", "whisper-1"];

  it("chat lists what the names say can chat", () => {
    const options = pickerChoices("chat", { profile: null, server, said: null, recent: [] });
    expect(headings(options)).toEqual([
      ["chat", ["gpt-4o"]],
      ["search", ["gpt-4o-search-preview"]],
    ]);
  });

  it("keeps a code used before whatever its name looks like, and the profile's own codes", () => {
    const profile = { chat: ["flux-chat"], search: [], image: [], video: [] };
    const options = pickerChoices("chat", { profile, server, said: null, recent: ["my-sora-tuned"] });
    expect(headings(options)).toEqual([
      ["chat", ["flux-chat", "gpt-4o"]],
      ["search", ["gpt-4o-search-preview"]],
      ["recent", ["my-sora-tuned"]],
    ]);
  });
});

const code = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
const kind = fc.constantFrom<ListedKind>("chat", "search", "image", "video", "other");
const codes = fc.uniqueArray(code, { maxLength: 12 });
const facts = fc.record({
  profile: fc.option(
    fc.record(
      Object.fromEntries(MODEL_KINDS.map((listed) => [listed, codes])) as Record<keyof ModelsByKind, typeof codes>,
    ),
  ),
  server: codes,
  said: fc.record({ modelKinds: fc.dictionary(code, kind), testModels: codes }),
  recent: codes,
});

describe("whatever the lists say", () => {
  it("no image or video model is offered in chat, and no code used before that can chat is lost", () => {
    fc.assert(
      fc.property(facts, ({ profile, server, said, recent }) => {
        const offered = pickerChoices("chat", { profile, server, said, recent });
        for (const option of offered) {
          expect(["image", "video", "other"]).not.toContain(knownKindOf(option.code, profile, said));
          if (option.source === "server") expect(["chat", "search"]).toContain(kindOf(option.code, profile, said));
        }
        const listedCodes = new Set(offered.map((option) => option.code));
        for (const typed of recent.filter((used) => used.trim() !== ""))
          if (!["image", "video", "other"].includes(knownKindOf(typed, profile, said) ?? ""))
            expect(listedCodes).toContain(typed);
        expect(listedCodes.size).toBe(offered.length);
      }),
      { seed: 46, numRuns: 400 },
    );
  });

  it("Images offers no model a list says is of another kind, unless the profile's image list names it", () => {
    fc.assert(
      fc.property(facts, ({ profile, server, said, recent }) => {
        for (const option of pickerChoices("image", { profile, server, said, recent }))
          if (!profile?.image.includes(option.code))
            expect(["chat", "search", "video", "other"]).not.toContain(knownKindOf(option.code, profile, said));
      }),
      { seed: 46, numRuns: 400 },
    );
  });
});
