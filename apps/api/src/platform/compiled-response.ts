// The busiest read routes (campaign lists and details, creative lists) answer through a serialiser that
// fast-json-stringify compiles from the answer's JSON schema once, instead of zod encoding every
// answer and JSON.stringify walking it again (about a tenth of a list request's CPU).
// The output is the same text when the handler builds its keys in the schema's order (zod keeps the
// handler's order, this the schema's) and keys the schema lacks are left out by both. Unlike
// zod it does not check the answer, so it is for answers the server builds field by field from its
// own rows (test/compiled-response.test.ts compares both serialisers on real answers). Every other
// answer, errors included, is still encoded by zod.
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const compiled = new WeakSet<object>();

/** Marks a response schema (the exact object given to the route) for the compiled serialiser. */
export const compiledResponse = <T extends z.ZodType>(schema: T): T => {
  compiled.add(schema);
  return schema;
};

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [X, {type: 'null'}]`, zod's nullable, as X with 'null' among its types: the form
 * fast-json-stringify writes directly rather than by testing each branch against the value.
 */
const simplifyNullable = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (typeof node !== 'object' || node === null) return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, simplifyNullable(value)]),
  ) as JsonSchema;
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2 && branches[1]?.type === 'null' && typeof branches[0]?.type === 'string') {
    const { anyOf: _anyOf, ...rest } = schema;
    const [only] = branches;
    return { ...rest, ...only, type: [only!.type, 'null'] };
  }
  return schema;
};

export const toCompiledSerializer = (schema: z.ZodType) =>
  fastJson(
    simplifyNullable(
      z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
    ) as Parameters<typeof fastJson>[0],
  );

/** Fastify's serializer compiler: compiled for marked schemas, zod for every other. */
export const responseSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  const schema = route.schema as unknown;
  return typeof schema === 'object' && schema !== null && compiled.has(schema)
    ? toCompiledSerializer(schema as z.ZodType)
    : zodSerializerCompiler(route);
};
