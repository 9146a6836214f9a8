// The contract's /embed-wopi endpoints (docs/reference/api-contract.md), which follow the WOPI protocol: CheckFileInfo, GetFile, PutFile and
// the lock operations (X-WOPI-Override). Thin: the edit-token hook authenticates, WopiService acts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errors } from '../errors.ts';
import { responses } from '../http/schemas.ts';
import type { WopiService } from './wopi.service.ts';
import { Binary, CheckFileInfo, Empty, RunParams, WopiQuery } from './editor.schemas.ts';
import { wopiAuth, type WopiProofChecker } from './editor-auth.ts';
import type { EditTokensService } from './edit-tokens.service.ts';

export interface WopiRouteDeps {
  wopi: WopiService;
  tokens: EditTokensService;
  proofs: WopiProofChecker | null;
  /** Largest PutFile body (the largest upload limit); each organization's own limit is checked first. */
  maxBodyBytes: number;
  uploadLimit: (tier: 'free' | 'pro' | 'enterprise') => number;
}

const SECURITY = [{ EditToken: [] }];
const DESCRIPTION_AUTH = 'Authenticated by the edit token of the run\'s `edit_url` as `access_token` (query) or `Authorization: Bearer`; a missing, expired or other run\'s token answers 401. ' +
  'With a WOPI client configured (FOLIO_WOPI_DISCOVERY_URL), requests must also carry its proof, checked before the token: `X-WOPI-Proof` and `X-WOPI-TimeStamp`, signed over the token, ' +
  'the request URL (FOLIO_PUBLIC_URL + path + query) and the timestamp; `X-WOPI-Proof` must verify with the current or old key of the discovery document, or `X-WOPI-ProofOld` with the current one. ' +
  'A missing, invalid or more than 20 minutes old proof answers 401 `invalid_token`; 502 `upstream_error` when the discovery document cannot be read.';
const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : null);

