import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = typeof zodSerializerCompiler;

/**
 * How responses become JSON. Outside production every response is checked
 * against its zod schema, so a wrong shape fails loudly in tests and in
 * development. In production each schema is compiled once, through its JSON
 * Schema, into a fast-json-stringify function: it writes only the schema's
 * properties (nothing extra can leak) at a fraction of zod's cost. A schema
 * JSON Schema cannot express keeps the zod serializer.
 */
export function responseSerializer(validate: boolean): SerializerCompiler {
  if (validate) return zodSerializerCompiler;
  return (route) => {
    const schema = 'properties' in route.schema ? route.schema.properties : route.schema;
    try {
      const json = z.toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
      });
      return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    } catch {
      return zodSerializerCompiler(route);
    }
  };
}
