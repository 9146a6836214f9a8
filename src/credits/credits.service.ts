// Credits: the signup grant, admin grants, the minimum balance check, reservations when a task is
// created, and settlement when it ends (the reservation released, the actual usage charged). Every
// movement is a ledger row written with the balance change, so the balance is always the ledger's sum.
import type { Kysely, Transaction } from 'kysely';
import type { Config, Format, Tier } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { AppError, errors } from '../errors.ts';
import { decodeCursor, toPage } from '../http/pagination.ts';
import type { CreditLeasesRepository, LeaseBudget, LeasedCharge } from './credit-leases.repository.ts';
import type { CreditsRepository, LedgerRow } from './credits.repository.ts';

const LABEL: Record<Format, string> = { word: 'Word', excel: 'Excel', slides: 'Slides' };

export interface TaskCredits {
  org_id: string;
  task_id: string;
  run_id: string;
  reserved_credits: number;
}

export class CreditsService {
  private readonly config: Config;
  private readonly db: Kysely<DB>;
  private readonly repo: CreditsRepository;
  /** LLM credit leases (`src/llm/credit-leases.ts` holds them in memory). */
  readonly leases: CreditLeasesRepository;
  /** Waits run before the balance and the ledger are read (the LLM usage journal's charges of the organization). */
  private readonly beforeReads: ((orgId: string) => Promise<void>)[] = [];

  constructor(config: Config, db: Kysely<DB>, repo: CreditsRepository, leases: CreditLeasesRepository) {
    this.config = config;
    this.db = db;
    this.repo = repo;
    this.leases = leases;
  }

  /** Minimum balance to start a task of this format; also what the task reserves. */
  minimumFor(format: Format): number {
    return this.config.runs.minBalance[format];
  }

  /** Opens the account of a new organization with its tier's grant, in the signup transaction. */
  async grantSignup(trx: Transaction<DB>, org: { org_id: string; tier: Tier }): Promise<void> {
    await this.repo.ensureAccount(trx, org.org_id);
    const amount = this.config.runs.signupCredits[org.tier];
    if (amount > 0) await this.repo.apply(trx, { orgId: org.org_id, kind: 'signup_grant', amount, reason: `Signup grant, ${org.tier} tier` });
  }

