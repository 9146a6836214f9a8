// The outbound URL guard: address classification (IPv4, IPv6, IPv4 embedded in IPv6), resolution of
// every answer, pinning against DNS rebinding, and redirects re-checked hop by hop.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddressReason, embeddedIpv4 } from './ip-ranges.ts';
import { OutboundError, OutboundGuard, type DnsLookup } from './outbound.ts';

describe('blockedAddressReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['10.1.2.3', 'private'], ['172.16.0.1', 'private'], ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'], ['169.254.169.254', 'link-local'], ['100.64.0.1', 'carrier-grade'], ['100.100.100.200', 'carrier-grade'],
    ['0.0.0.0', 'unspecified'], ['224.0.0.1', 'multicast'], ['255.255.255.255', 'broadcast'], ['168.63.129.16', 'metadata'],
    ['::1', 'loopback'], ['::', 'unspecified'], ['fe80::1', 'link-local'], ['fd00:ec2::254', 'unique-local'], ['fc00::1', 'unique-local'],
    ['ff02::1', 'multicast'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'], ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'], ['64:ff9b::a9fe:a9fe', 'link-local'], ['2002:7f00:1::', 'loopback'], ['::127.0.0.1', 'loopback'],
    ['2001:db8::1', 'documentation'], ['not-an-ip', 'not an IP'],
  ])('refuses %s (%s)', (address, why) => {
    expect(blockedAddressReason(address)).toContain(why);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2a00:1450:4001::1'])('allows the public address %s', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });

  it('finds the IPv4 address inside mapped, NAT64 and 6to4 IPv6 addresses', () => {
    expect(embeddedIpv4('::ffff:192.168.0.1')).toBe('192.168.0.1');
    expect(embeddedIpv4('64:ff9b::c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2002:c0a8:0001::5')).toBe('192.168.0.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
  });
});

describe('OutboundGuard', () => {
  const lookupOf = (table: Record<string, string[]>, calls: string[] = []): DnsLookup => async (host) => {
    calls.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const refusal = (p: Promise<unknown> | (() => unknown)) => (typeof p === 'function' ? Promise.resolve().then(p) : p).then(() => null, (err) => err as OutboundError);

  it('refuses non-https URLs, private literals and names that resolve to private addresses', async () => {
    const guard = new OutboundGuard({ allowPrivate: false, lookup: lookupOf({ 'rebind.test': ['127.0.0.1'], 'mixed.test': ['93.184.216.34', '10.0.0.7'], 'v6.test': ['::ffff:169.254.169.254'] }) });
    for (const url of ['http://93.184.216.34/', 'ftp://example.com/', 'not a url', 'https://127.0.0.1/', 'https://[::1]/', 'https://[::ffff:7f00:1]:8443/', 'https://0x7f.1/', 'https://169.254.169.254/latest/meta-data/']) {
      const err = await refusal(() => guard.checkUrl(url));
      expect(err, url).toBeInstanceOf(OutboundError);
      expect(err!.kind, url).toBe('refused');
    }
    for (const [url, text] of [['https://rebind.test/hook', 'rebind.test resolves to 127.0.0.1'], ['https://mixed.test/', '10.0.0.7'], ['https://v6.test/', 'link-local']]) {
      const err = await refusal(guard.resolve(url));
      expect(err?.kind, url).toBe('refused');
      expect(err?.message, url).toContain(text);
    }
    expect((await refusal(guard.resolve('https://nowhere.test/')))?.kind).toBe('dns');
    await expect(guard.resolve('https://[2606:4700::1]:8443/x')).resolves.toMatchObject({ address: '2606:4700::1', family: 6 });
  });

  it('allows private targets and plain http when FOLIO_ALLOW_PRIVATE_URLS is set', async () => {
    const guard = new OutboundGuard({ allowPrivate: true, lookup: lookupOf({ 'local.test': ['127.0.0.1'] }) });
    await expect(guard.resolve('http://local.test:8080/hook')).resolves.toMatchObject({ address: '127.0.0.1', hostname: 'local.test' });
    expect((await refusal(() => guard.checkUrl('ftp://local.test/')))?.kind).toBe('refused');
  });

  describe('over HTTP (127.0.0.1 stands in for a public address; other loopback addresses stay private)', () => {
    let server: http.Server;
    let port: number;
    const hits: string[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        hits.push(`${req.method} ${req.url} ${req.headers.host}`);
        if (req.url === '/to-private') return void res.writeHead(302, { location: `http://127.0.0.2:${port}/secret` }).end();
        if (req.url === '/to-public') return void res.writeHead(307, { location: '/landing' }).end();
        if (req.url === '/big') return void res.end('x'.repeat(5000));
        res.end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));
    const onlyFirstLoopbackIsPublic = (address: string) => (address === '127.0.0.1' ? null : blockedAddressReason(address));

    it('pins the connection to the checked address: a second DNS answer is never used', async () => {
      const calls: string[] = [];
      let answers = 0;
      const rebinding: DnsLookup = async (host) => {
        calls.push(host);
        return [{ address: answers++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
      };
      const guard = new OutboundGuard({ allowPrivate: false, requireHttps: false, lookup: rebinding, blockedReason: onlyFirstLoopbackIsPublic });
      const res = await guard.request(`http://hooks.test:${port}/pinned`, { timeoutMs: 2000 });
      expect(res).toMatchObject({ status: 200, address: '127.0.0.1' });
      expect(res.body.toString()).toBe('ok');
      expect(calls).toEqual(['hooks.test']);
      expect(hits).toContain(`GET /pinned hooks.test:${port}`);
      // The next request resolves again, gets the private answer, and is refused before connecting.
      expect((await refusal(guard.request(`http://hooks.test:${port}/second`, { timeoutMs: 2000 })))?.kind).toBe('refused');
      expect(hits.some((h) => h.includes('/second'))).toBe(false);
    });

    it('does not follow redirects by default, and re-checks every hop when asked to follow', async () => {
      const guard = new OutboundGuard({ allowPrivate: false, requireHttps: false, lookup: lookupOf({}), blockedReason: onlyFirstLoopbackIsPublic });
      const plain = await guard.request(`http://127.0.0.1:${port}/to-private`, { method: 'POST', body: '{}', timeoutMs: 2000 });
      expect(plain.status).toBe(302);
      const err = await refusal(guard.request(`http://127.0.0.1:${port}/to-private`, { timeoutMs: 2000, maxRedirects: 3 }));
      expect(err?.kind).toBe('refused');
      expect(err?.message).toContain('127.0.0.2');
      expect(hits.some((h) => h.includes('/secret'))).toBe(false);
      const followed = await guard.request(`http://127.0.0.1:${port}/to-public`, { method: 'POST', body: '{}', timeoutMs: 2000, maxRedirects: 1 });
      expect(followed).toMatchObject({ status: 200, url: `http://127.0.0.1:${port}/landing` });
      expect(hits).toContain(`POST /landing 127.0.0.1:${port}`);
    });

    it('reads at most maxResponseBytes of the answer', async () => {
      const guard = new OutboundGuard({ allowPrivate: true });
      const res = await guard.request(`http://127.0.0.1:${port}/big`, { timeoutMs: 2000, maxResponseBytes: 1024 });
      expect(res.body.length).toBe(1024);
      expect(res.truncated).toBe(true);
    });
  });
});
