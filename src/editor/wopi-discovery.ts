// The WOPI client's discovery document (Collabora Online / CODE, ONLYOFFICE Docs, Office Online Server):
// which URL opens a file type in its editor, and the public keys its requests are signed with. Read from
// FOLIO_WOPI_DISCOVERY_URL on first use and kept for an hour; a proof that fails to verify re-reads it
// once, since clients rotate keys (the old key stays published for a while as `oldvalue`). Such forced
// re-reads happen at most once a minute, so requests with bad proofs cannot hammer the client.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors } from '../errors.ts';

export interface ProofKeys {
  current: KeyObject;
  old: KeyObject | null;
}

interface Action {
  app: string;
  name: string;
  ext: string;
  urlsrc: string;
}

export interface Discovery {
  actions: Action[];
  /** null: the client publishes no proof keys, so there is nothing to verify. */
  proofKeys: ProofKeys | null;
  /** Origin of the client's pages (for the edit page's frame-src). */
  origins: string[];
}

const TTL_MS = 3_600_000;
const FETCH_TIMEOUT_MS = 10_000;
const MIN_REFRESH_INTERVAL_MS = 60_000;

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** An RSA public key from the discovery's base64 big-endian modulus and exponent. */
function rsaKey(modulus: string | undefined, exponent: string | undefined): KeyObject | null {
  if (!modulus || !exponent) return null;
  const b64url = (b64: string) => Buffer.from(b64, 'base64').toString('base64url');
  return createPublicKey({ key: { kty: 'RSA', n: b64url(modulus), e: b64url(exponent) }, format: 'jwk' });
}

/**
 * An RSA public key from the discovery's `value`: a base64 Windows CryptoAPI PUBLICKEYBLOB (BLOBHEADER,
 * RSAPUBKEY with magic "RSA1", bit length and exponent, then the modulus little-endian).
 */
function cspBlobKey(value: string | undefined): KeyObject | null {
  if (!value) return null;
  const b = Buffer.from(value, 'base64');
  if (b.length < 20 || b[0] !== 0x06 || b.readUInt32LE(8) !== 0x31415352) return null;
  const bits = b.readUInt32LE(12);
  if (bits === 0 || bits % 8 !== 0 || b.length < 20 + bits / 8) return null;
  const n = Buffer.from(b.subarray(20, 20 + bits / 8)).reverse();
  const e = Buffer.from(b.readUInt32LE(16).toString(16).padStart(8, '0'), 'hex');
  const firstNonZero = e.findIndex((x) => x !== 0);
  return createPublicKey({ key: { kty: 'RSA', n: n.toString('base64url'), e: e.subarray(Math.max(firstNonZero, 0)).toString('base64url') }, format: 'jwk' });
}

function readKey(modulus: string | undefined, exponent: string | undefined, value: string | undefined): KeyObject | null {
  try {
    return rsaKey(modulus, exponent) ?? cspBlobKey(value);
  } catch {
    return null;
  }
}

/** Reads a discovery document; fast-xml-parser is imported with the first one (WOPI is off by default). */
export async function parseDiscovery(xml: string): Promise<Discovery> {
  const { XMLParser } = await import('fast-xml-parser');
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', processEntities: true, allowBooleanAttributes: true });
  const root = parser.parse(xml)?.['wopi-discovery'];
  if (!root) throw new Error('not a WOPI discovery document (no <wopi-discovery> root)');
  const actions: Action[] = [];
  for (const zone of asArray<any>(root['net-zone'])) {
    for (const app of asArray<any>(zone.app)) {
      for (const a of asArray<any>(app.action)) {
        if (a?.urlsrc) actions.push({ app: String(app.name ?? ''), name: String(a.name ?? ''), ext: String(a.ext ?? '').toLowerCase(), urlsrc: String(a.urlsrc) });
      }
    }
  }
  const pk = root['proof-key'];
  const current = pk ? readKey(pk.modulus, pk.exponent, pk.value) : null;
  // A client that publishes proof keys expects them checked: one Folio cannot read fails closed.
  if (pk && !current) throw new Error('the discovery document has a <proof-key> that is neither modulus/exponent nor a PUBLICKEYBLOB value');
  const origins = [...new Set(actions.map((a) => { try { return new URL(a.urlsrc).origin; } catch { return null; } }).filter((o): o is string => o !== null))];
  return { actions, proofKeys: current ? { current, old: readKey(pk.oldmodulus, pk.oldexponent, pk.oldvalue) } : null, origins };
}

/** The editor URL for a file extension, with the client's optional `<name=VALUE&>` placeholders dropped and WOPISrc added. */
export function actionUrl(discovery: Discovery, ext: string, mime: string, wopiSrc: string): string | null {
  const pick = (name: string) =>
    discovery.actions.find((a) => a.name === name && a.ext === ext) ??
    discovery.actions.find((a) => a.name === name && a.app === mime);
  const action = pick('edit') ?? pick('view');
  if (!action) return null;
  let url = action.urlsrc.replace(/<[^>]*>/g, '');
  url += url.endsWith('?') || url.endsWith('&') ? '' : url.includes('?') ? '&' : '?';
  return `${url}WOPISrc=${encodeURIComponent(wopiSrc)}`;
}

export class WopiDiscovery {
  readonly url: string;
  private readonly fetchImpl: typeof fetch;
  private cached: { at: number; value: Discovery } | null = null;
  private inflight: Promise<Discovery> | null = null;
  private lastForcedRefresh = -Infinity;

  constructor(url: string, fetchImpl: typeof fetch = fetch) {
    this.url = url;
    this.fetchImpl = fetchImpl;
  }

  /**
   * The discovery document (cached); 502 `upstream_error` when the client cannot be reached. `refresh`
   * re-reads a cached document, unless it was already force-refreshed within the last minute.
   */
  async get(refresh = false): Promise<Discovery> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < TTL_MS) {
      if (!refresh || now - this.lastForcedRefresh < MIN_REFRESH_INTERVAL_MS) return this.cached.value;
      this.lastForcedRefresh = now;
    }
    this.inflight ??= this.load().finally(() => { this.inflight = null; });
    return this.inflight;
  }

  private async load(): Promise<Discovery> {
    try {
      const res = await this.fetchImpl(this.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const value = await parseDiscovery(await res.text());
      this.cached = { at: Date.now(), value };
      return value;
    } catch (err) {
      throw errors.upstream(`The WOPI client's discovery document (${this.url}) could not be read: ${(err as Error).message}.`, err);
    }
  }
}
