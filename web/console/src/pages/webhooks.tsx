// Webhooks: the organization's endpoints (add, send a test ping, delete) and the delivery log, each
// delivery with every attempt's status, latency and response excerpt, and a button to redeliver it.
import { useState } from 'preact/hooks';
import type { CreatedWebhook, Webhook, WebhookDelivery } from '@folio/sdk';
import { firstItems, folio, useAction, useQuery } from '../api.ts';
import { Button, CopyButton } from '../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../ui/dialog.tsx';
import { Badge, Card, formatDate, PageHeader, type Tone } from '../ui/page.tsx';
import { Empty, ErrorState, InlineError, Loading } from '../ui/states.tsx';
import { Table } from '../ui/table.tsx';

const EVENTS = ['run.completed', 'run.failed'] as const;
const STATUS_TONE: Record<string, Tone> = { succeeded: 'ok', failed: 'bad', pending: 'warn', cancelled: 'neutral' };
const OUTCOME_TONE: Record<string, Tone> = { succeeded: 'ok', failed: 'bad', retrying: 'warn' };

function AddEndpointDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (w: CreatedWebhook) => void }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([...EVENTS]);
  const [description, setDescription] = useState('');
  const create = useAction(() => folio.webhooks.create({ url: url.trim(), events: events as any, ...(description.trim() ? { description: description.trim() } : {}) }));
  const submit = async (e: Event) => {
    e.preventDefault();
    const created = await create.run();
    if (created) {
      setUrl('');
      setDescription('');
      onCreated(created);
    }
  };
  const toggle = (ev: string) => setEvents(events.includes(ev) ? events.filter((x) => x !== ev) : [...events, ev]);
  return (
    <Dialog open={open} title="Add a webhook endpoint" onClose={onClose}>
      <form class="form" onSubmit={submit}>
        <div class="field">
          <label for="hook-url">Endpoint URL</label>
          <input id="hook-url" type="url" required placeholder="https://example.com/folio-events" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </div>
        <fieldset class="field">
          <legend class="label">Events</legend>
          <div class="checks">
            {EVENTS.map((ev) => (
              <label class="check"><input type="checkbox" checked={events.includes(ev)} onChange={() => toggle(ev)} /> <code>{ev}</code></label>
            ))}
          </div>
        </fieldset>
        <div class="field">
          <label for="hook-description">Description <span class="muted">(optional)</span></label>
          <input id="hook-description" type="text" maxLength={500} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
        </div>
        <InlineError problem={create.error} />
        <div class="dialog-footer">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.busy} disabled={events.length === 0}>Add endpoint</Button>
        </div>
      </form>
    </Dialog>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts.length === 0) return <p class="muted small">No attempt yet{delivery.next_attempt_at ? `; the first is due ${formatDate(delivery.next_attempt_at)}` : ''}.</p>;
  return (
    <Table
      caption={`Attempts of ${delivery.delivery_id}`}
      rows={delivery.attempts}
      rowKey={(a) => String(a.attempt)}
      columns={[
        { header: '#', cell: (a) => a.attempt },
        { header: 'Sent', cell: (a) => formatDate(a.started_at) },
        { header: 'Status', cell: (a) => (a.status_code !== null ? <code>{a.status_code}</code> : <span class="muted">{a.error ?? 'no answer'}</span>) },
        { header: 'Latency', align: 'right', cell: (a) => `${a.latency_ms} ms` },
        { header: 'Outcome', cell: (a) => <Badge tone={OUTCOME_TONE[a.outcome]}>{a.outcome}</Badge> },
        { header: 'Response', cell: (a) => (a.response_body ? <pre class="excerpt">{a.response_body}{a.response_truncated ? '…' : ''}</pre> : <span class="muted">—</span>) },
      ]}
    />
  );
}