  /** An operator's grant (`folio credits grant`). Returns the new balance. */
  async grant(orgId: string, amount: number, reason: string): Promise<number> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw errors.invalidRequest('The amount must be a positive integer.');
    if (!(await this.repo.orgExists(orgId))) throw errors.notFound('Organization');
    return this.db.transaction().execute(async (trx) => {
      await this.repo.ensureAccount(trx, orgId);
      const balance = await this.repo.apply(trx, { orgId, kind: 'grant', amount, reason });
      if (balance === null) throw new Error('credit grant was refused');
      return balance;
    });
  }

  /** 402 before any work when the balance is below the format's minimum. */
  async assertCanStart(orgId: string, format: Format): Promise<void> {
    const balance = (await this.repo.available(orgId)) ?? 0;
    if (balance < this.minimumFor(format)) throw this.insufficient(balance, format);
  }

  /** Takes the reservation in the task's creation transaction; 402 (and nothing written) when it does not fit. */
  async reserve(trx: Transaction<DB>, task: TaskCredits & { format: Format }): Promise<void> {
    const moved = await this.repo.apply(trx, { orgId: task.org_id, kind: 'reservation', amount: -task.reserved_credits, taskId: task.task_id, runId: task.run_id });
    if (moved === null) throw this.insufficient((await this.repo.available(task.org_id, trx)) ?? 0, task.format);
  }

  /**
   * Ends a task's credit movements, in the transaction of its terminal move: the reservation comes
   * back, then the usage (at most the reservation) is charged. Failed, cancelled and expired tasks
   * are charged nothing. Returns the credits charged.
   */
  async settle(trx: Transaction<DB>, task: TaskCredits, used: number): Promise<number> {
    const ref = { orgId: task.org_id, taskId: task.task_id, runId: task.run_id };
    await this.repo.apply(trx, { ...ref, kind: 'release', amount: task.reserved_credits });
    const charge = Math.max(0, Math.min(Math.floor(used), task.reserved_credits));
    if (charge > 0 && (await this.repo.apply(trx, { ...ref, kind: 'charge', amount: -charge })) === null) {
      throw new Error(`charge of ${charge} credits for ${task.task_id} did not fit the balance`);
    }
    return charge;
  }

  /**
   * Charges the minimum of an LLM call before it starts (a `charge` row without a task), so parallel
   * calls can never spend more than the balance. 402 (and nothing written) when the balance is below it.
   */
  async chargeCallUpFront(orgId: string, amount: number, reason: string): Promise<void> {
    if ((await this.repo.apply(this.db, { orgId, kind: 'charge', amount: -amount, reason })) !== null) return;
    const balance = (await this.repo.available(orgId)) ?? 0;
    throw insufficientCredits(amount, balance, `LLM calls need a balance of at least ${amount} credit${amount === 1 ? '' : 's'}; the organization has ${balance}.`);
  }

  /**
   * `chargeCallUpFront` guarded by the monthly LLM budget, in one statement (the gateway's critical
   * path). False when nothing moved: the budget is used up or the balance is too low (`assertCallCovered` says which).
   */
  async chargeCallWithinBudget(orgId: string, amount: number, reason: string, budget: { month: string; defaultBudget: number | null; pendingCredits: number }): Promise<boolean> {
    return (await this.repo.applyWithinLlmBudget({ orgId, kind: 'charge', amount: -amount, reason }, budget)) !== null;
  }

  /** `chargeCallWithinBudget` for several calls at once; returns how many (the first ones) were charged. */
  async chargeCallsWithinBudget(orgId: string, amount: number, reasons: string[], budget: { month: string; defaultBudget: number | null; pendingCredits: number }): Promise<number> {
    if (reasons.length === 1) return (await this.chargeCallWithinBudget(orgId, amount, reasons[0], budget)) ? 1 : 0;
    return this.repo.applyManyWithinLlmBudget(orgId, amount, reasons, budget);
  }

  /** 402 insufficient_credits when the balance is below an LLM call's up-front charge. */
  async assertCallCovered(orgId: string, amount: number): Promise<void> {
    const balance = (await this.repo.available(orgId)) ?? 0;
    if (balance < amount) throw insufficientCredits(amount, balance, `LLM calls need a balance of at least ${amount} credit${amount === 1 ? '' : 's'}; the organization has ${balance}.`);
  }

  /**
   * Charges what an LLM call cost beyond its up-front charge, in the call's accounting transaction,
   * capped at what the balance holds (it never goes below zero). Returns the extra credits charged.
   */
  async chargeCallRest(trx: Transaction<DB>, orgId: string, amount: number, reason: string): Promise<number> {
    if (amount <= 0) return 0;
    return this.repo.takeUpTo(trx, { orgId, kind: 'charge', amount: Math.floor(amount), reason });
  }

  /** `chargeCallRest` on its own (an LLM call paid from a lease that cannot pay the rest). */
  async chargeCallRestNow(orgId: string, amount: number, reason: string): Promise<number> {
    if (amount <= 0) return 0;
    return this.repo.takeUpTo(this.db, { orgId, kind: 'charge', amount: Math.floor(amount), reason });
  }

  /** Settles LLM calls paid from leases (one `charge` row each), in the usage journal's batch transaction. */
  async settleLeased(trx: Transaction<DB>, charges: LeasedCharge[]): Promise<number> {
    return charges.length ? this.leases.settle(trx, charges) : 0;
  }

  /** Gives back the up-front charge of an LLM call that produced nothing (in the caller's transaction when given). */
  async refundCall(orgId: string, amount: number, reason: string, trx?: Transaction<DB>): Promise<void> {
    await this.repo.apply(trx ?? this.db, { orgId, kind: 'release', amount, reason });
  }

  /** `wait` runs before every read of an organization's balance or ledger (so they include its charges still in a journal). */
  waitBeforeReads(wait: (orgId: string) => Promise<void>): void {
    this.beforeReads.push(wait);
  }

  async summary(orgId: string): Promise<{ balance: number; reserved: number }> {
    for (const wait of this.beforeReads) await wait(orgId);
    const [balance, reserved] = await Promise.all([this.repo.balance(orgId), this.repo.reserved(orgId)]);
    return { balance: balance ?? 0, reserved };
  }

  async ledger(orgId: string, limit: number, cursor: string | undefined): Promise<{ items: LedgerRow[]; next_cursor: string | null }> {
    for (const wait of this.beforeReads) await wait(orgId);
    const raw = decodeCursor(cursor);
    const before = raw === null ? null : Number(raw);
    if (before !== null && !Number.isSafeInteger(before)) decodeCursor('invalid');
    const rows = await this.repo.listLedger(orgId, limit, before);
    return toPage(rows, limit, (r) => String(r.seq));
  }

  private insufficient(balance: number, format: Format): AppError {
    const minimum = this.minimumFor(format);
    return insufficientCredits(minimum, balance, `${LABEL[format]} generation needs a balance of at least ${minimum} credits; the organization has ${balance}.`);
  }
}

/**
 * 402 `insufficient_credits` with the reference service's message, `Insufficient credits. Required: N,
 * balance: M.`; Folio's more specific sentence (which format or call needs it) is kept in `explanation`.
 */
export function insufficientCredits(required: number, balance: number, explanation: string): AppError {
  return new AppError('insufficient_credits', `Insufficient credits. Required: ${required}, balance: ${balance}.`, {
    body: { required, balance, minimum_balance: required, explanation },
  });
}

export type { LeaseBudget, LeasedCharge };
