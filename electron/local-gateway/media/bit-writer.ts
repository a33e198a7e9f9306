/** MSB-first bit writer with the Exp-Golomb codes H.264 headers use. */
export class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private bitCount = 0;

  bits(value: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    this.bitCount++;
    if (this.bitCount === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.bitCount = 0;
    }
  }

  /** Unsigned Exp-Golomb, ue(v). */
  ue(value: number): void {
    const codeNum = value + 1;
    const length = 31 - Math.clz32(codeNum);
    this.bits(0, length);
    this.bits(codeNum, length + 1);
  }

  /** Signed Exp-Golomb, se(v). */
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  alignWithZeros(): void {
    while (this.bitCount !== 0) this.bit(0);
  }

  /** Appends whole bytes; the writer must be byte-aligned. */
  raw(data: Uint8Array): void {
    if (this.bitCount !== 0) throw new Error("raw bytes need byte alignment");
    for (const byte of data) this.bytes.push(byte);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailingBits(): void {
    this.bit(1);
    this.alignWithZeros();
  }

  toBytes(): Uint8Array {
    if (this.bitCount !== 0) throw new Error("bitstream is not byte-aligned");
    return Uint8Array.from(this.bytes);
  }
}
