// The only code that queries `agent_turns` (migration 0007_documents): the conversation state a
// resumed run gives back to the model. The table's type lives here, beside its only user.
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

  /** Written when the agent ends; replayed only once its task completed. */
  async record(turn: AgentTurn): Promise<void> {
    await this.db.insertInto('agent_turns').values({ ...turn, actions: JSON.stringify(turn.actions) })
      .onConflict((oc) => oc.column('task_id').doUpdateSet({ summary: turn.summary, actions: JSON.stringify(turn.actions) }))
      .execute();
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
