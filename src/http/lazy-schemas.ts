// Route schemas compiled on a route's first use instead of at start-up. Compiling every route's body
// validator (Ajv) and response serializer (fast-json-stringify) took about 40% of `folio serve`'s start
// CPU; most processes answer a handful of routes for a long time before they see the rest. The
// compiled functions are the ones Fastify would have built, so answers and errors do not change.
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Wraps a validator compiler so that each schema is compiled when its route first validates. */
export function lazyValidatorCompiler(compile: FastifySchemaCompiler<any>): FastifySchemaCompiler<any> {
  return (route) => {
    let compiled: Validate | undefined;
    const validate: Validate = (data) => {
      compiled ??= compile(route) as Validate;
      const result = compiled(data);
      validate.errors = compiled.errors; // Fastify reads the errors of a `false` result from the function
      return result;
    };
    return validate as any;
  };
}

type SerializerFactory = (externalSchemas: unknown, options: unknown) => FastifySerializerCompiler<any>;

/** Fastify's own serializer factory (fast-json-stringify), compiling each response schema on first use. */
export function lazySerializerFactory(): SerializerFactory {
  const build = (SerializerSelector as unknown as () => SerializerFactory)();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
    };
  };
}
