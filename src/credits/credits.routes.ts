// GET /credits and GET /credits/ledger. Thin: authenticate, validate, call one use case, present.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_KEY_SECURITY } from '../http/auth.ts';
import { API_KEY_ERRORS, Page, responses } from '../http/schemas.ts';
import type { CreditsService } from './credits.service.ts';
import type { UsageReportRepository } from './usage-report.repository.ts';
import * as S from './credits.schemas.ts';
import { presentCredits, presentLedgerEntry } from './credits.presenters.ts';

export interface CreditsRouteDeps {
  credits: CreditsService;
  usageReport: UsageReportRepository;
}

export async function creditsRoutes(fastify: FastifyInstance, deps: CreditsRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/credits', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Credits'],
      summary: "The organization's credit balance",
      security: API_KEY_SECURITY,
      response: responses({ 200: S.CreditsSummary }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const orgId = request.apiKey!.org_id;
    const c = deps.credits;
    return presentCredits(orgId, await c.summary(orgId), { word: c.minimumFor('word'), excel: c.minimumFor('excel'), slides: c.minimumFor('slides') });
  });

  app.get('/credits/ledger', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Credits'],
      summary: 'Every credit movement, newest first',
      description: 'The balance always equals the sum of `amount` over the whole ledger.',
      security: API_KEY_SECURITY,
      querystring: S.LedgerQuery,
      response: responses({ 200: Page(S.LedgerEntry) }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const page = await deps.credits.ledger(request.apiKey!.org_id, request.query.limit, request.query.cursor);
    return { items: page.items.map(presentLedgerEntry), next_cursor: page.next_cursor };
  });

  app.get('/usage/daily', {
    config: { auth: 'api_key' },
    schema: {
      tags: ['Credits'],
      summary: 'Daily usage: credits per format, LLM tokens per format and model',
      description: 'What the console\'s Usage chart draws: credits charged per UTC day and format (from the ledger), and LLM tokens per UTC day, format and model (from the usage records, generation agents included), over the last `days` days.',
      security: API_KEY_SECURITY,
      querystring: S.UsageDailyQuery,
      response: responses({ 200: S.UsageDaily }, [...API_KEY_ERRORS]),
    },
  }, async (request) => {
    const orgId = request.apiKey!.org_id;
    const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
    const since = new Date(today.getTime() - (request.query.days - 1) * 86_400_000);
    const [credits, tokens] = await Promise.all([deps.usageReport.creditsByDay(orgId, since), deps.usageReport.tokensByDay(orgId, since)]);
    return { from: since.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10), credits, tokens };
  });
}
