// The OpenAPI 3.1 document's frame. Paths and schemas come from the route schemas themselves.
import type { Config } from '../config.ts';

const DESCRIPTION = `Folio turns natural-language requests into Word, Excel and PowerPoint files.

**Authentication.** API-key endpoints take \`X-API-Key: sk_live_...\` or \`Authorization: Bearer sk_live_...\`.
Signup, key management and membership endpoints take an identity-provider ID token as \`Authorization: Bearer <ID token>\`
(a bad or expired token answers 401 \`invalid_token\`).

**Errors.** Every error is \`{success: false, error, message}\`. Validation failures answer 422 with the same envelope
plus \`detail\`: items with \`loc\` (e.g. \`["body","tier"]\`), \`msg\`, \`type\`, \`input\` and \`ctx\`. Unknown body fields
are rejected (\`extra_forbidden\`). Malformed JSON answers 400 \`invalid_request\`.

**Input limits.** A JSON body may nest objects and arrays at most 64 levels deep and hold at most 100000 keys
(400 \`invalid_request\` beyond, checked before parsing); \`__proto__\` and \`constructor.prototype\` keys answer 400.
Strings containing NUL (\`\\u0000\`) or a lone UTF-16 surrogate are refused wherever they appear (JSON bodies and keys,
path and query parameters, multipart fields and file names): 422 with a \`detail\` item at the field
(\`string_nul_character\` or \`string_unicode\`). A 422 lists at most 50 \`detail\` items; its message counts the rest.

**Dependencies.** When the database or Redis cannot be reached Folio answers 503 \`service_unavailable\`; when the object
store fails, 502 \`upstream_error\`; a timeout of an upstream, 504. These carry \`Retry-After\` (seconds). 500 is only ever a bug:
quote its \`X-Request-Id\`.

**Rate limits.** Per API key per minute by tier. Every API-key response carries \`X-RateLimit-Limit\`,
\`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (Unix seconds); 429 \`rate_limit_exceeded\` adds \`Retry-After\`.

**Request ids.** Every response carries \`X-Request-Id\`: yours if you sent a sane one (1-128 of \`A-Za-z0-9._:-\`), otherwise a new one.

**Deprecation.** A deprecated operation is marked \`deprecated\` here, and its responses carry \`X-Deprecated: true\` and \`Sunset\`.

**Pagination.** List endpoints take \`limit\` (1-100, default 20) and \`cursor\`, and answer \`{items, next_cursor}\`, newest first.`;

export function openApiDocument(config: Config, prefix: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Folio API', version: '1.0.0-alpha', description: DESCRIPTION },
    servers: [{ url: `${config.publicUrl}` }],
    tags: [
      { name: 'Identity', description: 'Signup and API-key verification' },
      { name: 'API keys', description: 'Mint, list and revoke API keys (ID token)' },
      { name: 'Organizations', description: 'Members and roles (ID token)' },
      { name: 'System', description: 'Health and documentation' },
      { name: 'Generation', description: 'Generate or edit Word, Excel and PowerPoint documents (sync, or async with polling)' },
      { name: 'Tasks', description: 'Poll and cancel generation tasks' },
      { name: 'Runs', description: 'Generated documents: list, inspect, download' },
      { name: 'Templates', description: 'An organization\'s own decks, documents and workbooks as the design of what Folio makes: upload (analysed, with layout thumbnails), versions, the default per format; `template_id` and `fields` on the generate endpoints' },
      { name: 'Credits', description: 'Balance and ledger of credit movements' },
      { name: 'Export', description: 'Convert run documents and uploaded files to pdf, png, html, txt, csv, odt and odp' },
      { name: 'Webhooks', description: 'Subscriptions to run events, signed delivery with retries, and the delivery log' },
      { name: 'LLM', description: 'Language-model invocation (providers or the builtin offline engine), the model registry, usage records and the monthly LLM budget' },
      { name: 'Text', description: 'Humanize, rewrite and write text' },
      { name: 'Editor', description: 'The embedded editor: the WOPI host (`/embed-wopi`) and the built-in editors\' endpoints, authenticated by the edit token of a run\'s `edit_url`' },
      { name: 'Not yet available', description: 'Part of the v1 contract; answers 501 `not_implemented` until the feature lands' },
    ],
    components: {
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey' as const, in: 'header' as const, name: 'X-API-Key', description: '`sk_live_` + 28 alphanumerics' },
        ApiKeyBearer: { type: 'http' as const, scheme: 'bearer', description: 'The API key as a bearer token' },
        EditToken: { type: 'apiKey' as const, in: 'query' as const, name: 'access_token', description: 'The token of a run\'s `edit_url` (`access_token` on WOPI endpoints, `token` on the editor\'s; or `Authorization: Bearer`)' },
        IdToken: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT', description: `ID token of the configured OIDC issuer, or of the built-in issuer (\`folio token\`) in development. Base path: ${prefix}` },
      },
    },
  };
}
