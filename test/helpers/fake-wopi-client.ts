// A WOPI client (Collabora Online / CODE or ONLYOFFICE Docs) as Folio sees it: an HTTP server publishing
// a discovery document (editor URLs per file type and its RSA proof keys, encoded the way those clients
// encode them), and the proof headers such a client signs its WOPI requests with. Written from the WOPI
// proof-key spec, independently of src/editor/wopi-proof.ts, so the two can catch each other out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

export interface RsaPair { privateKey: KeyObject; publicKey: KeyObject }

export const rsaPair = (): RsaPair => generateKeyPairSync('rsa', { modulusLength: 2048 });

/** The `value` (a CryptoAPI PUBLICKEYBLOB, base64), `modulus` and `exponent` (big-endian, base64) of a discovery proof key. */
export function proofKeyAttributes(pair: RsaPair): { value: string; modulus: string; exponent: string } {
  const jwk = pair.publicKey.export({ format: 'jwk' });
  const n = Buffer.from(jwk.n!, 'base64url');
  const e = Buffer.from(jwk.e!, 'base64url');
  const header = Buffer.alloc(20);
  header.writeUInt8(0x06, 0); // PUBLICKEYBLOB
  header.writeUInt8(0x02, 1); // CUR_BLOB_VERSION
  header.writeUInt32LE(0x0000a400, 4); // CALG_RSA_KEYX
  header.write('RSA1', 8, 'ascii');
  header.writeUInt32LE(n.length * 8, 12);
  header.writeUInt32LE(e.readUIntBE(0, e.length), 16);
  return { value: Buffer.concat([header, Buffer.from(n).reverse()]).toString('base64'), modulus: n.toString('base64'), exponent: e.toString('base64') };
}

/** .NET ticks (100 ns since 0001-01-01) of a Unix time in ms, as X-WOPI-TimeStamp carries them. */
export const ticksOf = (ms: number): bigint => BigInt(ms) * 10_000n + 621_355_968_000_000_000n;

/** X-WOPI-Proof: RSA-SHA256 over the length-prefixed token, upper-cased absolute URL and 8-byte big-endian timestamp. */
export function signProof(key: RsaPair, accessToken: string, url: string, ticks: bigint): string {
  const token = Buffer.from(accessToken, 'utf8');
  const u = Buffer.from(url.toUpperCase(), 'utf8');
  const parts: Buffer[] = [];
  for (const bytes of [token, u]) {
    const len = Buffer.alloc(4);
    len.writeInt32BE(bytes.length);
    parts.push(len, bytes);
  }
  const stamp = Buffer.alloc(12);
  stamp.writeInt32BE(8, 0);
  stamp.writeBigInt64BE(ticks, 4);
  parts.push(stamp);
  return sign('RSA-SHA256', Buffer.concat(parts), key.privateKey).toString('base64');
}

export type ClientStyle = 'collabora' | 'onlyoffice';
export type DiscoveryMode = 'ok' | 'http-500' | 'not-discovery' | 'no-proof-keys';

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class FakeWopiClient {
  readonly style: ClientStyle;
  private server: http.Server | null = null;
  origin = '';
  /** How many times the discovery document was requested. */
  hits = 0;
  mode: DiscoveryMode = 'ok';
  current: RsaPair;
  old: RsaPair;

  constructor(style: ClientStyle, keys: { current: RsaPair; old: RsaPair }) {
    this.style = style;
    this.current = keys.current;
    this.old = keys.old;
  }

  get discoveryUrl(): string {
    return `${this.origin}/hosting/discovery`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      if (req.url !== '/hosting/discovery') return void res.writeHead(404).end();
      this.hits++;
      if (this.mode === 'http-500') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('coolwsd is starting');
      if (this.mode === 'not-discovery') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome to nginx!</body></html>');
      res.writeHead(200, { 'content-type': 'text/xml' }).end(this.discoveryXml());
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The client's key rotation: a new current key, the previous current key published as the old one. */
  rotate(): RsaPair {
    this.old = this.current;
    this.current = rsaPair();
    return this.current;
  }

  /** The editor URL (urlsrc) the client publishes for a file extension, as it appears after XML decoding. */
  urlsrc(ext: 'docx' | 'xlsx' | 'pptx'): string {
    if (this.style === 'collabora') return `${this.origin}/browser/5e3b1a9/cool.html?`;
    const app = { docx: 'word', xlsx: 'cell', pptx: 'slide' }[ext];
    return `${this.origin}/hosting/wopi/${app}/edit?&<rs=DC_LLCC&><dchat=DISABLE_CHAT&><embed=EMBEDDED&><fs=FULLSCREEN&><ui=UI_LLCC&><wopisrc=WOPI_SOURCE&>&`;
  }

  discoveryXml(): string {
    const c = proofKeyAttributes(this.current);
    const o = proofKeyAttributes(this.old);
    const proofKey = this.mode === 'no-proof-keys' ? '' :
      `  <proof-key oldvalue="${o.value}" oldmodulus="${o.modulus}" oldexponent="${o.exponent}" value="${c.value}" modulus="${c.modulus}" exponent="${c.exponent}"/>\n`;
    const action = (name: string, ext: string, url: string, extra = '') => `      <action name="${name}" ext="${ext}"${extra} urlsrc="${xmlAttr(url)}"/>\n`;
    let apps: string;
    if (this.style === 'collabora') {
      // Collabora: one app per MIME type, plus view-only types and its capabilities endpoint.
      const mime = {
        docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      } as const;
      apps = `    <app name="application/vnd.oasis.opendocument.text">\n${action('edit', 'odt', this.urlsrc('docx'))}    </app>\n` +
        (['docx', 'xlsx', 'pptx'] as const).map((ext) => `    <app name="${mime[ext]}">\n${action('edit', ext, this.urlsrc(ext), ' default="true"')}    </app>\n`).join('') +
        `    <app name="application/pdf">\n${action('view', 'pdf', this.urlsrc('docx'))}    </app>\n` +
        `    <app name="Capabilities">\n${action('getinfo', '', `${this.origin}/hosting/capabilities`)}    </app>\n`;
    } else {
      // ONLYOFFICE: Word / Excel / PowerPoint apps, the view actions listed before the edit ones.
      const names = { docx: 'Word', xlsx: 'Excel', pptx: 'PowerPoint' } as const;
      apps = (['docx', 'xlsx', 'pptx'] as const).map((ext) => {
        const view = this.urlsrc(ext).replace('/edit?', '/view?');
        return `    <app name="${names[ext]}" favIconUrl="${this.origin}/web-apps/apps/documenteditor/main/resources/img/favicon.ico">\n` +
          action('view', ext, view) + action('embedview', ext, view) + action('edit', ext, this.urlsrc(ext), ' requires="locks,update"') + action('mobileEdit', ext, this.urlsrc(ext)) +
          '    </app>\n';
      }).join('');
    }
    return `<?xml version="1.0" encoding="utf-8"?>\n<wopi-discovery>\n  <net-zone name="external-http">\n${apps}  </net-zone>\n${proofKey}</wopi-discovery>\n`;
  }

  /** A port nothing listens on any more: the client is down. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
