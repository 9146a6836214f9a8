// A reference for bench/llm-invoke.bench.ts, never part of Folio: the least a Node process can do to
// relay the bench's call. node:http in, the same OpenAI Responses request out over a keep-alive
// node:http agent, the answer's text back as text/plain. No auth, rate limit, credits, usage record,
// validation or framework. Measured in the same rounds as Folio and the direct provider, it shows what
// the machine itself charges for one more process and two more loopback hops per call.
//
//   node bench/bare-llm-proxy.ts <provider base URL>   (prints "listening <url>")
import http from 'node:http';

const target = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 65_000 });

function relay(body: string, res: http.ServerResponse): void {
  const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
  const out = JSON.stringify({ model: 'gpt-4.1', input: messages.map((m) => ({ role: m.role, content: [{ type: 'input_text', text: m.content }] })) });
  const upstream = http.request({
    host: target.hostname, port: target.port, path: `${target.pathname.replace(/\/$/, '')}/responses`, method: 'POST', agent,
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench', 'content-length': Buffer.byteLength(out) },
  }, (answer) => {
    let text = '';
    answer.setEncoding('utf8');
    answer.on('data', (d: string) => { text += d; });
    answer.on('end', () => {
      const parsed = JSON.parse(text) as { output: { content?: { text?: string }[] }[] };
      const reply = parsed.output.flatMap((o) => o.content ?? []).map((c) => c.text ?? '').join('');
      res.writeHead(answer.statusCode ?? 502, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(reply) });
      res.end(reply);
    });
  });
  upstream.on('error', () => { res.writeHead(502).end(); });
  upstream.end(out);
}

const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d: string) => { body += d; });
  req.on('end', () => {
    try {
      relay(body, res);
    } catch {
      res.writeHead(400).end();
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as import('node:net').AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
