import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { isShared } from '../db/read-cache';

/**
 * Response serialization compiled once per route from the zod contract: the schema becomes JSON
 * Schema and fast-json-stringify writes only the fields the contract names (a field a presenter
 * adds by mistake never leaves the server). With `check` (the test environment) each answer is
 * also parsed by the zod schema first, so a presenter that drifts from the contract fails a test.
 */
export function contractSerializer(check: boolean): FastifySerializerCompiler<ZodType> {
  const compile: BufferSerializerCompiler = (route) => {
    const checked = check ? zodSerializerCompiler(route) : undefined;
    const jsonSchema = z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'any' });
    const stringify = fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
    // The JSON of a shared answer (a cached read, frozen and never changed: db/read-cache.ts) is
    // written once and kept beside it while it lives, so a hot read is not serialized each time.
    // Kept as bytes: Node then neither measures nor encodes the text again on each answer.
    const written = new WeakMap<object, Buffer>();
    return (data) => {
      checked?.(data);
      if (!isShared(data)) return stringify(data);
      let json = written.get(data);
      if (json === undefined) {
        json = Buffer.from(stringify(data));
        written.set(data, json);
      }
      return json;
    };
  };
  // Fastify sends a Buffer as it is; its type says string.
  return compile as FastifySerializerCompiler<ZodType>;
}

/** Fastify's serializer compiler, with the Buffer answer it accepts in its type. */
type BufferSerializerCompiler = (
  route: Parameters<FastifySerializerCompiler<ZodType>>[0],
) => (data: unknown) => string | Buffer;
