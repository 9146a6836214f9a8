// Settings of the `folio` client commands (login, generate, runs, ...): the profile file
// `$XDG_CONFIG_HOME/folio/config.json` (default `~/.config/folio/config.json`, mode 0600 in a 0700
// directory) and the environment overrides FOLIO_API_KEY, FOLIO_BASE_URL and FOLIO_PROFILE. The server's
// own settings are in config.ts; this is the only other module that reads process.env.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClientProfile { base_url: string; api_key: string }
export interface ClientConfigFile { current_profile?: string; profiles: Record<string, ClientProfile> }
export interface ClientSettings { baseUrl: string; apiKey?: string; profile: string; file: string }

export const DEFAULT_BASE_URL = 'http://localhost:8080';

export function clientConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(env.HOME || os.homedir(), '.config');
  return path.join(base, 'folio', 'config.json');
}

export function readClientConfig(file = clientConfigPath()): ClientConfigFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as ClientConfigFile;
    return { current_profile: parsed.current_profile, profiles: parsed.profiles ?? {} };
  } catch {
    throw new Error(`${file} is not valid JSON; fix or delete it, then run folio login again.`);
  }
}

/** Stores a profile (and makes it the current one): written to a temporary file with mode 0600, then renamed. */
export function saveClientProfile(name: string, profile: ClientProfile, file = clientConfigPath()): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const config = readClientConfig(file);
  config.profiles[name] = profile;
  config.current_profile = name;
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

/** Which server and key a command uses: --profile, else FOLIO_PROFILE, else the current profile; FOLIO_API_KEY and FOLIO_BASE_URL win over it. */
export function resolveClientSettings(profileFlag?: string, env: NodeJS.ProcessEnv = process.env): ClientSettings {
  const file = clientConfigPath(env);
  const config = readClientConfig(file);
  const profile = profileFlag || env.FOLIO_PROFILE || config.current_profile || 'default';
  const stored = config.profiles[profile];
  return {
    baseUrl: env.FOLIO_BASE_URL || stored?.base_url || DEFAULT_BASE_URL,
    apiKey: env.FOLIO_API_KEY || stored?.api_key,
    profile,
    file,
  };
}

/** Whether standard output and error are terminals (and colours/redraws are welcome). */
export function terminalInfo(): { stdoutTty: boolean; stderrTty: boolean; stdinTty: boolean; columns: number } {
  return {
    stdoutTty: Boolean(process.stdout.isTTY),
    stderrTty: Boolean(process.stderr.isTTY) && process.env.TERM !== 'dumb',
    stdinTty: Boolean(process.stdin.isTTY),
    columns: process.stderr.columns || 80,
  };
}
