import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseDiscovery } from './wopi-discovery.ts';

/** A key as Office Online and Collabora publish it in `value`: a CryptoAPI PUBLICKEYBLOB, base64. */
function cspBlob(key: KeyObject): string {
  const jwk = key.export({ format: 'jwk' });
  const n = Buffer.from(jwk.n!, 'base64url');
  const e = Buffer.from(jwk.e!, 'base64url');
  const head = Buffer.alloc(20);
  head.writeUInt8(0x06, 0); head.writeUInt8(0x02, 1); head.writeUInt32LE(0x0000a400, 4);
  head.writeUInt32LE(0x31415352, 8); head.writeUInt32LE(n.length * 8, 12); head.writeUInt32LE(e.readUIntBE(0, e.length), 16);
  return Buffer.concat([head, Buffer.from(n).reverse()]).toString('base64');
}

const xml = (proofKey: string) => `<?xml version="1.0"?><wopi-discovery><net-zone name="external-http">
<app name="application/vnd.openxmlformats-officedocument.wordprocessingml.document"><action name="edit" ext="docx" urlsrc="http://code.test/cool.html?"/></app>
</net-zone>${proofKey}</wopi-discovery>`;

describe('parseDiscovery proof keys', () => {
  const current = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  const old = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  const same = (a: KeyObject | null, b: KeyObject) => a?.export({ format: 'jwk' }).n === b.export({ format: 'jwk' }).n;

  it('reads keys published only as PUBLICKEYBLOB values', async () => {
    const d = await parseDiscovery(xml(`<proof-key value="${cspBlob(current)}" oldvalue="${cspBlob(old)}"/>`));
    expect(same(d.proofKeys!.current, current)).toBe(true);
    expect(same(d.proofKeys!.old, old)).toBe(true);
    expect(d.proofKeys!.current.export({ format: 'jwk' }).e).toBe(current.export({ format: 'jwk' }).e);
  });

  it('prefers modulus and exponent, and has no proof keys when the client publishes none', async () => {
    const jwk = current.export({ format: 'jwk' });
    const b64 = (s: string) => Buffer.from(s, 'base64url').toString('base64');
    const d = await parseDiscovery(xml(`<proof-key value="garbage" modulus="${b64(jwk.n!)}" exponent="${b64(jwk.e!)}"/>`));
    expect(same(d.proofKeys!.current, current)).toBe(true);
    expect(d.proofKeys!.old).toBeNull();
    expect((await parseDiscovery(xml(''))).proofKeys).toBeNull();
  });

  it('fails closed on a proof key it cannot read, rather than skipping verification', async () => {
    await expect(parseDiscovery(xml('<proof-key value="bm90IGEga2V5"/>'))).rejects.toThrow(/proof-key/);
  });
});
