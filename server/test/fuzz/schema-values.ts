import fc from 'fast-check';
import { anyJson, craftedCursor, HOSTILE_NUMBERS, HOSTILE_STRINGS, spliced } from './values';

/** The part of JSON Schema that the OpenAPI document of the zod schemas uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

/** Believable values by field name, so that hostile characters get past the shape checks. */
export type Hints = Record<string, fc.Arbitrary<string>>;

const HARD_CAP = 60;

/**
 * Values for a schema: valid ones (as the zod schema would accept them),
 * boundary ones (empty, at the limits and one past them) and hostile ones
 * (wrong types, control and invisible characters, huge strings and numbers).
 */
export function valuesFor(schema: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const valid = validValue(schema, hints, name);
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: boundaryValue(schema, hints, name) },
    { weight: 5, arbitrary: hostileValue(schema, hints, name) },
  );
}

function validValue(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((s) => validValue(s, hints, name)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], hints, name);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const base = validOfType(schema, hints, name);
  // OpenAPI 3.0 wrote `nullable: true`; 3.1 (ADR 028) writes `type: [..., 'null']` or a `{ type: 'null' }` branch.
  const nullable = schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
  return nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function validOfType(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      return hints[name] ?? validString(schema);
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valuesFor(schema.items ?? {}, hints, name), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
      return objectValue(schema, hints);
    default:
      return anyJson;
  }
}

const validString = (schema: JsonSchema) =>
  fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? HARD_CAP, HARD_CAP)),
    unit: 'binary',
  });

/** Every property drawn on its own (valid, boundary or hostile), optional ones sometimes left out. */
function objectValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, s]) => [key, valuesFor(s, hints, key)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

function boundaryValue(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((s) => boundaryValue(s, hints, name)));
  switch (typeOf(schema)) {
    case 'string': {
      const lengths = [0, 1, schema.minLength, schema.maxLength]
        .filter((n): n is number => n !== undefined)
        .flatMap((n) => [n - 1, n, n + 1])
        .filter((n) => n >= 0);
      return fc.oneof(
        fc.constantFrom(...lengths).map((n) => 'a'.repeat(n)),
        fc.constantFrom(...lengths).map((n) => 'é'.repeat(n)),
        fc.constantFrom('', ' ', '   \n\t  '),
      );
    }
    case 'integer':
    case 'number': {
      const edges = [schema.minimum, schema.maximum, 0]
        .filter((n): n is number => n !== undefined)
        .flatMap((n) => [n - 1, n, n + 1, n + 0.5]);
      return fc.constantFrom(...edges);
    }
    case 'array':
      return fc
        .nat({ max: (schema.maxItems ?? 10) + 1 })
        .chain((n) =>
          fc.array(validValue(schema.items ?? {}, hints, name), { minLength: n, maxLength: n }),
        );
    case 'object':
      return fc.constantFrom({}, { unexpected: 1 });
    default:
      return validValue(schema, hints, name);
  }
}

function hostileValue(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  const plausible = hints[name] ?? fc.string({ maxLength: 20 });
  const strings = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: spliced(plausible) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );
  const kind = typeOf(schema);
  if (name === 'cursor') return fc.oneof({ weight: 3, arbitrary: craftedCursor }, strings);
  if (kind === 'number' || kind === 'integer')
    return fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), anyJson);
  if (kind === 'string' || schema.enum || schema.anyOf)
    return fc.oneof({ weight: 4, arbitrary: strings }, { weight: 1, arbitrary: anyJson });
  return anyJson;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}
