// Drop-in compatibility (issue 32), files and conversion: `purpose: "reference"` on POST /files; the
// convert target as the form field `format` in multipart/form-data or x-www-form-urlencoded bodies
// (JSON kept); the response's `file_id`, `source_format`, `format`, `download_url`, `expires_at`
// (beside `download_url_expires_at`); and 400 invalid_request listing the valid targets for an
// unsupported pair.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { key } from '../helpers/runs.ts';
import { fileParts, upload } from '../helpers/storage.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { makeDocx, makeXlsx } from '../helpers/office-fixtures.ts';
import { fetchBytes } from '../helpers/export.ts';

let t: TestApp;
let org: { secret: string; org_id: string };
let docx: string;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.signup();
  const res = await upload(t, org.secret, '/api/v1/files', fileParts('Board memo.docx', await makeDocx({ title: 'Board memo' }), { purpose: 'reference' }));
  expect(res.statusCode, res.body).toBe(201);
  docx = res.json().file_id;
});
afterAll(async () => t?.close());

const convert = (fileId: string, payload: string | Buffer | Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url: `/api/v1/files/${fileId}/convert`, headers: { ...key(org.secret), ...headers }, payload });

describe('POST /files purpose "reference"', () => {
  it('stores the file with purpose reference, lists it under that filter, and refuses unknown purposes', async () => {
    const read = (await t.inject({ method: 'GET', url: `/api/v1/files/${docx}`, headers: key(org.secret) })).json();
    expect(read).toMatchObject({ file_id: docx, purpose: 'reference' });
    const listed = (await t.inject({ method: 'GET', url: '/api/v1/files?purpose=reference', headers: key(org.secret) })).json();
    expect(listed.items.map((f: any) => f.file_id)).toEqual([docx]);
    const bad = await upload(t, org.secret, '/api/v1/files', fileParts('a.txt', Buffer.from('x'), { purpose: 'references' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'purpose']);
  });
});

describe('POST /files/{file_id}/convert', () => {
  it('takes format as a multipart form field, answering the documented fields beside Folio\'s', async () => {
    const form = multipartBody([{ name: 'format', value: 'txt' }]);
    const res = await convert(docx, form.payload, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      file_id: docx, source_format: 'docx', format: 'txt', download_url: expect.stringContaining('/api/v1/blobs/'),
      expires_at: expect.any(String), download_url_expires_at: body.expires_at, file_name: 'Board memo.txt', cached: false,
    });
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
    expect((await fetchBytes(t, body.download_url)).body.toString()).toMatch(/^Board memo\n/);
  });

  it('takes format as an x-www-form-urlencoded field, and JSON as before', async () => {
    const form = await convert(docx, 'format=html', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ file_id: docx, source_format: 'docx', format: 'html', content_type: expect.stringContaining('text/html') });
    const json = await convert(docx, { format: 'html' });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ format: 'html', source_format: 'docx', cached: true });

    const xlsx = (await upload(t, org.secret, '/api/v1/files', fileParts('numbers.xlsx', await makeXlsx({ title: 'Item' }), { purpose: 'reference' }))).json().file_id;
    const sheet = await convert(xlsx, 'format=csv&sheet=Sales', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json()).toMatchObject({ source_format: 'xlsx', format: 'csv', file_name: 'numbers-Sales.csv' });
  });

  it('validates form bodies like JSON ones (422), and the other routes keep taking JSON only', async () => {
    const unknown = await convert(docx, 'format=exe', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'format']);
    const missing = multipartBody([{ name: 'sheet', value: 'Sales' }]);
    expect((await convert(docx, missing.payload, missing.headers)).json().detail.map((d: any) => d.loc.join('.'))).toContain('body.format');
    const withFile = multipartBody([{ name: 'format', value: 'txt' }, { name: 'file', filename: 'x.docx', data: Buffer.from('x') }]);
    const refused = await convert(docx, withFile.payload, withFile.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'file_not_allowed' });
    const elsewhere = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: { ...key(org.secret), 'content-type': 'application/x-www-form-urlencoded' }, payload: 'url=https://example.com/h&events=run.completed' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error).toBe('invalid_request');
  });

  it('answers 400 invalid_request listing the valid targets for an unsupported pair, in every body type', async () => {
    const expected = {
      success: false, error: 'invalid_request', message: 'Cannot convert docx to csv. Valid target formats for docx: pdf, html, txt, odt, docx.',
      source_format: 'docx', format: 'csv', allowed: ['pdf', 'html', 'txt', 'odt', 'docx'],
    };
    const json = await convert(docx, { format: 'csv' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(expected);
    const form = multipartBody([{ name: 'format', value: 'csv' }]);
    const multipart = await convert(docx, form.payload, form.headers);
    expect([multipart.statusCode, multipart.json()]).toEqual([400, expected]);
    const encoded = await convert(docx, 'format=csv', { 'content-type': 'application/x-www-form-urlencoded' });
    expect([encoded.statusCode, encoded.json()]).toEqual([400, expected]);
  });

  it('documents the shapes with examples in the OpenAPI document', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/files/{file_id}/convert'].post;
    expect(Object.keys(op.requestBody.content)).toEqual(expect.arrayContaining(['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded']));
    const ok = op.responses['200'].content['application/json'];
    expect(Object.keys(ok.schema.properties)).toEqual(expect.arrayContaining(['file_id', 'source_format', 'format', 'download_url', 'expires_at', 'download_url_expires_at']));
    expect(ok.example).toMatchObject({ source_format: 'docx', format: 'pdf', expires_at: expect.any(String) });
    expect(op.responses['400'].content['application/json'].example).toMatchObject({ error: 'invalid_request', allowed: expect.any(Array) });
    const purpose = doc.paths['/api/v1/files'].post.requestBody.content['multipart/form-data'].schema.properties.purpose;
    expect(purpose.enum).toContain('reference');
  });
});
