// Usage: the credit balance, charts of credits per day by format and LLM tokens per day by model (uPlot),
// totals by format and model, and the credit ledger.
import { useState } from 'preact/hooks';
import type { CreditsBalance } from '@folio/sdk';
import { folio, useQuery } from '../api.ts';
import { Button } from '../ui/button.tsx';
import { StackedBars, type StackedSeries } from '../ui/chart.tsx';
import { Badge, Card, formatDate, formatNumber, PageHeader } from '../ui/page.tsx';
import { Empty, ErrorState, Loading } from '../ui/states.tsx';
import { Table } from '../ui/table.tsx';

interface UsageDaily {
  from: string; to: string;
  credits: { date: string; format: string; credits: number }[];
  tokens: { date: string; format: string; model: string; input_tokens: number; output_tokens: number; calls: number }[];
}
interface LedgerEntry { entry_id: string; kind: string; amount: number; balance_after: number; task_id: string | null; run_id: string | null; reason: string | null; created_at: string }

function dayRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function group<T>(rows: T[], days: string[], key: (r: T) => string, value: (r: T) => number): { series: StackedSeries[]; totals: Map<string, number> } {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + value(r));
  const names = [...totals.keys()].sort((a, b) => totals.get(b)! - totals.get(a)!);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = names.map((name) => ({ label: name, values: days.map(() => 0) }));
  for (const r of rows) {
    const s = series[names.indexOf(key(r))];
    const i = index.get((r as { date: string }).date);
    if (i !== undefined) s.values[i] += value(r);
  }
  return { series, totals };
}

const KIND_TONE: Record<string, 'ok' | 'bad' | 'warn' | 'info' | 'neutral'> = { signup_grant: 'ok', grant: 'ok', charge: 'bad', reservation: 'warn', release: 'info' };

function Ledger() {
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const cursor = pages[pages.length - 1];
  const page = useQuery(() => folio.request<{ items: LedgerEntry[]; next_cursor: string | null }>('GET', '/credits/ledger', { query: { limit: 20, ...(cursor ? { cursor } : {}) } }), [cursor]);
  const items = page.data?.items ?? [];
  return (
    <Card title="Ledger" actions={
      <div class="row">
        <Button size="sm" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))}>Newer</Button>
        <Button size="sm" disabled={!page.data?.next_cursor} onClick={() => setPages([...pages, page.data!.next_cursor!])}>Older</Button>
      </div>
    }>
      {page.loading && !page.data && <Loading label="Loading the ledger" />}
      {page.error && <ErrorState problem={page.error} onRetry={page.reload} />}
      {page.data && items.length === 0 && <Empty title="No credit movements yet" />}
      {items.length > 0 && (
        <Table caption="Credit ledger" rows={items} rowKey={(e) => e.entry_id} columns={[
          { header: 'When', cell: (e) => formatDate(e.created_at) },
          { header: 'Kind', cell: (e) => <Badge tone={KIND_TONE[e.kind]}>{e.kind.replace('_', ' ')}</Badge> },
          { header: 'Amount', align: 'right', cell: (e) => <span class={e.amount < 0 ? 'danger-text' : ''}>{e.amount > 0 ? '+' : ''}{formatNumber(e.amount)}</span> },
          { header: 'Balance', align: 'right', cell: (e) => formatNumber(e.balance_after) },
          { header: 'For', cell: (e) => (e.run_id ? <code>{e.run_id}</code> : e.reason ? <span class="muted small">{e.reason}</span> : '—') },
        ]} />
      )}
    </Card>
  );
}

export function UsagePage(_props: { params: Record<string, string> }) {
  const [days, setDays] = useState(30);
  const balance = useQuery(() => folio.credits.get() as Promise<CreditsBalance>);
  const usage = useQuery(() => folio.request<UsageDaily>('GET', '/usage/daily', { query: { days } }), [days]);
  const range = usage.data ? dayRange(usage.data.from, usage.data.to) : [];
  const credits = usage.data ? group(usage.data.credits, range, (r) => r.format, (r) => r.credits) : null;
  const tokens = usage.data ? group(usage.data.tokens, range, (r) => r.model, (r) => r.input_tokens + r.output_tokens) : null;
  const tokensByFormat = usage.data ? group(usage.data.tokens, range, (r) => r.format, (r) => r.input_tokens + r.output_tokens).totals : new Map();
  const sum = (m: Map<string, number> | undefined) => [...(m?.values() ?? [])].reduce((a, b) => a + b, 0);
  return (
    <>
      <PageHeader title="Usage" description="Credits and LLM tokens your organization spent, per day (UTC)." actions={
        <div class="row">
          <label for="usage-days" class="small muted">Period</label>
          <select id="usage-days" value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))} style="width:auto">
            <option value="7">Last 7 days</option>
            <option value="30">Last 30 days</option>
            <option value="90">Last 90 days</option>
          </select>
        </div>
      } />
      <div class="grid-4">
        <Card><div class="stat-label">Balance</div><div class="stat" data-testid="balance">{balance.data ? formatNumber(balance.data.balance) : '…'}</div><div class="small muted">credits available</div></Card>
        <Card><div class="stat-label">Reserved</div><div class="stat">{balance.data ? formatNumber(balance.data.reserved) : '…'}</div><div class="small muted">held by running tasks</div></Card>
        <Card><div class="stat-label">Credits spent</div><div class="stat">{credits ? formatNumber(sum(credits.totals)) : '…'}</div><div class="small muted">last {days} days</div></Card>
        <Card><div class="stat-label">LLM tokens</div><div class="stat">{tokens ? formatNumber(sum(tokens.totals)) : '…'}</div><div class="small muted">last {days} days</div></Card>
      </div>
      {balance.error && <ErrorState problem={balance.error} onRetry={balance.reload} />}
      {usage.loading && !usage.data && <Loading label="Loading usage" />}
      {usage.error && <ErrorState problem={usage.error} onRetry={usage.reload} />}
      {usage.data && credits && tokens && (
        <div class="grid-2">
          <Card title="Credits per day, by format">
            {credits.series.length === 0
              ? <Empty title="No credits spent in this period">Generations and LLM calls show here once they are charged.</Empty>
              : <>
                  <StackedBars days={range} series={credits.series} unit="credits" label={`Credits per day by format over the last ${days} days: ${[...credits.totals].map(([k, v]) => `${k} ${v}`).join(', ')}`} />
                  <ul class="totals">{[...credits.totals].map(([k, v]) => <li><span>{k}</span><strong>{formatNumber(v)}</strong></li>)}</ul>
                </>}
          </Card>
          <Card title="LLM tokens per day, by model">
            {tokens.series.length === 0
              ? <Empty title="No LLM calls in this period">Tokens of generation agents and LLM calls show here.</Empty>
              : <>
                  <StackedBars days={range} series={tokens.series} unit="tokens" label={`LLM tokens per day by model over the last ${days} days: ${[...tokens.totals].map(([k, v]) => `${k} ${v}`).join(', ')}`} />
                  <ul class="totals">
                    {[...tokens.totals].map(([k, v]) => <li><span>{k}</span><strong>{formatNumber(v)}</strong></li>)}
                    {[...tokensByFormat].map(([k, v]) => <li class="muted"><span>for {k}</span><span>{formatNumber(v)}</span></li>)}
                  </ul>
                </>}
          </Card>
        </div>
      )}
      <Ledger />
    </>
  );
}
