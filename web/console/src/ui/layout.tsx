// The console's frame: a skip link, the navigation (a sidebar at desktop width, a menu button on phones),
// the organization switcher, the signed-in user and sign-out, and the page in <main>.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { toProblem, type ApiProblem } from '../api.ts';
import { Link, navigate } from '../router.tsx';
import { ROUTES } from '../routes.ts';
import { signOut, switchOrganization, useSession } from '../session.tsx';
import { Button } from './button.tsx';
import { InlineError } from './states.tsx';

function OrgSwitcher() {
  const { session, org, setSession } = useSession();
  const [error, setError] = useState<ApiProblem>();
  if (session.organizations.length === 0) return null;
  const onChange = async (e: Event) => {
    const orgId = (e.currentTarget as HTMLSelectElement).value;
    try {
      setSession(await switchOrganization(orgId));
    } catch (err) {
      setError(toProblem(err));
    }
  };
  return (
    <div class="org-switcher">
      <label for="org-switch">Organization</label>
      <select id="org-switch" value={org?.org_id ?? ''} onChange={onChange}>
        {session.organizations.map((o) => <option value={o.org_id}>{o.org_name}</option>)}
      </select>
      <InlineError problem={error} />
    </div>
  );
}

export function Shell({ active, children }: { active: string; children: ComponentChildren }) {
  const { session, setSession } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setMenuOpen(false), [active]);
  const doSignOut = async () => {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setBusy(false);
      setSession(null);
      navigate('/', { replace: true });
    }
  };
  const who = session.user.name ?? session.user.email ?? session.user.user_id;
  return (
    <div class="shell">
      <a class="skip-link" href="#main">Skip to content</a>
      <header class="topbar">
        <Link href="/" class="brand"><span class="brand-mark" aria-hidden="true">F</span> Folio</Link>
        <button type="button" class="menu-button" aria-expanded={menuOpen ? 'true' : 'false'} aria-controls="nav" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
      </header>
      <aside class={`sidebar ${menuOpen ? 'open' : ''}`}>
        <Link href="/" class="brand sidebar-brand"><span class="brand-mark" aria-hidden="true">F</span> Folio</Link>
        <OrgSwitcher />
        <nav id="nav" aria-label="Console">
          <ul>
            {ROUTES.filter((r) => r.nav).map((r) => (
              <li><Link href={r.path} class={`nav-link ${active === r.path ? 'active' : ''}`} aria-current={active === r.path ? 'page' : undefined}>{r.nav}</Link></li>
            ))}
          </ul>
        </nav>
        <div class="sidebar-foot">
          <div class="who" title={session.user.email ?? undefined}>
            <span class="avatar" aria-hidden="true">{who.slice(0, 1).toUpperCase()}</span>
            <span class="who-name">{who}</span>
          </div>
          <Button size="sm" variant="ghost" busy={busy} onClick={doSignOut}>Sign out</Button>
        </div>
      </aside>
      <main id="main" class="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
