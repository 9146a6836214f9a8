// The credits module: balances, the ledger and the usage report, and their routes.
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FolioModule } from '../infra/module.ts';
import { CreditLeasesRepository } from './credit-leases.repository.ts';
import { CreditsRepository } from './credits.repository.ts';
import { creditsRoutes } from './credits.routes.ts';
import { CreditsService } from './credits.service.ts';
import { UsageReportRepository } from './usage-report.repository.ts';

export interface CreditsModule extends FolioModule {
  service: CreditsService;
}

export function createCreditsModule(d: { config: Config; database: Database }): CreditsModule {
  const service = new CreditsService(d.config, d.database.db, new CreditsRepository(d.database.db), new CreditLeasesRepository(d.database.db));
  const usageReport = new UsageReportRepository(d.database.db);
  return {
    name: 'credits',
    service,
    routes: (api) => creditsRoutes(api, { credits: service, usageReport }),
  };
}
