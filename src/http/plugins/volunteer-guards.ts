import type { FastifyRequest } from 'fastify';
import type { Authorized, EntityKind } from '../../domain/access/authorized.js';
import type { VolunteerActor } from '../../domain/access/volunteer-access.js';
import { notFound } from '../../domain/errors.js';
import type { Services } from '../../domain/services.js';
import { actorOf } from './access.js';

/** The record named in the path under its kind; a route has one guard, so at most one kind is set. */
type AuthorizedByKind = { [K in EntityKind]?: Authorized<K> };

declare module 'fastify' {
  interface FastifyRequest {
    /** The record named in the path, loaded and scope-checked before the body is validated (contract §1.5). */
    authorized?: AuthorizedByKind;
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
function guard(services: Services, check: (actor: VolunteerActor, request: FastifyRequest) => Promise<AuthorizedByKind>) {
  return async (request: FastifyRequest) => {
    request.authorized = await check(await actorOf(request, services), request);
  };
}

/**
 * The row the route's guard checked, as the domain's `Authorized` value. A route that asks for a kind its guard
 * did not check is wired wrongly: that is a programming error, found by the route's first test.
 */
export function authorizedOf<K extends EntityKind>(request: FastifyRequest, kind: K): Authorized<K> {
  const row = request.authorized?.[kind];
  if (!row) throw new Error(`The route ${request.routeOptions.url} has no ${kind} guard`);
  return row;
}

/** The scope guards every volunteer route uses; the rules themselves live in domain/access. */
export function guards(services: Services) {
  const access = services.volunteerAccess;
  return {
    ministry: (authority: 'ministry' | 'none' = 'ministry', refusal?: string) =>
      guard(services, async (actor, request) => ({ ministry: await access.ministry(actor, pathId(request, 'ministryId', 'Ministry'), authority, refusal) })),
    team: (authority: 'team' | 'ministry' = 'team') => guard(services, async (actor, request) => ({ team: await access.team(actor, pathId(request, 'teamId', 'Team'), authority) })),
    position: () => guard(services, async (actor, request) => ({ position: await access.position(actor, pathId(request, 'positionId', 'Position')) })),
    ministryOrLedTeam: () => guard(services, async (actor, request) => ({ ministry: await access.ministryOrLedTeam(actor, pathId(request, 'ministryId', 'Ministry')) })),
    schedule: () => guard(services, async (actor, request) => ({ schedule: await access.schedule(actor, pathId(request, 'scheduleId', 'Schedule')) })),
    occurrence: () => guard(services, async (actor, request) => ({ occurrence: await access.occurrence(actor, pathId(request, 'occurrenceId', 'Occurrence')) })),
    assignment: () => guard(services, async (actor, request) => ({ assignment: await access.assignment(actor, pathId(request, 'assignmentId', 'Assignment')) })),
    swap: () => guard(services, async (actor, request) => ({ swap: await access.swap(actor, pathId(request, 'swapId', 'Substitution request')) })),
    person: () => guard(services, async (actor, request) => ({ person: await access.person(actor, pathId(request, 'personId', 'Person')) })),
    blockout: () => guard(services, async (actor, request) => ({ blockout: await access.blockout(actor, pathId(request, 'blockoutId', 'Blockout')) })),
    autoFillRun: () => guard(services, async (actor, request) => ({ autoFillRun: await access.autoFillRun(actor, pathId(request, 'runId', 'Auto-fill run')) })),
    qualification: () => guard(services, async (actor, request) => ({ qualification: await access.qualification(actor, pathId(request, 'qualificationId', 'Qualification')) })),
    requirement: () => guard(services, async (actor, request) => ({ requirement: await access.requirement(actor, pathId(request, 'requirementId', 'Requirement')) })),
  };
}
