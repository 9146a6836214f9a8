// Shared steps of the template tests: uploads (POST /templates, PUT /templates/{id}/file) and template
// variants of corpus files (.potx, .dotx, .xltx by retyping the main part, a macro-enabled deck).
import JSZip from 'jszip';
import { multipartBody } from './multipart.ts';
import { key } from './runs.ts';
import type { TestApp } from './test-app.ts';

export async function uploadTemplate(t: TestApp, secret: string, fileName: string, bytes: Buffer, fields: Record<string, string>, url = '/api/v1/templates', method: 'POST' | 'PUT' = 'POST') {
  const { payload, headers } = multipartBody([{ name: 'file', filename: fileName, data: bytes }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))]);
  return t.inject({ method, url, headers: { ...headers, ...key(secret) }, payload });
}

const MAIN: Record<string, [RegExp, string]> = {
  potx: [/presentationml\.presentation\.main\+xml/, 'presentationml.template.main+xml'],
  dotx: [/wordprocessingml\.document\.main\+xml/, 'wordprocessingml.template.main+xml'],
  xltx: [/spreadsheetml\.sheet\.main\+xml/, 'spreadsheetml.template.main+xml'],
};

/** The file as its template type: what PowerPoint, Word and Excel write when saving as .potx/.dotx/.xltx. */
export async function retype(bytes: Buffer, as: 'potx' | 'dotx' | 'xltx'): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const types = await zip.file('[Content_Types].xml')!.async('string');
  const [from, to] = MAIN[as];
  if (!from.test(types)) throw new Error(`no ${from} in [Content_Types].xml`);
  zip.file('[Content_Types].xml', types.replace(from, to));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The deck as a macro-enabled .pptm: a VBA project part, related and typed as PowerPoint does. */
export async function withMacros(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  let types = await zip.file('[Content_Types].xml')!.async('string');
  types = types.replace('application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml')
    .replace('</Types>', '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>');
  zip.file('[Content_Types].xml', types);
  const rels = await zip.file('ppt/_rels/presentation.xml.rels')!.async('string');
  zip.file('ppt/_rels/presentation.xml.rels', rels.replace('</Relationships>', '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>'));
  zip.file('ppt/vbaProject.bin', Buffer.from('d0cf11e0a1b11ae1', 'hex'));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
