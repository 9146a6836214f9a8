// Authentication of the editor's endpoints by edit token (no API key): route-level onRequest hooks,
// declared with `config: { auth: 'none' }` so the API-key step never runs for them. The token comes
// from the query (`access_token` for WOPI, `token` for the built-in editors) or `Authorization: Bearer`.
// With a WOPI client configured, WOPI requests must also carry a valid proof of that client.
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { errors } from '../errors.ts';
import type { EditSession } from './edit-tokens.repository.ts';
import type { EditTokensService } from './edit-tokens.service.ts';
import type { WopiDiscovery } from './wopi-discovery.ts';
import { verifyProof, type ProofVerdict } from './wopi-proof.ts';

declare module 'fastify' {
  interface FastifyRequest {
    editSession: EditSession | null;
  }
}

export function presentedEditToken(request: FastifyRequest, queryName: 'access_token' | 'token'): string | undefined {
  const q = (request.query as Record<string, unknown> | undefined)?.[queryName];
  if (typeof q === 'string' && q) return q;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m?.[1];
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** Checks a WOPI request's proof against the client's keys, re-reading discovery once when it fails (keys rotate). */
export class WopiProofChecker {
  private readonly discovery: WopiDiscovery;
  private readonly publicUrl: string;

  constructor(discovery: WopiDiscovery, publicUrl: string) {
    this.discovery = discovery;
    this.publicUrl = publicUrl;
  }

  async check(request: FastifyRequest, token: string): Promise<void> {
    // The URL the client signed is the one it called: Folio's public base plus the path and query.
    const url = this.publicUrl + request.url;
    const headers = { proof: header(request, 'x-wopi-proof'), proofOld: header(request, 'x-wopi-proofold'), timestamp: header(request, 'x-wopi-timestamp') };
    const first = await this.discovery.get();
    if (!first.proofKeys) return;
    let verdict: ProofVerdict = verifyProof(first.proofKeys, token, url, headers);
    if (verdict === 'invalid') {
      // The client may have rotated its keys: re-read them (a client that cannot be reached now leaves the proof refused).
      const again = await this.discovery.get(true).catch(() => first);
      if (again !== first) verdict = again.proofKeys ? verifyProof(again.proofKeys, token, url, headers) : 'ok';
    }
    if (verdict === 'missing') throw errors.invalidToken('This WOPI request carries no proof (X-WOPI-Proof and X-WOPI-TimeStamp) of the configured WOPI client.');
    if (verdict === 'stale') throw errors.invalidToken('This WOPI request\'s X-WOPI-TimeStamp is more than 20 minutes old.');
    if (verdict === 'invalid') throw errors.invalidToken('This WOPI request\'s proof does not verify against the configured WOPI client\'s keys.');
  }
}

export function wopiAuth(tokens: EditTokensService, proofs: WopiProofChecker | null): onRequestHookHandler {
  return async (request) => {
    const token = presentedEditToken(request, 'access_token');
    if (proofs) await proofs.check(request, token ?? '');
    request.editSession = await tokens.authenticate((request.params as { run_id: string }).run_id, token);
  };
}

export function editorAuth(tokens: EditTokensService): onRequestHookHandler {
  return async (request) => {
    request.editSession = await tokens.authenticate((request.params as { run_id: string }).run_id, presentedEditToken(request, 'token'));
  };
}
