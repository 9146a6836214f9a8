// Makes the generated OpenAPI document fit for client generators: a stable operationId per operation (one table,
// so ids never drift with summaries), request-body examples (JSON and multipart), and every error response as a $ref to one shared
// `Error` schema component. Wired into @fastify/swagger as its `transformObject` (see app.ts).

/** `METHOD /path` (as the document spells it, with the /api/v1 prefix) to its operationId. */
export const OPERATION_IDS: Record<string, string> = {
  'GET /api/v1/health': 'getHealth',
  'GET /api/v1/health/live': 'getLiveness',
  'POST /api/v1/signup': 'signup',
  'GET /api/v1/me': 'getMe',
  'POST /api/v1/organizations/{org_id}/api-keys': 'createApiKey',
  'GET /api/v1/organizations/{org_id}/api-keys': 'listApiKeys',
  'DELETE /api/v1/organizations/{org_id}/api-keys/{key_id}': 'revokeApiKey',
  'GET /api/v1/organizations/{org_id}/members': 'listMembers',
  'PUT /api/v1/organizations/{org_id}/members/{user_id}': 'putMember',
  'DELETE /api/v1/organizations/{org_id}/members/{user_id}': 'removeMember',
  'GET /api/v1/verify': 'verifyApiKey',
  'POST /api/v1/dev/token': 'createDevToken',
  'POST /api/v1/files': 'uploadFile',
  'GET /api/v1/files': 'listFiles',
  'GET /api/v1/files/{file_id}': 'getFile',
  'DELETE /api/v1/files/{file_id}': 'deleteFile',
  'POST /api/v1/files/{file_id}/convert': 'convertFile',
  'POST /api/v1/images': 'uploadImage',
  'GET /api/v1/images': 'listImages',
  'GET /api/v1/images/{image_id}': 'getImage',
  'DELETE /api/v1/images/{image_id}': 'deleteImage',
  'POST /api/v1/word/generate': 'generateWord',
  'POST /api/v1/excel/generate': 'generateExcel',
  'POST /api/v1/slides/generate': 'generateSlides',
  'GET /api/v1/tasks/{task_id}': 'getTask',
  'POST /api/v1/tasks/{task_id}/cancel': 'cancelTask',
  'GET /api/v1/tasks/{task_id}/events': 'streamTaskEvents',
  'GET /api/v1/runs': 'listRuns',
  'GET /api/v1/runs/{run_id}': 'getRun',
  'GET /api/v1/runs/{run_id}/download': 'downloadRun',
  'POST /api/v1/runs/{run_id}/export': 'exportRun',
  'GET /api/v1/runs/{run_id}/versions': 'listRunVersions',
  'GET /api/v1/runs/{run_id}/tasks': 'listRunTasks',
  'GET /api/v1/runs/{run_id}/preview': 'previewRun',
  'GET /api/v1/runs/{run_id}/exports': 'listRunExports',
  'GET /api/v1/credits': 'getCredits',
  'GET /api/v1/credits/ledger': 'listCreditLedger',
  'GET /api/v1/usage/daily': 'getDailyUsage',
  'POST /api/v1/webhooks': 'createWebhook',
  'GET /api/v1/webhooks': 'listWebhooks',
  'GET /api/v1/webhooks/deliveries': 'listAllWebhookDeliveries',
  'GET /api/v1/webhooks/{webhook_id}': 'getWebhook',
  'DELETE /api/v1/webhooks/{webhook_id}': 'deleteWebhook',
  'GET /api/v1/webhooks/{webhook_id}/deliveries': 'listWebhookDeliveries',
  'POST /api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver': 'redeliverWebhookDelivery',
  'POST /api/v1/webhooks/{webhook_id}/test': 'testWebhook',
  'POST /api/v1/llm/invoke': 'invokeLlm',
  'GET /api/v1/llm/models': 'listLlmModels',
  'GET /api/v1/llm/usage': 'listLlmUsage',
  'GET /api/v1/llm/budget': 'getLlmBudget',
  'PUT /api/v1/llm/budget': 'setLlmBudget',
  'POST /api/v1/preflight': 'preflightGeneration',
  'POST /api/v1/text/humanize': 'humanizeText',
  'POST /api/v1/text/rewrite': 'rewriteText',
  'POST /api/v1/text/new-content': 'writeNewContent',
  'POST /api/v1/slides/outline': 'outlineSlides',
  'POST /api/v1/excel/analyze': 'analyzeExcel',
  'POST /api/v1/projects': 'createProject',
  'GET /api/v1/projects': 'listProjects',
  'GET /api/v1/projects/{project_id}': 'getProject',
  'PATCH /api/v1/projects/{project_id}': 'updateProject',
  'DELETE /api/v1/projects/{project_id}': 'deleteProject',
  'POST /api/v1/projects/{project_id}/files': 'addProjectFile',
  'GET /api/v1/projects/{project_id}/files': 'listProjectFiles',
  'GET /api/v1/projects/{project_id}/files/{file_id}': 'getProjectFile',
  'DELETE /api/v1/projects/{project_id}/files/{file_id}': 'removeProjectFile',
  'GET /api/v1/projects/{project_id}/analysis/status': 'getProjectAnalysisStatus',
  'GET /api/v1/projects/{project_id}/insights': 'listProjectInsights',
  'PATCH /api/v1/projects/{project_id}/insights/{insight_id}': 'updateProjectInsight',
  'POST /api/v1/projects/{project_id}/reports': 'createProjectReport',
  'GET /api/v1/embed-wopi/files/{run_id}': 'wopiCheckFileInfo',
  'POST /api/v1/embed-wopi/files/{run_id}': 'wopiLock',
  'GET /api/v1/embed-wopi/files/{run_id}/contents': 'wopiGetFile',
  'POST /api/v1/embed-wopi/files/{run_id}/contents': 'wopiPutFile',
  'GET /api/v1/editor/{run_id}/document': 'getEditorDocument',
  'PUT /api/v1/editor/{run_id}/document': 'saveEditorDocument',
  'POST /api/v1/editor/{run_id}/keepalive': 'keepEditorAlive',
  'POST /api/v1/templates': 'uploadTemplate',
  'GET /api/v1/templates': 'listTemplates',
  'GET /api/v1/templates/{template_id}': 'getTemplate',
  'PATCH /api/v1/templates/{template_id}': 'updateTemplate',
  'DELETE /api/v1/templates/{template_id}': 'deleteTemplate',
  'PUT /api/v1/templates/{template_id}/file': 'uploadTemplateVersion',
};

