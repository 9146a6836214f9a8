// The designed states every page uses: loading, empty and error (the error names the request id, so a
// person can quote it to whoever runs the server).
import type { ComponentChildren } from 'preact';
import type { ApiProblem } from '../api.ts';
import { Button } from './button.tsx';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div class="state state-loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}

export function Empty({ title, children, action }: { title: string; children?: ComponentChildren; action?: ComponentChildren }) {
  return (
    <div class="state state-empty">
      <div class="state-art" aria-hidden="true">◇</div>
      <h3>{title}</h3>
      {children && <p>{children}</p>}
      {action && <div class="state-action">{action}</div>}
    </div>
  );
}

export function ErrorState({ problem, onRetry, title = 'Something went wrong' }: { problem: ApiProblem; onRetry?: () => void; title?: string }) {
  return (
    <div class="state state-error" role="alert">
      <h3>{title}</h3>
      <p>{problem.message}</p>
      <p class="muted small">
        {problem.status ? `HTTP ${problem.status} · ` : ''}<code>{problem.code}</code>
        {problem.requestId && <> · request id <code data-request-id>{problem.requestId}</code></>}
      </p>
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}

/** An error line inside a form or dialog (same facts as ErrorState, smaller). */
export function InlineError({ problem }: { problem: ApiProblem | undefined }) {
  if (!problem) return null;
  return (
    <p class="inline-error" role="alert">
      {problem.message}
      {problem.requestId && <span class="muted small"> (request id <code data-request-id>{problem.requestId}</code>)</span>}
    </p>
  );
}
