// Insights of a project and its reports. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, Page, responses } from '../http/schemas.ts';
import type { RunLinks } from '../runs/run-links.ts';
import { presentAccepted, presentGenerateResult } from '../runs/runs.presenters.ts';
import type { RunsService } from '../runs/runs.service.ts';
import { GenerateAccepted, GenerateResult } from '../runs/runs.schemas.ts';
import * as S from './insights.schemas.ts';
import type { InsightsService } from './insights.service.ts';
import { ProjectParams } from './projects.schemas.ts';
import { presentInsight } from './projects.presenters.ts';
import type { ReportService } from './report/report.service.ts';

export interface InsightRouteDeps {
  insights: InsightsService;
  reports: ReportService;
  runs: RunsService;
  links: RunLinks;
}

const route = { config: { auth: 'api_key' as const } };

const REPORT = `Writes a \`.docx\` insights report from a fixed template, with no model (the same insights give the same document): a cover with the title and date, an executive summary with counts by severity and kind, one section per severity with a table of its insights (title, kind, source file, description), and an appendix of the source files.

It creates a run of format \`word\` and answers exactly like \`POST /word/generate\`: synchronous by default (200 with \`download_url\`), \`async: true\` for 202 and a \`poll_url\`, \`webhook_url\` for one signed callback; 408 \`sync_timeout_upgrade_async\` at the synchronous ceiling. Export it to PDF with \`POST /runs/{run_id}/export\`.

Filters: \`include_severity\`, \`include_alert_kind\`, \`include_resolved\` (default false) and \`file_ids\` (insights whose \`source.fileId\` is listed; 404 for an id that is not a file of the project). The insights are read when the task runs. 402 \`insufficient_credits\` below the Word minimum balance.`;

export async function insightsRoutes(fastify: FastifyInstance, deps: InsightRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/projects/:project_id/insights', {
    ...route,
    schema: {
      tags: ['Projects'], summary: 'List the insights of a project',
      description: 'Newest first, paginated. Filters: `severity` and `kind` (repeatable), `file_id` (as source or related), `resolved` (omitted: unresolved only).',
      security: API_KEY_SECURITY, params: ProjectParams, querystring: S.InsightListQuery, response: responses({ 200: Page(S.Insight) }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => {
    const page = await deps.insights.list(request.apiKey!.org_id, request.params.project_id, request.query);
    return { items: page.items.map((i) => presentInsight(i, page.names)), next_cursor: page.next_cursor };
  });

  app.patch('/projects/:project_id/insights/:insight_id', {
    ...route,
    schema: {
      tags: ['Projects'], summary: 'Resolve or reopen an insight',
      description: '`{resolved: true}` hides the insight from lists and reports by default; a later reconciliation that finds it again keeps it resolved.',
      security: API_KEY_SECURITY, params: S.InsightParams, body: S.UpdateInsightBody, response: responses({ 200: S.Insight }, [...API_KEY_ERRORS, 404]),
    },
  }, async (request) => {
    const { insight, names } = await deps.insights.setResolved(request.apiKey!.org_id, request.params.project_id, request.params.insight_id, request.body.resolved);
    return presentInsight(insight, names);
  });

  app.post('/projects/:project_id/reports', {
    ...route,
    schema: {
      tags: ['Projects'], summary: 'Generate an insights report (.docx)', description: REPORT, security: API_KEY_SECURITY,
      params: ProjectParams, body: S.ReportBody,
      response: responses({ 200: GenerateResult, 202: GenerateAccepted }, [...API_KEY_ERRORS, 402, 404, 408, 409, 410, 502, 503, 504]),
    },
  }, async (request, reply) => {
    const out = await deps.reports.generate(request.apiKey!, request.params.project_id, request.body);
    if (out.accepted) {
      const pollUrl = deps.links.poll(out.task.task_id);
      return reply.code(202).header('Location', pollUrl).send(presentAccepted(out.task, pollUrl));
    }
    return presentGenerateResult(await deps.runs.taskView(out.task));
  });
}
