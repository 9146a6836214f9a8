// The document commands of the `folio` CLI (login, generate, export, runs, tasks, files, webhooks,
// credits), all through the SDK. src/cli.ts hands them here; this maps outcomes to exit codes:
// 0 success, 1 API or network error, 2 usage error (130 when Ctrl-C cancelled a task).
import { CLIENT_USAGE } from './usage.ts';
import { ExitCode, io, UsageError } from './common.ts';
import { FolioError } from './sdk.ts';

const COMMANDS: Record<string, () => Promise<(args: string[]) => Promise<void>>> = {
  login: async () => (await import('./account.ts')).login,
  credits: async () => (await import('./account.ts')).credits,
  generate: async () => (await import('./generate.ts')).generate,
  export: async () => (await import('./runs.ts')).exportRun,
  runs: async () => (await import('./runs.ts')).runs,
  tasks: async () => (await import('./runs.ts')).tasks,
  files: async () => (await import('./files.ts')).files,
  webhooks: async () => (await import('./webhooks.ts')).webhooks,
};

export const CLIENT_COMMANDS = new Set(Object.keys(COMMANDS));
export { CLIENT_USAGE };

/** Runs one client command and returns the process exit code. */
export async function runClientCommand(command: string, args: string[]): Promise<number> {
  const json = args.includes('--json');
  try {
    await (await COMMANDS[command]())(args);
    return 0;
  } catch (err) {
    if (err instanceof ExitCode) return err.code;
    if (err instanceof UsageError) {
      io.err(err.message);
      return 2;
    }
    if (err instanceof FolioError) {
      if (json) io.out(JSON.stringify({ error: err.code, status: err.status, message: err.message, request_id: err.requestId ?? null, detail: err.detail ?? null }, null, 2));
      io.err(`Error${err.status ? ` ${err.status}` : ''} ${err.code}: ${err.message}${err.requestId ? ` (request ${err.requestId})` : ''}`);
      return 1;
    }
    if ((err as NodeJS.ErrnoException)?.code && ['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code!)) {
      io.err((err as Error).message);
      return 1;
    }
    throw err;
  }
}
