// Pictures as package parts: a new media part per distinct image (the same bytes placed twice in one
// edit share one part), in the format's media folder (ppt/media, word/media, xl/media), related to the
// part that shows it.
import { createHash } from 'node:crypto';
import type { OoxmlPackage } from './package.ts';
import { REL } from './relationships.ts';

const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/svg+xml': 'svg', 'image/bmp': 'bmp' };

const added = new WeakMap<OoxmlPackage, Map<string, string>>();

/** Relates `fromPart` to a media part holding `bytes` (in `<top folder of fromPart>/media/`); returns the relationship id. */
export function relateImage(pkg: OoxmlPackage, fromPart: string, bytes: Buffer, contentType: string): string {
  const ext = EXT[contentType];
  if (!ext) throw new Error(`unsupported image type ${contentType}`);
  const hash = createHash('sha256').update(bytes).digest('hex');
  let known = added.get(pkg);
  if (!known) added.set(pkg, (known = new Map()));
  let part = known.get(hash);
  if (!part || !pkg.has(part)) {
    part = pkg.freeName(`${fromPart.split('/')[0]}/media/image`, `.${ext}`);
    pkg.put(part, bytes);
    known.set(hash, part);
  }
  return pkg.rels(fromPart).add(REL.image, part);
}
