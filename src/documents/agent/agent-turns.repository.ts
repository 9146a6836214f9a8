// The only code that queries `agent_turns` (migrations 0007_documents, 0013_agent_turn_events): the
// conversation state a resumed run gives back to the model, and what happened in each task (nudges,
// fallbacks), failed tasks included. The table's type lives here, beside its only user.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export interface AgentTurnsTable {
  task_id: string;
  run_id: string;
  org_id: string;
  prompt: string;
  mode: 'action' | 'ask';
  summary: string;
  /** Tool names; written as JSON text, read back as an array. */
  actions: ColumnType<string[], string, string>;
  /** Loop events (agent-loop.ts LoopEvent, as presented); written as JSON text, read back as an array. */
  events: ColumnType<Record<string, unknown>[], string | undefined, string>;
  created_at: Generated<Date>;
}

export interface AgentTurn {
  task_id: string;
  run_id: string;
  org_id: string;
  prompt: string;
  mode: 'action' | 'ask';
  summary: string;
  actions: string[];
  events?: Record<string, unknown>[];
}

type TurnsDb = Kysely<DB & { agent_turns: AgentTurnsTable }>;

/** Turns replayed to the model on resume: the latest ones, within this many characters. */
const HISTORY_CHARS = 24_000;
const HISTORY_TURNS = 20;

export class AgentTurnsRepository {
  private readonly db: TurnsDb;

  constructor(db: Kysely<DB>) {
    this.db = db as unknown as TurnsDb;
  }

  /** Written when the agent ends, also when its task fails; replayed only once its task completed. */
  async record(turn: AgentTurn): Promise<void> {
    const row = { ...turn, actions: JSON.stringify(turn.actions), events: JSON.stringify(turn.events ?? []) };
    await this.db.insertInto('agent_turns').values(row)
      .onConflict((oc) => oc.column('task_id').doUpdateSet({ summary: row.summary, actions: row.actions, events: row.events }))
      .execute();
  }

  /** The events recorded for a task of the organization (empty when none or no such task). */
  async events(orgId: string, taskId: string): Promise<Record<string, unknown>[]> {
    const row = await this.db.selectFrom('agent_turns').select('events').where('org_id', '=', orgId).where('task_id', '=', taskId).executeTakeFirst();
    if (!row) return [];
    return Array.isArray(row.events) ? row.events : JSON.parse(String(row.events));
  }

  /** The run's completed turns, oldest first, bounded to the most recent that fit the history budget. */
  async history(orgId: string, runId: string): Promise<AgentTurn[]> {
    const rows = await this.db.selectFrom('agent_turns as t').innerJoin('tasks as k', 'k.task_id', 't.task_id')
      .select(['t.task_id', 't.run_id', 't.org_id', 't.prompt', 't.mode', 't.summary', 't.actions'])
      .where('t.org_id', '=', orgId).where('t.run_id', '=', runId).where('k.status', '=', 'completed')
      .orderBy('t.created_at', 'desc').limit(HISTORY_TURNS).execute();
    const kept: AgentTurn[] = [];
    let size = 0;
    for (const r of rows) {
      size += r.prompt.length + r.summary.length;
      if (size > HISTORY_CHARS && kept.length) break;
      kept.push({ ...r, actions: Array.isArray(r.actions) ? r.actions : JSON.parse(String(r.actions)) });
    }
    return kept.reverse();
  }
}
