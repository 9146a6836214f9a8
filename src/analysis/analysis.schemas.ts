// TypeBox schemas of POST /excel/analyze.
import { Type } from 'typebox';
import { Nullable } from '../http/schemas.ts';

export const AnalyzeBody = Type.Object({
  file_id: Type.String({ minLength: 1, maxLength: 100, description: 'An uploaded .xlsx, .xls or .csv (`POST /files`, purpose `reference` or any other; or a project file).' }),
  prompt: Type.String({ minLength: 1, maxLength: 5000, description: 'The question, 1-5000 characters (longer: 422 `string_too_long`).' }),
}, { additionalProperties: false, examples: [{ file_id: 'file_01JD4Z8Q7W3K5N2M6P8R9T0V1X', prompt: 'Which region had the highest Q2 revenue?' }] });

export const Citation = Type.Object({
  sheet: Type.String(),
  range: Type.String({ description: 'A1 range or cell on that sheet, e.g. `B2:B13` or `C7`.' }),
});

export const AnalyzeResult = Type.Object({
  run_id: Type.String({ pattern: '^analyze_', description: '`analyze_` + ULID, naming this answer. Ephemeral: no run is created, so it cannot be read with `GET /runs/{run_id}` or resumed.' }),
  answer: Type.String({ description: 'The answer, with the figures and where they come from. May hold markdown (lists, tables, emphasis).' }),
  answered: Type.Boolean({ description: 'false when the workbook does not answer the question: `answer` then says so, what the workbook holds and what can be asked, and nothing is charged (`credits_used` 0).' }),
  data: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true, description: 'The figures behind the answer, as computed by the tools (operation, sheet, column, range, value, ...).' }))),
  citations: Type.Array(Citation, { description: 'The cells the answer was computed from.' }),
  credits_used: Type.Integer(),
  model: Type.String({ description: 'The model that answered (`builtin` for the offline engine).' }),
  tool_calls: Type.Integer({ minimum: 0, description: 'The read operations the model made (sheet lists, range reads, aggregates). The builtin engine reads through its rules, not tool calls: 0.' }),
  duration_ms: Type.Integer({ minimum: 0, description: 'Wall time of the analysis, from receiving the request to the answer.' }),
}, {
  examples: [{
    run_id: 'analyze_01JD4Z9A2B3C4D5E6F7G8H9J0K', answer: '**North** had the highest Q2 revenue: 130 (Sales!C2).', answered: true,
    data: { operation: 'max', sheet: 'Sales', column: 'Q2', value: 130, label: 'North', cell: 'C2' }, citations: [{ sheet: 'Sales', range: 'C2:C5' }, { sheet: 'Sales', range: 'C2' }],
    credits_used: 1, model: 'builtin', tool_calls: 0, duration_ms: 42,
  }],
});
