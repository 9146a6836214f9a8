// Public shapes of credits. Routes never return rows.
import type { LedgerRow } from './credits.repository.ts';

export function presentCredits(orgId: string, s: { balance: number; reserved: number }, minimum: { word: number; excel: number; slides: number }) {
  return { org_id: orgId, balance: s.balance, reserved: s.reserved, minimum_balance: minimum };
}

export function presentLedgerEntry(e: LedgerRow) {
  return {
    entry_id: e.entry_id,
    kind: e.kind,
    amount: e.amount,
    balance_after: e.balance_after,
    task_id: e.task_id,
    run_id: e.run_id,
    reason: e.reason,
    created_at: e.created_at.toISOString(),
  };
}
