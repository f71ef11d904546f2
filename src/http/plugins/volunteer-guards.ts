import type { FastifyRequest } from 'fastify';
import type { VolunteerActor } from '../../domain/access/volunteer-access.js';
import { notFound } from '../../domain/errors.js';
import type { Services } from '../../domain/services.js';
import { actorOf } from './access.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The record named in the path, loaded and scope-checked before the body is validated (contract §1.5). */
    entity?: unknown;
  }
}

const MAX_ID = 2147483647;

/** A path id as a number; ids that can name no row answer 404 like an unknown record. */
export function pathId(request: FastifyRequest, name: string, entity: string): number {
  const raw = (request.params as Record<string, string>)[name];
  const id = Number(raw);
  if (!/^\d+$/.test(String(raw)) || id < 1 || id > MAX_ID) throw notFound(`${entity} not found`);
  return id;
}

/**
 * A preValidation hook: 404 for a missing record, then 403 for one out of scope, both before the body is
 * validated — so a bad body on an out-of-scope record answers 403 (§1.5 steps 4 and 5).
 */
export function guard(services: Services, load: (actor: VolunteerActor, request: FastifyRequest) => Promise<unknown>) {
  return async (request: FastifyRequest) => {
    request.entity = await load(await actorOf(request, services), request);
  };
}

export function entityOf<T>(request: FastifyRequest): T {
  return request.entity as T;
}

/** The scope guards every volunteer route uses; the rules themselves live in domain/access. */
export function guards(services: Services) {
  const access = services.volunteerAccess;
  return {
    ministry: (authority: 'ministry' | 'none' = 'ministry', refusal?: string) =>
      guard(services, (actor, request) => access.ministry(actor, pathId(request, 'ministryId', 'Ministry'), authority, refusal)),
    team: (authority: 'team' | 'ministry' = 'team') => guard(services, (actor, request) => access.team(actor, pathId(request, 'teamId', 'Team'), authority)),
    position: () => guard(services, (actor, request) => access.position(actor, pathId(request, 'positionId', 'Position'))),
    ministryOrLedTeam: () => guard(services, (actor, request) => access.ministryOrLedTeam(actor, pathId(request, 'ministryId', 'Ministry'))),
    schedule: () => guard(services, (actor, request) => services.schedules.authorized(actor, pathId(request, 'scheduleId', 'Schedule'))),
    occurrence: () => guard(services, (actor, request) => services.occurrences.authorized(actor, pathId(request, 'occurrenceId', 'Occurrence'))),
    assignment: () => guard(services, (actor, request) => services.assignmentActions.authorized(actor, pathId(request, 'assignmentId', 'Assignment'))),
    swap: () => guard(services, (actor, request) => services.swaps.authorized(actor, pathId(request, 'swapId', 'Substitution request'))),
    qualification: () => guard(services, (actor, request) => access.qualification(actor, pathId(request, 'qualificationId', 'Qualification'))),
  };
}
