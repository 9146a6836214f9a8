// The fuzz loop: for every operation of the OpenAPI document, valid requests generated from its
// schemas, mutated ones, and bad credentials; every response is checked against the document.
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../helpers/test-app.ts';
import { multipartBody, type FormPart } from '../helpers/multipart.ts';
import { png } from '../helpers/fixtures.ts';
import { idFor, type OrgFixture } from './fixtures.ts';
import { ResponseChecker, type Operation, type Reply } from './operations.ts';
import { HOSTILE_STRINGS, mutateJson, Rng, validValue, type Json } from './values.ts';
import { uploadCases } from './upload-cases.ts';

export interface Failure { op: string; kind: string; status: number; problems: string[]; request: string; requestId: string }
export interface FuzzStats { sent: number; byOp: Map<string, { sent: number; statuses: Record<number, number> }>; failures: Failure[]; /** Valid requests refused with 400/422: how well the generator knows the schemas. */ refusedValid: string[] }

const BAD_AUTH: readonly [string, Record<string, string>][] = [
  ['no credentials', {}],
  ['malformed key', { 'x-api-key': 'sk_live_short' }],
  ['unknown key', { 'x-api-key': `sk_live_${'A'.repeat(28)}` }],
  ['basic scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ['garbage bearer', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }],
  ['empty bearer', { authorization: 'Bearer ' }],
];

function authHeaders(op: Operation, fx: OrgFixture, rng: Rng): Record<string, string> {
  switch (op.auth) {
    case 'api_key': return rng.chance(0.5) ? { 'x-api-key': fx.secret } : { authorization: `Bearer ${fx.secret}` };
    case 'id_token': return { authorization: `Bearer ${fx.token}` };
    case 'edit_token': return { authorization: `Bearer ${fx.editToken}` };
    default: return {};
  }
}

function pathParamValue(op: Operation, name: string, fx: OrgFixture, rng: Rng, hostile: boolean): string {
  if (hostile) return rng.pick(['x', 'prj_', `${name.split('_')[0]}_${'Z'.repeat(26)}`, '%2F', 'a%2Fb', ' ', 'a'.repeat(199), '0', '-1', '😀', "1' or '1'='1", 'run_01M8A0AW1R16QPE1SX4E59AZEV', 'null']);
  return idFor(fx, op.path, name) ?? 'x';
}

/** Percent-encodes; a lone surrogate (not encodable as UTF-8) goes out as the bytes of its UTF-8-like form. */
export function enc(s: string): string {
  return s.isWellFormed() ? encodeURIComponent(s) : s.split(/([\ud800-\udfff])/).map((x) => (/^[\ud800-\udfff]$/.test(x) ? '%ED%A0%80' : encodeURIComponent(x))).join('');
}

function urlOf(op: Operation, path: Record<string, string>, query: [string, string][]): string {
  const p = op.path.replace(/\{(\w+)\}/g, (_, n) => (path[n].startsWith('%') ? path[n] : enc(path[n])));
  return query.length ? `${p}?${query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}` : p;
}

function queryOf(op: Operation, rng: Rng, hostile: boolean): [string, string][] {
  const out: [string, string][] = [];
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (!p.required && !rng.chance(0.5) && !hostile) continue;
    if (p.name === 'limit' && !hostile && rng.chance(0.5)) continue; // documented default
    if (p.name === 'cursor' && !hostile) continue; // opaque: only next_cursor values are valid
    if (hostile && rng.chance(0.5)) out.push([p.name, rng.pick([...HOSTILE_STRINGS.slice(0, 20), '0', '101', '-5', '1.5', '1e3', '99999999999999999999', 'true', '[]'])]);
    else {
      const v = validValue(p.schema, rng, 0, p.name);
      for (const item of Array.isArray(v) ? v : [v]) out.push([p.name, typeof item === 'string' ? item : JSON.stringify(item)]);
    }
  }
  if (hostile && rng.chance(0.3)) out.push([rng.pick(['unknown', '__proto__', 'limit', 'cursor']), rng.pick(['1', 'a\u0000', '\ud800'])]);
  return out;
}

/** Generation bodies run mostly asynchronously, so a valid request costs a queued task, not a whole agent run. */
function tame(op: Operation, body: Json): Json {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const props = op.body?.['application/json']?.properties ?? {};
    const b: Record<string, Json> = { ...body };
    if ('async' in props) b.async = true;
    if ('webhook_url' in b) delete b.webhook_url;
    return b;
  }
  return body;
}

function multipartFor(op: Operation, rng: Rng, hostile: boolean): { payload: Buffer; headers: Record<string, string>; kind: string } {
  const schema = op.body!['multipart/form-data'];
  const fields = Object.entries((validValue(schema, rng) ?? {}) as Record<string, Json>).filter(([k]) => k !== 'file').map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
  const isImage = op.path.includes('/images');
  const good: FormPart = isImage ? { name: 'file', filename: 'pic.png', data: png(4, 4), contentType: 'image/png' } : { name: 'file', filename: 'notes.txt', data: Buffer.from('Plain notes for the fuzz suite.\n'), contentType: 'text/plain' };
  if (!hostile) return { ...multipartBody([good, ...fields]), kind: 'valid upload' };
  const c = rng.pick(uploadCases(rng));
  if (c.raw) return { payload: c.raw.payload, headers: c.raw.headers, kind: `upload: ${c.name}` };
  const parts: FormPart[] = [{ name: 'file', filename: c.filename ?? good.filename, data: c.data ?? good.data, contentType: c.contentType }, ...fields, ...(c.fields ?? [])];
  return { ...multipartBody(parts), kind: `upload: ${c.name}` };
}

