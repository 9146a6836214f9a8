// `folio credits grant --org <org_id> --amount <n> --reason <text>`: an operator's grant, recorded in
// the organization's ledger. Prints the new balance.
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';

export async function creditsCommand(config: Config, args: string[]): Promise<string> {
  const [action, ...rest] = args;
  let values: { org?: string; amount?: string; reason?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { org: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } } }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\nUsage: folio credits grant --org <org_id> --amount <positive integer> --reason <text>`);
  }
  if (action !== 'grant' || !values.org || !values.amount || !values.reason?.trim()) {
    throw new UsageError('Usage: folio credits grant --org <org_id> --amount <positive integer> --reason <text>');
  }
  if (!/^\d+$/.test(values.amount) || Number(values.amount) < 1 || !Number.isSafeInteger(Number(values.amount))) throw new UsageError('--amount must be a positive integer');
  const { Logger } = await import('../infra/cli-logger.ts');
  const { createContext } = await import('../context.ts');
  const ctx = await createContext(config, Logger);
  try {
    const balance = await ctx.credits.grant(values.org, Number(values.amount), values.reason.trim());
    return `${values.org}: granted ${values.amount} credits; balance ${balance}`;
  } finally {
    await ctx.close();
  }
}

export class UsageError extends Error {}
