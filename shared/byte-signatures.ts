/** Whether `head` holds these bytes at `offset`: how a file's signature is read. */
export const bytesAt = (head: Uint8Array, offset: number, expected: readonly number[]): boolean =>
  expected.every((byte, index) => head[offset + index] === byte);

/** Whether `head` holds this ASCII text at `offset`. */
export const textAt = (head: Uint8Array, offset: number, text: string): boolean =>
  bytesAt(
    head,
    offset,
    [...text].map((char) => char.charCodeAt(0)),
  );
