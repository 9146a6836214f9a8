// The checks of a template upload, staged on disk, before anything is stored: the same zip-bomb check
// and type sniffing as POST /files, then the template's own rules (a template type of one of the three
// formats, no macros, not password-protected, a deck with layouts, a workbook with sheets), then the
// analysis. Every refusal is a 422 on `file` (or 413 for archives over the limits); nothing is stored.
import fsp from 'node:fs/promises';
import type { Format } from '../config.ts';
import { errors } from '../errors.ts';
import type { StagedFile } from '../storage/multipart-upload.ts';
import { checkZip, correctFileName, isZipSignature, readHead, sniffType, type ZipLimits } from '../storage/upload-checks.ts';
import type { TemplateAnalysis } from './template-documents.ts';

/** Sniffed extension -> format, for the types a template may have. */
const TEMPLATE_EXTENSIONS: Record<string, Format> = { pptx: 'slides', potx: 'slides', docx: 'word', dotx: 'word', xlsx: 'excel', xltx: 'excel' };
const MACRO_EXTENSIONS = new Set(['pptm', 'potm', 'ppsm', 'ppam', 'docm', 'dotm', 'xlsm', 'xltm', 'xlam']);
const LEGACY: Record<string, string> = { ppt: '.ppt', pot: '.pot', doc: '.doc', dot: '.dot', xls: '.xls', xlt: '.xlt' };

export interface CheckedTemplate {
  format: Format;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  analysis: TemplateAnalysis;
}

const refuse = (msg: string, type: string) => errors.validation([{ loc: ['body', 'file'], msg, type }], `file: ${msg}`);

/** An OLE compound file holding an `EncryptedPackage` stream is a password-protected Office file. */
function isEncryptedOffice(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'));
}

export async function checkTemplateUpload(staged: StagedFile, zipLimits: ZipLimits, expected?: Format): Promise<CheckedTemplate> {
  if (staged.size === 0) throw refuse('The file is empty.', 'empty_file');
  const head = await readHead(staged.path);
  if (isZipSignature(head)) await checkZip(staged.path, zipLimits);
  const sniffed = await sniffType(staged.path, head, staged.fileName);
  const bytes = await fsp.readFile(staged.path);
  // Office files that are not zip packages: OLE compound files (legacy .ppt/.doc/.xls, or an encrypted OOXML).
  const ole = !isZipSignature(head) && (sniffed.ext === 'cfb' || sniffed.ext in LEGACY || /^application\/(x-cfb|msword|vnd\.ms-)/.test(sniffed.contentType));
  if (ole) {
    if (isEncryptedOffice(bytes)) throw refuse('The file is password-protected (encrypted). Remove the password in Office (File > Info > Protect) and upload it again.', 'encrypted_file');
    const legacy = LEGACY[sniffed.ext];
    throw refuse(`${legacy ? `${legacy} is` : 'This is'} a legacy binary Office format; save the template as .pptx/.potx, .docx/.dotx or .xlsx/.xltx and upload that.`, 'unsupported_file_type');
  }
  if (MACRO_EXTENSIONS.has(sniffed.ext) || (isZipSignature(head) && bytes.includes(Buffer.from('vbaProject.bin')))) {
    throw refuse(`The file is macro-enabled (.${sniffed.ext}, with a VBA project). Templates cannot carry macros: save it without them (.pptx/.potx, .docx/.dotx, .xlsx/.xltx) and upload that.`, 'macros_not_allowed');
  }
  const format = TEMPLATE_EXTENSIONS[sniffed.ext];
  if (!format) throw refuse(`A template must be a .pptx, .potx, .docx, .dotx, .xlsx or .xltx file; these bytes are ${sniffed.contentType}.`, 'unsupported_file_type');
  if (expected && format !== expected) throw refuse(`This template is a ${expected} template; a new version must be of the same format, and these bytes are a ${format} file (.${sniffed.ext}).`, 'format_mismatch');
  const { inspectTemplate } = await import('./template-documents.ts'); // the format engines, on the first upload
  const analysis = await inspectTemplate(format, bytes);
  return { format, fileName: correctFileName(staged.fileName, sniffed), contentType: sniffed.contentType, bytes, analysis };
}
