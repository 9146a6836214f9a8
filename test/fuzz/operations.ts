// The operations of the live OpenAPI document, and a checker of responses against what it documents.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './values.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export type Auth = 'api_key' | 'id_token' | 'edit_token' | 'none';

export interface Param { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }

export interface Operation {
  id: string; // "GET /api/v1/runs/{run_id}"
  method: string;
  path: string;
  auth: Auth;
  params: Param[];
  /** Content type -> schema of the request body. */
  body: Record<string, Schema> | null;
  bodyRequired: boolean;
  /** Status -> content type -> schema (null when the content is not described by a schema). */
  responses: Record<string, Record<string, Schema | null>>;
}

function authOf(security: Record<string, unknown>[] | undefined): Auth {
  const names = (security ?? []).flatMap((s) => Object.keys(s));
  if (names.includes('ApiKeyHeader')) return 'api_key';
  if (names.includes('IdToken')) return 'id_token';
  if (names.includes('EditToken')) return 'edit_token';
  return 'none';
}

export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const responses: Operation['responses'] = {};
      for (const [status, r] of Object.entries<any>(op.responses ?? {})) {
        // Error responses are a $ref to the shared Error component: resolved here, so each schema stands alone.
        const resolve = (schema: any) => typeof schema?.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/') ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
        responses[status] = Object.fromEntries(Object.entries<any>(r.content ?? {}).map(([ct, c]) => [ct, resolve(c?.schema) ?? null]));
      }
      ops.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        auth: authOf(op.security),
        params: (op.parameters ?? []).filter((p: any) => p.in === 'path' || p.in === 'query').map((p: any) => ({ name: p.name, in: p.in, required: !!p.required, schema: p.schema ?? {} })),
        body: op.requestBody ? Object.fromEntries(Object.entries<any>(op.requestBody.content ?? {}).map(([ct, c]) => [ct, c.schema ?? {}])) : null,
        bodyRequired: !!op.requestBody?.required,
        responses,
      });
    }
  }
  return ops;
}

export interface Reply { statusCode: number; headers: Record<string, unknown>; body: string }

/** Checks one response against the document; returns the problems found (empty when it conforms). */
export class ResponseChecker {
  private ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private cache = new Map<Schema, ValidateFunction>();

  constructor() {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
  }

  private validator(schema: Schema): ValidateFunction {
    let v = this.cache.get(schema);
    if (!v) { v = this.ajv.compile(schema); this.cache.set(schema, v); }
    return v;
  }

  check(op: Operation, res: Reply): string[] {
    const problems: string[] = [];
    const status = String(res.statusCode);
    if (res.statusCode >= 500) problems.push(`status ${status}: ${res.body.slice(0, 300)}`);
    const documented = op.responses[status] ?? op.responses.default;
    if (!documented) {
      problems.push(`status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`);
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    let parsed: unknown;
    if (type === 'application/json' && res.body.length) {
      try { parsed = JSON.parse(res.body); } catch { problems.push('content-type application/json but the body is not JSON'); }
    }
    if (res.statusCode >= 400) {
      const e = parsed as any;
      if (!e || e.success !== false || typeof e.error !== 'string' || typeof e.message !== 'string') problems.push(`error without the envelope: ${res.body.slice(0, 200)}`);
      else if (res.statusCode === 422 && e.error === 'validation_error' && !Array.isArray(e.detail)) problems.push('422 validation_error without detail');
      if (!res.headers['x-request-id']) problems.push('error without X-Request-Id');
    }
    if (documented && parsed !== undefined) {
      const schema = documented['application/json'];
      if (schema === undefined && Object.keys(documented).length) problems.push(`answered application/json; documented: ${Object.keys(documented).join(', ')}`);
      else if (schema) {
        const v = this.validator(schema);
        if (!v(parsed)) problems.push(`body does not match the documented ${status} schema: ${this.ajv.errorsText(v.errors)} :: ${res.body.slice(0, 200)}`);
      }
    }
    return problems;
  }
}
