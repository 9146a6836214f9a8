// The loop with the builtin engine as its only model (no provider, no database): a planner that builds
// nothing ends in a clear upstream_error; identical calls within one turn all run.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createBuiltinModel, type PlannedCall } from '../../llm/builtin/builtin-model.ts';
import type { ModelRegistry } from '../../llm/model-registry.ts';
import { runAgentLoop, type LoopEvent } from './agent-loop.ts';
import { AgentToolbox, coreTools } from './agent-toolbox.ts';
import { defineTool } from './format-adapter.ts';

function setup(plan: (turn: number) => PlannedCall[]) {
  const lines: string[] = [];
  let finished: string | null = null;
  const toolbox = new AgentToolbox([
    ...coreTools({ outline: () => lines.join('\n') || '(empty)', finish: (s) => { finished = s; } }),
    defineTool({ name: 'add_line', description: 'Adds a line.', input: Type.Object({ text: Type.String() }), execute: ({ text }) => { lines.push(text); return 'Added.'; } }),
  ], (_tool, err) => { throw err; });
  let turn = 0;
  const builtin = createBuiltinModel({ planner: { plan: () => plan(++turn) } });
  const events: LoopEvent[] = [];
  const run = () => runAgentLoop({
    chain: ['builtin'], registry: {} as ModelRegistry, builtin, system: 'Build it.', messages: [{ role: 'user', content: 'Write two lines' }],
    toolbox, maxTurns: 5, turnTimeoutMs: 5000, signal: new AbortController().signal,
    finished: () => finished !== null, changeCount: () => lines.length,
    outcome: () => (lines.length ? [] : ['nothing has been built']), onEvent: (e) => { events.push(e); },
  });
  return { run, lines, events };
}

const finish = { toolName: 'finish', input: { summary: 'Done.' } };

describe('runAgentLoop with the builtin engine', () => {
  it('fails with upstream_error saying what the engine could not do when its plan builds nothing', async () => {
    const { run, events } = setup(() => [{ toolName: 'finish', input: { summary: '' } }]);
    const err = await run().catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('upstream_error');
    expect(err.message).toBe('The document agent got no usable work from its models: builtin (the offline engine) could not work out from the request what to build or change (nothing has been built); '
      + 'rephrase the request to say plainly what to add or change, or configure a model provider. Nothing was built, and nothing was charged. Retry the request, or try another model.');
    expect(events.map((e) => [e.kind, e.reason])).toEqual([['nudge', 'empty_finish'], ['fallback', 'empty_finish']]);
  });

  it("says why, in the plan's own words, when its plan makes no change", async () => {
    const { run } = setup(() => [{ toolName: 'finish', input: { summary: 'The offline engine did not recognise an edit in the request ("Joe" does not occur in the document).' } }]);
    const err = await run().catch((e) => e);
    expect(err.code).toBe('upstream_error');
    expect(err.message).toBe('The document agent got no usable work from its models: builtin (the offline engine) made no change: The offline engine did not recognise an edit in the request '
      + '("Joe" does not occur in the document). Nothing was built, and nothing was charged. Retry the request, or try another model.');
  });

  it('runs identical calls of one turn, and finishes in that turn', async () => {
    const line = { toolName: 'add_line', input: { text: 'Same' } };
    const { run, lines, events } = setup(() => [line, line, finish]);
    const result = await run();
    expect(lines).toEqual(['Same', 'Same']);
    expect(result.turns).toBe(1);
    expect(events).toEqual([]);
  });
});
