// GET /api/v1/edit/{run_id}?token=...: the page behind `edit_url` (the reference service's path; the
// older /edit/{run_id} redirects there, so links minted before keep working). It is an HTML page for
// people, registered beside the API rather than inside it.
// With a WOPI client configured it is the client's host page (the client's editor in a frame, talking
// to our /embed-wopi endpoints); otherwise Folio's built-in editor for the run's format. A bad or expired
// token gets a friendly error page with 401, and never the document. Also serves the pages' assets.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError, errors } from '../errors.ts';
import type { DocumentSavesService } from './document-saves.service.ts';
import { EDIT_PAGE_PATH, type EditTokensService } from './edit-tokens.service.ts';
import { EditorQuery, RunParams } from './editor.schemas.ts';
import { BUILTIN_CSP, builtinEditorPage, errorPage, hostPageCsp, pageHeaders, wopiHostPage } from './edit-page.html.ts';
import { presentedEditToken } from './editor-auth.ts';
import { actionUrl, type WopiDiscovery } from './wopi-discovery.ts';

export const WEB_DIR = path.resolve(import.meta.dirname, '..', '..', 'web');
/** Where the assets come from: hand-written modules, and the bundle built from them (npm run build:web). */
const ASSET_DIRS = [path.join(WEB_DIR, 'editor'), path.join(WEB_DIR, 'dist')];
const ASSET_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.map': 'application/json' };

const MIME = {
  word: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  slides: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;
const EXT = { word: 'docx', excel: 'xlsx', slides: 'pptx' } as const;

export interface EditPageDeps {
  tokens: EditTokensService;
  saves: DocumentSavesService;
  discovery: WopiDiscovery | null;
  /** `{FOLIO_PUBLIC_URL}/api/v1`: the WOPISrc base. */
  apiBase: string;
}

/** The asset files by name, read once: the set is fixed at start-up, so a name can never reach outside it. */
function loadAssets(): Map<string, { body: Buffer; type: string }> {
  const assets = new Map<string, { body: Buffer; type: string }>();
  for (const dir of ASSET_DIRS) {
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) {
      const type = ASSET_TYPES[path.extname(name)];
      if (type) assets.set(name, { body: fs.readFileSync(path.join(dir, name)), type });
    }
  }
  return assets;
}

const Html = Type.String({ description: 'An HTML page' });

export async function editPageRoutes(fastify: FastifyInstance, deps: EditPageDeps): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const assets = loadAssets();

  const sendError = (reply: FastifyReply, err: unknown) => {
    if (!(err instanceof AppError)) throw err;
    const [title, message] = err.status === 401
      ? ['This edit link has expired', 'The link you followed is no longer valid (edit links last a short while and only open the document they were made for).']
      : err.status === 404 ? ['Document not found', 'This document does not exist any more (runs are deleted after their retention period).']
        : err.status === 409 ? ['The document is not ready', err.message]
          : ['The editor could not open this document', err.message];
    return reply.code(err.status).headers(pageHeaders(BUILTIN_CSP)).send(errorPage(err.status, title, message));
  };

  // The older path of edit links: a permanent redirect to the page, query (the token) kept. The
  // location is relative (`../api/v1/edit/...`), so a Folio behind a path prefix (FOLIO_PUBLIC_URL
  // `https://host/folio`) sends `/folio/edit/{run_id}` to `/folio/api/v1/edit/{run_id}`.
  app.get('/edit/:run_id', {
    config: { auth: 'none' },
    schema: { hide: true, params: RunParams, response: { 301: Type.Null() } },
  }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store')
      .redirect(`..${EDIT_PAGE_PATH}/${encodeURIComponent(request.params.run_id)}${query}`, 301);
  });

  app.get(`${EDIT_PAGE_PATH}/:run_id`, {
    config: { auth: 'none' },
    schema: {
      hide: true,
      params: RunParams,
      querystring: EditorQuery,
      response: { 200: Html, 401: Html, 404: Html, 409: Html, 502: Html },
    },
  }, async (request, reply) => {
    try {
      const token = presentedEditToken(request, 'token');
      const session = await deps.tokens.authenticate(request.params.run_id, token);
      const { run, version } = await deps.saves.current(session.org_id, session.run_id);
      if (deps.discovery) {
        const discovery = await deps.discovery.get();
        const wopiSrc = `${deps.apiBase}/embed-wopi/files/${encodeURIComponent(run.run_id)}`;
        const url = actionUrl(discovery, EXT[run.format], MIME[run.format], wopiSrc);
        if (!url) throw errors.upstream(`The WOPI client (${deps.discovery.url}) offers no editor for .${EXT[run.format]} files.`);
        return reply.headers(pageHeaders(hostPageCsp(discovery.origins))).send(wopiHostPage({ runId: run.run_id, fileName: version.file_name, actionUrl: url, token: token! }));
      }
      return reply.headers(pageHeaders(BUILTIN_CSP)).send(builtinEditorPage({ runId: run.run_id, format: run.format, fileName: version.file_name }));
    } catch (err) {
      return sendError(reply, err);
    }
  });

  const assetRoute = {
    config: { auth: 'none' as const },
    schema: {
      hide: true,
      params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
      response: { 200: Type.Any({ description: 'The asset file' }), 404: Type.Object({ success: Type.Literal(false), error: Type.String(), message: Type.String() }) },
    },
  };
  const sendAsset = async (request: { params: { name: string } }, reply: FastifyReply) => {
    const asset = assets.get(request.params.name);
    if (!asset) throw errors.notFound(`Asset ${request.params.name}`);
    return reply.header('Content-Type', asset.type).header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff').send(asset.body);
  };
  // Pages load their assets relative to themselves; the old location stays for pages already open.
  app.get(`${EDIT_PAGE_PATH}/assets/:name`, assetRoute, sendAsset);
  app.get('/edit/assets/:name', assetRoute, sendAsset);
}
