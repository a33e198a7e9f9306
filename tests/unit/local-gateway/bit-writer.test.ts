import { describe, expect, it } from "vitest";
import { BitWriter } from "../../../electron/local-gateway/media/bit-writer.ts";

const bitsOf = (write: (writer: BitWriter) => void) => {
  const writer = new BitWriter();
  write(writer);
  writer.alignWithZeros();
  return [...writer.toBytes()].map((byte) => byte.toString(2).padStart(8, "0")).join("");
};

describe("BitWriter Exp-Golomb codes", () => {
  it("writes ue(v) as in the H.264 table", () => {
    expect(bitsOf((w) => w.ue(0))).toBe("10000000");
    expect(bitsOf((w) => w.ue(1))).toBe("01000000");
    expect(bitsOf((w) => w.ue(2))).toBe("01100000");
    expect(bitsOf((w) => w.ue(7))).toBe("00010000");
    expect(bitsOf((w) => w.ue(25))).toBe("0000110100000000");
  });

  it("writes se(v) by mapping to ue(v)", () => {
    expect(bitsOf((w) => w.se(1))).toBe("01000000");
    expect(bitsOf((w) => w.se(-1))).toBe("01100000");
    expect(bitsOf((w) => w.se(0))).toBe("10000000");
  });

  it("refuses raw bytes or output when not byte-aligned", () => {
    const writer = new BitWriter();
    writer.bit(1);
    expect(() => writer.raw(new Uint8Array([1]))).toThrow(/alignment/);
    expect(() => writer.toBytes()).toThrow(/aligned/);
  });
});
