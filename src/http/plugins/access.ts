import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../../domain/access/caller.js';
import { assertRouteAccess, isRolloutGated, isVolunteerV2Enabled, needsVolunteerActor, type RouteAccess } from '../../domain/access/route-access.js';
import type { VolunteerActor } from '../../domain/access/volunteer-access.js';
import { forbidden, unauthorized } from '../../domain/errors.js';
import type { Services } from '../../domain/services.js';
import { apiKeyOf, hasCsrfHeader, pageKeyOf } from '../web/session-cookie.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs; every route must declare it (checked when the app is ready). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller?: Caller;
    actor?: VolunteerActor;
  }
}

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  /** Read when asked: a plugin's own onRoute hook may declare it after this registry saw the route. */
  readonly access: RouteAccess | undefined;
}

/** The caller of a volunteer route with its scope grants, loaded once per request. */
export async function actorOf(request: FastifyRequest, services: Services): Promise<VolunteerActor> {
  const actor = request.actor ?? (await services.volunteerAccess.actorOf(callerOf(request)));
  request.actor = actor;
  return actor;
}

/** A hook of the web app's own forms: one posted from another site, without the CSRF header, is refused (403). */
export async function fromTheWebApp(request: FastifyRequest): Promise<void> {
  if (!hasCsrfHeader(request)) throw forbidden('Sign in from the web app');
}

/** The authenticated caller of a private route (set by the access hook before any handler runs). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('Invalid API key');
  return request.caller;
}

/**
 * Carried by every answer to the first administrator while it keeps the password of the first start (issue 33),
 * so that a script's log and the web app both say so; 199 is HTTP's "miscellaneous warning".
 */
const INITIAL_PASSWORD_WARNING = '199 - "Change the default administrator password"';

/**
 * The one place where routes are authenticated and gated: the key (`x-api-key`, or the web app's session
 * cookie with its CSRF header) first (401), then the rollout gate
 * of the volunteer area (403), then the route's declared role or gate (403). A web app page only reads who
 * the caller is (the session cookie alone will do there); the page itself decides where to send the rest.
 */
export function registerAccessControl(app: FastifyInstance, services: Services): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method, url: route.url, get access() { return route.config?.access; } });
    }
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => route.access === undefined);
    if (undeclared.length > 0) {
      throw new Error(`Routes without an access declaration: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === 'public') return;
    if (access === 'page') {
      request.caller = await services.signIn.authenticate(pageKeyOf(request));
      return;
    }
    const caller = await services.signIn.authenticate(apiKeyOf(request));
    if (!caller) throw unauthorized('Invalid API key');
    request.caller = caller;
    if (caller.hasInitialPassword) reply.header('Warning', INITIAL_PASSWORD_WARNING);
    if (isRolloutGated(access) && !isVolunteerV2Enabled(await services.settings.get('sVolunteerVersion'))) {
      throw forbidden('Volunteer Management V2 is not enabled');
    }
    if (needsVolunteerActor(access)) request.actor = await services.volunteerAccess.actorOf(caller);
    assertRouteAccess(caller, access, request.actor);
  });
  return routes;
}
