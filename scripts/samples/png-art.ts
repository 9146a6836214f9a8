// Pictures for the sample gallery, drawn in code so the samples need no binary assets: a bar chart, a
// geometric logo and a soft photo-like gradient, written as real PNG files (zlib-compressed RGBA).
import { deflateSync } from 'node:zlib';
import { pngChunk } from '../lib/png-chunk.ts';

type RGB = [number, number, number];

export class Canvas {
  readonly width: number;
  readonly height: number;
  readonly pixels: Buffer;

  constructor(width: number, height: number, background: RGB = [255, 255, 255]) {
    this.width = width;
    this.height = height;
    this.pixels = Buffer.alloc(width * height * 4);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, [r, g, b]: RGB, alpha = 255): void {
    for (let j = Math.max(0, Math.round(y)); j < Math.min(this.height, Math.round(y + h)); j++) {
      for (let i = Math.max(0, Math.round(x)); i < Math.min(this.width, Math.round(x + w)); i++) {
        const o = (j * this.width + i) * 4;
        const a = alpha / 255;
        this.pixels[o] = Math.round(r * a + this.pixels[o] * (1 - a));
        this.pixels[o + 1] = Math.round(g * a + this.pixels[o + 1] * (1 - a));
        this.pixels[o + 2] = Math.round(b * a + this.pixels[o + 2] * (1 - a));
        this.pixels[o + 3] = 255;
      }
    }
  }

  circle(cx: number, cy: number, radius: number, color: RGB): void {
    for (let j = Math.floor(cy - radius); j <= cy + radius; j++) {
      for (let i = Math.floor(cx - radius); i <= cx + radius; i++) {
        const d = Math.hypot(i - cx, j - cy);
        if (d <= radius + 0.5) this.rect(i, j, 1, 1, color, Math.round(255 * Math.min(1, radius + 0.5 - d)));
      }
    }
  }

  png(): Buffer {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.width, 0);
    ihdr.writeUInt32BE(this.height, 4);
    ihdr[8] = 8;
    ihdr[9] = 6;
    const rows = Buffer.alloc((this.width * 4 + 1) * this.height);
    for (let y = 0; y < this.height; y++) this.pixels.copy(rows, y * (this.width * 4 + 1) + 1, y * this.width * 4, (y + 1) * this.width * 4);
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
  }
}

export const hexRgb = (hex: string): RGB => [0, 2, 4].map((i) => parseInt(hex.replace('#', '').slice(i, i + 2), 16)) as RGB;

/** Grouped bars on light gridlines (no text: captions and tables carry the numbers). */
export function barChart(series: number[][], colors: string[], width = 1200, height = 600): Buffer {
  const c = new Canvas(width, height, [255, 255, 255]);
  const pad = { l: 60, r: 30, t: 30, b: 50 };
  const max = Math.max(...series.flat()) * 1.1;
  for (let g = 0; g <= 5; g++) c.rect(pad.l, pad.t + ((height - pad.t - pad.b) * g) / 5, width - pad.l - pad.r, 2, [226, 230, 236]);
  const groups = series[0].length;
  const groupW = (width - pad.l - pad.r) / groups;
  const barW = (groupW * 0.7) / series.length;
  series.forEach((s, k) => s.forEach((v, i) => {
    const h = ((height - pad.t - pad.b) * v) / max;
    c.rect(pad.l + i * groupW + groupW * 0.15 + k * barW, height - pad.b - h, barW - 6, h, hexRgb(colors[k % colors.length]));
  }));
  c.rect(pad.l, height - pad.b, width - pad.l - pad.r, 3, [90, 101, 115]);
  return c.png();
}

/** A geometric mark: overlapping circles in two colours on a transparent-looking white tile. */
export function logo(primary: string, secondary: string, width = 360, height = 120): Buffer {
  const c = new Canvas(width, height, [255, 255, 255]);
  c.circle(60, 60, 44, hexRgb(primary));
  c.circle(104, 60, 44, hexRgb(secondary));
  c.circle(82, 60, 22, [255, 255, 255]);
  for (let i = 0; i < 4; i++) c.rect(170, 30 + i * 18, 170 - i * 30, 10, hexRgb(i % 2 ? secondary : primary));
  return c.png();
}

/** A soft diagonal gradient with blurred shapes, standing in for a photograph. */
export function photo(from: string, to: string, width = 1200, height = 700): Buffer {
  const c = new Canvas(width, height);
  const [a, b] = [hexRgb(from), hexRgb(to)];
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const t = (x / width + y / height) / 2;
      c.rect(x, y, 2, 2, [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as RGB);
    }
  }
  for (let k = 0; k < 6; k++) c.circle(150 + k * 190, 250 + ((k * 137) % 260), 60 + ((k * 53) % 70), [255, 255, 255]);
  return c.png();
}
