import { describe, expect, it } from "vitest";
import { firstJsonObject, JSON_SEARCH_LIMITS } from "../../../electron/local-gateway/text/json-in-text.ts";
import type { OfferedTool, ToolChoice } from "../../../electron/local-gateway/text/offered-tools.ts";
import { argumentsFromSchema } from "../../../electron/local-gateway/text/schema-defaults.ts";
import { plannedCall } from "../../../electron/local-gateway/text/tool-calls.ts";
import { quoteResults, RESULT_QUOTE_CHARS } from "../../../electron/local-gateway/text/tool-results.ts";

const tool = (name: string, schema: Record<string, unknown> = {}): OfferedTool => ({ name, description: "", schema });
const TOOLS = [tool("get_weather"), tool("search"), tool("read-file")];
const callFor = (message: string, choice: ToolChoice = { mode: "auto" }, tools = TOOLS) =>
  plannedCall({ tools, choice }, message, () => "call_1");

describe("which tool the local gateway's model calls", () => {
  it("calls the tool the message names as a whole word, case-sensitively", () => {
    expect(callFor("What does get_weather say?")?.name).toBe("get_weather");
    expect(callFor("use read-file now")?.name).toBe("read-file");
    expect(callFor("get_weather_v2 and researching")).toBeNull();
    expect(callFor("Get_Weather")).toBeNull();
    expect(callFor("no tool here")).toBeNull();
  });

  it("calls the tool named first in the message when it names several", () => {
    expect(callFor("search, then get_weather")?.name).toBe("search");
    expect(callFor("get_weather, then search")?.name).toBe("get_weather");
  });

  it("follows the tool choice: none never calls, required calls the first tool, a forced tool is called", () => {
    expect(callFor("get_weather", { mode: "none" })).toBeNull();
    expect(callFor("nothing named", { mode: "required" })?.name).toBe("get_weather");
    expect(callFor("then search", { mode: "required" })?.name).toBe("search");
    expect(callFor("get_weather", { mode: "tool", name: "read-file" })?.name).toBe("read-file");
  });

  it("takes the first JSON object of the message as the arguments", () => {
    const message = 'get_weather for {city} with {"city": "Oslo", "days": [1, {"x": "}"}]} and {"other": 1}';
    expect(callFor(message)?.input).toEqual({ city: "Oslo", days: [1, { x: "}" }] });
  });
});

describe("the first JSON object in a text", () => {
  it("skips braces that are not JSON, arrays and unclosed objects", () => {
    expect(firstJsonObject("a {b} c")).toBeNull();
    expect(firstJsonObject('{"open": 1')).toBeNull();
    expect(firstJsonObject('[{"a": 1}]')).toEqual({ a: 1 });
    expect(firstJsonObject('{ not json {"inner": "\\"}"} ')).toEqual({ inner: '"}' });
  });

  it("searches a bounded part of the message with a bounded number of starts", () => {
    const late = `${" ".repeat(JSON_SEARCH_LIMITS.chars)}{"late": 1}`;
    expect(firstJsonObject(late)).toBeNull();
    const manyStarts = `${"{x} ".repeat(JSON_SEARCH_LIMITS.starts)}{"a": 1}`;
    expect(firstJsonObject(manyStarts)).toBeNull();
    expect(firstJsonObject(`${"{x} ".repeat(JSON_SEARCH_LIMITS.starts - 1)}{"a": 1}`)).toEqual({ a: 1 });
  });
});

describe("arguments from a tool's schema", () => {
  it("gives each property its default, and a required one without a default a value of its type", () => {
    const schema = {
      type: "object",
      properties: {
        city: { type: "string", default: "Paris" },
        units: { type: "string", enum: ["metric", "imperial"] },
        days: { type: "integer" },
        verbose: { type: "boolean" },
        tags: { type: "array" },
        filter: { type: "object" },
        note: { type: ["null", "string"] },
        optional: { type: "string" },
        fixed: { const: 7 },
      },
      required: ["units", "days", "verbose", "tags", "filter", "note", "missing"],
    };
    expect(argumentsFromSchema(schema)).toEqual({
      city: "Paris",
      units: "metric",
      days: 0,
      verbose: false,
      tags: [],
      filter: {},
      note: "",
      fixed: 7,
    });
    expect(argumentsFromSchema({})).toEqual({});
  });

  it("is used when the message holds no JSON object", () => {
    const withDefaults = [tool("get_weather", { properties: { city: { type: "string", default: "Oslo" } } })];
    expect(callFor("get_weather please", { mode: "auto" }, withDefaults)?.input).toEqual({ city: "Oslo" });
  });
});

describe("the answer to tool results", () => {
  const result = { callId: "call_1", name: "get_weather", at: "", isError: false };

  it("quotes each result whole when it is short, with its length", () => {
    const answer = quoteResults([{ ...result, content: "Sunny ```code``` 😀" }]);
    expect(answer).toContain("The tool `get_weather` (call call_1) returned 18 characters:");
    expect(answer).toContain("````text\nSunny ```code``` 😀\n````");
    expect(answer).toContain("That is what the tools said.");
  });

  it("quotes at most the first characters of a long result, says how long it was and that a tool failed", () => {
    const long = "é".repeat(RESULT_QUOTE_CHARS) + "TAIL";
    const answer = quoteResults([
      { ...result, content: long },
      { ...result, callId: "call_2", content: "boom", isError: true },
      { ...result, callId: "call_3", content: "" },
    ]);
    expect(answer).toContain(`returned ${RESULT_QUOTE_CHARS + 4} characters, of which the first 500 are quoted:`);
    expect(answer).not.toContain("TAIL");
    expect(answer).toContain("(call call_2) failed; its error has 4 characters:\n\n```text\nboom\n```");
    expect(answer).toContain("(call call_3) returned 0 characters.");
    expect(answer).toContain("1 of 3 failed");
  });
});
