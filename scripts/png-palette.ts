// Shrinks a browser screenshot (8-bit RGB or RGBA PNG) to a 256-colour palette PNG: a page of flat
// colours and anti-aliased text keeps its look at a third of the bytes, which matters because the
// pictures ship in the package (docs/images/).
import { crc32, deflateSync, inflateSync } from "node:zlib";

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG `png` as a palette PNG of at most `colours` colours (fully opaque: alpha is dropped).
 *
 * @example
 * ```ts
 * await writeFile("shot.png", toPalettePng(await page.screenshot()));
 * ```
 */
export function toPalettePng(png: Uint8Array, colours = 256): Buffer {
  const { width, height, pixels } = decode(Buffer.from(png));
  const palette = choosePalette(pixels, colours);
  const nearest = new Map<number, number>();
  const indices = new Uint8Array(width * height);
  for (let pixel = 0; pixel < indices.length; pixel++) {
    const at = pixel * 3;
    const key =
      ((pixels[at] as number) << 16) |
      ((pixels[at + 1] as number) << 8) |
      (pixels[at + 2] as number);
    let index = nearest.get(key);
    if (index === undefined) {
      index = closest(palette, key);
      nearest.set(key, index);
    }
    indices[pixel] = index;
  }
  return palettePng(width, height, palette, indices);
}

/**
 * A palette PNG: `palette` as 0xRRGGBB numbers, `indices` one byte a pixel, row by row.
 *
 * @example
 * ```ts
 * palettePng(2, 1, [0x000000, 0xffffff], new Uint8Array([0, 1])); // a black and a white pixel
 * ```
 */
export function palettePng(
  width: number,
  height: number,
  palette: readonly number[],
  indices: Uint8Array,
): Buffer {
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    // Each row: filter type 0 (none), then its pixels' palette indices.
    rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  const plte = Buffer.alloc(palette.length * 3);
  for (const [index, colour] of palette.entries()) {
    plte.set([colour >> 16, (colour >> 8) & 255, colour & 255], index * 3);
  }
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("PLTE", plte),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Width, height and RGB bytes of a non-interlaced 8-bit RGB or RGBA PNG. */
function decode(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  if (!png.subarray(0, 8).equals(signature)) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = body.subarray(8, 13);
      channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) {
        throw new Error("only 8-bit, non-interlaced RGB or RGBA PNGs");
      }
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const current = Buffer.alloc(stride);
  const previous = Buffer.alloc(stride);
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? (current[i - channels] as number) : 0;
      const up = previous[i] as number;
      const upLeft = i >= channels ? (previous[i - channels] as number) : 0;
      const byte = line[i] as number;
      const predicted =
        filter === 1
          ? left
          : filter === 2
            ? up
            : filter === 3
              ? (left + up) >> 1
              : filter === 4
                ? paeth(left, up, upLeft)
                : 0;
      current[i] = (byte + predicted) & 255;
    }
    for (let x = 0; x < width; x++) {
      pixels.set(current.subarray(x * channels, x * channels + 3), (y * width + x) * 3);
    }
    current.copy(previous);
  }
  return { width, height, pixels };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * The `colours` most used colours of a coarse grid (4 bits a channel), each the mean of its cell:
 * a screenshot is mostly a few flat colours, and text edges fall between them.
 */
function choosePalette(pixels: Uint8Array, colours: number): number[] {
  const cells = new Map<number, { count: number; r: number; g: number; b: number }>();
  for (let at = 0; at < pixels.length; at += 3) {
    const r = pixels[at] as number;
    const g = pixels[at + 1] as number;
    const b = pixels[at + 2] as number;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const cell = cells.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    cell.count += 1;
    cell.r += r;
    cell.g += g;
    cell.b += b;
    cells.set(key, cell);
  }
  return [...cells.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, colours)
    .map(
      (cell) =>
        (Math.round(cell.r / cell.count) << 16) |
        (Math.round(cell.g / cell.count) << 8) |
        Math.round(cell.b / cell.count),
    );
}

function closest(palette: readonly number[], colour: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [index, candidate] of palette.entries()) {
    const dr = (candidate >> 16) - (colour >> 16);
    const dg = ((candidate >> 8) & 255) - ((colour >> 8) & 255);
    const db = (candidate & 255) - (colour & 255);
    const distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = index;
    }
  }
  return best;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
