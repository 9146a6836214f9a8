// POST /excel/analyze. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, responses } from '../http/schemas.ts';
import { clientGone } from '../llm/llm.routes.ts';
import * as S from './analysis.schemas.ts';
import type { AnalysisService } from './analysis.service.ts';

const DESCRIPTION = `Answers a question about an uploaded workbook in read-only ask mode and returns \`{run_id, answer, answered, data?, citations: [{sheet, range}], credits_used, model, tool_calls, duration_ms}\`. It is the same ask engine as \`mode: "ask"\` on \`POST /excel/generate\`. \`run_id\` (\`analyze_...\`) names the answer only: no run is created and it cannot be resumed. \`prompt\` is at most 5000 characters.

Reads .xlsx (and .xlsm), legacy .xls (converted to .xlsx by the LibreOffice pool first; without LibreOffice 501) and .csv (read like a CSV data source: UTF-8, with or without a byte-order mark, or Windows-1252 as Excel on Windows saves it in Western locales; RFC 4180, comma, semicolon, tab or pipe, numbers typed, as one sheet named after the file).

The model reads a view of the workbook (each sheet's header and first rows, with their ranges) and the read-only tools (sheet list, header detection, range reads); every figure comes from aggregates computed by code: totals, averages, medians, minimum and maximum (with the row), counts, top or bottom N by a column, growth between two periods. \`citations\` lists the cells used. With the builtin engine (no LLM provider configured) the question is read with fixed rules and answered deterministically: structure (how many sheets or rows, what sheet 2 holds, which sheets have charts), aggregates over a named column ("Which region had the highest Q2?" gives the value and the row's label, e.g. "130, for North (Sales!C2)"), lookups ("What is the Q2 figure for East?"), and "Summarise this workbook" (an extractive summary of each sheet). When the workbook cannot answer, \`answered\` is false and the answer says what it holds and what can be asked. The file is never modified.

Errors: 404 for a file that does not exist or belongs to another organization; 422 when it is not a readable .xlsx, .xls or .csv; 402 below the LLM minimum balance (\`FOLIO_LLM_MIN_CREDITS\`) or over the monthly LLM budget; 502/504 when every model fails. Costs the model usage, at least the LLM minimum; nothing when \`answered\` is false (the minimum, charged up front, is given back).`;

export async function analysisRoutes(fastify: FastifyInstance, deps: { analysis: AnalysisService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/excel/analyze', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Generation'], summary: 'Ask a question about a workbook (read-only)', description: DESCRIPTION, security: API_KEY_SECURITY,
      body: S.AnalyzeBody, response: responses({ 200: S.AnalyzeResult }, [...API_KEY_ERRORS, 402, 404, 501, 502, 503, 504]),
    },
  }, async (request, reply) => deps.analysis.analyze(request.apiKey!, request.body, request.id, clientGone(reply)));
}
