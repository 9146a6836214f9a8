// In-process LLM credit leases: once an organization makes concurrent or frequent LLM calls, this process
// takes a block of its credits with one statement, in the background (a `credit_leases` row and a hold on
// the account), and pays the minimum of each call from it in memory, so the call does not wait for the
// database before the model is called. The call's charge is written later with its usage record, from
// the usage journal (exactly once, see UsageOutbox). The lease is topped up before it runs dry, renewed
// every third of its TTL, and its unspent part goes back when the organization goes idle, at shutdown, or
// (its holder dead) at the TTL or when a successor starts on the same host. When it cannot cover a call,
// the call takes the synchronous path (one charge statement with the exact 402s).
import type { FastifyBaseLogger } from 'fastify';
import type { CreditsService, LeaseBudget } from '../credits/credits.service.ts';
import { newId } from '../ids.ts';
import { deadOnThisHost } from './usage-outbox.ts';

interface Lease { id: string; orgId: string; unspent: number; /** Local time after which it is not spent from. */ usableUntil: number; renewedAt: number; inflight: number; closed: boolean }
interface OrgState { orgId: string; lease: Lease | null; granting: Promise<void> | null; noGrantUntil: number; active: number; lastCall: number; windowStart: number; count: number; rate: number }

export interface CreditLeasesDeps {
  credits: CreditsService;
  /** This process's name (`<host>~<boot>`, the usage outbox's). */
  holder: string;
  minimum: number;
  enabled: boolean;
  ttlMs: number;
  idleMs: number;
  budget: (orgId: string) => LeaseBudget;
  log: FastifyBaseLogger;
}

/** Seconds of an organization's call rate a lease holds. */
const HORIZON_S = 0.5;
const GRANT_BACKOFF_MS = 1000;

export class CreditLeases {
  private readonly d: CreditLeasesDeps;
  private readonly orgs = new Map<string, OrgState>();
  private readonly leases = new Map<string, Lease>();
  private timer: NodeJS.Timeout | null = null;
  private lastSweep = Date.now();
  private busy = false;

  constructor(deps: CreditLeasesDeps) {
    this.d = deps;
  }

  /** Gives back the leases of dead processes of this host (after the usage journal's replay settled their calls), and starts the upkeep timer. */
  async start(): Promise<void> {
    if (!this.d.enabled) return;
    const host = this.d.holder.split('~')[0];
    const dead = (await this.d.credits.leases.holders(`${host}~`)).filter(deadOnThisHost);
    if (dead.length) this.d.log.info({ holders: dead, leases: await this.d.credits.leases.reclaim(dead) }, 'LLM credit leases of a previous process returned to the balance');
    this.timer = setInterval(() => void this.upkeep(), Math.max(50, Math.min(this.d.ttlMs / 3, this.d.idleMs / 2)));
    this.timer.unref();
  }

  /** A call of the organization starts (counts toward its rate and concurrency). */
  started(orgId: string): void {
    const o = this.org(orgId);
    const now = Date.now();
    if (now - o.windowStart >= 1000) {
      o.rate = now - o.windowStart < 2000 ? o.count : 0;
      o.windowStart = now;
      o.count = 0;
    }
    o.count++;
    o.active++;
    o.lastCall = now;
  }

  /** Takes `amount` from the organization's lease in memory; its id, or null when it cannot cover it. */
  take(orgId: string, amount: number): string | null {
    const o = this.org(orgId);
    const l = o.lease;
    if (!l || l.closed || l.unspent < amount || Date.now() >= l.usableUntil) return null;
    l.unspent -= amount;
    l.inflight++;
    if (l.unspent < this.want(o) / 2) this.grant(o);
    return l.id;
  }

  /** After `take` failed: waits for a grant in flight, or starts one when the organization's calls warrant a lease, then takes. */
  async acquire(orgId: string, amount: number): Promise<string | null> {
    if (!this.d.enabled) return null;
    const o = this.org(orgId);
    if (!o.granting && (o.active < 2 && Math.max(o.rate, o.count) < 4)) return null;
    this.grant(o);
    await o.granting;
    return this.take(orgId, amount);
  }

  /** Pays `amount` more of a call from its lease (the call cost more than its minimum); false when it cannot. */
  takeMore(leaseId: string, amount: number): boolean {
    const l = this.leases.get(leaseId);
    if (!l || l.closed || l.unspent < amount || Date.now() >= l.usableUntil) return false;
    l.unspent -= amount;
    return true;
  }

  /** A call ends; `refund`: credits it took from its lease and did not spend (it failed). */
  finished(orgId: string, leaseId: string | null, refund = 0): void {
    const o = this.org(orgId);
    o.active = Math.max(0, o.active - 1);
    if (!leaseId) return;
    const l = this.leases.get(leaseId);
    if (l) l.inflight--;
    if (refund <= 0) return;
    if (l && !l.closed) l.unspent += refund;
    else void this.d.credits.leases.giveBack(leaseId, refund, false).catch((err) => this.d.log.warn({ err, lease_id: leaseId }, 'could not give back an LLM credit lease\'s refund'));
  }

