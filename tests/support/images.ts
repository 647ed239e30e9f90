import zlib from "node:zlib";
import sharp from "sharp";

/** Test images made on the spot, each a real file of its kind. */

/** A small JPEG carrying EXIF with a GPS position (Dallas) and a copyright line. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: "Taken at the office" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 46/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "96/1 48/1 0/1" },
    })
    .toBuffer();
}

/** Whether a file carries an EXIF block with the GPS IFD pointer (tag 0x8825, either byte order). */
export function hasGpsExif(file: Buffer): boolean {
  return file.includes(Buffer.from("Exif\0\0")) && (file.includes(Buffer.from([0x88, 0x25])) || file.includes(Buffer.from([0x25, 0x88])));
}

export function png(width: number, height: number, colour = "#2a6"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/**
 * A valid JPEG of exactly `size` bytes: a small picture whose header is padded with
 * APP15 segments (which decoders skip), so the file is as large as asked and still an image.
 */
export async function jpegOfSize(size: number): Promise<Buffer> {
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#36c" } }).jpeg().toBuffer();
  const rest = picture.subarray(2); // after SOI
  let padding = size - picture.length;
  const segments: Buffer[] = [];
  const MAX_SEGMENT = 65535 + 2; // marker + length field + at most 65533 bytes of data
  while (padding > 0) {
    // A segment takes at least 4 bytes; never leave a remainder smaller than that.
    let total = Math.min(padding, MAX_SEGMENT);
    if (padding - total > 0 && padding - total < 4) total -= 4;
    const segment = Buffer.alloc(total);
    segment[0] = 0xff;
    segment[1] = 0xef;
    segment.writeUInt16BE(total - 2, 2);
    segments.push(segment);
    padding -= total;
  }
  const file = Buffer.concat([picture.subarray(0, 2), ...segments, rest]);
  if (file.length !== size) throw new Error(`jpegOfSize: made ${file.length} bytes, not ${size}`);
  return file;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, valid PNG of 20000 x 20000 one-bit pixels: 400 megapixels in about 50 KB,
 * the shape of a decompression bomb.
 */
export function hugePng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + pixels
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", pixels),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
