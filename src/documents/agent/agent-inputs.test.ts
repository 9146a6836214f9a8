import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { AgentToolbox } from './agent-toolbox.ts';
import { planningBuiltin } from './builtin-agent-planner.ts';
import { detectDelimiter, parseCsv } from './csv-parse.ts';
import { typedColumns } from './csv-typing.ts';
import { readJsonTable, toTable } from './data-sources.ts';
import { downloadName } from '../titles/download-name.ts';
import { defineTool } from './format-adapter.ts';
import { requestTitle, requestTopics, skeletonSections, tableFacts } from './planner-helpers.ts';
import { ToolError } from './tool-error.ts';

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, embedded newlines, CRLF, BOM and guesses the delimiter', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"multi\nline",3\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['multi\nline', '3']]);
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t');
    // What spreadsheet exports of other locales send: a semicolon file whose quoted header holds a comma,
    // pipes, Excel's `sep=` hint line, and a delimiter guessed from the records rather than the header alone.
    expect(parseCsv('"Name, first";"City"\n"Ann";"Oslo"\n"Bo";"Rome"\n')).toEqual([['Name, first', 'City'], ['Ann', 'Oslo'], ['Bo', 'Rome']]);
    expect(parseCsv('a|b\n1|2\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('sep=;\r\nRegion;Sales\r\nNorth;1,5\r\n')).toEqual([['Region', 'Sales'], ['North', '1,5']]);
    expect(detectDelimiter('\uFEFFsep=|\na|b')).toBe('|');
    expect(parseCsv('Title\nA\n\nB\n')).toEqual([['Title'], ['A'], ['B']]);
    expect(typedColumns(['a', 'b', 'c', 'd', 'e'], [['12.5', ' ', '007', '1e3', '12 kg']]).rows).toEqual([[12.5, null, '007', 1000, '12 kg']]);
  });
});

describe('data sources', () => {
  const file = (value: unknown) => ({ file_id: 'file_1', file_name: 'people.json', bytes: Buffer.from(JSON.stringify(value)) });
  it('reads JSON as objects, arrays or {columns, rows}, with unique column names', () => {
    expect(readJsonTable(file([{ a: 1, b: 'x' }, { a: 2, c: true }]))).toMatchObject({ name: 'people', columns: ['a', 'b', 'c'], rows: [[1, 'x', null], [2, null, true]] });
    expect(readJsonTable(file([['h', 'h'], [1, 2]]))).toMatchObject({ columns: ['h', 'h (2)'], rows: [[1, 2]] });
    expect(readJsonTable(file({ columns: ['k'], rows: [['v']] }))).toMatchObject({ columns: ['k'], rows: [['v']] });
    expect(() => readJsonTable(file({ nope: 1 }))).toThrow(/could not be read as JSON: expected a non-empty array/);
  });
  it('names blank columns and computes facts without inventing any', () => {
    const t = toTable('t', ['', 'Sales'], [['a', 10], ['b', 30], ['c', null]], { kind: 'inline' });
    expect(t.columns).toEqual(['Column 1', 'Sales']);
    expect(tableFacts(t)).toEqual(['3 rows and 2 columns (Column 1, Sales).', 'Sales: total 40, average 20, from 10 to 30.']);
  });
});

describe('request reading', () => {
  it('finds titles, topics and skeleton sections', () => {
    expect(requestTitle('Write a report titled "Northwind FY26" for the board')).toBe('Northwind FY26');
    expect(requestTitle('# Ops Review\n\n- a')).toBe('Ops Review');
    expect(requestTitle('Create a quarterly business review covering revenue and churn')).toBe('Quarterly Business Review');
    expect(requestTopics('A memo covering pricing, the churn numbers and hiring.')).toEqual(['Pricing', 'Churn numbers', 'Hiring']);
    expect(skeletonSections('Draft a project plan')).toEqual(['Goals', 'Scope', 'Milestones', 'Risks', 'Owners and next steps']);
  });
  it('derives safe default file names from titles', () => {
    expect(downloadName('Q3: Results / Outlook?', 'docx', 'Word')).toBe('q3-results-outlook.docx');
    expect(downloadName(null, 'docx', 'Word')).toBe('word-document.docx');
    expect(downloadName('...', 'xlsx', 'Excel')).toBe('excel-document.xlsx');
  });
});

describe('AgentToolbox', () => {
  it('validates arguments, parses JSON text, reports ToolErrors and hides internal errors', async () => {
    const failures: string[] = [];
    const box = new AgentToolbox([
      defineTool({ name: 'echo', description: 'd', input: Type.Object({ n: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }), execute: ({ n }) => ({ n }) }),
      defineTool({ name: 'picky', description: 'd', input: Type.Object({}), execute: () => { throw new ToolError('Pick another.'); } }),
      defineTool({ name: 'broken', description: 'd', input: Type.Object({}), execute: () => { throw new Error('secret stack'); } }),
    ], (tool) => failures.push(tool));
    expect(await box.call('echo', '{"n": 2}')).toEqual({ output: { n: 2 }, isError: false });
    expect((await box.call('echo', { n: 0 })).output).toBe('Invalid arguments for echo: /n: must be >= 1. Fix them and call the tool again.');
    expect((await box.call('echo', { n: 1, x: 1 })).output).toContain('must NOT have additional properties (x)');
    expect(await box.call('picky', {})).toEqual({ output: 'Pick another.', isError: true, failure: 'tool_error' });
    const broken = await box.call('broken', {});
    expect(broken.isError).toBe(true);
    expect(String(broken.output)).not.toContain('secret');
    expect(failures).toEqual(['broken']);
    expect([box.calls, box.failedCalls]).toEqual([5, 4]);
  });
});

describe('the builtin engine as the agent', () => {
  const plan = { calls: [{ tool: 'add_content', args: { markdown: '# A' } }], summary: 'Added A.' };
  const input = (toolResults: { toolName: string; output: unknown }[] = []) => ({ toolResults }) as never;
  it('makes the plan\'s calls, then finishes with its summary', async () => {
    const planner = planningBuiltin(() => plan);
    expect(await planner.plan(input())).toEqual([{ toolName: 'add_content', input: { markdown: '# A' } }]);
    expect(await planner.plan(input([{ toolName: 'add_content', output: { type: 'json', value: {} } }]))).toEqual([{ toolName: 'finish', input: { summary: 'Added A.' } }]);
  });
  it('does not repeat the work when it takes over from a model that already changed the document', async () => {
    let planned = false;
    const planner = planningBuiltin(() => { planned = true; return plan; }, () => true);
    expect(await planner.plan(input())).toEqual([{ toolName: 'finish', input: { summary: expect.stringContaining('changes it made before that were kept') } }]);
    expect(planned).toBe(false);
  });
});
