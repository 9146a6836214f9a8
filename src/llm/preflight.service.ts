// POST /preflight: a generation request run through every check of the generation endpoints, in the
// same order (balance 402, references 404/409/410, content 400 preflight_failed), without creating,
// queueing or spending anything. It answers what the call would do.
import type { CreditsService } from '../credits/credits.service.ts';
import type { KeyWithOrg } from '../identity/api-keys.repository.ts';
import type { AgentRegistry } from '../runs/agents.ts';
import type { GenerateService } from '../runs/generate.service.ts';
import { referencedFileIds, referencedImageIds } from '../runs/references.ts';
import type { PreflightRequest } from './llm.schemas.ts';
import { formatNotices } from './preflight-rules.ts';

export interface PreflightDeps {
  generate: GenerateService;
  credits: CreditsService;
  agents: AgentRegistry;
}

export class PreflightService {
  private readonly d: PreflightDeps;

  constructor(deps: PreflightDeps) {
    this.d = deps;
  }

  async preflight(key: KeyWithOrg, body: PreflightRequest) {
    const { format, ...request } = body;
    // generate.check applies the URL policy (src/net/url-policy.ts) to webhook_url and logo_url first.
    await this.d.generate.check(key.org_id, format, request);
    const { balance } = await this.d.credits.summary(key.org_id);
    return {
      ok: true as const,
      format,
      mode: request.mode ?? 'action',
      async: request.async ?? false,
      run_id: request.run_id ?? null,
      estimated_minimum_credits: this.d.credits.minimumFor(format),
      balance,
      agent_available: this.d.agents.get(format) !== undefined,
      references: { files: referencedFileIds(request).length, images: referencedImageIds(request).length },
      notices: formatNotices(format, request),
    };
  }
}
