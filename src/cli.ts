// folio serve | worker | migrate | token | org | credits grant | storage sweep-orphans (server administration, here), and the
// document commands login | generate | export | runs | tasks | files | webhooks | credits (src/cli/).
// First, before any other module loads: see the file (keeps process.nextTick on V8's fast path).
import './infra/tick-shapes.ts';
import { parseArgs } from 'node:util';
// The server modules (config, database) load lazily: the document commands need none of them and start faster.
import type { Tier } from './config.ts';
import { CLIENT_USAGE } from './cli/usage.ts';

const USAGE = `Usage: folio <command> [options]

Commands:
  serve                                   Run the HTTP API (migrations run on start).
  migrate                                 Apply pending database migrations and exit.
  token --sub <id> --email <email> [--name <name>] [--ttl <s>] [--server <url> | --local]
                                          Print an ID token from the built-in identity provider: asked
                                          of the running server (default http://127.0.0.1:$PORT), so it
                                          matches that server's keys; with no server running, signed
                                          with the keys in FOLIO_DATA_DIR (--local: always).
  org suspend|activate --org <org_id>     Suspend or reactivate an organization.
  org set-tier --org <org_id> --tier <free|pro|enterprise>
  worker [--concurrency <n>]              Run task workers only (no HTTP); default FOLIO_WORKERS slots.
  credits grant --org <org_id> --amount <n> --reason <text>
                                          Grant credits to an organization (recorded in its ledger).
  storage sweep-orphans [--dry-run] [--unlimited]
                                          Remove stored blobs no row refers to (older than
                                          FOLIO_ORPHAN_BLOB_GRACE_SECONDS); --dry-run lists them only.

Configuration comes from environment variables; see docs/reference/configuration.md.

${CLIENT_USAGE}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function serve(): Promise<void> {
  const { loadConfig, describeBackends } = await import('./config.ts');
  const config = loadConfig();
  const { buildApp, API_PREFIX } = await import('./app.ts');
  const app = await buildApp(config);
  let idleMemory: { stop(): void } | null = null;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    idleMemory?.stop();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    app.close().then(() => process.exit(0), (err) => { app.log.error({ err }, 'shutdown failed'); process.exit(1); });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // Fastify logs one line per interface; Folio logs exactly one line instead.
  const level = app.log.level;
  app.log.level = 'warn';
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  app.log.info(`Folio listening on ${address}${API_PREFIX} (public URL ${config.publicUrl}${API_PREFIX}; ${describeBackends(config)})`);
  const { startIdleMemoryRelease } = await import('./infra/idle-memory.ts');
  idleMemory = startIdleMemoryRelease({ quietSeconds: config.idleMemoryReleaseSeconds, minSlackMb: config.idleMemoryReleaseMinMb, log: app.log });
}

async function migrate(): Promise<void> {
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  const { openDatabase, migrateToLatest } = await import('./db/database.ts');
  const database = await openDatabase(config);
  try {
    const result = await migrateToLatest(database.db);
    const applied = result.results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
  } finally {
    await database.close();
  }
}

async function token(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { sub: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, ttl: { type: 'string' }, server: { type: 'string' }, local: { type: 'boolean' } } });
  if (!values.sub || !values.email) fail('Usage: folio token --sub <id> --email <email> [--name <name>] [--ttl <seconds>] [--server <url> | --local]');
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  const ttl = values.ttl ? Number(values.ttl) : config.localTokenTtlSeconds;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400) fail('--ttl must be a whole number of seconds between 60 and 86400');
  const { mintCliToken, TokenCliError } = await import('./identity/token.cli.ts');
  try {
    const { token: minted, note } = await mintCliToken(config, { sub: values.sub!, email: values.email!, name: values.name, ttlSeconds: ttl, server: values.server, local: values.local });
    if (note) process.stderr.write(`${note}\n`);
    process.stdout.write(`${minted}\n`);
  } catch (err) {
    if (err instanceof TokenCliError) fail(err.message);
    throw err;
  }
}

async function org(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values } = parseArgs({ args: rest, options: { org: { type: 'string' }, tier: { type: 'string' } } });
  if (!values.org || !['suspend', 'activate', 'set-tier'].includes(action)) fail(USAGE);
  const { loadConfig, TIERS } = await import('./config.ts');
  if (action === 'set-tier' && !TIERS.includes(values.tier as Tier)) fail(`--tier must be one of ${TIERS.join(', ')}`);
  const config = loadConfig();
  const { Logger } = await import('./infra/cli-logger.ts');
  const { createContext } = await import('./context.ts');
  const ctx = await createContext(config, Logger);
  try {
    if (action === 'set-tier') await ctx.organizations.setTier(values.org!, values.tier as Tier);
    else await ctx.organizations.setStatus(values.org!, action === 'suspend' ? 'suspended' : 'active');
    process.stdout.write(`${values.org}: ${action === 'set-tier' ? `tier ${values.tier}` : action === 'suspend' ? 'suspended' : 'active'}\n`);
  } finally {
    await ctx.close();
  }
}

async function worker(args: string[]): Promise<void> {
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  const { runWorker, parseConcurrency } = await import('./jobs/worker.cli.ts');
  let concurrency: number;
  try {
    const { values } = parseArgs({ args, options: { concurrency: { type: 'string' } } });
    concurrency = parseConcurrency(values.concurrency, config.runs.workers || 4);
  } catch (err) {
    fail(`${(err as Error).message}\nUsage: folio worker [--concurrency <n>] (default FOLIO_WORKERS)`);
  }
  await runWorker(config, { concurrency });
  process.exit(0);
}

async function credits(args: string[]): Promise<void> {
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  const { creditsCommand, UsageError } = await import('./credits/credits.cli.ts');
  try {
    process.stdout.write(`${await creditsCommand(config, args)}\n`);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code === 'invalid_request') fail((err as Error).message);
    throw err;
  }
}

async function storage(args: string[]): Promise<void> {
  const { loadConfig } = await import('./config.ts');
  const config = loadConfig();
  const { storageCommand, StorageUsageError } = await import('./storage/storage.cli.ts');
  try {
    process.stdout.write(`${await storageCommand(config, args)}\n`);
  } catch (err) {
    if (err instanceof StorageUsageError) fail((err as Error).message);
    throw err;
  }
}

async function client(command: string, args: string[]): Promise<void> {
  const { CLIENT_COMMANDS, runClientCommand } = await import('./cli/index.ts');
  if (!CLIENT_COMMANDS.has(command)) fail(`Unknown command "${command}".\n\n${USAGE}`);
  process.exit(await runClientCommand(command, args));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve': return serve();
    case 'migrate': return migrate();
    case 'token': return token(args);
    case 'org': return org(args);
    case 'worker': return worker(args);
    case 'credits': return args[0] === 'grant' ? credits(args) : client(command, args);
    case 'storage': return storage(args);
    case undefined: case 'help': case '--help': case '-h':
      process.stdout.write(`${USAGE}\n`);
      return;
    default:
      return client(command, args);
  }
}

main(process.argv.slice(2)).catch(async (err) => {
  const [{ ConfigError }, { DatabaseInUseError }] = await Promise.all([import('./config.ts'), import('./db/database.ts')]);
  if (err instanceof ConfigError || err instanceof DatabaseInUseError) fail(err.message);
  if (err?.code === 'not_found') fail(err.message);
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
