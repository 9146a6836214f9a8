// Native Word exports (no LibreOffice): semantic HTML through mammoth, and plain text as the text
// extractor reads the document (documents/extract), the same text agents and projects get.
import mammoth from 'mammoth';
import { extractDocx } from '../../documents/extract/docx.ts';
import { documentText } from '../../documents/extract/plain-text.ts';
import { escapeHtml } from './xlsx-native.ts';

/** A whole HTML document. Images are inlined as data URIs; linked files are never read (externalFileAccess). */
export async function docxToHtml(bytes: Buffer, title: string): Promise<string> {
  const { value } = await mammoth.convertToHtml({ buffer: bytes }, { externalFileAccess: false });
  return `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>body{font-family:Carlito,Calibri,sans-serif;max-width:50em;margin:2em auto;line-height:1.4}table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:2px 6px}</style>
</head>
<body>
${value}
</body>
</html>
`;
}

/** Paragraphs separated by a blank line, tables as tab-separated rows, UTF-8, LF line ends. */
export async function docxToText(bytes: Buffer): Promise<string> {
  return documentText(await extractDocx(bytes, Number.POSITIVE_INFINITY)).trim() + '\n';
}
