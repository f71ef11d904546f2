import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { TimerJobs } from '../../jobs/timer-jobs.js';
import { parseTimerJobsForce } from '../commands/background.commands.js';
import { PermissiveBoolean, responses } from '../schemas/common.js';

/**
 * `POST /api/background/timerjobs` (contract §15.5): any staff login; the jobs finish before the answer. `jobsOf`
 * answers the timer jobs of the church whose request it is.
 */
export const backgroundRoutes = (jobsOf: () => TimerJobs): FastifyPluginAsyncTypebox => async (app) => {
  app.post('/api/background/timerjobs', {
    config: { access: 'staff' },
    schema: {
      tags: ['Operations'],
      summary: 'Run the timer jobs now (top-up, completion); rate-limited by iTimerJobsMinIntervalMinutes unless force',
      body: Type.Object({ force: Type.Optional(PermissiveBoolean) }),
      response: responses({ 200: Type.Object({ ran: Type.Boolean() }) }),
    },
  }, async (request) => jobsOf().run(parseTimerJobsForce(request.body)));
};
