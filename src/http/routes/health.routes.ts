import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { pendingMigrations, type Database } from '../../db/database.js';

/**
 * `GET /healthz`: 200 once migrations have run and the database answers, 503 otherwise (contract §17). `databaseOf`
 * answers the database of the church whose request it is.
 */
export const healthRoutes = (databaseOf: () => Database): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/healthz', {
    config: { access: 'public' },
    schema: {
      tags: ['Operations'],
      summary: 'Liveness and database check',
      response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: Type.Object({ status: Type.Literal('unavailable') }) },
    },
  }, async (_request, reply) =>
    (await databaseOf().ping()) ? { status: 'ok' as const } : reply.code(503).send({ status: 'unavailable' as const }));

  // Readiness for a load balancer (issue 19): this instance should get traffic only while its database answers, has
  // every migration this build expects (an instance of an older build beside a newer schema still answers) and, for
  // the embedded database, room on its disk to save a change.
  app.get('/readyz', {
    config: { access: 'public' },
    schema: {
      tags: ['Operations'],
      summary: 'Readiness: the database answers and has every migration of this build (ours)',
      response: {
        200: Type.Object({ status: Type.Literal('ready') }),
        503: Type.Object({ status: Type.Literal('unavailable'), reason: Type.String() }),
      },
    },
  }, async (_request, reply) => {
    const database = databaseOf();
    if (!(await database.ping())) return reply.code(503).send({ status: 'unavailable' as const, reason: 'The database does not answer' });
    if (await database.isDiskFull()) return reply.code(503).send({ status: 'unavailable' as const, reason: 'The disk is full' });
    const pending = await pendingMigrations(database.db);
    if (pending.length > 0) return reply.code(503).send({ status: 'unavailable' as const, reason: `Migrations not run yet: ${pending.join(', ')}` });
    return { status: 'ready' as const };
  });
};
