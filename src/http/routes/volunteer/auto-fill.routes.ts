import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Services } from '../../../domain/services.js';
import { actorOf } from '../../plugins/access.js';
import { authorizedOf, guards, pathId } from '../../plugins/volunteer-guards.js';
import { AutoFillBody, AutoFillCommit, AutoFillCommitBody, AutoFillPreview, AutoFillUndo, Servings, ServingsQuery } from '../../schemas/auto-fill.schemas.js';
import { idSegment, responses } from '../../schemas/common.js';
import { ministryPath, V } from './paths.js';
import { parseAutoFillCommit } from '../../commands/auto-fill.commands.js';
import { presentCommit, presentServings, presentUndo, servingsCsv } from '../../presenters/auto-fill.presenter.js';

/**
 * Auto-fill (ours, issue 18): preview proposals for the open needs of an occurrence, schedule, team or ministry,
 * commit the kept ones as pending assignments, undo a run while untouched; and who served how often.
 */
export const autoFillRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { autoFill } = services;
  const guard = guards(services);
  const tags = ['Volunteer: auto-fill (ours)'];
  const coordinator = { access: 'coordinator' as const, failureMessage: 'The auto-fill could not be completed' };

  app.post(`${V}/auto-fill/preview`, {
    config: coordinator,
    schema: {
      tags,
      summary: 'Propose people for every open need of one occurrence, schedule, team or ministry over a window, with reasons (ours); writes nothing',
      body: AutoFillBody,
      response: responses({ 200: AutoFillPreview }),
    },
  }, async (request) => autoFill.preview(await actorOf(request, services), request.body));

  app.post(`${V}/auto-fill/commit`, {
    config: coordinator,
    schema: {
      tags,
      summary: "Create a preview's kept proposals (all of them when none are listed) as pending assignments of a new run (ours)",
      body: AutoFillCommitBody,
      response: responses({ 201: AutoFillCommit }),
    },
  }, async (request, reply) => {
    const { token, proposals } = parseAutoFillCommit(request.body);
    return reply.code(201).send(presentCommit(await autoFill.commit(await actorOf(request, services), token, proposals)));
  });

  app.post(`${V}/auto-fill/runs/${idSegment('runId')}/undo`, {
    config: coordinator,
    preValidation: guard.autoFillRun(),
    schema: { tags, summary: "Cancel a run's assignments nobody has touched yet; answers what it kept (ours)", response: responses({ 200: AutoFillUndo }) },
  }, async (request) => presentUndo(await autoFill.undo(await actorOf(request, services), authorizedOf(request, 'autoFillRun'))));

  for (const [url, csvPath] of [[`${ministryPath}/servings`, false], [`${ministryPath}/servings.csv`, true]] as const) {
    app.get(url, {
      config: coordinator,
      schema: {
        tags,
        summary: csvPath
          ? 'Who served how often, as CSV with a header row (ours)'
          : 'Who served how often: per person the assignments by status and the last date served, by name or count; format=csv for CSV (ours)',
        querystring: ServingsQuery,
        response: responses({ 200: csvPath ? Type.String({ description: 'text/csv' }) : Type.Union([Servings, Type.String({ description: 'text/csv with format=csv' })]) }),
      },
    }, async (request, reply) => {
      const actor = await actorOf(request, services);
      const { teamId } = request.query;
      const { ministry } = await services.volunteerAccess.servingsScope(actor, pathId(request, 'ministryId', 'Ministry'), teamId);
      const report = presentServings(await autoFill.servings(ministry, teamId, request.query));
      if (!csvPath && request.query.format !== 'csv') return report;
      return reply.type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="servings-${report.from}-${report.to}.csv"`)
        .send(servingsCsv(report));
    });
  }
};
