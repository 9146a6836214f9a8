// The one check of every URL a caller gives Folio (a generation call's `webhook_url` and
// `brand.logo_url`, a report's `webhook_url`, POST /webhooks' `url`), run when the request arrives.
// It applies the outbound guard's rules (scheme; the address of a literal host or every address the
// name resolves to; FOLIO_ALLOW_PRIVATE_URLS lifts the address rules and admits http) and answers a
// refusal as 422 naming the field. Deliveries and fetches check again at connect time (the guard pins
// the checked address), so a DNS answer that changes later still cannot reach a private address.
import { errors, type ValidationDetail } from '../errors.ts';
import { OutboundError, type OutboundGuard } from './outbound.ts';

/** How long the arrival check waits for DNS. */
const ARRIVAL_DNS_TIMEOUT_MS = 5_000;

export type UrlField = { loc: (string | number)[]; url: string | undefined | null };

export class UrlPolicy {
  private readonly guard: OutboundGuard;

  constructor(guard: OutboundGuard) {
    this.guard = guard;
  }

  /** 422 `validation_error` with one detail per refused URL (`url_not_allowed` or `url_unresolvable`). */
  async check(fields: UrlField[]): Promise<void> {
    const given = fields.filter((f): f is { loc: (string | number)[]; url: string } => typeof f.url === 'string');
    const problems = (await Promise.all(given.map((f) => this.problem(f.loc, f.url)))).filter((p): p is ValidationDetail => p !== null);
    if (problems.length) throw errors.validation(problems);
  }

  private async problem(loc: (string | number)[], url: string): Promise<ValidationDetail | null> {
    try {
      await this.guard.resolve(url, ARRIVAL_DNS_TIMEOUT_MS);
      return null;
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      return { loc, msg: err.message, type: err.kind === 'refused' ? 'url_not_allowed' : 'url_unresolvable', input: url };
    }
  }
}

/** The URLs of a generation request (POST /{format}/generate, /preflight, project reports). */
export function generationUrls(body: { webhook_url?: string; brand?: { logo_url?: string } }): UrlField[] {
  return [
    { loc: ['body', 'webhook_url'], url: body.webhook_url },
    { loc: ['body', 'brand', 'logo_url'], url: body.brand?.logo_url },
  ];
}
