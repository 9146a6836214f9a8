// A small history router for the console under /console: the current path, navigate(), and <Link>.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/console';

/** The path inside the console (always starting with /), without the /console prefix. */
export function currentPath(): string {
  const p = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return p === '' ? '/' : p.replace(/\/+$/, '') || '/';
}

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  const url = BASE + (path === '/' ? '/' : path);
  if (opts.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event('folio:navigate'));
}

/** Re-renders on navigation; returns the path and the query string's parameters. */
export function useRoute(): { path: string; query: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const on = () => setTick((n) => n + 1);
    window.addEventListener('popstate', on);
    window.addEventListener('folio:navigate', on);
    return () => {
      window.removeEventListener('popstate', on);
      window.removeEventListener('folio:navigate', on);
    };
  }, []);
  return { path: currentPath(), query: new URLSearchParams(window.location.search) };
}

/** Matches `/runs/:run_id` style patterns; returns the parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) params[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

type LinkProps = {
  href: string;
  children: ComponentChildren;
  class?: string;
  id?: string;
  title?: string;
  'aria-label'?: string;
  'aria-current'?: 'page';
};

/** An <a> inside the console: a plain click navigates without reloading; modified clicks open as links do. */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={BASE + href} onClick={onClick} {...rest}>{children}</a>;
}
