// Markdown helpers for the documentation tests: the pages to check, their relative links, and the
// anchors GitHub derives from their headings (lower case, punctuation dropped, spaces to hyphens,
// repeats numbered -1, -2, ...).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/processes.ts';

export { ROOT };

/** README.md, CONTRIBUTING.md, CHANGELOG.md, every Markdown file under docs/ and examples/, and the SDK's README. */
export function documentationFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'packages/sdk/README.md'].filter((f) => fs.existsSync(path.join(ROOT, f)));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  for (const dir of ['docs', 'examples']) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  return files;
}

/** The text outside fenced code blocks and inline code spans (links there are examples, not links). */
export function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Relative link targets: [text](target) and <img src="target">, without external URLs. */
export function relativeLinks(markdown: string): string[] {
  const text = prose(markdown);
  const targets = [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
  ];
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

export function slug(heading: string): string {
  return heading
    .trim()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown page offers: one per heading outside code blocks, plus explicit <a id/name>. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const text = markdown.replace(/^(```|~~~)[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]);
  return out;
}
