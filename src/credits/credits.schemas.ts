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

export const UsageDailyQuery = Type.Object({
  days: Type.Integer({ minimum: 1, maximum: 90, default: 30, description: 'How many UTC days, ending today (1-90).' }),
}, { additionalProperties: false });

export const UsageDaily = Type.Object({
  from: Type.String({ format: 'date', description: 'First day (UTC) of the report.' }),
  to: Type.String({ format: 'date', description: 'Last day (UTC): today.' }),
  credits: Type.Array(Type.Object({
    date: Type.String({ format: 'date' }),
    format: Type.String({ description: '`word`, `excel`, `slides`, or `llm` for LLM calls (/llm/invoke, /text/*).' }),
    credits: Type.Integer({ description: 'Credits charged that day for that format.' }),
  }), { description: 'Days and formats with charges only, oldest first.' }),
  tokens: Type.Array(Type.Object({
    date: Type.String({ format: 'date' }),
    format: Type.String({ description: 'What the tokens were spent on: `word`, `excel`, `slides` (generation agents), `llm`, `text`...' }),
    model: Type.String(),
    input_tokens: Type.Integer(),
    output_tokens: Type.Integer(),
    calls: Type.Integer(),
  }), { description: 'Days, formats and models with LLM calls only, oldest first.' }),
});
