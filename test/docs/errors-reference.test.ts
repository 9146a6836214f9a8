// docs/reference/errors.md names every error code: each code of src/errors.ts with its status, and
// each code of the contract's table (docs/reference/api-contract.md), with the contract's status.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/errors.ts';
import { ROOT } from './markdown.ts';

const page = fs.readFileSync(path.join(ROOT, 'docs', 'reference', 'errors.md'), 'utf8');
const rows = new Map([...page.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));

describe('the error reference', () => {
  it('lists every code of src/errors.ts with its HTTP status', () => {
    expect(Object.keys(ERROR_STATUS).length).toBeGreaterThan(20);
    expect(Object.fromEntries(rows)).toEqual(ERROR_STATUS);
  });

  it("lists every code of the contract's error table (docs/reference/api-contract.md) with the same status", () => {
    const contract = fs.readFileSync(path.join(ROOT, 'docs', 'reference', 'api-contract.md'), 'utf8');
    const table = contract.slice(contract.indexOf('### Error codes'), contract.indexOf('## Limits'));
    const codes = new Map([...table.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter(([c, status]) => rows.get(c) !== status)).toEqual([]);
  });

  it('names every validation detail type the services raise outside the schema layer', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(p);
        else if (p.endsWith('.ts') && !p.endsWith('.test.ts')) {
          for (const m of fs.readFileSync(p, 'utf8').matchAll(/type: '((?:document|url|unsupported|empty|zip|svg|model|too_many)_[a-z_]+)'/g)) used.add(m[1]);
        }
      }
    };
    walk(path.join(ROOT, 'src'));
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((t) => !page.includes(`\`${t}\``))).toEqual([]);
  });
});
