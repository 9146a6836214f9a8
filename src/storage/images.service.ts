// Images: what is theirs on the shared upload core (uploads/upload-store.ts): only PNG, JPEG, GIF, WebP
// and SVG (sanitized), dimensions recorded, tags and a caption, listing by tag, links served inline.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { errors, type ValidationDetail } from '../errors.ts';
import { newId } from '../ids.ts';
import { imageBlobKey, type BlobStore, type SignedUrl } from './blob-store.ts';
import type { ImageRow, ImagesRepository } from './images.repository.ts';
import { MAX_TAG_LENGTH, MAX_TAGS } from './images.schemas.ts';
import type { ReceivedUpload } from './multipart-upload.ts';
import { looksLikeSvg, MAX_SVG_BYTES, sanitizeSvg, SvgRejected } from './svg-sanitizer.ts';
import { correctFileName, readHead, sniffType, type Sniffed } from './upload-checks.ts';
import { UploadStore } from './uploads/upload-store.ts';

export type ImageView = { image: ImageRow; link: SignedUrl };
const asImage = ({ row, link }: { row: ImageRow; link: SignedUrl }): ImageView => ({ image: row, link });

const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Whole-file fallback for dimensions hidden behind large metadata (image-size reads the first 512 KiB). */
const MAX_DIMENSION_SCAN_BYTES = 64 * 1024 * 1024;

const fileProblem = (msg: string, type: string): ValidationDetail[] => [{ loc: ['body', 'file'], msg, type }];

/** `tags` as sent: comma-separated or a JSON array of strings. Trimmed, deduplicated, bounded. */
export function parseTags(raw: unknown): string[] {
  if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return [];
  const text = String(raw).trim();
  let list: unknown[];
  if (text.startsWith('[')) {
    try {
      list = JSON.parse(text);
    } catch {
      list = [null];
    }
    if (!Array.isArray(list) || list.some((t) => typeof t !== 'string')) {
      throw errors.validation([{ loc: ['body', 'tags'], msg: 'Should be a JSON array of strings or a comma-separated list', type: 'tags_format', input: raw }]);
    }
  } else {
    list = text.split(',');
  }
  const tags = [...new Set((list as string[]).map((t) => t.trim()).filter(Boolean))];
  const bad = tags.find((t) => t.length > MAX_TAG_LENGTH);
  if (bad !== undefined) {
    throw errors.validation([{ loc: ['body', 'tags'], msg: `Each tag should have at most ${MAX_TAG_LENGTH} characters`, type: 'string_too_long', input: bad, ctx: { max_length: MAX_TAG_LENGTH } }]);
  }
  if (tags.length > MAX_TAGS) {
    throw errors.validation([{ loc: ['body', 'tags'], msg: `At most ${MAX_TAGS} tags are accepted`, type: 'too_long', ctx: { max_length: MAX_TAGS } }]);
  }
  return tags;
}

interface PreparedImage {
  body: Readable;
  size: number;
  contentType: string;
  sniffed: Sniffed;
  width: number | null;
  height: number | null;
}

// image-size (about 30 modules) is imported with the first image, not at start.
const imageSizeLib = () => Promise.all([import('image-size'), import('image-size/fromFile')]).then(([a, b]) => ({ imageSize: a.imageSize, imageSizeFromFile: b.imageSizeFromFile }));

async function rasterDimensions(file: string, size: number): Promise<{ width: number; height: number }> {
  const { imageSize, imageSizeFromFile } = await imageSizeLib();
  let dims;
  try {
    dims = await imageSizeFromFile(file);
  } catch {
    if (size > MAX_DIMENSION_SCAN_BYTES) throw errors.validation(fileProblem('The image is corrupt: its dimensions cannot be read', 'image_corrupt'));
    try {
      dims = imageSize(await fsp.readFile(file));
    } catch {
      throw errors.validation(fileProblem('The image is corrupt: its dimensions cannot be read', 'image_corrupt'));
    }
  }
  // EXIF orientations 5-8 are rotated by 90 degrees: record the size as displayed.
  const rotated = (dims.orientation ?? 1) >= 5;
  return rotated ? { width: dims.height, height: dims.width } : { width: dims.width, height: dims.height };
}

