// Reads a zip archive held in memory through its central directory, without inflating anything:
// each entry keeps a view of its compressed bytes, so a package writer can copy it back untouched
// (zip-writer.ts, RawZipEntry). Inflating is on demand, per entry, with a byte budget (a declared
// size can lie) and a CRC check. Zip64 archives are read; encrypted entries and compression
// methods other than stored (0) and deflate (8) are refused.
import zlib from 'node:zlib';
import { DocumentUnreadable } from '../agent/tool-error.ts';
import type { RawZipEntry } from './zip-writer.ts';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

/** In line with the defaults of FOLIO_ZIP_MAX_ENTRIES and FOLIO_ZIP_MAX_UNCOMPRESSED_BYTES. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 10_000, maxUncompressedBytes: 1024 ** 3 };

export interface ZipEntryInfo extends RawZipEntry {
  /** Position in the central directory. */
  index: number;
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

function fail(what: string, why: string): never {
  throw new DocumentUnreadable(`The file is not ${what}: ${why}.`);
}

function findEnd(buf: Buffer): number {
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/** The zip64 extra field's values, in the order the spec gives them (only those whose 32-bit field is saturated). */
function zip64Values(extra: Buffer, wanted: boolean[]): bigint[] {
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const len = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      const out: bigint[] = [];
      let q = p + 4;
      for (const w of wanted) {
        if (!w) continue;
        if (q + 8 > p + 4 + len) break;
        out.push(extra.readBigUInt64LE(q));
        q += 8;
      }
      return out;
    }
    p += 4 + len;
  }
  return [];
}

export function readZipDirectory(buf: Buffer, what: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntryInfo[] {
  if (buf.length < 22 || buf.readUInt32LE(0) !== LOC) fail(what, 'it is not a ZIP package (Office Open XML files are ZIP archives)');
  const end = findEnd(buf);
  if (end < 0) fail(what, 'the ZIP archive is damaged (no end of central directory)');
  let count = buf.readUInt16LE(end + 10);
  let dirOffset = buf.readUInt32LE(end + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) {
    const loc = end - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== 0x07064b50) fail(what, 'the ZIP archive is damaged (zip64 locator missing)');
    const z64 = Number(buf.readBigUInt64LE(loc + 8));
    if (z64 + 56 > buf.length || buf.readUInt32LE(z64) !== 0x06064b50) fail(what, 'the ZIP archive is damaged (zip64 directory missing)');
    count = Number(buf.readBigUInt64LE(z64 + 32));
    dirOffset = Number(buf.readBigUInt64LE(z64 + 48));
  }
  if (count > limits.maxEntries) throw new DocumentUnreadable(`The file has ${count} entries, more than the ${limits.maxEntries} allowed.`);
  const entries: ZipEntryInfo[] = [];
  let declared = 0;
  let p = dirOffset;
  for (let index = 0; index < count; index++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CEN) fail(what, 'the ZIP archive is damaged (bad central directory)');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const time = buf.readUInt16LE(p + 12);
    const date = buf.readUInt16LE(p + 14);
    const crc = buf.readUInt32LE(p + 16);
    let compressed = buf.readUInt32LE(p + 20);
    let size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    let local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString(flags & 0x800 ? 'utf8' : 'latin1');
    const extra = buf.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen);
    if (size === 0xffffffff || compressed === 0xffffffff || local === 0xffffffff) {
      const v = zip64Values(extra, [size === 0xffffffff, compressed === 0xffffffff, local === 0xffffffff]);
      let k = 0;
      if (size === 0xffffffff) size = Number(v[k++] ?? 0n);
      if (compressed === 0xffffffff) compressed = Number(v[k++] ?? 0n);
      if (local === 0xffffffff) local = Number(v[k++] ?? 0n);
    }
    p += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue;
    if (flags & 0x1) throw new DocumentUnreadable(`The file is encrypted (its part ${name} is); save it without a password and upload it again.`);
    if (method !== 0 && method !== 8) fail(what, `its part ${name} uses an unsupported compression method (${method})`);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOC) fail(what, `the ZIP archive is damaged (part ${name})`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) fail(what, `the ZIP archive is truncated (part ${name})`);
    declared += size;
    if (declared > limits.maxUncompressedBytes) throw new DocumentUnreadable(`The file would inflate to more than the ${limits.maxUncompressedBytes} bytes allowed.`);
    entries.push({ index, name, raw: buf.subarray(start, start + compressed), method, crc, size, time, date });
  }
  return entries;
}

/** The entry's bytes, inflated at most to its declared size and checked against its CRC. */
export function inflateEntry(entry: RawZipEntry): Buffer {
  let data: Buffer;
  try {
    data = entry.method === 0 ? entry.raw : zlib.inflateRawSync(entry.raw, { maxOutputLength: Math.max(1, entry.size) });
  } catch (err) {
    throw new DocumentUnreadable(`The part ${entry.name} cannot be decompressed (${(err as Error).message.split('\n')[0]}).`, { cause: err });
  }
  if (data.length !== entry.size || (zlib.crc32(data) >>> 0) !== (entry.crc >>> 0)) {
    throw new DocumentUnreadable(`The part ${entry.name} is damaged (its size or checksum does not match).`);
  }
  return data;
}
