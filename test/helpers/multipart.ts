// Builds multipart/form-data bodies for app.inject and raw HTTP requests.
import { randomBytes } from 'node:crypto';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; contentType?: string };

export function multipartBody(parts: FormPart[], boundary = `----folio${randomBytes(8).toString('hex')}`): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const type = part.contentType ?? 'application/octet-stream';
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${type}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual single-file upload, with extra text fields. */
export function fileUpload(filename: string, data: Buffer, fields: Record<string, string> = {}, contentType?: string) {
  return multipartBody([{ name: 'file', filename, data, contentType }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))]);
}
