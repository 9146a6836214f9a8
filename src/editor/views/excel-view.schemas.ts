// The request and answer shapes of the built-in grid editor (the implementation is excel-view.ts), apart
// from it so the routes' schemas load without the workbook engine.
import { Type, type Static } from 'typebox';
import { MAX_COLS, MAX_ROWS } from '../../documents/excel/a1.ts';

/** The grid shows at most this much of a sheet (the rest stays in the file, untouched). */
export const GRID_MAX_ROWS = 2000;
export const GRID_MAX_COLS = 200;

const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const ExcelContent = Type.Object({
  sheets: Type.Array(Type.Object({
    name: Type.String(),
    rows: Type.Integer({ description: 'Rows shown (the used range, at least 30, at most 2000).' }),
    cols: Type.Integer(),
    truncated: Type.Boolean({ description: 'true when the sheet is larger than the grid shows.' }),
    cells: Type.Array(Type.Object({ r: Type.Integer(), c: Type.Integer(), value: Value, formula: Type.Optional(Type.String()) })),
  })),
});
export type ExcelContent = Static<typeof ExcelContent>;

export const ExcelEdits = Type.Object({
  edits: Type.Array(Type.Object({
    sheet: Type.String({ minLength: 1, maxLength: 100 }),
    row: Type.Integer({ minimum: 0, maximum: MAX_ROWS - 1, description: '0-based' }),
    col: Type.Integer({ minimum: 0, maximum: MAX_COLS - 1, description: '0-based' }),
    input: Type.String({ maxLength: 32_767, description: 'What a person typed: `=FORMULA`, a number, a date, text; empty clears the value (the style stays).' }),
  }, { additionalProperties: false }), { maxItems: 100_000 }),
}, { additionalProperties: false });
export type ExcelEdits = Static<typeof ExcelEdits>;
