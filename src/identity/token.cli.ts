// `folio token`: an ID token that the running server accepts. It asks the server first (POST
// /api/v1/dev/token, which signs with the keys of the server's own FOLIO_DATA_DIR), so the user never
// has to give the data directory twice; only when no server answers does it sign with the keys in this
// process's FOLIO_DATA_DIR (and says so). `--local` forces that; `--server <url>` names the server.
import type { Config } from '../config.ts';

export class TokenCliError extends Error {}

export interface TokenRequest {
  sub: string;
  email: string;
  name?: string;
  ttlSeconds: number;
  server?: string;
  local?: boolean;
}

/** The token, and a note for stderr saying where it came from when that is worth knowing. */
export async function mintCliToken(config: Config, req: TokenRequest): Promise<{ token: string; note: string | null }> {
  if (config.oidc) throw new TokenCliError(`FOLIO_OIDC_ISSUER is set (${config.oidc.issuer}): get ID tokens from that provider; the built-in issuer is not trusted.`);
  if (config.env === 'production') throw new TokenCliError('The built-in identity provider is disabled when NODE_ENV=production.');
  const server = (req.server ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  if (!req.local) {
    const asked = await askServer(server, req);
    if (asked.kind === 'token') return { token: asked.token, note: null };
    if (asked.kind === 'refused') throw new TokenCliError(`The server at ${server} refused to mint a development token: ${asked.message}`);
    if (req.server) throw new TokenCliError(`No Folio server answered at ${server} (${asked.reason}).`);
  }
  const { openLocalIssuer } = await import('./local-issuer.ts');
  const issuer = await openLocalIssuer(config.dataDir);
  const token = await issuer.mint({ sub: req.sub, email: req.email, name: req.name, ttlSeconds: req.ttlSeconds });
  const note = req.local ? null : `folio token: no Folio server answered at ${server}; signed with the keys in ${issuer.keyFile} (key ${issuer.keyId}). A server accepts this token only if it runs on the same FOLIO_DATA_DIR (${config.dataDir}).`;
  return { token, note };
}

type Asked = { kind: 'token'; token: string } | { kind: 'refused'; message: string } | { kind: 'unreachable'; reason: string };

async function askServer(server: string, req: TokenRequest): Promise<Asked> {
  let res: Response;
  try {
    res = await fetch(`${server}/api/v1/dev/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sub: req.sub, email: req.email, ...(req.name ? { name: req.name } : {}), ttl_seconds: req.ttlSeconds }),
      signal: AbortSignal.timeout(5_000),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { kind: 'unreachable', reason: cause?.code ?? (err as Error).message };
  }
  const body = (await res.json().catch(() => null)) as { id_token?: string; message?: string } | null;
  if (res.ok && body?.id_token) return { kind: 'token', token: body.id_token };
  if (res.status === 404 && !body?.message) return { kind: 'unreachable', reason: 'it is not a Folio server with /api/v1/dev/token' };
  return { kind: 'refused', message: body?.message ?? `HTTP ${res.status}` };
}
