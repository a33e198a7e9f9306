import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AssistantInputSchema, type Assistant, type AssistantInput } from "../../../shared/ipc/assistants.ts";
import { englishOf } from "../../../shared/text/app-texts.ts";
import { AppError } from "../../../electron/services/app-error.ts";
import { exportAssistants } from "../../../electron/services/assistants/assistant-export.ts";
import { importAssistants } from "../../../electron/services/assistants/assistant-import.ts";
import { AssistantStore } from "../../../electron/services/assistants/assistant-store.ts";
import { withAssistantDocuments } from "../../../electron/services/chat/assistant-documents.ts";
import { ModelSetStore } from "../../../electron/services/chat/model-set-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

const fresh = () => openAppDatabase(join(tempDir("assistant-file-"), "app.sqlite"));
const withoutIdentity = ({ id: _id, createdAt: _c, updatedAt: _u, modelSetId: _s, name: _n, ...rest }: Assistant) =>
  rest;

const assistantInput: fc.Arbitrary<AssistantInput> = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 80 }).filter((name) => name.trim() !== ""),
    avatar: fc.constantFrom("", "A", "译", "🙂", "👍🏽", "🇫🇷"),
    systemPrompt: fc.string({ maxLength: 200 }),
    model: fc.constantFrom("", "chat-fast", "chat-pro"),
    modelSetId: fc.constant(null),
    wireFormat: fc.constantFrom("chat-completions" as const, "messages" as const),
    temperature: fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10),
    topP: fc.integer({ min: 0, max: 10 }).map((tenths) => tenths / 10),
    maxTokens: fc.integer({ min: 1, max: 200_000 }),
    stream: fc.boolean(),
    documents: fc.array(
      fc.record({
        name: fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim() !== ""),
        text: fc.string({ maxLength: 300 }),
        pages: fc.option(fc.integer({ min: 0, max: 500 })),
      }),
      { maxLength: 4 },
    ),
  })
  .map((input) => AssistantInputSchema.parse(input));

