// `folio files upload|list`: files the organization uploaded (POST /files, GET /files).
import fs from 'node:fs';
import { clientOf, collect, io, limitOf, parse, printJson, table, UsageError } from './common.ts';

const PURPOSES = ['init', 'context', 'data', 'analysis', 'reference'] as const;
type Purpose = (typeof PURPOSES)[number];

const USAGE = `Usage: folio files <command>

Commands:
  upload <path> [--purpose <purpose>]         Upload a file; prints its file id. <purpose>: init, context
                                               (the default), data, analysis or reference.
  list [--purpose <purpose>] [--limit <n>]     List files, newest first (default 20).`;

const UPLOAD_USAGE = `Usage: folio files upload <path> [--purpose init|context|data|analysis|reference]

Uploads one file (POST /files). purpose "init" accepts .docx, .xlsx, .xlsm and .pptx only.`;

const LIST_USAGE = `Usage: folio files list [--purpose init|context|data|analysis|reference] [--limit <n>]`;

export async function files(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'upload') return upload(rest);
  if (action === 'list') return list(rest);
  if (action === undefined || action === '--help' || action === '-h' || action === 'help') {
    if (action === undefined) throw new UsageError(USAGE);
    return io.out(USAGE);
  }
  throw new UsageError(`Unknown files command "${action}".\n\n${USAGE}`);
}

function purposeOf(value: string | undefined): Purpose | undefined {
  if (value !== undefined && !PURPOSES.includes(value as Purpose)) throw new UsageError(`--purpose must be one of ${PURPOSES.join(', ')}`);
  return value as Purpose | undefined;
}

async function upload(args: string[]): Promise<void> {
  const p = parse(args, { purpose: { type: 'string' } }, UPLOAD_USAGE, [1, 1]);
  if (!p) return;
  const file = p.positionals[0];
  const purpose = purposeOf(p.values.purpose);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`No such file: ${file}`);
  const client = await clientOf(p.values);
  const stored = await client.files.upload(file, purpose ? { purpose } : {});
  if (p.values.json) return printJson(stored);
  io.out(`${stored.file_id}  ${stored.file_name}  ${stored.content_type}  ${stored.size} bytes  (${stored.purpose})`);
}

async function list(args: string[]): Promise<void> {
  const p = parse(args, { purpose: { type: 'string' }, limit: { type: 'string' } }, LIST_USAGE);
  if (!p) return;
  const purpose = purposeOf(p.values.purpose);
  const limit = limitOf(p.values.limit);
  const client = await clientOf(p.values);
  const items = await collect(client.files.list({ ...(purpose ? { purpose } : {}), limit: Math.min(limit, 100) }), limit);
  if (p.values.json) return printJson(items);
  io.out(table(items, ['file_id', 'file_name', 'purpose', 'size', 'created_at']));
}
