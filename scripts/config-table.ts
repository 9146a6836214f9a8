// Renders the configuration reference's table from src/config.ts (the single source of settings).
// `npm run docs:config` rewrites the table in docs/reference/configuration.md; a test fails when the two disagree.
import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS } from '../src/config.ts';

export const CONFIG_DOC = path.resolve(import.meta.dirname, '..', 'docs', 'reference', 'configuration.md');
const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';

export function renderConfigTable(): string {
  const rows = SETTINGS.map((s) => {
    const prod = s.default === undefined ? '(unset)' : s.default === '' ? '""' : `\`${s.default}\``;
    const def = s.devDefault === undefined ? prod : `\`${s.devDefault}\` in development, ${prod} in production and test`;
    const values = s.values ? ` One of: ${s.values.map((v) => `\`${v}\``).join(', ')}.` : '';
    return `| \`${s.env}\` | ${def} | ${s.description.replace(/\|/g, '\\|')}${values} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

export function docTable(doc: string): string | null {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return null;
  return doc.slice(start + START.length, end).trim();
}

export function writeDocTable(): void {
  const doc = fs.readFileSync(CONFIG_DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${CONFIG_DOC} has no ${START} ... ${END} block`);
  const next = `${doc.slice(0, start + START.length)}\n${renderConfigTable()}\n${doc.slice(end)}`;
  fs.writeFileSync(CONFIG_DOC, next);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--write')) {
    writeDocTable();
    process.stdout.write('docs/reference/configuration.md table updated.\n');
  } else {
    process.stdout.write(`${renderConfigTable()}\n`);
  }
}
