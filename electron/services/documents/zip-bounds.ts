import { inflateRawSync } from "node:zlib";

/** What a Word document may unpack to, all its parts together: far above any real document's text. */
export const UNPACKED_MAX_BYTES = 64 * 1024 * 1024;
const ENTRIES_MAX = 5_000;
const END_RECORD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

export class ZipBoundsError extends Error {
  override readonly name = "ZipBoundsError";
}

/**
 * Checks an archive before a library unpacks it whole: every entry is inflated here with a cap on
 * what it may grow to (a zip bomb stops at the cap, whatever sizes its directory claims), and the
 * sum of all entries is held to UNPACKED_MAX_BYTES. Throws ZipBoundsError past a bound or on a
 * directory that does not add up.
 */
export function checkZipBounds(zip: Uint8Array): void {
  const view = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = endRecordAt(view);
  const count = view.readUInt16LE(end + 10);
  if (count > ENTRIES_MAX) throw new ZipBoundsError(`more than ${ENTRIES_MAX} entries`);
  let entry = view.readUInt32LE(end + 16);
  let left = UNPACKED_MAX_BYTES;
  for (let index = 0; index < count; index++) {
    if (entry + 46 > view.length || view.readUInt32LE(entry) !== CENTRAL_ENTRY) throw new ZipBoundsError("directory");
    const method = view.readUInt16LE(entry + 10);
    const compressed = view.readUInt32LE(entry + 20);
    const local = view.readUInt32LE(entry + 42);
    left -= unpackedSize(view, local, compressed, method, left);
    entry += 46 + view.readUInt16LE(entry + 28) + view.readUInt16LE(entry + 30) + view.readUInt16LE(entry + 32);
  }
}

function endRecordAt(view: Buffer): number {
  for (let at = view.length - 22; at >= Math.max(0, view.length - 22 - 0xffff); at--) {
    if (view.readUInt32LE(at) === END_RECORD) return at;
  }
  throw new ZipBoundsError("no end of central directory");
}

function unpackedSize(view: Buffer, local: number, compressed: number, method: number, left: number): number {
  if (local + 30 > view.length || view.readUInt32LE(local) !== LOCAL_HEADER) throw new ZipBoundsError("entry");
  const start = local + 30 + view.readUInt16LE(local + 26) + view.readUInt16LE(local + 28);
  if (start + compressed > view.length) throw new ZipBoundsError("entry past the end");
  if (method === 0) {
    if (compressed > left) throw new ZipBoundsError("unpacks past the bound");
    return compressed;
  }
  if (method !== 8) throw new ZipBoundsError(`compression method ${method}`);
  try {
    return inflateRawSync(view.subarray(start, start + compressed), { maxOutputLength: Math.max(1, left) }).length;
  } catch {
    throw new ZipBoundsError("unpacks past the bound or is damaged");
  }
}
