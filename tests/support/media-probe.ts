import { createFile, type Movie } from "mp4box";
import { PNG } from "pngjs";

export function decodePng(bytes: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(bytes));
}

/** A PNG whose left half is one colour and right half another, as a data: URL. */
export function twoColourPngDataUrl(width: number, height: number, left: number[], right: number[]): string {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = x < width / 2 ? left : right;
      png.data.set([...colour, 255], (y * width + x) * 4);
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString("base64")}`;
}

/** Reads an MP4's movie header with mp4box.js, a demuxer independent of the one that wrote it. */
export function probeMp4(bytes: Uint8Array): Movie {
  const file = createFile();
  let movie: Movie | undefined;
  file.onReady = (info) => (movie = info);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer & {
    fileStart: number;
  };
  buffer.fileStart = 0;
  file.appendBuffer(buffer);
  file.flush();
  if (!movie) throw new Error("not a readable MP4");
  return movie;
}
