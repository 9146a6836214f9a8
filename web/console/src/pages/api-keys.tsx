// API keys of the organization: create (the secret is shown once, with a copy button), list (prefix,
// created, last used) and revoke with a confirmation. Owners and admins manage keys; members may list.
import { useState } from 'preact/hooks';
import { folio, useAction, useQuery } from '../api.ts';
import { useSession } from '../session.tsx';
import { Button, CopyButton } from '../ui/button.tsx';
import { ConfirmDialog, Dialog } from '../ui/dialog.tsx';
import { Badge, Card, formatDate, PageHeader } from '../ui/page.tsx';
import { Empty, ErrorState, InlineError, Loading } from '../ui/states.tsx';
import { Table } from '../ui/table.tsx';

interface ApiKey { key_id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; revoked_at: string | null }
interface CreatedKey extends ApiKey { secret: string }

export function ApiKeysPage(_props: { params: Record<string, string> }) {
  const { org } = useSession();
  const orgId = org!.org_id;
  const canManage = org!.role === 'owner' || org!.role === 'admin';
  const base = `/organizations/${encodeURIComponent(orgId)}/api-keys`;
  const keys = useQuery(() => folio.request<{ items: ApiKey[]; next_cursor: string | null }>('GET', base, { query: { limit: 100 } }));

  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const create = useAction((keyName: string) => folio.request<CreatedKey>('POST', base, { body: { name: keyName } }));
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useAction(async (keyId: string) => { await folio.request('DELETE', `${base}/${encodeURIComponent(keyId)}`); return true; });

  const submit = async (e: Event) => {
    e.preventDefault();
    const key = await create.run(name.trim());
    if (key) {
      setCreating(false);
      setName('');
      setCreated(key);
      keys.reload();
    }
  };
  const confirmRevoke = async () => {
    if (!revoking) return;
    if (await revoke.run(revoking.key_id)) {
      setRevoking(null);
      keys.reload();
    }
  };

  const items = keys.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate your servers' calls to the API. Keep them secret; revoke a key the moment it leaks."
        actions={canManage && <Button variant="primary" onClick={() => { create.reset(); setCreating(true); }}>Create key</Button>}
      />
      {!canManage && <p class="notice">You are a member of {org!.org_name}: owners and admins create and revoke keys.</p>}
      {created && (
        <Card title="Your new key" class="card-highlight">
          <p>Copy <strong>{created.name}</strong> now: this is the only time its secret is shown.</p>
          <div class="secret-box">
            <code data-testid="new-secret">{created.secret}</code>
            <CopyButton text={created.secret} />
          </div>
          <Button size="sm" onClick={() => setCreated(null)}>I have saved it</Button>
        </Card>
      )}
      {keys.loading && !keys.data && <Loading label="Loading keys" />}
      {keys.error && <ErrorState problem={keys.error} onRetry={keys.reload} />}
      {keys.data && items.length === 0 && (
        <Empty title="No API keys yet" action={canManage && <Button variant="primary" onClick={() => setCreating(true)}>Create key</Button>}>
          Create a key to call the API from your code or the <code>folio</code> CLI.
        </Empty>
      )}
      {items.length > 0 && (
        <Card>
          <Table
            caption="API keys"
            rows={items}
            rowKey={(k) => k.key_id}
            columns={[
              { header: 'Name', cell: (k) => <strong>{k.name}</strong> },
              { header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
              { header: 'Created', cell: (k) => formatDate(k.created_at) },
              { header: 'Last used', cell: (k) => formatDate(k.last_used_at, 'Never') },
              { header: 'Status', cell: (k) => (k.revoked_at ? <Badge tone="bad">Revoked</Badge> : <Badge tone="ok">Active</Badge>) },
              {
                header: 'Actions', class: 'actions',
                cell: (k) => (canManage && !k.revoked_at
                  ? <Button size="sm" variant="ghost" class="danger-text" aria-label={`Revoke ${k.name} (${k.prefix})`} onClick={() => { revoke.reset(); setRevoking(k); }}>Revoke</Button>
                  : <span class="muted small">{k.revoked_at ? formatDate(k.revoked_at) : '—'}</span>),
              },
            ]}
          />
        </Card>
      )}

      <Dialog open={creating} title="Create an API key" onClose={() => setCreating(false)}>
        <form class="form" onSubmit={submit}>
          <div class="field">
            <label for="key-name">Name</label>
            <input id="key-name" type="text" required maxLength={80} placeholder="e.g. production server" value={name} onInput={(e) => setName(e.currentTarget.value)} />
            <span class="hint">A label to recognise the key by; the secret is shown once after creation.</span>
          </div>
          <InlineError problem={create.error} />
          <div class="dialog-footer">
            <Button onClick={() => setCreating(false)}>Cancel</Button>
            <Button type="submit" variant="primary" busy={create.busy}>Create key</Button>
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        danger
        busy={revoke.busy}
        error={revoke.error}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      >
        <p><strong>{revoking?.name}</strong> (<code>{revoking?.prefix}…</code>) stops working immediately, on every server. Calls made with it will answer 401. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
