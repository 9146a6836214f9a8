// Writes zip archives for OOXML packages. Two kinds of entries: new data (deflated with Node's zlib
// in one call, or stored), and raw entries copied from the package that was read, whose compressed
// bytes are written back untouched with their CRC and sizes: an untouched part is never inflated and
// deflated again. A deck has a few hundred small parts, and per-entry streams (yazl) or a pure-JS
// deflate (JSZip) cost more than the deflating itself. Zip64 is written only when an archive needs it
// (over 65,535 entries or 4 GiB), which OOXML files practically never do.
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** false: stored as is (already-compressed media). */
  compress: boolean;
}

/** An entry copied as it was: compressed bytes, their method, CRC and sizes, and its original time stamp. */
export interface RawZipEntry {
  name: string;
  raw: Buffer;
  method: number;
  crc: number;
  size: number;
  /** DOS time and date of the original entry. */
  time: number;
  date: number;
}

const DOS_DATE = (1 << 5) | 1; // 1980-01-01: fixed, so the same content gives the same bytes
const UTF8 = 1 << 11;
const U32 = 0xffffffff;

interface Prepared { name: Buffer; body: Buffer; method: number; crc: number; size: number; time: number; date: number }

function prepare(e: ZipEntry | RawZipEntry): Prepared {
  if ('raw' in e) return { name: Buffer.from(e.name, 'utf8'), body: e.raw, method: e.method, crc: e.crc, size: e.size, time: e.time, date: e.date };
  const body = e.compress ? zlib.deflateRawSync(e.data, { level: 6 }) : e.data;
  return { name: Buffer.from(e.name, 'utf8'), body, method: e.compress ? 8 : 0, crc: zlib.crc32(e.data), size: e.data.length, time: 0, date: DOS_DATE };
}

export function writeZip(entries: (ZipEntry | RawZipEntry)[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries.map(prepare)) {
    const big = e.size >= U32 || e.body.length >= U32 || offset >= U32;
    const extra = big ? zip64Extra(e.size, e.body.length, offset) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(big ? 45 : 20, 4);
    local.writeUInt16LE(UTF8, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(e.time, 10);
    local.writeUInt16LE(e.date, 12);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(big ? U32 : e.body.length, 18);
    local.writeUInt32LE(big ? U32 : e.size, 22);
    local.writeUInt16LE(e.name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(big ? 45 : 20, 4);
    dir.writeUInt16LE(big ? 45 : 20, 6);
    dir.writeUInt16LE(UTF8, 8);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt16LE(e.time, 12);
    dir.writeUInt16LE(e.date, 14);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(big ? U32 : e.body.length, 20);
    dir.writeUInt32LE(big ? U32 : e.size, 24);
    dir.writeUInt16LE(e.name.length, 28);
    dir.writeUInt16LE(extra.length, 30);
    dir.writeUInt32LE(big ? U32 : offset, 42);
    chunks.push(local, e.name, extra, e.body);
    central.push(dir, e.name, extra);
    offset += local.length + e.name.length + extra.length + e.body.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const count = entries.length;
  const tail: Buffer[] = [];
  if (count >= 0xffff || offset >= U32 || dirSize >= U32) tail.push(zip64End(count, dirSize, offset), zip64Locator(offset + dirSize));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(Math.min(dirSize, U32), 12);
  end.writeUInt32LE(Math.min(offset, U32), 16);
  return Buffer.concat([...chunks, ...central, ...tail, end]);
}

function zip64Extra(size: number, compressed: number, offset: number): Buffer {
  const b = Buffer.alloc(28);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(24, 2);
  b.writeBigUInt64LE(BigInt(size), 4);
  b.writeBigUInt64LE(BigInt(compressed), 12);
  b.writeBigUInt64LE(BigInt(offset), 20);
  return b;
}

function zip64End(count: number, dirSize: number, dirOffset: number): Buffer {
  const b = Buffer.alloc(56);
  b.writeUInt32LE(0x06064b50, 0);
  b.writeBigUInt64LE(44n, 4);
  b.writeUInt16LE(45, 12);
  b.writeUInt16LE(45, 14);
  b.writeBigUInt64LE(BigInt(count), 24);
  b.writeBigUInt64LE(BigInt(count), 32);
  b.writeBigUInt64LE(BigInt(dirSize), 40);
  b.writeBigUInt64LE(BigInt(dirOffset), 48);
  return b;
}

function zip64Locator(endOffset: number): Buffer {
  const b = Buffer.alloc(20);
  b.writeUInt32LE(0x07064b50, 0);
  b.writeBigUInt64LE(BigInt(endOffset), 8);
  b.writeUInt32LE(1, 16);
  return b;
}
