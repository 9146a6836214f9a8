import { Type } from 'typebox';
import { Nullable, PageQuery, StringEnum, Timestamp } from '../http/schemas.ts';

export const CreditsSummary = Type.Object({
  org_id: Type.String(),
  balance: Type.Integer({ description: 'Credits available now: the sum of the ledger. Reservations of queued and running tasks are already taken out.' }),
  reserved: Type.Integer({ description: 'Credits held by queued and running tasks; released when they end, minus what completed tasks cost.' }),
  minimum_balance: Type.Object({
    word: Type.Integer(),
    excel: Type.Integer(),
    slides: Type.Integer(),
  }, { description: 'Balance needed to start a generation of each format (402 `insufficient_credits` below it). A task reserves this much and never costs more.' }),
});

export const LedgerEntry = Type.Object({
  entry_id: Type.String(),
  kind: StringEnum(['signup_grant', 'grant', 'reservation', 'release', 'charge'] as const, {
    description: '`signup_grant` and `grant` add credits; `reservation` holds credits when a task is created; `release` returns them when it ends; `charge` takes what a completed task cost, and what an LLM call costs (its minimum up front, the rest when it ends; `release` gives the minimum back when the call fails). LLM rows have no task and name the call (`llm_...`) in `reason`.',
  }),
  amount: Type.Integer({ description: 'Signed: negative amounts left the balance.' }),
  balance_after: Type.Integer(),
  task_id: Nullable(Type.String()),
  run_id: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  created_at: Timestamp,
});

export const LedgerQuery = Type.Object(PageQuery, { additionalProperties: false });
