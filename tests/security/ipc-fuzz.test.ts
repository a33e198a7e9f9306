import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVOKE_CHANNELS, type InvokeChannel } from "../../shared/ipc/contract.ts";
import type { Result } from "../../shared/ipc/result.ts";
import { recordingPage } from "../support/fake-page.ts";
import { mainAgainstGateway } from "../support/main-core-fixture.ts";

import { VALID_PAYLOADS } from "./ipc-payloads.ts";

const RUNS_PER_CHANNEL = 250;
const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

const main = mainAgainstGateway();
const { page } = recordingPage();

/** A reply is acceptable when it is a coded refusal or an answer the contract's output schema accepts. */
function expectWellFormed(channel: string, result: Result<unknown>): void {
  if (result.ok) {
    const output = INVOKE_CHANNELS[channel as InvokeChannel].output.safeParse(result.data);
    expect(output.success, `${channel} answered outside its contract`).toBe(true);
    return;
  }
  expect(result.error.code, `${channel}: ${result.error.message}`).not.toBe("INTERNAL_ERROR");
  expect(result.error.code).toMatch(/^[A-Za-z_]+$/);
}

/** A valid payload with one field replaced, removed or joined by a prototype-named key. */
function mutationsOf(valid: unknown): fc.Arbitrary<unknown> {
  if (valid === null || typeof valid !== "object") return fc.anything();
  const keys = Object.keys(valid);
  const replaced = fc
    .tuple(fc.constantFrom(...keys, "extra"), fc.anything({ withNullPrototype: true, withObjectString: true }))
    .map(([key, value]) => ({ ...valid, [key]: value }));
  const removed = fc.constantFrom(...keys, "extra").map((key) => {
    const copy: Record<string, unknown> = { ...valid };
    delete copy[key];
    return copy;
  });
  const polluted = fc
    .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.anything())
    .map(([key, value]) => JSON.parse(JSON.stringify({ ...valid, x: value }).replace('"x":', `"${key}":`)) as unknown);
  return fc.oneof(replaced, removed, polluted);
}

describe("every invoke channel under random payloads", () => {
  for (const channel of Object.keys(INVOKE_CHANNELS) as InvokeChannel[]) {
    it(`${channel}: a coded refusal or a valid answer, never INTERNAL_ERROR`, async () => {
      const valid = VALID_PAYLOADS[channel](() => main.services);
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), fc.jsonValue(), mutationsOf(valid)), async (payload) => {
          expectWellFormed(channel, await main.core.route(channel, payload, page));
        }),
        { numRuns: RUNS_PER_CHANNEL },
      );
    });
  }

  it("unknown and prototype-named channels are refused with UNKNOWN_CHANNEL", async () => {
    const names = fc.oneof(
      fc.constantFrom(...PROTOTYPE_NAMES, "profiles.__proto__", "app.info ", "APP.INFO", ""),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(names, fc.anything(), async (channel, payload) => {
        fc.pre(!Object.hasOwn(INVOKE_CHANNELS, channel));
        const result = await main.core.route(channel, payload, page);
        expect(result).toMatchObject({ ok: false, error: { code: "UNKNOWN_CHANNEL" } });
      }),
      { numRuns: RUNS_PER_CHANNEL },
    );
  });

  it("the services still answer after the run", async () => {
    expect(await main.core.route("app.info", undefined, page)).toMatchObject({ ok: true });
    expect(await main.core.route("budget.get", {}, page)).toMatchObject({ ok: true });
  });
});