const GENERATE_EXAMPLE = (prompt: string) => ({ prompt, async: true, idempotency_key: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d' });

/** Hand-written request-body examples; other JSON bodies get one built from their schema. */
const EXAMPLES: Record<string, unknown> = {
  generateSlides: GENERATE_EXAMPLE('A 6-slide pitch deck for a bakery opening in Lyon: market size, offer, team, numbers'),
  generateWord: GENERATE_EXAMPLE('A one-page memo to staff announcing the new leave policy, friendly tone'),
  generateExcel: GENERATE_EXAMPLE('A monthly budget for a household of four with a chart of spending by category'),
  exportRun: { format: 'pdf' },
  convertFile: { format: 'csv', sheet: 'Sales' },
  createWebhook: { url: 'https://example.com/hooks/folio', events: ['run.completed', 'run.failed'], description: 'Notify the billing system' },
  signup: { org_name: 'Acme Inc.', key_name: 'default' },
  createDevToken: { sub: 'user-123', email: 'ada@example.com', name: 'Ada' },
};

/** Hand-written examples of multipart bodies (a file part's value stands for its bytes). */
const FORM_EXAMPLES: Record<string, unknown> = {
  uploadFile: { file: '(the bytes of sales.csv)', purpose: 'data' },
  uploadImage: { file: '(the bytes of logo.png)', caption: 'Company logo' },
  uploadTemplate: { file: '(the bytes of brand.pptx)', name: 'Acme brand deck', is_default: 'true' },
};

type Json = Record<string, any>;

/** A value the schema accepts, from its example/default/enum/const, else the simplest value of its type. */
export function exampleFromSchema(schema: Json | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  if (schema.anyOf?.length) return exampleFromSchema(schema.anyOf[0], depth + 1);
  if (schema.oneOf?.length) return exampleFromSchema(schema.oneOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      for (const name of schema.required ?? []) out[name] = exampleFromSchema(schema.properties?.[name], depth + 1);
      // `minProperties` (e.g. a PATCH body that must change something): add optional fields in order.
      for (const name of Object.keys(schema.properties ?? {})) {
        if (Object.keys(out).length >= (schema.minProperties ?? 0)) break;
        if (!(name in out)) out[name] = exampleFromSchema(schema.properties[name], depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      return Array.from({ length: min }, () => exampleFromSchema(schema.items, depth + 1));
    }
    case 'integer': case 'number': return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean': return true;
    case 'string': {
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      if (schema.format === 'email' || String(schema.pattern ?? '').includes('@')) return 'ada@example.com';
      const min = Math.max(schema.minLength ?? 1, 1);
      return 'example'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(7, schema.maxLength ?? 7)));
    }
    default: return undefined;
  }
}

/** The one error envelope every 4xx/5xx response references. */
export const ERROR_SCHEMA = {
  type: 'object',
  required: ['success', 'error', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string', description: 'Stable error code, e.g. `not_found`, `validation_error`, `rate_limit_exceeded`.' },
    message: { type: 'string', description: 'Human-readable, safe to show to end users.' },
    detail: {
      type: 'array',
      description: '422 `validation_error` only: FastAPI-style items, at most 50.',
      items: {
        type: 'object',
        required: ['loc', 'msg', 'type'],
        properties: {
          loc: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, description: 'Where the problem is, e.g. `["body","tier"]`.' },
          msg: { type: 'string' },
          type: { type: 'string', description: 'Machine-readable problem kind, e.g. `missing`, `extra_forbidden`.' },
          input: {},
          ctx: { type: 'object', additionalProperties: true },
        },
      },
    },
    task_id: { type: 'string', description: 'Generation calls: the task the error is about (e.g. 408 `sync_timeout_upgrade_async`).' },
    run_id: { type: 'string', description: 'Generation calls: that task\'s run.' },
    poll_url: { type: 'string', description: '408 `sync_timeout_upgrade_async`: where to poll the task.' },
    required: { type: 'integer', description: '402 `insufficient_credits`: the balance the call needs (also `minimum_balance`).' },
    balance: { type: 'integer', description: '402 `insufficient_credits`: the organization\'s balance.' },
    minimum_balance: { type: 'integer' },
    explanation: { type: 'string', description: '402 `insufficient_credits`: which format or call needs that balance.' },
    allowed: { type: 'array', items: { type: 'string' }, description: '400 from convert, for an unsupported pair: the formats the file converts to.' },
  },
  additionalProperties: true,
  description: 'Error envelope: `{success: false, error, message}` plus documented extras.',
} as const;

