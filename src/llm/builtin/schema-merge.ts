// Schema algebra for the filler: resolving local $refs and merging subschemas (allOf, a $ref with
// siblings, a oneOf branch with its parent's keywords) into one schema that a value can be built from.
// The merge is a sound approximation: a value built from it is checked against the original schema.
import type { JsonSchema } from '../json-schema.ts';

export type SchemaNode = JsonSchema | boolean;

const MINS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const MAXS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);

function isObject(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function types(t: unknown): string[] | null {
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? (t as string[]) : null;
}

function intersectTypes(a: unknown, b: unknown): string[] {
  const x = types(a) ?? [];
  const y = types(b) ?? [];
  const out: string[] = [];
  for (const t of x) {
    if (y.includes(t)) out.push(t);
    else if (t === 'integer' && y.includes('number')) out.push('integer');
    else if (t === 'number' && y.includes('integer')) out.push('integer');
  }
  return [...new Set(out)];
}

/** Merges two schemas as allOf would constrain a value (approximately). */
export function mergeSchemas(a: SchemaNode, b: SchemaNode): SchemaNode {
  if (a === false || b === false) return false;
  if (a === true) return b;
  if (b === true) return a;
  const out: JsonSchema = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (!(k in out)) { out[k] = v; continue; }
    const cur = out[k];
    if (k === 'properties' && isObject(cur) && isObject(v)) {
      const props: JsonSchema = { ...cur };
      for (const [name, s] of Object.entries(v)) props[name] = name in props ? mergeSchemas(props[name] as SchemaNode, s as SchemaNode) : s;
      out.properties = props;
    } else if (k === 'required' && Array.isArray(cur) && Array.isArray(v)) out.required = [...new Set([...cur, ...v])];
    else if (k === 'type') out.type = intersectTypes(cur, v);
    else if (MINS.has(k) && typeof cur === 'number' && typeof v === 'number') out[k] = Math.max(cur, v);
    else if (MAXS.has(k) && typeof cur === 'number' && typeof v === 'number') out[k] = Math.min(cur, v);
    else if (k === 'enum' && Array.isArray(cur) && Array.isArray(v)) out.enum = cur.filter((x) => v.some((y) => JSON.stringify(y) === JSON.stringify(x)));
    else if (k === 'allOf' && Array.isArray(cur) && Array.isArray(v)) out.allOf = [...cur, ...v];
    else if ((k === 'oneOf' || k === 'anyOf' || k === 'not' || k === 'if') && JSON.stringify(cur) !== JSON.stringify(v)) {
      out.allOf = [...((out.allOf as SchemaNode[]) ?? []), { [k]: v, ...(k === 'if' ? { then: b.then, else: b.else } : {}) }];
    } else if ((k === 'items' || k === 'additionalProperties' || k === 'contains' || k === 'propertyNames') && (isObject(cur) || typeof cur === 'boolean') && (isObject(v) || typeof v === 'boolean')) {
      out[k] = mergeSchemas(cur as SchemaNode, v as SchemaNode);
    } else out[k] = v;
  }
  return out;
}

export class RefResolver {
  private readonly root: JsonSchema;
  private readonly rootId: string | null;

  constructor(root: JsonSchema) {
    this.root = root;
    this.rootId = typeof root.$id === 'string' ? root.$id.replace(/#$/, '') : null;
  }

  /** The schema a local reference points at; `true` (anything) when it cannot be followed. */
  resolve(ref: string): SchemaNode {
    let r = ref;
    if (this.rootId && r.startsWith(this.rootId)) r = r.slice(this.rootId.length);
    if (r === '' || r === '#') return this.root;
    if (r.startsWith('#/')) {
      let cur: unknown = this.root;
      for (const raw of r.slice(2).split('/')) {
        const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        if (cur === null || typeof cur !== 'object') return true;
        cur = (cur as Record<string, unknown>)[seg];
      }
      return isObject(cur) || typeof cur === 'boolean' ? cur : true;
    }
    if (r.startsWith('#')) return this.anchor(this.root, r.slice(1), 0) ?? true;
    return true;
  }

  private anchor(node: unknown, name: string, depth: number): JsonSchema | undefined {
    if (!isObject(node) || depth > 30) return undefined;
    if (node.$anchor === name || node.$dynamicAnchor === name) return node;
    for (const v of Object.values(node)) {
      const children = Array.isArray(v) ? v : [v];
      for (const c of children) {
        const hit = this.anchor(c, name, depth + 1);
        if (hit) return hit;
      }
    }
    return undefined;
  }

  /** Replaces a top-level $ref (and $dynamicRef) by its target merged with the sibling keywords. */
  expand(schema: JsonSchema): SchemaNode {
    const ref = (schema.$ref ?? schema.$dynamicRef) as string | undefined;
    if (typeof ref !== 'string') return schema;
    const { $ref: _r, $dynamicRef: _d, ...rest } = schema;
    return mergeSchemas(this.resolve(ref), rest);
  }
}

/** Rewrites local refs (`#/...`) to absolute ones under `base`, so a fragment compiles on its own. */
export function absolutizeRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => absolutizeRefs(n, base));
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === '$ref' || k === '$dynamicRef') && typeof v === 'string' && v.startsWith('#')) out[k] = `${base}${v}`;
    else if ((k === '$id' || k === '$schema') && typeof v === 'string') continue;
    else out[k] = absolutizeRefs(v, base);
  }
  return out;
}
