// Every relative link in the README and the docs resolves: the file (or directory) exists in the
// repository, and a #anchor names a heading of the Markdown page it points at.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, documentationFiles, relativeLinks, ROOT, slug } from './markdown.ts';

describe('documentation links', () => {
  it('finds the pages and their links (the checker sees what a reader sees)', () => {
    const files = documentationFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/getting-started.md', 'docs/reference/errors.md']));
    const readmeLinks = relativeLinks(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
    expect(readmeLinks).toEqual(expect.arrayContaining(['docs/getting-started.md']));
    // Links inside code are examples, not links; headings get GitHub's anchors.
    expect(relativeLinks('see [a](x.md) and `[b](y.md)`\n```\n[c](z.md)\n```\n')).toEqual(['x.md']);
    expect(slug('Embedded editor and WOPI (Collabora, ONLYOFFICE)')).toBe('embedded-editor-and-wopi-collabora-onlyoffice');
    expect([...anchors('# A\n## A\n### `b` c\n')]).toEqual(['a', 'a-1', 'b-c']);
  });

  it('has no dead relative link or anchor in README.md, CONTRIBUTING.md, CHANGELOG.md, docs/ and examples/', () => {
    const dead: string[] = [];
    for (const file of documentationFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const link of relativeLinks(text)) {
        const [target, fragment] = link.split('#', 2) as [string, string | undefined];
        const resolved = target === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(target));
        if (!resolved.startsWith(ROOT) || !fs.existsSync(resolved)) {
          dead.push(`${file}: ${link} (no such file)`);
          continue;
        }
        if (fragment !== undefined && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(fragment)) {
          dead.push(`${file}: ${link} (no such heading)`);
        }
      }
    }
    expect(dead).toEqual([]);
  });
});
