// Shown to a signed-in user who belongs to no organization yet: create one (POST /signup with the session).
import { useState } from 'preact/hooks';
import { folio, useAction } from '../api.ts';
import { signOut, switchOrganization, useSession } from '../session.tsx';
import { Button } from '../ui/button.tsx';
import { InlineError } from '../ui/states.tsx';

export function CreateOrganizationPage() {
  const { session, setSession } = useSession();
  const [name, setName] = useState('');
  const create = useAction(async (org_name: string) => {
    const created = await folio.request<{ org_id: string }>('POST', '/signup', { body: { org_name } });
    return switchOrganization(created.org_id);
  });
  const submit = async (e: Event) => {
    e.preventDefault();
    const s = await create.run(name.trim());
    if (s) setSession(s);
  };
  return (
    <main id="main" class="signin">
      <div class="signin-card">
        <div class="brand signin-brand"><span class="brand-mark" aria-hidden="true">F</span> Folio</div>
        <h1>Create your organization</h1>
        <p class="muted">Signed in as {session.user.email ?? session.user.user_id}. An organization holds your runs, keys, webhooks and credits; you can invite others later.</p>
        <form class="form" onSubmit={submit}>
          <div class="field">
            <label for="org-name">Organization name</label>
            <input id="org-name" type="text" required minLength={2} maxLength={120} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </div>
          <InlineError problem={create.error} />
          <Button type="submit" variant="primary" busy={create.busy} class="btn-block">Create organization</Button>
        </form>
        <p class="small"><button type="button" class="link-button" onClick={async () => { await signOut().catch(() => {}); setSession(null); }}>Sign out</button></p>
      </div>
    </main>
  );
}