interface Built { opts: InjectOptions; kind: string; expect?: (status: number) => string | null }

export function buildCase(op: Operation, fx: OrgFixture, rng: Rng, iteration: number): Built {
  const kinds = ['valid', 'valid', 'body', 'body', 'body', 'params', 'auth', 'content_type'] as const;
  let kind: string = kinds[iteration % kinds.length];
  if ((kind === 'body' || kind === 'content_type') && !op.body) kind = rng.pick(['valid', 'params']);
  const hostileParams = kind === 'params';
  const path: Record<string, string> = {};
  for (const p of op.params.filter((x) => x.in === 'path')) path[p.name] = pathParamValue(op, p.name, fx, rng, hostileParams && rng.chance(0.7));
  const url = urlOf(op, path, queryOf(op, rng, hostileParams));
  const headers: Record<string, string> = { ...authHeaders(op, fx, rng) };
  let payload: string | Buffer | undefined;
  let expect: Built['expect'];
  if (kind === 'auth' && op.auth !== 'none') {
    const [name, h] = rng.pick(BAD_AUTH);
    kind = `auth: ${name}`;
    delete headers['x-api-key'];
    delete headers.authorization;
    Object.assign(headers, h);
    expect = (s) => (s === 401 ? null : `expected 401 for ${name}, got ${s}`);
  }
  if (op.body?.['application/json']) {
    const schema = op.body['application/json'];
    const valid = tame(op, validValue(schema, rng));
    if (kind === 'body') {
      const m = mutateJson(valid, schema, rng);
      kind = `body: ${m.kind}`;
      payload = m.raw;
      if (['deep_nesting', 'truncated'].includes(m.kind) || (m.kind === 'many_keys' && m.raw.length > 600_000)) expect = (s) => (s === 400 || s === 413 || (s === 401 && op.auth === 'edit_token') ? null : `expected 400 for ${m.kind}, got ${s}`);
    } else payload = JSON.stringify(valid);
    headers['content-type'] = 'application/json';
    if (kind === 'content_type') {
      const ct = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '']);
      kind = `content-type: ${ct || 'none'}`;
      if (ct) headers['content-type'] = ct; else delete headers['content-type'];
    }
  } else if (op.body?.['multipart/form-data']) {
    const m = multipartFor(op, rng, kind === 'body' || kind === 'content_type');
    kind = m.kind;
    payload = m.payload;
    Object.assign(headers, m.headers);
  }
  return { opts: { method: op.method as InjectOptions['method'], url, headers, payload }, kind, expect };
}

function describeRequest(opts: InjectOptions): string {
  const body = opts.payload === undefined ? '' : Buffer.isBuffer(opts.payload) ? `<${opts.payload.length} bytes>` : String(opts.payload).slice(0, 160);
  return `${opts.method} ${String(opts.url).slice(0, 200)} ${JSON.stringify(opts.headers ?? {}).slice(0, 160)} ${body}`;
}

export async function send(t: TestApp, op: Operation, built: Built, checker: ResponseChecker, stats: FuzzStats): Promise<Reply> {
  const res = await t.inject(built.opts);
  const reply: Reply = { statusCode: res.statusCode, headers: res.headers as Record<string, unknown>, body: res.body };
  stats.sent++;
  const entry = stats.byOp.get(op.id) ?? { sent: 0, statuses: {} };
  entry.sent++;
  entry.statuses[res.statusCode] = (entry.statuses[res.statusCode] ?? 0) + 1;
  stats.byOp.set(op.id, entry);
  if (built.kind.startsWith('valid') && (res.statusCode === 400 || res.statusCode === 422)) stats.refusedValid.push(`${op.id} ${res.statusCode} ${res.body.slice(0, 300)} <- ${describeRequest(built.opts)}`);
  const problems = checker.check(op, reply);
  const expected = built.expect?.(res.statusCode);
  if (expected) problems.push(expected);
  if (problems.length) stats.failures.push({ op: op.id, kind: built.kind, status: res.statusCode, problems, request: describeRequest(built.opts), requestId: String(res.headers['x-request-id'] ?? '') });
  return reply;
}

export function newStats(): FuzzStats {
  return { sent: 0, byOp: new Map(), failures: [], refusedValid: [] };
}

/** Requests and statuses by operation, then each distinct failure with its request and request id. */
export function report(stats: FuzzStats): string {
  const lines = [`requests sent: ${stats.sent}; operations: ${stats.byOp.size}; failures: ${stats.failures.length}`];
  for (const [op, e] of [...stats.byOp.entries()].sort()) lines.push(`  ${String(e.sent).padStart(6)}  ${op}  ${JSON.stringify(e.statuses)}`);
  if (process.env.FOLIO_FUZZ_VERBOSE) for (const r of stats.refusedValid) lines.push(`refused valid: ${r}`);
  const seen = new Set<string>();
  for (const f of stats.failures) {
    const key = `${f.op} ${f.status} ${f.problems[0]?.slice(0, 80)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`FAIL ${f.op} [${f.kind}] ${f.status} ${f.problems.join(' | ').slice(0, 500)}\n     request: ${f.request}\n     request id: ${f.requestId}`);
  }
  return lines.join('\n');
}
