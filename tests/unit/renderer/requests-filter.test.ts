import { describe, expect, it } from "vitest";
import { LedgerFilterSchema } from "../../../shared/ipc/ledger.ts";
import { EMPTY_DRAFT, formatLatency, ledgerFilter } from "../../../renderer/src/panes/budget/requests-filter.ts";

describe("requests filter", () => {
  it("leaves out what is not chosen, and the background calls until they are asked for", () => {
    expect(ledgerFilter(EMPTY_DRAFT, "p1")).toEqual({ profileId: "p1", hideBackground: true });
    expect(ledgerFilter({ ...EMPTY_DRAFT, requestId: "  " }, "p1")).toEqual({ profileId: "p1", hideBackground: true });
    expect(ledgerFilter({ ...EMPTY_DRAFT, background: true }, "p1")).toEqual({ profileId: "p1" });
  });

  it("shows a kind chosen by name even when it is a background one", () => {
    expect(ledgerFilter({ ...EMPTY_DRAFT, kind: "poll" }, "p1")).toEqual({ profileId: "p1", kind: "poll" });
  });

  it("spans whole local days and passes the contract's schema", () => {
    const filter = ledgerFilter(
      {
        model: "video-1",
        kind: "video",
        outcome: "error",
        from: "2026-11-01",
        to: "2026-11-23",
        requestId: " req_1 ",
        background: false,
      },
      "p1",
    );
    expect(filter).toMatchObject({ model: "video-1", kind: "video", outcome: "error", requestId: "req_1" });
    expect(new Date(filter.from ?? "").getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(filter.to ?? "").getTime()).toBe(new Date(2026, 10, 24).getTime() - 1);
    expect(LedgerFilterSchema.safeParse(filter).success).toBe(true);
  });

  it("ignores a date that is not one", () => {
    expect(ledgerFilter({ ...EMPTY_DRAFT, from: "soon" }, "p1")).toEqual({ profileId: "p1", hideBackground: true });
  });
});

describe("latency", () => {
  it("reads in ms under a second, in seconds above", () => {
    expect(formatLatency(340.4)).toBe("340 ms");
    expect(formatLatency(1234)).toBe("1.2 sec");
  });
});
