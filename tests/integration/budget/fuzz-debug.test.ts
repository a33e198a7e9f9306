import { it } from "vitest";
import { doubleCounted, moneyScenario, rangeMisses, rowOff } from "../../support/money-fuzz.ts";
it("debug", { timeout: 90_000 }, async () => {
  const r = await moneyScenario(Number(process.env.SEED ?? 6));
  console.log("RESULT", JSON.stringify({ published: r.published, keyCharged: r.keyCharged, own: r.own, other: r.other, dc: doubleCounted(r), misses: r.rows.filter(rangeMisses), off: r.rows.filter(rowOff) }));
});
