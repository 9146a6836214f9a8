// WOPI proof keys: a WOPI client signs every request it makes (X-WOPI-Proof with its current key and
// X-WOPI-ProofOld with its previous one) over the access token, the full request URL in upper case and
// X-WOPI-TimeStamp (.NET ticks). A request is genuine when the proof verifies with the current key, the
// old proof with the current key, or the proof with the old key (keys rotate without breaking sessions);
// and it is fresh when the timestamp is at most 20 minutes old.
import { verify as verifySignature, type KeyObject } from 'node:crypto';
import type { ProofKeys } from './wopi-discovery.ts';

const TICKS_AT_UNIX_EPOCH = 621_355_968_000_000_000n;
const MAX_AGE_MS = 20 * 60_000;

export const unixMsToTicks = (ms: number) => BigInt(ms) * 10_000n + TICKS_AT_UNIX_EPOCH;
export const ticksToUnixMs = (ticks: bigint) => Number((ticks - TICKS_AT_UNIX_EPOCH) / 10_000n);

function lengthPrefixed(bytes: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

/** The bytes a proof signs. */
export function proofPayload(accessToken: string, url: string, ticks: bigint): Buffer {
  const stamp = Buffer.alloc(8);
  stamp.writeBigInt64BE(ticks);
  return Buffer.concat([lengthPrefixed(Buffer.from(accessToken, 'utf8')), lengthPrefixed(Buffer.from(url.toUpperCase(), 'utf8')), lengthPrefixed(stamp)]);
}

export interface ProofHeaders {
  proof: string | undefined;
  proofOld: string | undefined;
  timestamp: string | undefined;
}

export type ProofVerdict = 'ok' | 'missing' | 'stale' | 'invalid';

function checks(payload: Buffer, signature: string | undefined, key: KeyObject | null): boolean {
  if (!signature || !key) return false;
  try {
    return verifySignature('RSA-SHA256', payload, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export function verifyProof(keys: ProofKeys, accessToken: string, url: string, h: ProofHeaders, now = Date.now()): ProofVerdict {
  if (!h.proof || !h.timestamp || !/^\d{1,20}$/.test(h.timestamp)) return 'missing';
  const ticks = BigInt(h.timestamp);
  const age = now - ticksToUnixMs(ticks);
  if (age > MAX_AGE_MS || age < -MAX_AGE_MS) return 'stale';
  const payload = proofPayload(accessToken, url, ticks);
  const genuine = checks(payload, h.proof, keys.current) || checks(payload, h.proofOld, keys.current) || checks(payload, h.proof, keys.old);
  return genuine ? 'ok' : 'invalid';
}
