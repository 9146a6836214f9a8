// Checks on an upload staged on local disk, before anything stores or parses it:
//   - zip and OOXML archives: entry count, total uncompressed size and compression ratio (zip bombs),
//     verified by inflating every entry with a byte budget (declared sizes can lie);
//   - the content type, sniffed from the bytes; the name's extension is corrected when it lies.
import fsp from 'node:fs/promises';
import type yauzl from 'yauzl';
import { AppError, errors } from '../errors.ts';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
  maxRatio: number;
}

/** Entries that expand to less than this are not ratio-checked (tiny files compress absurdly well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const HEAD_BYTES = 8192;

export interface Sniffed {
  contentType: string;
  /** Canonical extension of the type, without the dot. */
  ext: string;
  /** How the type was found: a binary signature, or the bytes are text (UTF-8; a .csv or .tsv also Windows-1252), or neither. */
  by: 'signature' | 'text' | 'unknown';
}

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain', text: 'text/plain', log: 'text/plain', csv: 'text/csv', tsv: 'text/tab-separated-values',
  md: 'text/markdown', markdown: 'text/markdown', json: 'application/json', jsonl: 'application/jsonl',
  ndjson: 'application/x-ndjson', xml: 'application/xml', html: 'text/html', htm: 'text/html',
  svg: 'image/svg+xml', yaml: 'application/yaml', yml: 'application/yaml', ics: 'text/calendar', vtt: 'text/vtt',
  srt: 'application/x-subrip', rtf: 'application/rtf',
};

/** Formats that share a signature: the name's extension picks among them. */
const REFINEMENTS: Record<string, Record<string, string>> = {
  cfb: { doc: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint', msg: 'application/vnd.ms-outlook' },
  xml: { svg: 'image/svg+xml', kml: 'application/vnd.google-earth.kml+xml', gpx: 'application/gpx+xml', rss: 'application/rss+xml', xsd: 'application/xml' },
};

const SAME_EXT: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif', htm: 'html', yml: 'yaml', markdown: 'md', text: 'txt' };
const canonical = (ext: string) => SAME_EXT[ext] ?? ext;

export const ZIP_CONTAINER_TYPES = new Set([
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
]);

/** Types file-type reports in lower case, as their registrations spell them. */
const MIME_SPELLING: Record<string, string> = {
  'application/vnd.ms-excel.sheet.macroenabled.12': 'application/vnd.ms-excel.sheet.macroEnabled.12',
};

export const OOXML_TYPES = new Set([...ZIP_CONTAINER_TYPES].filter((t) => t !== 'application/zip'));

export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return m ? m[1].toLowerCase() : '';
}

/** A safe display name: no path, control or bidi-override characters, at most 255 characters. */
export function sanitizeFileName(raw: string | undefined, fallback: string): string {
  let name = (raw ?? '').split(/[\\/]/).pop()!.normalize('NFC');
  name = name.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim().replace(/^\.+/, '');
  if (!name) return fallback;
  if (name.length > 255) {
    const ext = extensionOf(name);
    name = ext ? `${name.slice(0, 254 - ext.length)}.${ext}` : name.slice(0, 255);
  }
  return name;
}

/**
 * The name with its extension replaced when the extension names another known type than the bytes
 * (`invoice.pdf` holding a PNG becomes `invoice.png`). Unknown or missing extensions are kept.
 */
export function correctFileName(fileName: string, sniffed: Sniffed): string {
  const ext = extensionOf(fileName);
  if (!ext || canonical(ext) === canonical(sniffed.ext)) return fileName;
  if (!fileType) throw new Error('correctFileName needs sniffType first');
  if (!fileType.supportedExtensions.has(ext) && !(ext in TEXT_TYPES) && ext !== 'bin') return fileName;
  return `${fileName.slice(0, -ext.length)}${sniffed.ext}`;
}

export async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** UTF-8 without NUL bytes (a multi-byte character cut at the end of the sample is fine). */
export function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Text in a single-byte code page (Excel on Windows saves its plain "CSV" in Windows-1252 under Western locales): no NUL and no
 * control character but tab and line breaks. Only tables (.csv, .tsv) are taken on this evidence.
 */
export function looksLikeLegacyText(head: Buffer): boolean {
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  return head.length > 0;
}
const LEGACY_TEXT_EXTENSIONS = new Set(['csv', 'tsv']);