  /** Ends the organization's lease here, its unspent part back to the balance (the budget changed, or a call cost more than it held). */
  async drop(orgId: string): Promise<void> {
    const o = this.orgs.get(orgId);
    if (o?.granting) await o.granting;
    const l = o?.lease;
    if (!o || !l) return;
    o.lease = null;
    await this.end(l);
  }

  /** Gives every lease's unspent part back (shutdown). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.orgs.values()].map((o) => o.granting));
    for (const o of this.orgs.values()) o.lease = null;
    await Promise.all([...this.leases.values()].map((l) => this.end(l)));
  }

  private org(orgId: string): OrgState {
    let o = this.orgs.get(orgId);
    if (!o) this.orgs.set(orgId, o = { orgId, lease: null, granting: null, noGrantUntil: 0, active: 0, lastCall: 0, windowStart: Date.now(), count: 0, rate: 0 });
    return o;
  }

  /** Credits a lease of the organization should hold: about HORIZON_S of its calls, at least 4 calls' worth. */
  private want(o: OrgState): number {
    return this.d.minimum * Math.max(4, Math.ceil(Math.max(o.rate, o.count, 2 * o.active) * HORIZON_S));
  }

  /** Takes (or tops up) the organization's lease in the background; one statement at a time per organization. */
  private grant(o: OrgState): void {
    if (o.granting || Date.now() < o.noGrantUntil) return;
    const orgId = o.orgId;
    const current = o.lease && !o.lease.closed ? o.lease : null;
    const leaseId = current?.id ?? newId('lse');
    const sentAt = Date.now();
    o.granting = (async () => {
      try {
        const n = await this.d.credits.leases.grant({ leaseId, orgId, holder: this.d.holder, want: this.want(o), minimum: this.d.minimum, ttlMs: this.d.ttlMs, topUp: current !== null }, this.d.budget(orgId));
        if (n === null) { // reclaimed: this process was stalled past the TTL; nothing of it may be spent
          current!.closed = true;
          current!.unspent = 0;
          if (o.lease === current) o.lease = null;
        } else if (n === 0) {
          o.noGrantUntil = Date.now() + GRANT_BACKOFF_MS;
        } else if (current && o.lease === current) {
          current.unspent += n;
          current.usableUntil = this.usableUntil(sentAt);
          current.renewedAt = sentAt;
        } else if (current) {
          await this.d.credits.leases.giveBack(leaseId, n, false); // dropped meanwhile
        } else {
          const l: Lease = { id: leaseId, orgId, unspent: n, usableUntil: this.usableUntil(sentAt), renewedAt: sentAt, inflight: 0, closed: false };
          this.leases.set(leaseId, l);
          o.lease = l;
        }
      } catch (err) {
        o.noGrantUntil = Date.now() + GRANT_BACKOFF_MS;
        this.d.log.warn({ err, org_id: orgId }, 'could not take an LLM credit lease; calls charge synchronously');
      } finally {
        o.granting = null;
      }
    })();
  }

  /** The database's expiry is at least `sentAt + ttl`; stop spending a sixth of the TTL before it. */
  private usableUntil(sentAt: number): number {
    return sentAt + this.d.ttlMs - this.d.ttlMs / 6;
  }

  private async end(l: Lease): Promise<void> {
    if (l.closed) return;
    l.closed = true;
    const unspent = l.unspent;
    l.unspent = 0;
    await this.d.credits.leases.giveBack(l.id, unspent, l.inflight === 0)
      .catch((err) => this.d.log.warn({ err, lease_id: l.id }, 'could not give back an LLM credit lease; it comes back when it expires'));
  }

  /** Idle leases end, live ones (and ended ones with calls still running) are renewed, expired ones of any holder reclaimed. */
  private async upkeep(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.upkeepOnce();
    } finally {
      this.busy = false;
    }
  }

  private async upkeepOnce(): Promise<void> {
    const now = Date.now();
    for (const [orgId, o] of this.orgs) {
      const l = o.lease;
      if (l && !o.granting && o.active === 0 && now - o.lastCall >= this.d.idleMs) {
        o.lease = null;
        await this.end(l);
      }
      if (!o.lease && !o.granting && o.active === 0 && now - o.lastCall >= this.d.idleMs) this.orgs.delete(orgId);
    }
    for (const l of this.leases.values()) {
      if (l.closed && l.inflight <= 0) { this.leases.delete(l.id); continue; }
      if (now - l.renewedAt < this.d.ttlMs / 3) continue;
      const sentAt = Date.now();
      const alive = await this.d.credits.leases.renew(l.id, this.d.ttlMs).catch(() => null);
      if (alive === null) continue; // the database is away: the lease stops being spent at usableUntil
      if (!alive) { l.closed = true; l.unspent = 0; continue; }
      l.renewedAt = sentAt;
      l.usableUntil = this.usableUntil(sentAt);
    }
    if (now - this.lastSweep >= this.d.ttlMs) {
      this.lastSweep = now;
      const n = await this.d.credits.leases.reclaim().catch(() => 0);
      if (n) this.d.log.info({ leases: n }, 'expired LLM credit leases returned to the balance');
    }
  }
}
