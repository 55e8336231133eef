import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof zodSerializerCompiler;

/**
 * A fast-json-stringify function compiled, through its JSON Schema, from a
 * zod schema: it writes only the schema's properties (nothing extra can leak)
 * at a fraction of zod's cost. Throws for a schema JSON Schema cannot express.
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'throw',
  });
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/**
 * How responses become JSON. Outside production every response is checked
 * against its zod schema, so a wrong shape fails loudly in tests and in
 * development. In production each schema is compiled once (compileSerializer);
 * a schema JSON Schema cannot express keeps the zod serializer.
 */
export function responseSerializer(validate: boolean): SerializerCompiler {
  if (validate) return zodSerializerCompiler;
  return (route) => {
    const schema = 'properties' in route.schema ? route.schema.properties : route.schema;
    try {
      return compileSerializer(schema as z.ZodType);
    } catch {
      return zodSerializerCompiler(route);
    }
  };
}
