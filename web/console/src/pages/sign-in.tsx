// Sign in: the identity provider's button when an OIDC issuer is configured (authorization code + PKCE,
// run by the server at /console/auth/login), or the development form on a server with the built-in issuer.
import { useState } from 'preact/hooks';
import { folio, useAction, useQuery } from '../api.ts';
import { devSignIn, type Session, type SignInOptions } from '../session.tsx';
import { Button } from '../ui/button.tsx';
import { ErrorState, InlineError, Loading } from '../ui/states.tsx';

const OIDC_ERRORS: Record<string, string> = {
  state: 'The sign-in took too long or was started in another tab. Try again.',
  provider: 'The identity provider refused the sign-in.',
  token: 'The identity provider\'s answer could not be verified.',
};

export function SignInPage({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const options = useQuery(() => folio.request<SignInOptions>('GET', '/console/sign-in'));
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const signIn = useAction(devSignIn);
  const oidcError = new URLSearchParams(window.location.search).get('sign_in_error');
  const submit = async (e: Event) => {
    e.preventDefault();
    const s = await signIn.run({ email: email.trim(), ...(name.trim() ? { name: name.trim() } : {}) });
    if (s) onSignedIn(s);
  };
  return (
    <main id="main" class="signin">
      <div class="signin-card">
        <div class="brand signin-brand"><span class="brand-mark" aria-hidden="true">F</span> Folio</div>
        <h1>Sign in to the console</h1>
        <p class="muted">Make documents, and manage keys, webhooks and usage for your organizations.</p>
        {oidcError && <p class="inline-error" role="alert">{OIDC_ERRORS[oidcError] ?? 'The sign-in failed. Try again.'}</p>}
        {options.loading && !options.data && <Loading />}
        {options.error && <ErrorState problem={options.error} onRetry={options.reload} />}
        {options.data?.oidc && (
          <a class="btn btn-primary btn-md btn-block" href={options.data.oidc.login_url}>Continue with your identity provider</a>
        )}
        {options.data?.dev && (
          <form class="form" onSubmit={submit}>
            <p class="notice">Development server: this form signs you in with the built-in issuer, as <code>folio token</code> does. Anyone on this machine can sign in as anyone.</p>
            <div class="field">
              <label for="email">Email</label>
              <input id="email" type="email" autoComplete="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
            </div>
            <div class="field">
              <label for="name">Name <span class="muted">(optional)</span></label>
              <input id="name" type="text" autoComplete="name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
            </div>
            <InlineError problem={signIn.error} />
            <Button type="submit" variant="primary" busy={signIn.busy} class="btn-block">Sign in</Button>
          </form>
        )}
        {options.data && !options.data.dev && !options.data.oidc && (
          <p class="inline-error" role="alert">No sign-in is configured on this server: set FOLIO_OIDC_ISSUER and FOLIO_OIDC_AUDIENCE (see docs/guides/console.md).</p>
        )}
      </div>
    </main>
  );
}
