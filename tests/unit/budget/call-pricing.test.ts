import { describe, expect, it } from "vitest";
import type { MessageMeta } from "../../../shared/ipc/chat.ts";
import { ledger, PROFILE } from "./ledger-fixtures.ts";

/** A stopped reply, its tokens counted by the app (or by nobody), and its call, with no reading before it. */
function stoppedReply(counted: boolean, inLedger: number | null = null, maxTokens: number | null = null) {
  const book = ledger();
  book.prices.replacePublished(PROFILE, [
    { model: "chat-m", unit: "call", size: null, price: 0.001, observations: 0 },
    { model: "chat-m", unit: "input_1k", size: null, price: 0.002, observations: 0 },
    { model: "chat-m", unit: "output_1k", size: null, price: 0.004, observations: 0 },
  ]);
  const meta: MessageMeta = {
    model: "chat-m",
    wireFormat: "chat-completions",
    searched: false,
    finish: null,
    stopSequence: null,
    inputTokens: counted ? 500 : null,
    outputTokens: counted ? 250 : null,
    ttftMs: 100,
    totalMs: 900,
    requestId: null,
    sources: [],
    ...(counted ? { tokensEstimated: true } : {}),
  };
  book.db
    .prepare("INSERT INTO conversations (id, title, settings, created_at, updated_at) VALUES ('c', 'T', '{}', 0, 0)")
    .run();
  book.db
    .prepare(
      `INSERT INTO messages (id, conversation_id, position, role, content, status, meta, created_at)
       VALUES ('m', 'c', 1, 'assistant', 'Once upon', 'stopped', ?, 0)`,
    )
    .run(JSON.stringify(meta));
  const id = book.call({ kind: "chat", inputTokens: inLedger, outputTokens: inLedger, from: 5, to: 8 });
  book.db.prepare("UPDATE request_log SET message_id = 'm', max_tokens = ? WHERE id = ?").run(maxTokens, id);
  book.reading(100, 0.01);
  book.costs.run(PROFILE);
  return book.row(id);
}

describe("what a call no movement measures is estimated at", () => {
  it("a stopped reply: its price times the tokens the app counted in what it read", () => {
    expect(stoppedReply(true)).toMatchObject({
      cost: expect.closeTo(0.001 + 0.5 * 0.002 + 0.25 * 0.004, 9),
      cost_kind: "estimated",
    });
  });

  it("a stopped reply is a range: half what the app read, to four times its input with max_tokens of output", () => {
    expect(stoppedReply(true, null, 1000)).toMatchObject({
      cost: expect.closeTo(0.001 + 0.5 * 0.002 + 0.25 * 0.004, 9),
      cost_low: expect.closeTo(0.001 + 0.125 * 0.004, 9),
      cost_high: expect.closeTo(0.001 + 2 * 0.002 + 1 * 0.004, 9),
      cost_kind: "estimated",
    });
    // With no max_tokens, nothing bounds it from above.
    expect(stoppedReply(true)).toMatchObject({ cost_high: null });
  });

  it("a reply the gateway counted: its counts at the server's list, priced", () => {
    expect(stoppedReply(true, 1000)).toMatchObject({
      cost: expect.closeTo(0.001 + 0.002 + 0.004, 9),
      cost_low: expect.closeTo(0.007, 9),
      cost_high: expect.closeTo(0.007, 9),
      cost_kind: "priced",
    });
  });

  it("a price at one size bounds nothing at another: a smaller picture may cost a quarter", () => {
    const book = ledger();
    book.publish("img", "image", "1024x1024", 0.04);
    book.reading(0, 0);
    const small = book.call({ from: 20, to: 30, size: "512x512" });
    book.reading(100, 0.01);
    book.costs.run(PROFILE);
    expect(book.row(small)).toMatchObject({ cost_low: 0, cost_high: expect.closeTo(0.01, 9), cost_kind: "estimated" });
  });

  it("a stopped reply whose tokens nobody counted stays unknown", () => {
    expect(stoppedReply(false)).toMatchObject({ cost: null, cost_kind: "unknown", attributed: 1 });
  });

  it("a reply's call whose message is gone stays unknown", () => {
    const book = ledger();
    const id = book.call({ kind: "chat", inputTokens: null, outputTokens: null, from: 5, to: 8 });
    book.reading(100, 0.01);
    book.costs.run(PROFILE);
    expect(book.row(id)).toMatchObject({ cost: null, cost_kind: "unknown", attributed: 1 });
  });

  it("a price listed without a size holds at the sizes a lone call confirmed it at, and only there", () => {
    const book = ledger();
    book.publish("img", "image", null, 0.04);
    book.reading(0, 0);
    // The first 1024 px picture moves the key by the listed price: measured, and the size is confirmed.
    const first = book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    book.costs.run(PROFILE);
    expect(book.row(first)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "measured" });
    // In a burst: the confirmed size is priced by the list; a smaller picture is not, whatever the list says.
    const large = book.call({ from: 120, to: 130 });
    const small = book.call({ from: 121, to: 131, size: "512x512" });
    book.reading(200, 0.09);
    book.costs.run(PROFILE);
    expect(book.row(large)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "priced" });
    // What the listed picture leaves of the movement.
    expect(book.row(small)).toMatchObject({ cost_kind: "estimated", cost_low: 0, cost_high: expect.closeTo(0.01, 9) });
  });

  it("at a size it was not confirmed at, a listed price is a guess scaled by area from the nearest confirmed size", () => {
    const book = ledger();
    book.publish("img", "image", null, 0.04);
    book.reading(0, 0);
    book.call({ from: 20, to: 30 });
    book.reading(100, 0.04);
    book.costs.run(PROFILE);
    // A tall picture has 1.75 times the area of the confirmed square one; the server charged 0.08.
    const square = book.call({ from: 120, to: 130 });
    const tall = book.call({ from: 121, to: 131, size: "1024x1792" });
    book.reading(200, 0.16);
    book.costs.run(PROFILE);
    expect(book.row(square)).toMatchObject({ cost: expect.closeTo(0.04, 9), cost_kind: "priced" });
    expect(book.row(tall)).toMatchObject({
      cost: expect.closeTo(0.07, 9),
      cost_low: 0,
      cost_high: expect.closeTo(0.08, 9),
      cost_kind: "estimated",
    });
    // Alone in its movement and not the listed price: the same guess, within what the key moved.
    const alone = book.call({ from: 220, to: 230, size: "1024x1792" });
    book.reading(300, 0.24);
    book.costs.run(PROFILE);
    expect(book.row(alone)).toMatchObject({ cost: expect.closeTo(0.07, 9), cost_kind: "estimated" });
  });
});
