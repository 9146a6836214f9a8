// Native Word exports (no LibreOffice), through mammoth: semantic HTML and plain text.
import mammoth from 'mammoth';
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

/** Paragraphs separated by a blank line, UTF-8, LF line ends. */
export async function docxToText(bytes: Buffer): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return value.replace(/\n{3,}/g, '\n\n').trim() + '\n';
}
