import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';

type Stringify = (data: unknown) => string;

/**
 * The serializers of the process, one for each schema text: routes repeat answers (every error answer of
 * `responses`), and every application of a process (the tests build many) registers them all again; each would
 * otherwise build a serializer of its own for every answer.
 */
const serializers = new Map<string, Stringify>();

/**
 * Response serializers are built on the first answer that needs them, with the same fast-json-stringify
 * Fastify uses by default: building the serializers of every route and status up front cost a quarter of
 * the service's start, most of them for answers a given instance rarely sends.
 */
export function registerSerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    const text = JSON.stringify(schema);
    let serialize = serializers.get(text);
    if (!serialize) {
      let stringify: Stringify | undefined;
      serialize = (data: unknown) => (stringify ??= fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]))(data);
      serializers.set(text, serialize);
    }
    return serialize;
  });
}
