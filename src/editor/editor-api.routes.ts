// The JSON endpoints of Folio's built-in editors, authenticated by the edit token: load the document as
// editor content, save it back (same path as WOPI PutFile), and keep the token alive while the page is open.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { responses } from '../http/schemas.ts';
import type { BuiltinEditorService } from './builtin-editor.service.ts';
import { editorAuth } from './editor-auth.ts';
import { presentEditorDocument, presentSaved } from './editor.presenters.ts';
import { EditorDocument, EditorQuery, EditorSaveBody, EditorSaved, KeepAlive, RunParams } from './editor.schemas.ts';
import type { EditTokensService } from './edit-tokens.service.ts';

const SECURITY = [{ EditToken: [] }];
const AUTH = 'Authenticated by the edit token of the run\'s `edit_url` (`Authorization: Bearer <token>` or `?token=`); each call extends the token. 401 `invalid_token` for a missing, expired or other run\'s token.';

export async function editorApiRoutes(fastify: FastifyInstance, deps: { editor: BuiltinEditorService; tokens: EditTokensService }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const route = { config: { auth: 'none' as const }, onRequest: editorAuth(deps.tokens) };

  app.get('/editor/:run_id/document', {
    ...route,
    schema: {
      tags: ['Editor'], summary: 'Load the run\'s document into the built-in editor', security: SECURITY,
      description: `The current version as editor content (Word: text blocks as segments and kept blocks; Excel: cells and formulas per sheet; Slides: titles, bullets and notes, plus a picture of every slide when LibreOffice is installed). ${AUTH} 422 when the document cannot be opened.`,
      params: RunParams, querystring: EditorQuery,
      response: responses({ 200: EditorDocument }, [401, 404, 409, 501]),
    },
  }, async (request) => presentEditorDocument(await deps.editor.load(request.editSession!), request.editSession!));

  app.put('/editor/:run_id/document', {
    ...route,
    schema: {
      tags: ['Editor'], summary: 'Save the built-in editor\'s changes as a new version', security: SECURITY,
      description: 'Applies the content to the version named by `base_version` and stores the result as the run\'s new artifact version (`updated_at` bumped, cached exports superseded), exactly like WOPI PutFile. ' +
        `409 when the run moved on since (another save, a generation task) or a WOPI client holds the lock. ${AUTH}`,
      params: RunParams, querystring: EditorQuery, body: EditorSaveBody,
      response: responses({ 200: EditorSaved }, [401, 404, 409, 501]),
    },
  }, async (request) => {
    const out = await deps.editor.save(request.editSession!, request.body);
    return presentSaved(out.run, out.version, out.downloadUrl);
  });

  app.post('/editor/:run_id/keepalive', {
    ...route,
    schema: {
      tags: ['Editor'], summary: 'Keep an open editor\'s token alive', security: SECURITY,
      description: `Extends the edit token while the page is open (the edit page calls it every few minutes). ${AUTH}`,
      params: RunParams, querystring: EditorQuery,
      response: responses({ 200: KeepAlive }, [401]),
    },
  }, async (request) => ({ token_expires_at: request.editSession!.expires_at.toISOString() }));
}