function errorDescription(response: Json, status: number): string {
  const d = typeof response.description === 'string' ? response.description : '';
  if (d && d !== 'Default Response') return d;
  return status === 422 ? 'Field-level validation failure' : 'Error';
}

/** Applies ids, examples and the shared error schema to the whole document (mutates and returns it). */
export function finishOpenApiDocument(doc: Json): Json {
  doc.components ??= {};
  doc.components.schemas = { ...(doc.components.schemas ?? {}), Error: ERROR_SCHEMA };
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const id = OPERATION_IDS[`${method.toUpperCase()} ${path}`];
      if (id) op.operationId = id;
      // No security on a route means none is needed (health, the development token): say so explicitly.
      op.security ??= [];
      // A query parameter with a default (`limit`) may be left out: generators should make it optional.
      for (const param of op.parameters ?? []) if (param.in === 'query' && param.schema?.default !== undefined) param.required = false;
      // Every request body, whatever its media type, carries an example (multipart ones too).
      for (const [mediaType, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
        if (!media || media.example !== undefined || media.examples !== undefined) continue;
        const given = id ? (mediaType === 'application/json' ? EXAMPLES[id] : FORM_EXAMPLES[id]) : undefined;
        media.example = given ?? exampleFromSchema(media.schema);
      }
      for (const [code, response] of Object.entries<Json>(op.responses ?? {})) {
        const status = Number(code);
        if (!(status >= 400) || !response?.content?.['application/json']) continue;
        // A route's own example of its error (the convert route's `allowed` list, say) is kept beside the $ref.
        const { example, examples } = response.content['application/json'];
        op.responses[code] = {
          description: errorDescription(response, status),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, ...(example !== undefined ? { example } : {}), ...(examples !== undefined ? { examples } : {}) } },
          ...(response.headers ? { headers: response.headers } : {}),
        };
      }
    }
  }
  return doc;
}