/** The bytes to store and what they are; 422 for anything but PNG, JPEG, GIF, WebP and well-formed SVG. */
async function prepareImage(file: string, size: number, fileName: string): Promise<PreparedImage> {
  const head = await readHead(file);
  const sniffed = await sniffType(file, head, fileName);
  if (RASTER_TYPES.has(sniffed.contentType)) {
    const { width, height } = await rasterDimensions(file, size);
    return { body: fs.createReadStream(file), size, contentType: sniffed.contentType, sniffed, width, height };
  }
  const textual = sniffed.by === 'text' || sniffed.ext === 'xml' || sniffed.contentType === 'image/svg+xml';
  if (textual && looksLikeSvg(head.toString('utf8'))) {
    if (size > MAX_SVG_BYTES) throw errors.payloadTooLarge(`SVG images are accepted up to ${MAX_SVG_BYTES} bytes.`);
    let svg: Buffer;
    try {
      svg = Buffer.from(await sanitizeSvg(await fsp.readFile(file, 'utf8')), 'utf8');
    } catch (err) {
      if (err instanceof SvgRejected) throw errors.validation(fileProblem(`The SVG cannot be accepted: ${err.message}`, 'svg_invalid'));
      throw err;
    }
    let dims: { width: number; height: number } | null = null;
    const { imageSize } = await imageSizeLib();
    try {
      dims = imageSize(svg);
    } catch { /* an SVG without width, height or viewBox has no intrinsic size */ }
    const svgSniffed: Sniffed = { contentType: 'image/svg+xml', ext: 'svg', by: 'text' };
    return { body: Readable.from([svg]), size: svg.length, contentType: 'image/svg+xml', sniffed: svgSniffed, width: dims?.width ?? null, height: dims?.height ?? null };
  }
  throw errors.validation(fileProblem(`Only PNG, JPEG, GIF, WebP and SVG images are accepted; these bytes are ${sniffed.contentType}`, 'unsupported_file_type'));
}

export class ImagesService {
  private readonly store: UploadStore<ImageRow, string | undefined>;
  private readonly repo: ImagesRepository;

  constructor(repo: ImagesRepository, blobs: BlobStore) {
    this.store = new UploadStore(repo, blobs, { noun: 'Image', idOf: (r) => r.image_id, disposition: 'inline' });
    this.repo = repo;
  }

  async create(orgId: string, upload: ReceivedUpload): Promise<ImageView> {
    const tags = parseTags(upload.fields.tags);
    const caption = typeof upload.fields.caption === 'string' && upload.fields.caption.trim() ? upload.fields.caption.trim() : null;
    const staged = upload.file;
    const prepared = await prepareImage(staged.path, staged.size, staged.fileName);
    const imageId = newId('img');
    const key = imageBlobKey(orgId, imageId);
    return asImage(await this.store.store(key, prepared.body, prepared, (stored) =>
      this.repo.insert({
        image_id: imageId,
        org_id: orgId,
        file_name: correctFileName(staged.fileName, prepared.sniffed),
        content_type: prepared.contentType,
        size: stored.size,
        sha256: stored.sha256,
        width: prepared.width,
        height: prepared.height,
        tags,
        caption,
        blob_key: key,
      }),
    ));
  }

  async get(orgId: string, imageId: string): Promise<ImageView> {
    return asImage(await this.store.get(orgId, imageId));
  }

  async list(orgId: string, limit: number, cursor: string | undefined, tag: string | undefined): Promise<{ items: ImageView[]; next_cursor: string | null }> {
    const page = await this.store.list(orgId, limit, cursor, tag?.trim());
    return { items: page.items.map(asImage), next_cursor: page.next_cursor };
  }

  /** Soft delete: `deleted_at` is set at once and the image is gone from lookups and lists (404). */
  delete(orgId: string, imageId: string): Promise<void> {
    return this.store.delete(orgId, imageId);
  }
}
