// A real S3-protocol server (s3rver) on a random loopback port with a temp directory, for the S3 blob
// store and the HTTP flows on S3. Nothing of Folio's own code is mocked.
//
// s3rver checks the expiry of presigned (SigV4 query) URLs but not their signature, so tampered links
// would pass. A small front on another loopback port verifies presigned GET signatures the way S3 does
// (AWS Signature Version 4, query form) before passing every request through to s3rver.
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config.ts';
import { forward } from './http-forward.ts';

const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** FOLIO_S3_* settings pointing Folio at this server. */
  env: Record<string, string>;
  config: S3Config;
  client: S3Client;
  /** Object keys in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Whether a presigned URL's X-Amz-Signature matches its method, path, query and host (SigV4, UNSIGNED-PAYLOAD). */
export function presignedSignatureValid(method: string, rawUrl: string, host: string): boolean {
  const [rawPath, rawQuery = ''] = rawUrl.split('?');
  const pairs = rawQuery.split('&').filter(Boolean).map((p) => {
    const i = p.indexOf('=');
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
    return i < 0 ? [dec(p), ''] : [dec(p.slice(0, i)), dec(p.slice(i + 1))];
  });
  const q = Object.fromEntries(pairs);
  const given = q['X-Amz-Signature'];
  const credential = q['X-Amz-Credential'];
  const amzDate = q['X-Amz-Date'];
  if (!given || !credential || !amzDate || q['X-Amz-SignedHeaders'] !== 'host') return false;
  const [, date, region, service] = credential.split('/');
  const canonicalQuery = pairs
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [method, rawPath, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date), region), service), 'aws4_request');
  return hmac(key, toSign).toString('hex') === given;
}

function startVerifyingFront(upstreamPort: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (/[?&]X-Amz-Algorithm=/.test(req.url ?? '') && !presignedSignatureValid(req.method!, req.url!, req.headers.host ?? '')) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>');
      req.resume();
      return;
    }
    forward(req, res, upstreamPort);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function startS3(bucket = 'folio-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port: upstreamPort } = await s3rver.run();
  const front = await startVerifyingFront(upstreamPort);
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const config: S3Config = {
    bucket,
    endpoint,
    publicEndpoint: null,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    forcePathStyle: true,
    prefix: '',
  };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: config.credentials! });
  return {
    endpoint,
    bucket,
    config,
    client,
    env: {
      FOLIO_S3_BUCKET: bucket,
      FOLIO_S3_ENDPOINT: endpoint,
      FOLIO_S3_REGION: 'us-east-1',
      FOLIO_S3_ACCESS_KEY_ID: ACCESS_KEY,
      FOLIO_S3_SECRET_ACCESS_KEY: SECRET_KEY,
      FOLIO_S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      client.destroy();
      front.closeAllConnections();
      await new Promise((r) => front.close(r));
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
