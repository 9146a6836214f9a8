// Plain text of a context file, for the model to read and cite: Word through mammoth, PDF through
// pdftotext (poppler-utils), Excel and PowerPoint through their XML parts, and text formats as they
// are. A file whose text cannot be extracted still appears, named, with a note instead of text.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mammoth from 'mammoth';
import { openPackage, parseXml, textUnder, childrenOf, tagOf, type XmlNode } from './ooxml-package.ts';

const PDF_TIMEOUT_MS = 20_000;

function pdfToText(bytes: Buffer): Promise<string> {
  return (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'folio-ctx-'));
    try {
      const file = path.join(dir, 'in.pdf');
      await fs.writeFile(file, bytes);
      return await new Promise<string>((resolve, reject) => {
        execFile('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { timeout: PDF_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  })();
}

/** Text of each `<a:p>` / `<w:p>` paragraph under the nodes, one line each. */
function paragraphs(nodes: XmlNode[], paraTag: string, textTag: string): string[] {
  const out: string[] = [];
  const walk = (n: XmlNode) => {
    if (tagOf(n) === paraTag) out.push(textUnder(n, textTag));
    else childrenOf(n).forEach(walk);
  };
  nodes.forEach(walk);
  return out.filter((l) => l.trim());
}

async function pptxText(bytes: Buffer): Promise<string> {
  const pkg = await openPackage(bytes, 'a PowerPoint presentation');
  const slides = pkg.paths('ppt/slides/slide').filter((p) => /slide\d+\.xml$/.test(p))
    .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const parts: string[] = [];
  for (const [i, p] of slides.entries()) parts.push(`Slide ${i + 1}\n${paragraphs(parseXml((await pkg.text(p))!, p), 'a:p', 'a:t').join('\n')}`);
  return parts.join('\n\n');
}

async function xlsxText(bytes: Buffer): Promise<string> {
  const { readXlsxTables } = await import('./data-sources.ts');
  const tables = await readXlsxTables({ file_id: '', file_name: 'workbook.xlsx', bytes });
  return tables.map((t) => [`Sheet ${t.source.kind === 'xlsx' ? t.source.sheet : t.name}`, t.columns.join('\t'), ...t.rows.map((r) => r.map((c) => c ?? '').join('\t'))].join('\n')).join('\n\n');
}

const stripHtml = (html: string) => html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<br\s*\/?>|<\/(p|div|h\d|li|tr)>/gi, '\n').replace(/<[^>]+>/g, ' ')
  .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/[ \t]+/g, ' ');

/** The file's text, or null when its type has no text this service can extract. Throws on broken files. */
export async function extractText(bytes: Buffer, contentType: string, fileName: string): Promise<string | null> {
  const ext = path.extname(fileName).toLowerCase();
  if (contentType.includes('wordprocessingml') || ext === '.docx') return (await mammoth.extractRawText({ buffer: bytes })).value;
  if (contentType === 'application/pdf' || ext === '.pdf') return pdfToText(bytes);
  if (contentType.includes('presentationml') || ext === '.pptx') return pptxText(bytes);
  if (contentType.includes('spreadsheetml') || ext === '.xlsx') return xlsxText(bytes);
  if (contentType === 'text/html' || ext === '.html' || ext === '.htm') return stripHtml(bytes.toString('utf8'));
  if (contentType.startsWith('text/') || contentType === 'application/json' || ['.txt', '.md', '.csv', '.json', '.tsv', '.xml'].includes(ext)) return bytes.toString('utf8');
  return null;
}