export async function wopiRoutes(fastify: FastifyInstance, deps: WopiRouteDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // WOPI clients send the document as the raw body with whatever Content-Type they like.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: deps.maxBodyBytes }, (_request, body, done) => done(null, body));
  const route = { config: { auth: 'none' as const }, onRequest: wopiAuth(deps.tokens, deps.proofs) };

  app.get('/embed-wopi/files/:run_id', {
    ...route,
    schema: {
      tags: ['Editor'], summary: 'WOPI CheckFileInfo', security: SECURITY,
      description: `The run's current document as WOPI sees it. \`Version\` is the artifact version id: it changes on every save and never repeats. ${DESCRIPTION_AUTH}`,
      params: RunParams, querystring: WopiQuery,
      response: responses({ 200: CheckFileInfo }, [401, 404, 409, 502]),
    },
  }, async (request) => deps.wopi.checkFileInfo(request.editSession!));

  app.get('/embed-wopi/files/:run_id/contents', {
    ...route,
    schema: {
      tags: ['Editor'], summary: 'WOPI GetFile', security: SECURITY,
      description: `The current document's bytes, with \`X-WOPI-ItemVersion\`. 412 when it is larger than \`X-WOPI-MaxExpectedSize\`. ${DESCRIPTION_AUTH}`,
      params: RunParams, querystring: WopiQuery,
      response: responses({ 200: Binary }, [401, 404, 409, 412, 502]),
    },
  }, async (request, reply) => {
    const max = header(request.headers['x-wopi-maxexpectedsize']);
    const { version, bytes } = await deps.wopi.getFile(request.editSession!, max !== null && /^\d+$/.test(max) ? Number(max) : null);
    return reply.header('X-WOPI-ItemVersion', version.version_id).header('Cache-Control', 'no-store').type('application/octet-stream').send(bytes);
  });

  app.post('/embed-wopi/files/:run_id/contents', {
    ...route,
    bodyLimit: deps.maxBodyBytes,
    // The organization's upload limit, before a byte of the body is read.
    preParsing: async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > deps.uploadLimit(request.editSession!.tier)) throw errors.payloadTooLarge(`The document is larger than this organization's ${deps.uploadLimit(request.editSession!.tier)}-byte upload limit.`);
    },
    schema: {
      tags: ['Editor'], summary: 'WOPI PutFile: save the edited document', security: SECURITY,
      description: 'Stores the body as the run\'s new artifact version, bumps the run\'s `updated_at` and so invalidates cached exports; answers `X-WOPI-ItemVersion`. ' +
        'When the file is locked, `X-WOPI-Lock` must be the current lock (409 with the current lock in `X-WOPI-Lock` otherwise); an unlocked file accepts the save. ' +
        `409 also when the run is not completed (a generation task is running). ${DESCRIPTION_AUTH}`,
      params: RunParams, querystring: WopiQuery,
      response: responses({ 200: Empty }, [401, 404, 409, 413, 502]),
    },
  }, async (request, reply) => {
    const override = header(request.headers['x-wopi-override']);
    if (override !== null && override.toUpperCase() !== 'PUT') throw errors.invalidRequest(`X-WOPI-Override must be PUT on this endpoint, not ${override}.`);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const cool = header(request.headers['x-cool-wopi-timestamp']) ?? header(request.headers['x-lool-wopi-timestamp']);
    const version = await deps.wopi.putFile(request.editSession!, body, header(request.headers['x-wopi-lock']), cool);
    return reply.header('X-WOPI-ItemVersion', version.version_id).send();
  });

  app.post('/embed-wopi/files/:run_id', {
    ...route,
    schema: {
      tags: ['Editor'], summary: 'WOPI Lock, Unlock, RefreshLock, UnlockAndRelock and GetLock', security: SECURITY,
      description: '`X-WOPI-Override`: `LOCK` (with `X-WOPI-Lock`, and `X-WOPI-OldLock` for an atomic unlock-and-relock), `UNLOCK`, `REFRESH_LOCK` or `GET_LOCK`. ' +
        'Locks are real: one per run, up to 1024 characters, expiring FOLIO_WOPI_LOCK_TTL_SECONDS (30 min) after the last LOCK or REFRESH_LOCK. ' +
        'LOCK with the current lock refreshes it. A mismatch answers 409 with the current lock in `X-WOPI-Lock` ("" when unlocked); GET_LOCK answers the current lock (or ""). ' +
        `Every answer carries \`X-WOPI-ItemVersion\`. Other WOPI operations (PUT_RELATIVE, RENAME_FILE, DELETE, PUT_USER_INFO) answer 501. ${DESCRIPTION_AUTH}`,
      params: RunParams, querystring: WopiQuery,
      response: responses({ 200: Empty }, [401, 404, 409, 501, 502]),
    },
  }, async (request, reply) => {
    const s = request.editSession!;
    const override = (header(request.headers['x-wopi-override']) ?? '').toUpperCase();
    const lock = header(request.headers['x-wopi-lock']) ?? '';
    let out;
    switch (override) {
      case 'LOCK': out = await deps.wopi.lock(s, lock, header(request.headers['x-wopi-oldlock'])); break;
      case 'UNLOCK': out = await deps.wopi.unlock(s, lock); break;
      case 'REFRESH_LOCK': out = await deps.wopi.refreshLock(s, lock); break;
      case 'GET_LOCK': out = await deps.wopi.getLock(s); break;
      case 'PUT_RELATIVE': case 'RENAME_FILE': case 'DELETE': case 'PUT_USER_INFO': case 'GET_SHARE_URL':
        throw errors.notImplemented(`WOPI ${override} is not supported by this host.`);
      default: throw errors.invalidRequest('X-WOPI-Override must be LOCK, UNLOCK, REFRESH_LOCK or GET_LOCK.');
    }
    reply.header('X-WOPI-ItemVersion', out.version);
    if (out.lock !== undefined) reply.header('X-WOPI-Lock', out.lock);
    return reply.send();
  });
}