describe("assistants files", () => {
  it("imports what it exported: the same assistants, new ids, names made unique", () => {
    fc.assert(
      fc.property(fc.array(assistantInput, { maxLength: 5 }), (inputs) => {
        const source = fresh();
        const sourceStore = new AssistantStore(source);
        inputs.forEach((input) => sourceStore.save(input));
        const exported = sourceStore.list();
        const target = fresh();
        const { imported, skipped } = importAssistants(target, exportAssistants(source).content);
        expect(skipped).toEqual([]);
        expect(imported.map(withoutIdentity)).toEqual(exported.map(withoutIdentity));
        expect(imported.every((assistant) => !exported.some((old) => old.id === assistant.id))).toBe(true);
        const listed = new AssistantStore(target).list().map((assistant) => assistant.name.toLowerCase());
        expect(new Set(listed).size).toBe(listed.length);
        imported.forEach((assistant, index) => {
          const name = exported[index]!.name;
          expect(assistant.name === name || assistant.name.startsWith(name.slice(0, 60).trimEnd())).toBe(true);
        });
      }),
      { numRuns: 25 },
    );
  });

  it("names a copy (2), (3)…, and finds or makes its model set by name", () => {
    const db = fresh();
    const sets = new ModelSetStore(db);
    const pair = sets.save("Pair", ["chat-pro", "chat-fast"]);
    const assistants = new AssistantStore(db);
    assistants.save({ ...AssistantInputSchema.parse({ ...minimal("Writer"), modelSetId: pair.id }) });
    const file = exportAssistants(db).content;
    const again = importAssistants(db, file);
    const third = importAssistants(db, file);
    expect(third.imported.map((assistant) => assistant.name)).toContain("Writer (3)");
    expect(again.imported.find((assistant) => assistant.name === "Writer (2)")?.modelSetId).toBe(pair.id);

    const other = fresh();
    const [writer] = importAssistants(other, file).imported.filter((assistant) => assistant.name === "Writer");
    expect(new ModelSetStore(other).list()).toEqual([
      { id: writer!.modelSetId, name: "Pair", models: ["chat-pro", "chat-fast"] },
    ]);
  });

  it("reads one assistant alone, or a bare list, with a new assistant's values for what it leaves out", () => {
    const db = fresh();
    expect(importAssistants(db, JSON.stringify({ name: "Solo", extra: { nested: true } })).imported[0]).toMatchObject({
      name: "Solo",
      avatar: "",
      temperature: 1,
      documents: [],
    });
    const twins = importAssistants(db, JSON.stringify([{ name: "Twin" }, { name: "twin" }, { name: "Twin (2)" }]));
    expect(twins.imported.map((assistant) => assistant.name)).toEqual(["Twin", "twin (2)", "Twin (2) (2)"]);
  });

  it("names each assistant it skips by its place in the file, with why", () => {
    const db = fresh();
    const entries = [{ name: "Fine" }, 7, { name: "Hot", temperature: 9 }, { name: "x".repeat(81) }, { avatar: "ab" }];
    const { imported, skipped } = importAssistants(
      db,
      JSON.stringify({ format: "modeldesk-assistants", assistants: entries }),
    );
    expect(imported.map((assistant) => assistant.name)).toEqual(["Fine"]);
    expect(skipped.map(({ index, name, reason }) => [index, name, englishOf(reason)])).toEqual([
      [1, null, "Not an assistant: an assistant is an object with a name"],
      [2, "Hot", "temperature: Temperature must be between 0 and 2 for Chat Completions"],
      [3, "x".repeat(80), "name: Name must be at most 80 characters"],
      [4, null, "name: Name is required"],
    ]);
  });

  it.each([
    ["text that is not JSON", "{nope", "ASSISTANTS_FILE_NOT_JSON"],
    ["a number", "42", "ASSISTANTS_FILE_UNRECOGNISED"],
    ["another app's file", JSON.stringify({ format: "other", assistants: [] }), "ASSISTANTS_FILE_UNRECOGNISED"],
    ["a later version", JSON.stringify({ version: 2, assistants: [] }), "ASSISTANTS_FILE_VERSION"],
    ["too many assistants", JSON.stringify(Array.from({ length: 1001 }, () => ({}))), "ASSISTANTS_FILE_TOO_MANY"],
    ["a file too large", " ".repeat(5 * 1024 * 1024 + 1), "ASSISTANTS_FILE_TOO_LARGE"],
  ])("refuses %s with a code, adding nothing", (_, text, code) => {
    const db = fresh();
    expect(() => importAssistants(db, text)).toThrow(expect.objectContaining({ code }));
    expect(new AssistantStore(db).list()).toHaveLength(3);
  });

  it("never fails on hostile input but with a coded app error", () => {
    const db = fresh();
    const hostile = fc.oneof(
      fc.string(),
      fc.json(),
      fc.jsonValue().map((value) => JSON.stringify({ assistants: [value, { name: value }] })),
      fc
        .array(
          fc.dictionary(
            fc.constantFrom("name", "avatar", "temperature", "documents", "modelSet", "__proto__"),
            fc.jsonValue(),
          ),
        )
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(hostile, (text) => {
        try {
          importAssistants(db, text);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
        }
      }),
      { numRuns: 300 },
    );
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });
});

describe("an assistant's documents in the request", () => {
  it("follow the system prompt, each fenced under its name with a fence its text cannot close", () => {
    const prompt = withAssistantDocuments("Be brief.", [
      { name: "a.md", text: "one\n", pages: null },
      { name: "b.pdf", text: "has ``` inside", pages: 2 },
    ]);
    expect(prompt).toBe("Be brief.\n\na.md:\n```\none\n```\n\nb.pdf:\n````\nhas ``` inside\n````");
    expect(withAssistantDocuments("Be brief.", [])).toBe("Be brief.");
    expect(withAssistantDocuments("", [{ name: "a", text: "x", pages: null }])).toBe("a:\n```\nx\n```");
  });
});

function minimal(name: string) {
  return {
    name,
    avatar: "",
    systemPrompt: "",
    model: "",
    modelSetId: null,
    wireFormat: "chat-completions",
    temperature: 1,
    topP: 1,
    maxTokens: 100,
    stream: true,
    documents: [],
  };
}
