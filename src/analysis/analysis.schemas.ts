// TypeBox schemas of POST /excel/analyze.
import { Type } from 'typebox';
import { Nullable } from '../http/schemas.ts';

export const AnalyzeBody = Type.Object({
  file_id: Type.String({ minLength: 1, maxLength: 100, description: 'An uploaded .xlsx (`POST /files`, or a project file).' }),
  prompt: Type.String({ minLength: 1, maxLength: 10_000, description: 'The question, 1-10000 characters.' }),
}, { additionalProperties: false });

export const Citation = Type.Object({
  sheet: Type.String(),
  range: Type.String({ description: 'A1 range or cell on that sheet, e.g. `B2:B13` or `C7`.' }),
});

export const AnalyzeResult = Type.Object({
  answer: Type.String({ description: 'The answer, with the figures and where they come from.' }),
  answered: Type.Boolean({ description: 'false when the workbook does not answer the question: `answer` then says so, what the workbook holds and what can be asked, and nothing is charged (`credits_used` 0).' }),
  data: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true, description: 'The figures behind the answer, as computed by the tools (operation, sheet, column, range, value, ...).' }))),
  citations: Type.Array(Citation, { description: 'The cells the answer was computed from.' }),
  credits_used: Type.Integer(),
  model: Type.String({ description: 'The model that answered (`builtin` for the offline engine).' }),
});