export function isZipSignature(head: Buffer): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && [0x0304, 0x0506, 0x0708].includes(head.readUInt16BE(2));
}

// file-type and yauzl (about 30 modules) are imported with the first upload, not at start.
let fileType: typeof import('file-type') | undefined;

/** The type of the bytes; the file name only chooses among types that share a signature. */
export async function sniffType(file: string, head: Buffer, fileName: string): Promise<Sniffed> {
  const nameExt = extensionOf(fileName);
  fileType ??= await import('file-type');
  const found = await fileType.fileTypeFromFile(file);
  if (found) {
    const refined = REFINEMENTS[found.ext]?.[nameExt];
    return refined ? { contentType: refined, ext: nameExt, by: 'signature' } : { contentType: MIME_SPELLING[found.mime] ?? found.mime, ext: found.ext, by: 'signature' };
  }
  if (looksLikeText(head)) {
    const t = TEXT_TYPES[nameExt];
    return t ? { contentType: t, ext: nameExt, by: 'text' } : { contentType: 'text/plain', ext: 'txt', by: 'text' };
  }
  if (LEGACY_TEXT_EXTENSIONS.has(nameExt) && looksLikeLegacyText(head)) return { contentType: TEXT_TYPES[nameExt], ext: nameExt, by: 'text' };
  return { contentType: 'application/octet-stream', ext: 'bin', by: 'unknown' };
}

function zipTooLarge(message: string): AppError {
  return errors.payloadTooLarge(`${message} The archive is refused as a possible zip bomb.`);
}

function zipInvalid(why: string): AppError {
  return errors.validation([{ loc: ['body', 'file'], msg: `The zip archive cannot be accepted: ${why}`, type: 'zip_invalid' }]);
}

/** The archive without bytes after its end-of-central-directory record and comment, or null. */
function trimTrailingBytes(buf: Buffer): Buffer | null {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535 - 1024); i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const end = i + 22 + buf.readUInt16LE(i + 20);
    return end <= buf.length ? buf.subarray(0, end) : null;
  }
  return null;
}

/**
 * Reads the archive's central directory and inflates every entry, counting real bytes, so a lying
 * header cannot get past. 413 `payload_too_large` over a limit; 422 `validation_error` when the
 * archive is corrupt, encrypted or uses an unsupported compression method.
 */
export async function checkZip(file: string, limits: ZipLimits): Promise<{ entries: number; uncompressedBytes: number }> {
  const { default: yauzl } = await import('yauzl');
  let zip: yauzl.ZipFile;
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false };
  try {
    zip = await yauzl.openPromise(file, options);
  } catch (err) {
    // Bytes after the end of the archive (some writers add a newline) are ignored, as Office does.
    const trimmed = /Invalid comment length/.test((err as Error).message) ? trimTrailingBytes(await fsp.readFile(file)) : null;
    if (!trimmed) throw zipInvalid((err as Error).message);
    try {
      zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(trimmed, options, (e, z) => (e || !z ? reject(e ?? new Error('unreadable')) : resolve(z))));
    } catch (again) {
      throw zipInvalid((again as Error).message);
    }
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw zipTooLarge(`The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted.`);
    let declared = 0;
    let inflated = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', (err) => reject(err instanceof AppError ? err : zipInvalid(err.message)));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes) return reject(zipTooLarge(`The archive expands to more than ${limits.maxUncompressedBytes} bytes.`));
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
          return reject(zipTooLarge(`An entry expands ${Math.round(ratio)} times its compressed size; at most ${limits.maxRatio} is accepted.`));
        }
        if (entry.isEncrypted()) return reject(zipInvalid('it is encrypted'));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(zipInvalid(err.message));
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > limits.maxUncompressedBytes) stream.destroy(zipTooLarge(`The archive expands to more than ${limits.maxUncompressedBytes} bytes.`));
          });
          stream.on('error', (e) => {
            // yauzl stops an entry that inflates past its declared size: the header lied.
            if (e instanceof AppError) reject(e);
            else if (/too many bytes/i.test(e.message)) reject(zipTooLarge('An entry expands beyond its declared size.'));
            else reject(zipInvalid(e.message));
          });
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
    return { entries: zip.entryCount, uncompressedBytes: inflated };
  } finally {
    zip.close();
  }
}
