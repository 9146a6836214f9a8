// What every client command of the `folio` CLI shares: option parsing with --help, --json and --profile,
// the usage error (exit 2), the SDK client built from the profile, and output helpers.
import fs from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolveClientSettings, type ClientSettings } from '../config-cli.ts';
import { Folio } from './sdk.ts';

/** A mistake in how the command was typed: exit code 2, with the command's usage. */
export class UsageError extends Error {}

/** A command ended on purpose with this exit code (after printing what it had to say). */
export class ExitCode extends Error {
  readonly code: number;
  constructor(code: number) { super(`exit ${code}`); this.code = code; }
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export const io: Io = {
  out: (text) => { process.stdout.write(text.endsWith('\n') ? text : `${text}\n`); },
  err: (text) => { process.stderr.write(text.endsWith('\n') ? text : `${text}\n`); },
};

type Options = NonNullable<ParseArgsConfig['options']>;

export const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Options;

export const GLOBAL_HELP = `Global options:
  --json              Print the result as JSON on stdout (for scripts).
  --profile <name>    Use this profile of ~/.config/folio/config.json (default: the one last logged in).
  -h, --help          Show this help.
Environment: FOLIO_API_KEY and FOLIO_BASE_URL override the profile; FOLIO_PROFILE picks one.
Exit codes: 0 success, 1 API or network error, 2 usage error.`;

export interface Parsed<O extends Options> {
  values: { [K in keyof (O & typeof GLOBAL_OPTIONS)]?: any };
  positionals: string[];
}

/**
 * Parses a command's arguments. Returns null after printing the usage when --help is given; throws
 * UsageError on unknown options, missing values or a wrong number of positionals.
 */
export function parse<O extends Options>(args: string[], options: O, usage: string, positionals: [min: number, max: number] = [0, 0]): Parsed<O> | null {
  let parsed: { values: Record<string, any>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...GLOBAL_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.replace(/\. To specify a positional argument.*$/s, '.')}\n\n${usage}`);
  }
  if (parsed.values.help) {
    io.out(`${usage}\n\n${GLOBAL_HELP}`);
    return null;
  }
  const [min, max] = positionals;
  if (parsed.positionals.length < min) throw new UsageError(`Missing argument.\n\n${usage}`);
  if (parsed.positionals.length > max) throw new UsageError(`Unexpected argument "${parsed.positionals[max]}".\n\n${usage}`);
  return parsed as Parsed<O>;
}

export function settingsOf(values: { profile?: string }): ClientSettings {
  return resolveClientSettings(values.profile);
}

/**
 * The SDK client for the selected profile. With no API key known and a development server on this machine, it
 * signs up there first and stores the key (dev-login.ts, said on stderr); otherwise no key is a usage error.
 */
export async function clientOf(values: { profile?: string }): Promise<Folio> {
  const settings = settingsOf(values);
  if (settings.apiKey) return new Folio({ apiKey: settings.apiKey, baseUrl: settings.baseUrl });
  const { developmentLogin } = await import('./dev-login.ts');
  const login = await developmentLogin(settings);
  if (login.kind === 'unavailable') {
    throw new UsageError(`No API key: run \`folio login --url <base> --api-key <key>\` or set FOLIO_API_KEY (profile "${settings.profile}", ${settings.file}). No automatic development sign-in: ${login.reason}.`);
  }
  io.err(login.note);
  return new Folio({ apiKey: login.apiKey, baseUrl: settings.baseUrl });
}

export function printJson(value: unknown): void {
  io.out(JSON.stringify(value, null, 2));
}

/** A plain table: one row per item, columns padded to their widest cell. */
export function table(rows: Record<string, unknown>[], columns: string[]): string {
  if (!rows.length) return '(none)';
  const cells = rows.map((r) => columns.map((c) => cell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n');
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Key: value lines of an object, for `show` commands. */
export function details(obj: Record<string, unknown>, keys: string[]): string {
  const width = Math.max(...keys.map((k) => k.length));
  return keys.filter((k) => obj[k] !== undefined).map((k) => `${k.padEnd(width)}  ${cell(obj[k])}`).join('\n');
}

/** Up to `limit` items of a list: a page iterator (the SDK's) or, tolerated, a promise of a page. */
export async function collect<T>(list: AsyncIterable<T> | Promise<{ items: T[] }>, limit: number): Promise<T[]> {
  const items: T[] = [];
  if (Symbol.asyncIterator in (list as object)) {
    for await (const item of list as AsyncIterable<T>) {
      if (items.length >= limit) break;
      items.push(item);
    }
    return items;
  }
  return (await (list as Promise<{ items: T[] }>)).items.slice(0, limit);
}

export function limitOf(value: string | undefined, fallback = 20): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1000) throw new UsageError('--limit must be a whole number between 1 and 1000');
  return Number(value);
}

export function isDirectory(p: string): boolean {
  try { return fs.statSync(p).isDirectory(); } catch { return false; }
}
