import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';

/**
 * Response serializers are built on the first answer that needs them, with the same fast-json-stringify
 * Fastify uses by default: building the serializers of every route and status up front cost a quarter of
 * the service's start, most of them for answers a given instance rarely sends.
 */
export function registerSerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => {
    let stringify: ((data: unknown) => string) | undefined;
    return (data: unknown) => (stringify ??= fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]))(data);
  });
}
