// The progress stream across processes (issue 23): two real `folio serve` processes sharing one
// PostgreSQL database and one Redis. Process A runs the task (B has no workers); a client follows it
// on B and sees A's steps live, reconnects to A with Last-Event-ID and gets only the later events,
// and both end with `done` equal to GET /tasks. Runs in the PostgreSQL + Redis suite; the embedded
// PGlite database belongs to one process (test/task-events.test.ts covers it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlmServer, type FakeLlmServer, type ToolCall } from './helpers/fake-llm-server.ts';
import { providerEnv } from './helpers/llm.ts';
import { runCli, startServer, type ServerProcess } from './helpers/processes.ts';
import { openSse, type SseStream } from './helpers/sse.ts';
import { createPostgresDatabase, SERVICES } from './helpers/test-app.ts';

const stable = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/([?&](token|expires|signature)=)[^&"]*/g, '$1…'));

describe.runIf(SERVICES.databaseUrl && SERVICES.redisUrl)('task progress streams across two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let fake: FakeLlmServer;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    const db = await createPostgresDatabase();
    drop = db.drop;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-sse-multi-'));
    env = providerEnv(fake, {
      DATABASE_URL: db.url,
      REDIS_URL: SERVICES.redisUrl!,
      FOLIO_REDIS_PREFIX: `folio-sse-${randomBytes(4).toString('hex')}:`,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_RATE_LIMIT_PRO: '1000',
      FOLIO_LLM_DEFAULT_MODEL: 'local-llama',
      FOLIO_LLM_FALLBACK_MODELS: 'local-llama',
      FOLIO_SSE_HEARTBEAT_MS: '300',
    });
    a = await startServer(env);
    b = await startServer({ ...env, FOLIO_WORKERS: '0' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function signup(sub: string) {
    const token = (await runCli(['token', '--sub', sub, '--email', `${sub}@example.com`], env)).stdout.trim();
    const res = await fetch(`${a.url}/api/v1/signup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ org_name: `Org ${sub}`, tier: 'pro' }) });
    expect(res.status).toBe(201);
    return (await res.json()) as { org_id: string; secret: string };
  }

  const calls = (delayMs: number, ...c: ToolCall[]) => ({ toolCalls: c, delayMs });
  const getTask = async (node: ServerProcess, secret: string, id: string) => (await fetch(`${node.url}/api/v1/tasks/${id}`, { headers: { authorization: `Bearer ${secret}` } })).json() as Promise<any>;
  const stream = (node: ServerProcess, secret: string, id: string, lastEventId?: string): Promise<SseStream> =>
    openSse(`${node.url}/api/v1/tasks/${id}/events`, { authorization: `Bearer ${secret}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) });

  it("follows on process B a task that process A runs, live, and resumes on A after B's last event", async () => {
    const org = await signup('sse-multi');
    fake.reset();
    fake.enqueue(
      calls(0, { name: 'add_slide', args: { layout: 'title', title: 'Launch plan', subtitle: 'Regional rollout' } }),
      calls(800, { name: 'add_slide', args: { layout: 'bullets', title: 'Market size', bullets: ['Large', 'Growing'] } }),
      calls(2500, { name: 'finish', args: { summary: 'Built the deck.' } }),
    );
    const res = await fetch(`${b.url}/api/v1/slides/generate`, { method: 'POST', headers: { authorization: `Bearer ${org.secret}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'A launch deck', async: true }) });
    expect(res.status).toBe(202);
    const taskId = ((await res.json()) as { task_id: string }).task_id;

    const onB = await stream(b, org.secret, taskId);
    expect(onB.status).toBe(200);
    const first = await onB.next((e) => e.type === 'step' && e.data.message === 'Added slide 1: Launch plan');
    const second = await onB.next((e) => e.type === 'step' && e.data.message === 'Added slide 2: Market size');
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    // Both steps reached B while A's task was still running: pushed, not replayed.
    expect((await getTask(a, org.secret, taskId)).status).toBe('running');
    await onB.next((e) => e.type === 'heartbeat');
    onB.close();

    const onA = await stream(a, org.secret, taskId, second.id);
    await onA.ended;
    const later = onA.events.filter((e) => e.type !== 'heartbeat');
    expect(later.every((e) => Number(e.id) > Number(second.id))).toBe(true);
    expect(later.filter((e) => e.type === 'step')).toEqual([]);
    expect(later.at(-1)!.type).toBe('done');
    const body = await getTask(a, org.secret, taskId); // the process that served the stream (links carry its public URL)
    expect(body.status).toBe('completed');
    expect(stable(later.at(-1)!.data)).toEqual(stable(body));

    // The finished task replays whole on either process, with the same ids.
    const replayA = await stream(a, org.secret, taskId);
    const replayB = await stream(b, org.secret, taskId);
    await Promise.all([replayA.ended, replayB.ended]);
    expect(replayB.events.map((e) => [e.id, e.type])).toEqual(replayA.events.map((e) => [e.id, e.type]));
    expect(replayA.events.filter((e) => e.type === 'step').map((e) => e.data.message)).toEqual(['Added slide 1: Launch plan', 'Added slide 2: Market size']);
  }, 60_000);
});
