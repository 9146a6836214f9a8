// The convert body as an HTML form, the way the reference service documents it: `format` (and
// `sheet`) as multipart/form-data or application/x-www-form-urlencoded text fields. Parsed into the
// same object a JSON body gives, so the route's schema validates all three alike. Registered in the
// convert route's own scope only: every other route keeps taking JSON alone.
import type { FastifyInstance } from 'fastify';
import { AppError, errors, type ValidationDetail } from '../errors.ts';
import { badStringReason } from '../http/input-hygiene.ts';

/** A convert form is two short fields; anything bigger is not one. */
const FORM_BODY_LIMIT = 64 * 1024;

function fieldsOf(entries: Iterable<[string, unknown]>): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  const detail: ValidationDetail[] = [];
  for (const [name, value] of entries) {
    if (typeof value !== 'string') {
      detail.push({ loc: ['body', name], msg: 'The convert form takes text fields only (`format`, `sheet`); the file is the one in the path', type: 'file_not_allowed' });
      continue;
    }
    const bad = badStringReason(name) ?? badStringReason(value);
    if (bad) detail.push({ loc: ['body', name], ...bad });
    else if (name in fields) detail.push({ loc: ['body', name], msg: `The field ${name} is given more than once`, type: 'duplicate_field' });
    else fields[name] = value;
  }
  if (detail.length) throw errors.validation(detail);
  return { ...fields };
}

export function acceptConvertForms(scope: FastifyInstance): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, fieldsOf(new URLSearchParams(body as string)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (request, body, done) => {
    // The platform's own multipart reader (undici): the form is small and fully buffered by now.
    new Response(body as Buffer, { headers: { 'content-type': String(request.headers['content-type']) } }).formData()
      .then((form) => done(null, fieldsOf(form.entries() as Iterable<[string, unknown]>)))
      .catch((err) => done(err instanceof AppError ? err : errors.invalidRequest('The multipart/form-data body could not be read (check its boundary and framing).'), undefined));
  });
}
