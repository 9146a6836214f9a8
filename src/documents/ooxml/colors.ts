// Colour arithmetic for brands: parsing, mixing, WCAG luminance and contrast, and the nearest shade
// of a colour that reads on a background (a pale brand colour never becomes pale text).

export function normalizeHex(color: string): string {
  let hex = color.replace(/^#/, '').toUpperCase();
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  if (!/^[0-9A-F]{6}$/.test(hex)) throw new Error(`not a colour: ${color}`);
  return hex;
}

function rgb(hex: string): [number, number, number] {
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: number[]): string {
  return [r, g, b].map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** Mixes `hex` with `other` (weight 0..1 of `other`). */
export function mix(hex: string, other: string, weight: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return toHex(a.map((v, i) => v + (b[i] - v) * weight));
}

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1..21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` itself when it reads on `background` at `ratio`, else the nearest shade (towards black or white) that does. */
export function readableOn(color: string, background: string, ratio = 4.5): string {
  if (contrast(color, background) >= ratio) return color;
  const target = luminance(background) > 0.4 ? '000000' : 'FFFFFF';
  for (let w = 0.1; w <= 1.0001; w += 0.1) {
    const shade = mix(color, target, w);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return target;
}