function DeliveryLog({ refreshKey, onChanged }: { refreshKey: number; onChanged: () => void }) {
  const [status, setStatus] = useState('');
  const log = useQuery(() => folio.request<{ items: WebhookDelivery[] }>('GET', '/webhooks/deliveries', { query: { limit: 50, ...(status ? { outcome: status } : {}) } }), [status, refreshKey]);
  const redeliver = useAction(async (d: WebhookDelivery) => { await folio.webhooks.redeliver(d.webhook_id!, d.delivery_id); return true; });
  const again = async (d: WebhookDelivery) => { if (await redeliver.run(d)) onChanged(); };
  const items = log.data?.items ?? [];
  return (
    <Card title="Deliveries" actions={
      <div class="row">
        <label for="delivery-status" class="small muted">Status</label>
        <select id="delivery-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)} style="width:auto">
          <option value="">All</option>
          {['succeeded', 'failed', 'pending', 'cancelled'].map((s) => <option value={s}>{s}</option>)}
        </select>
        <Button size="sm" onClick={log.reload} busy={log.loading && !!log.data}>Refresh</Button>
      </div>
    }>
      <InlineError problem={redeliver.error} />
      {log.loading && !log.data && <Loading label="Loading deliveries" />}
      {log.error && <ErrorState problem={log.error} onRetry={log.reload} />}
      {log.data && items.length === 0 && <Empty title="No deliveries yet">Events appear here when a run completes or fails, or when you send a test ping. The log keeps 30 days.</Empty>}
      <ul class="deliveries">
        {items.map((d) => (
          <li class="delivery" key={d.delivery_id}>
            <details>
              <summary>
                <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge>
                <code class="delivery-event">{d.event}</code>
                <span class="truncate delivery-url" title={d.url}>{d.url}</span>
                <span class="muted small">{d.attempt_count} attempt{d.attempt_count === 1 ? '' : 's'} · {formatDate(d.created_at)}</span>
              </summary>
              <div class="delivery-body">
                <p class="small muted">
                  <code>{d.delivery_id}</code>{d.run_id && <> · run <code>{d.run_id}</code></>}{d.redelivery_of && <> · redelivery of <code>{d.redelivery_of}</code></>}
                </p>
                <Attempts delivery={d} />
                {d.webhook_id && <Button size="sm" busy={redeliver.busy} onClick={() => again(d)}>Redeliver</Button>}
              </div>
            </details>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function WebhooksPage(_props: { params: Record<string, string> }) {
  const hooks = useQuery(() => firstItems(folio.webhooks.list({ limit: 100 })));
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logKey, setLogKey] = useState(0);
  const remove = useAction(async (id: string) => { await folio.request('DELETE', `/webhooks/${encodeURIComponent(id)}`); return true; });
  const ping = useAction(async (id: string) => folio.request<WebhookDelivery>('POST', `/webhooks/${encodeURIComponent(id)}/test`));
  const [pinged, setPinged] = useState<WebhookDelivery | null>(null);
  const sendPing = async (id: string) => {
    const d = await ping.run(id);
    if (d) { setPinged(d); setLogKey((n) => n + 1); }
  };
  const items = hooks.data ?? [];
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Folio calls your endpoints when a run completes or fails, signed with the endpoint's secret."
        actions={<Button variant="primary" onClick={() => setAdding(true)}>Add endpoint</Button>}
      />
      {created && (
        <Card title="Endpoint added" class="card-highlight">
          <p>Its signing secret, shown only now: verify each delivery's signature with it.</p>
          <div class="secret-box"><code>{created.secret}</code><CopyButton text={created.secret} /></div>
          <Button size="sm" onClick={() => setCreated(null)}>I have saved it</Button>
        </Card>
      )}
      {pinged && (
        <p class="notice" role="status">
          Test ping sent to {pinged.url}: {pinged.attempts[0]?.status_code !== null && pinged.attempts[0] ? `HTTP ${pinged.attempts[0].status_code}` : (pinged.attempts[0]?.error ?? 'no answer')}
          {pinged.attempts[0] && ` in ${pinged.attempts[0].latency_ms} ms`}.
        </p>
      )}
      <InlineError problem={ping.error} />
      <Card title="Endpoints">
        {hooks.loading && !hooks.data && <Loading label="Loading endpoints" />}
        {hooks.error && <ErrorState problem={hooks.error} onRetry={hooks.reload} />}
        {hooks.data && items.length === 0 && (
          <Empty title="No endpoints yet" action={<Button variant="primary" onClick={() => setAdding(true)}>Add endpoint</Button>}>
            Add an HTTPS endpoint to hear about finished runs without polling.
          </Empty>
        )}
        {items.length > 0 && (
          <Table
            caption="Webhook endpoints"
            rows={items}
            rowKey={(w) => w.webhook_id}
            columns={[
              { header: 'URL', cell: (w) => <span class="truncate" title={w.url}>{w.url}</span> },
              { header: 'Events', cell: (w) => <span class="row">{w.events.map((e) => <Badge tone="info">{e}</Badge>)}</span> },
              { header: 'Created', cell: (w) => formatDate(w.created_at) },
              {
                header: 'Actions', class: 'actions', cell: (w) => (
                  <span class="row" style="justify-content:flex-end">
                    <Button size="sm" busy={ping.busy} onClick={() => sendPing(w.webhook_id)} aria-label={`Send test ping to ${w.url}`}>Send test</Button>
                    <Button size="sm" variant="ghost" class="danger-text" onClick={() => { remove.reset(); setDeleting(w); }} aria-label={`Delete ${w.url}`}>Delete</Button>
                  </span>
                ),
              },
            ]}
          />
        )}
      </Card>
      <DeliveryLog refreshKey={logKey} onChanged={() => setLogKey((n) => n + 1)} />

      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} onCreated={(w) => { setAdding(false); setCreated(w); hooks.reload(); }} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        danger
        busy={remove.busy}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={async () => { if (deleting && (await remove.run(deleting.webhook_id))) { setDeleting(null); hooks.reload(); setLogKey((n) => n + 1); } }}
      >
        <p><strong>{deleting?.url}</strong> receives no more events; its pending deliveries are cancelled.</p>
      </ConfirmDialog>
    </>
  );
}
