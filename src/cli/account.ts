// `folio login` (stores a profile after checking the key against the server) and `folio credits`
// (the organization's balance).
import { saveClientProfile, clientConfigPath } from '../config-cli.ts';
import { details, io, parse, printJson, UsageError, clientOf } from './common.ts';
import { Folio } from './sdk.ts';

const LOGIN_USAGE = `Usage: folio login --url <base_url> --api-key <key> [--profile <name>]

Checks the key against the server, then stores it as a profile in ${'$XDG_CONFIG_HOME'}/folio/config.json
(default ~/.config/folio/config.json, mode 0600) and makes that profile the current one.
  --url <base_url>     The server, e.g. http://localhost:8080 (with or without /api/v1).
  --api-key <key>      An API key (sk_live_...), from signup or POST /organizations/{org_id}/api-keys.
  --profile <name>     Profile name (default "default").`;

export async function login(args: string[]): Promise<void> {
  const p = parse(args, { url: { type: 'string' }, 'api-key': { type: 'string' } }, LOGIN_USAGE);
  if (!p) return;
  const { url, 'api-key': apiKey, profile = 'default', json } = p.values;
  if (!url || !apiKey) throw new UsageError(`--url and --api-key are required.\n\n${LOGIN_USAGE}`);
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new UsageError(`--url must be an http(s) URL, e.g. http://localhost:8080\n\n${LOGIN_USAGE}`);
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(profile)) throw new UsageError('--profile must be 1-64 letters, digits, dots, dashes or underscores');
  const client = new Folio({ apiKey, baseUrl: url });
  const balance = await client.credits.get(); // a wrong key or URL fails here, before anything is stored
  const baseUrl = client.baseUrl;
  saveClientProfile(profile, { base_url: baseUrl, api_key: apiKey });
  const file = clientConfigPath();
  if (json) printJson({ profile, base_url: baseUrl, config_file: file, credits: balance });
  else io.out(`Logged in to ${baseUrl} as profile "${profile}" (balance ${balance.balance} credits).\nSaved to ${file}.`);
}

const CREDITS_USAGE = `Usage: folio credits [--json]

Shows the organization's credit balance (GET /credits).
(Operators grant credits with: folio credits grant --org <org_id> --amount <n> --reason <text>)`;

export async function credits(args: string[]): Promise<void> {
  const p = parse(args, {}, CREDITS_USAGE);
  if (!p) return;
  const client = await clientOf(p.values);
  const balance = await client.credits.get();
  if (p.values.json) return printJson(balance);
  io.out(details({ ...balance, minimum_balance: balance.minimum_balance }, Object.keys(balance)));
}
