// `folio storage sweep-orphans [--dry-run] [--unlimited]`: runs the orphaned-blob sweep now
// (src/storage/orphan-sweep.ts), whatever pass ran lately, and prints what it found. With --dry-run it
// removes nothing and lists the keys it would remove; --unlimited lifts the brake on a pass that finds
// most blobs orphaned. Blobs younger than FOLIO_ORPHAN_BLOB_GRACE_SECONDS are never touched.
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';

const USAGE = 'Usage: folio storage sweep-orphans [--dry-run] [--unlimited]';

export class StorageUsageError extends Error {}

export async function storageCommand(config: Config, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  let values: { 'dry-run'?: boolean; unlimited?: boolean };
  try {
    ({ values } = parseArgs({ args: rest, options: { 'dry-run': { type: 'boolean' }, unlimited: { type: 'boolean' } } }));
  } catch (err) {
    throw new StorageUsageError(`${(err as Error).message}\n${USAGE}`);
  }
  if (action !== 'sweep-orphans') throw new StorageUsageError(USAGE);
  const { Logger } = await import('../infra/cli-logger.ts');
  const { createContext } = await import('../context.ts');
  const ctx = await createContext(config, Logger, { queue: false });
  try {
    const dryRun = Boolean(values['dry-run']);
    const r = await ctx.orphanSweeper.sweepOnce({ force: true, dryRun, unlimited: Boolean(values.unlimited) });
    const removed = Object.entries(r.removed).map(([owner, n]) => `${owner}: ${n}`).join(', ') || 'nothing';
    const lines = [
      r.refused
        ? `Removed nothing: ${r.orphans.length}${r.orphans.length >= 1000 ? '+' : ''} of the old blobs look orphaned, more than half of those looked at. Check that this is the right database; --unlimited removes them.`
        : `${dryRun ? 'Dry run: would remove' : 'Removed'} ${removed}.`,
      `Listed ${r.listed} blobs under orgs/: ${r.referenced} referenced, ${r.young} younger than ${config.storage.orphanBlobGraceSeconds} s, ${r.unowned} of no known kind or organization (left alone)${r.rewritten ? `, ${r.rewritten} written again meanwhile (kept)` : ''}${r.failed ? `, ${r.failed} could not be removed` : ''}.`,
      ...r.orphans.map((k) => `  ${k}`),
    ];
    return lines.join('\n');
  } finally {
    await ctx.close();
  }
}
