// Input hygiene at the edge, once for every route (docs/architecture/input-hygiene.md):
// - JSON bodies are pre-scanned for nesting depth and key count before JSON.parse, so no later
//   recursion (validation, cloning, logging) can overflow the stack on a hostile body: 400.
// - Prototype-pollution keys (`__proto__`, `constructor.prototype`) are refused: 400.
// - Strings holding NUL or a lone UTF-16 surrogate are refused wherever they arrive (JSON body,
//   query string, path parameter, the header values Folio stores): 422 with a `detail` item at the
//   field. Multipart field values and filenames are checked in storage/multipart-upload.ts.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MAX_DETAIL_ITEMS, errors, type ValidationDetail } from '../errors.ts';

/** Deepest nesting of objects and arrays accepted in a JSON body. */
export const JSON_MAX_DEPTH = 64;
/** Most object keys (counted over the whole body) accepted in a JSON body. */
export const JSON_MAX_KEYS = 100_000;

/** Header values Folio stores (WOPI locks): the same rules as body strings. */
const STORED_HEADERS = ['x-wopi-lock', 'x-wopi-oldlock'];

/**
 * One linear pass over the raw text, outside strings: the deepest nesting and the number of keys
 * (each `:` outside a string is one key). Null when within limits. Malformed JSON is left to JSON.parse.
 */
export function jsonShapeProblem(text: string, maxDepth = JSON_MAX_DEPTH, maxKeys = JSON_MAX_KEYS): string | null {
  let depth = 0;
  let keys = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string: to the next quote not escaped by a backslash.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return `The JSON body is nested more than ${maxDepth} levels deep.`;
    } else if (c === 125 || c === 93) {
      depth--;
    } else if (c === 58) {
      if (++keys > maxKeys) return `The JSON body has more than ${maxKeys} object keys.`;
    }
  }
  return null;
}

/** Why a string cannot be accepted, or null: NUL (PostgreSQL text cannot hold it) and lone surrogates (not Unicode). */
export function badStringReason(s: string): { msg: string; type: string } | null {
  if (s.includes('\u0000')) return { msg: 'String should not contain the NUL character (\\u0000)', type: 'string_nul_character' };
  if (!s.isWellFormed()) return { msg: 'String should be valid Unicode (it contains a lone UTF-16 surrogate)', type: 'string_unicode' };
  return null;
}

/**
 * NUL and lone surrogates in every string (keys included) of a parsed value, plus prototype-pollution
 * keys. Recursion is bounded: parsed bodies passed the depth pre-scan.
 */
export function stringProblems(value: unknown, loc: (string | number)[], out: ValidationDetail[] = []): ValidationDetail[] {
  if (out.length >= MAX_DETAIL_ITEMS) return out;
  if (typeof value === 'string') {
    const bad = badStringReason(value);
    if (bad) out.push({ loc, ...bad });
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) stringProblems(value[i], [...loc, i], out);
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const bad = badStringReason(key);
      if (bad) out.push({ loc: [...loc, key], msg: `Key: ${bad.msg}`, type: bad.type });
      else stringProblems((value as Record<string, unknown>)[key], [...loc, key], out);
    }
  }
  return out;
}

function pollutionKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(pollutionKey);
  if (value === null || typeof value !== 'object') return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
  const ctor = (value as Record<string, unknown>).constructor;
  if (Object.prototype.hasOwnProperty.call(value, 'constructor') && ctor !== null && typeof ctor === 'object' && Object.prototype.hasOwnProperty.call(ctor, 'prototype')) return true;
  return Object.values(value).some(pollutionKey);
}

/** Parses a JSON request body under the limits above; throws the documented errors. */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0) throw errors.invalidRequest('The request body is empty but Content-Type is application/json.');
  const shape = jsonShapeProblem(text);
  if (shape) throw errors.invalidRequest(shape);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('The request body is not valid JSON.');
  }
  if (pollutionKey(value)) throw errors.invalidRequest('The request body contains a "__proto__" or "constructor.prototype" key, which is not accepted.');
  const bad = stringProblems(value, ['body']);
  if (bad.length) throw errors.validation(bad);
  return value;
}

function checkRequestParts(request: FastifyRequest): void {
  const detail: ValidationDetail[] = [];
  const params = request.params as Record<string, unknown> | undefined;
  if (params && typeof params === 'object') stringProblems(params, ['path'], detail);
  const query = request.query as Record<string, unknown> | undefined;
  if (query && typeof query === 'object') stringProblems({ ...query }, ['query'], detail);
  for (const name of STORED_HEADERS) {
    const v = request.headers[name];
    if (typeof v === 'string' && (/[\u0000-\u001f\u007f]/.test(v) || badStringReason(v))) {
      detail.push({ loc: ['header', name], msg: 'Header value should not contain control characters', type: 'string_control_character' });
    }
  }
  if (detail.length) throw errors.validation(detail);
}

/** Replaces Fastify's JSON parser and checks path, query and stored headers before validation. */
export function registerInputHygiene(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequestParts(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}

/**
 * Fastify's router errors (a path that is not valid percent-encoding, a path parameter over the length
 * limit) in the documented envelope instead of Fastify's own body.
 */
export function routerErrorFor(err: FastifyError): AppError {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return new AppError('not_found', 'No resource has an identifier that long.');
  return errors.invalidRequest('The URL path is not valid: it holds a percent-encoding that is not UTF-8.');
}
