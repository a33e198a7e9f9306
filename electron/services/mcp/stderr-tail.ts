import type { Stream } from "node:stream";
import { STDERR_TAIL_CHARS } from "./mcp-limits.ts";

/** The last few kilobytes a server wrote to stderr: what it said before it failed, never more. */
export class StderrTail {
  private tail = "";
  private readonly max: number;

  constructor(max = STDERR_TAIL_CHARS) {
    this.max = max;
  }

  follow(stream: Stream | null): void {
    if (!stream) return;
    const decoder = new TextDecoder();
    stream.on("data", (chunk: Buffer) => this.add(decoder.decode(chunk, { stream: true })));
  }

  add(text: string): void {
    this.tail = (this.tail + text).slice(-this.max);
  }

  text(): string {
    return this.tail.trim();
  }
}
