// Renders the README's configuration table from src/config.ts (the single source of settings).
// `npm run docs:config` rewrites the table in README.md; a test fails when the two disagree.
import fs from 'node:fs';
import path from 'node:path';
import { SETTINGS } from '../src/config.ts';

export const README = path.resolve(import.meta.dirname, '..', 'README.md');
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

export function readmeTable(readme: string): string | null {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return null;
  return readme.slice(start + START.length, end).trim();
}

export function writeReadmeTable(): void {
  const readme = fs.readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END} block`);
  const next = `${readme.slice(0, start + START.length)}\n${renderConfigTable()}\n${readme.slice(end)}`;
  fs.writeFileSync(README, next);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  if (process.argv.includes('--write')) {
    writeReadmeTable();
    process.stdout.write('README.md configuration table updated.\n');
  } else {
    process.stdout.write(`${renderConfigTable()}\n`);
  }
}
