// The console's entry: loads the session, then shows the sign-in page, the first-organization page, or the
// shell with the page the path names.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './ui/styles.css';
import { toProblem, type ApiProblem } from './api.ts';
import { matchPath, navigate, useRoute } from './router.tsx';
import { HOME, ROUTES } from './routes.ts';
import { loadSession, SessionContext, type Session } from './session.tsx';
import { Shell } from './ui/layout.tsx';
import { ErrorState, Empty, Loading } from './ui/states.tsx';
import { PageHeader } from './ui/page.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { CreateOrganizationPage } from './pages/create-organization.tsx';
import { Link } from './router.tsx';

function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Empty title="There is no page here" action={<Link href={HOME} class="btn btn-primary btn-md">Go to the playground</Link>}>Check the address, or pick a page from the menu.</Empty>
    </>
  );
}

function App() {
  const { path } = useRoute();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [problem, setProblem] = useState<ApiProblem>();
  const load = () => loadSession().then(setSession, (err) => setProblem(toProblem(err)));
  useEffect(() => { load(); }, []);

  if (problem) return <div class="centered"><ErrorState title="The console cannot reach the API" problem={problem} onRetry={() => { setProblem(undefined); load(); }} /></div>;
  if (session === undefined) return <div class="centered"><Loading label="Opening the console" /></div>;
  if (session === null) return <SignInPage onSignedIn={(s) => { setSession(s); navigate(HOME, { replace: true }); }} />;

  const org = session.organizations.find((o) => o.org_id === session.org_id) ?? null;
  const ctx = { session, org, setSession };
  if (!org) return <SessionContext.Provider value={ctx}><CreateOrganizationPage /></SessionContext.Provider>;

  if (path === '/') {
    navigate(HOME, { replace: true });
    return null;
  }
  let page = <NotFound />;
  let active = '';
  for (const r of ROUTES) {
    const params = matchPath(r.path, path);
    if (params) {
      const Page = r.component;
      // Keyed by organization: switching organization mounts the page again, so it loads that org's data.
      page = <Page key={`${org.org_id}${path}`} params={params} />;
      active = r.section ?? r.path;
      break;
    }
  }
  return (
    <SessionContext.Provider value={ctx}>
      <Shell active={active}>{page}</Shell>
    </SessionContext.Provider>
  );
}

render(<App />, document.getElementById('app')!);
