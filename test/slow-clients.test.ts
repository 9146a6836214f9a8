// Slow and short bodies: a body that stops arriving is answered 408 and its connection closed within
// FOLIO_BODY_TIMEOUT_MS; headers have their own, shorter limit (FOLIO_HEADERS_TIMEOUT_MS). A body that
// keeps arriving slowly, and a request whose answer takes long, are not cut. Raw sockets on a real port.
import http from 'node:http';
import net from 'node:net';
import v8 from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { scriptedAgents } from './helpers/scripted-agent.ts';
import { withRuns } from './helpers/runs.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp(withRuns({}), { listen: true, agents: scriptedAgents(), env: { FOLIO_BODY_TIMEOUT_MS: '600', FOLIO_HEADERS_TIMEOUT_MS: '400' } });
  port = Number(new URL(t.url!).port);
});
afterAll(async () => t?.close());

/** Opens a socket, runs `send` on it, and resolves with everything the server wrote until it closed. */
function exchange(send: (s: net.Socket) => void, giveUpMs = 8000): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const s = net.connect(port, '127.0.0.1');
    let text = '';
    s.on('data', (d) => { text += d.toString('utf8'); });
    s.on('error', () => {});
    s.on('close', () => { clearTimeout(timer); resolve({ text, closedAfterMs: Date.now() - started }); });
    const timer = setTimeout(() => { s.destroy(); reject(new Error(`the server kept the connection open for ${giveUpMs} ms; got: ${text}`)); }, giveUpMs);
    s.on('connect', () => send(s));
  });
}

describe('a body shorter than its Content-Length', () => {
  it('declares 100 bytes, sends 10: 408 request_timeout and the connection closed', async () => {
    const org = await t.signup();
    const { text, closedAfterMs } = await exchange((s) => {
      s.write(`POST /api/v1/word/generate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${org.secret}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"prompt":`);
    });
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ success: false, error: 'request_timeout' });
    expect(body.message).toMatch(/stopped arriving/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(550);
    expect(closedAfterMs).toBeLessThan(6000); // 10x the limit, for a loaded machine; still well before exchange() gives up
  });

  it('an upload that stalls midway is cut the same way', async () => {
    const org = await t.signup();
    const { text } = await exchange((s) => {
      s.write(`POST /api/v1/files HTTP/1.1\r\nHost: x\r\nX-API-Key: ${org.secret}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello`);
    });
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('headers that stop arriving', () => {
  it('get 408 from their own, shorter limit', async () => {
    const { text, closedAfterMs } = await exchange((s) => s.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(4000); // 10x the header limit, for a loaded machine
  });
});

describe('what is not cut', () => {
  it('a body that keeps arriving slowly, over several body timeouts', async () => {
    const org = await t.signup();
    const payload = Buffer.from(JSON.stringify({ prompt: 'slow but steady', async: true }));
    const { text } = await exchange((s) => {
      s.write(`POST /api/v1/excel/generate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${org.secret}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${payload.length}\r\n\r\n`);
      let i = 0;
      const chunk = Math.ceil(payload.length / 8);
      const tick = setInterval(() => {
        s.write(payload.subarray(i, i + chunk));
        i += chunk;
        if (i >= payload.length) clearInterval(tick);
      }, 300); // 8 x 300 ms = 2.4 s in all, four times the body timeout
    });
    expect(text).toMatch(/^HTTP\/1\.1 202 /);
  });

  it('a synchronous call whose answer takes longer than the body timeout', async () => {
    const org = await t.signup();
    const payload = JSON.stringify({ prompt: JSON.stringify({ sleep_ms: 1500 }) });
    const { text } = await exchange((s) => {
      s.write(`POST /api/v1/word/generate HTTP/1.1\r\nHost: x\r\nX-API-Key: ${org.secret}\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`);
    });
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('what is not kept', () => {
  // The body watch used to hold every request with a body until its next sweep (each second with the
  // default FOLIO_BODY_TIMEOUT_MS): at an LLM gateway's rate, thousands of answered requests that
  // outlived young-generation collections. v8.queryObjects runs a full GC, so only live objects count.
  it('an answered request with a body is not held by the body watch', async () => {
    const app = await startTestApp({}, { listen: true });
    try {
      const url = `${app.url}/api/v1/llm/invoke`;
      const live = () => v8.queryObjects(http.ServerResponse, { format: 'count' }) as number;
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.arrayBuffer());
      const before = live();
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }) })));
        for (const a of answers) { expect(a.status).toBe(401); await a.arrayBuffer(); }
      }
      expect(live() - before).toBeLessThanOrEqual(2);
    } finally {
      await app.close();
    }
  });
});
