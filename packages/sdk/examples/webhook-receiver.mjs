// A webhook receiver that checks Folio's signature on the raw body before trusting the event.
//   FOLIO_WEBHOOK_SECRET=whsec_... node examples/webhook-receiver.mjs
import http from 'node:http';
import { verifyWebhook, FolioError } from '@folio/sdk';

http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    try {
      const event = await verifyWebhook(Buffer.concat(chunks), req.headers, process.env.FOLIO_WEBHOOK_SECRET);
      console.log(event.event, event.run_id);
      res.writeHead(200).end('ok');
    } catch (err) {
      res.writeHead(err instanceof FolioError ? 400 : 500).end();
    }
  });
}).listen(8787, () => console.log('listening on http://localhost:8787'));
