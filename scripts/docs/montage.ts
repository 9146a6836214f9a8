// Lays out page images (binary PPM, as `pdftoppm` writes them) in a grid and writes one PNG: the
// README's picture of a generated deck. No image library: PPM in, a zlib-compressed PNG out.
//   pdftoppm -scale-to 480 deck.pdf page && node scripts/docs/montage.ts docs/images/deck.png page-*.ppm
import fs from 'node:fs';
import zlib from 'node:zlib';
import { pngChunk } from '../lib/png-chunk.ts';

interface Image { width: number; height: number; rgb: Buffer }

export function readPpm(buf: Buffer): Image {
  const header: string[] = [];
  let i = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[i]))) i++;
    if (buf[i] === 0x23) { while (buf[i] !== 0x0a) i++; continue; } // a comment line
    let token = '';
    while (!/\s/.test(String.fromCharCode(buf[i]))) token += String.fromCharCode(buf[i++]);
    header.push(token);
  }
  if (header[0] !== 'P6' || header[3] !== '255') throw new Error('only 8-bit binary PPM (P6) is read');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, rgb: buf.subarray(i + 1, i + 1 + width * height * 3) };
}

export function encodePng(img: Image): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const stride = img.width * 3;
  const raw = Buffer.alloc((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) img.rgb.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pages in rows of `columns`, a short last row centred, `gap` pixels of light grey around each page. */
export function montage(pages: Image[], columns = 3, gap = 12): Image {
  const w = Math.max(...pages.map((p) => p.width));
  const h = Math.max(...pages.map((p) => p.height));
  const rows = Math.ceil(pages.length / columns);
  const width = columns * w + (columns + 1) * gap;
  const height = rows * h + (rows + 1) * gap;
  const rgb = Buffer.alloc(width * height * 3, 0xee);
  pages.forEach((page, n) => {
    const row = Math.floor(n / columns);
    const inRow = Math.min(columns, pages.length - row * columns);
    const left = Math.floor((width - (inRow * w + (inRow - 1) * gap)) / 2);
    const x0 = left + (n % columns) * (w + gap);
    const y0 = gap + row * (h + gap);
    for (let y = 0; y < page.height; y++) page.rgb.copy(rgb, ((y0 + y) * width + x0) * 3, y * page.width * 3, (y + 1) * page.width * 3);
  });
  return { width, height, rgb };
}

if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const [out, ...inputs] = process.argv.slice(2);
  if (!out || inputs.length === 0) throw new Error('usage: montage.ts <out.png> <page.ppm>...');
  fs.writeFileSync(out, encodePng(montage(inputs.map((f) => readPpm(fs.readFileSync(f))))));
  process.stdout.write(`${out}: ${inputs.length} pages\n`);
}
