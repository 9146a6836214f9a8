// Groups the up-front charges of concurrent LLM calls of one organization: while one charge statement
// of the organization runs, the calls that arrive wait and go together in the next one (one ledger row
// each, charged in arrival order as far as the balance covers). An idle organization's call goes at once.
import type { CreditsService } from '../credits/credits.service.ts';

type Budget = { month: string; defaultBudget: number | null; pendingCredits: number };
interface Waiting { reason: string; resolve: (charged: boolean) => void; reject: (err: unknown) => void }

export class ChargeBatcher {
  private readonly credits: CreditsService;
  private readonly queues = new Map<string, Waiting[]>();

  constructor(credits: CreditsService) {
    this.credits = credits;
  }

  /** Resolves true when charged, false when the budget or balance refused it (nothing moved for it). */
  charge(orgId: string, amount: number, reason: string, budget: () => Budget): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(orgId);
      if (queue) { queue.push({ reason, resolve, reject }); return; }
      this.queues.set(orgId, [{ reason, resolve, reject }]);
      void this.run(orgId, amount, budget);
    });
  }

  private async run(orgId: string, amount: number, budget: () => Budget): Promise<void> {
    for (;;) {
      const batch = this.queues.get(orgId)!;
      if (!batch.length) { this.queues.delete(orgId); return; }
      this.queues.set(orgId, []);
      try {
        const charged = await this.credits.chargeCallsWithinBudget(orgId, amount, batch.map((w) => w.reason), budget());
        batch.forEach((w, i) => w.resolve(i < charged));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
  }
}
