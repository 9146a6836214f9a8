// GET /edit/{run_id}?token=...: the page behind `edit_url`, outside /api/v1 since people open it.
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
import type { EditTokensService } from './edit-tokens.service.ts';
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

  app.get('/edit/:run_id', {
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

  app.get('/edit/assets/:name', {
    config: { auth: 'none' },
    schema: {
      hide: true,
      params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
      response: { 200: Type.Any({ description: 'The asset file' }), 404: Type.Object({ success: Type.Literal(false), error: Type.String(), message: Type.String() }) },
    },
  }, async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) throw errors.notFound(`Asset ${request.params.name}`);
    return reply.header('Content-Type', asset.type).header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff').send(asset.body);
  });
}
