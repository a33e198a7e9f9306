import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { en } from "../../../renderer/src/i18n/en.ts";

describe("English plurals", () => {
  it("say one request, not one requests", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
    expect(i18n.t("status.requestsLeft", { count: 1 })).toBe("1 request left this minute");
    expect(i18n.t("status.requestsLeft", { count: 0 })).toBe("0 requests left this minute");
    expect(i18n.t("status.requestsLeft", { count: 48 })).toBe("48 requests left this minute");
  });
});
