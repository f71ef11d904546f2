import fastifyCookie from '@fastify/cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Database } from './db/database.js';
import { systemClock, type Clock } from './domain/clock.js';
import { invalid } from './domain/errors.js';
import { buildServices, type Services } from './domain/services.js';
import type { ScryptCost } from './domain/users/secrets.js';
import { ChurchScope, type ChurchParts } from './http/church-scope.js';
import { registerAccessControl, type RegisteredRoute } from './http/plugins/access.js';
import { frameworkErrors, registerErrorHandling } from './http/plugins/errors.js';
import { registerGracefulClose } from './http/plugins/graceful-close.js';
import { ServiceMetrics } from './http/plugins/metrics.js';
import { registerOpenApi } from './http/plugins/openapi.js';
import { registerRateLimits } from './http/plugins/rate-limits.js';
import { RequestLog } from './http/logging.js';
import { currentLog, registerRequestIds, requestIdOf } from './http/plugins/request-ids.js';
import { registerSecurityHeaders } from './http/plugins/security-headers.js';
import { registerSerialization } from './http/plugins/serialization.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, registerValidation, TOO_DEEP_MESSAGE } from './http/plugins/validation.js';
import { healthRoutes } from './http/routes/health.routes.js';
import { loginRoutes } from './http/routes/login.routes.js';
import { metricsRoutes } from './http/routes/metrics.routes.js';
import { settingsRoutes } from './http/routes/settings.routes.js';
import { usersRoutes } from './http/routes/users.routes.js';
import { calendarsRoutes } from './http/routes/calendars.routes.js';
import { cartRoutes } from './http/routes/cart.routes.js';
import { eventsRoutes } from './http/routes/events.routes.js';
import { checkInsRoutes } from './http/routes/check-ins.routes.js';
import { kiosksRoutes } from './http/routes/kiosks.routes.js';
import { attendanceRoutes } from './http/routes/volunteer/attendance.routes.js';
import { groupsRoutes } from './http/routes/groups.routes.js';
import { peopleRoutes } from './http/routes/people.routes.js';
import { ministriesRoutes } from './http/routes/volunteer/ministries.routes.js';
import { poolRoutes } from './http/routes/volunteer/pool.routes.js';
import { positionsRoutes } from './http/routes/volunteer/positions.routes.js';
import { lookupsRoutes } from './http/routes/volunteer/lookups.routes.js';
import { assignmentsRoutes } from './http/routes/volunteer/assignments.routes.js';
import { assignmentActionsRoutes } from './http/routes/volunteer/assignment-actions.routes.js';
import { askAgainRoutes } from './http/routes/volunteer/ask-again.routes.js';
import { workspaceMessagesRoutes } from './http/routes/volunteer/workspace-messages.routes.js';
import { acceptAllRoutes } from './http/routes/volunteer/accept-all.routes.js';
import { memberRoutes } from './http/routes/volunteer/member.routes.js';
import { availabilityRoutes } from './http/routes/volunteer/availability.routes.js';
import { autoFillRoutes } from './http/routes/volunteer/auto-fill.routes.js';
import { reportsRoutes } from './http/routes/volunteer/reports.routes.js';
import { rosterRoutes } from './http/routes/volunteer/roster.routes.js';
import { dashboardRoutes } from './http/routes/volunteer/dashboard.routes.js';
import { publicRoutes } from './http/routes/public.routes.js';
import { answerLinksRoutes } from './http/routes/answer-links.routes.js';
import { invitationsRoutes } from './http/routes/invitations.routes.js';
import { registrationRoutes } from './http/routes/registration.routes.js';
import { backgroundRoutes } from './http/routes/background.routes.js';
import { TimerJobs } from './jobs/timer-jobs.js';
import { sessionRoutes } from './http/routes/session.routes.js';
import { appShell, readShell, registerWebAssets } from './http/web/web-app.js';
import { registerWebPages } from './http/web/web-pages.js';
import { ministryEventsRoutes } from './http/routes/volunteer/ministry-events.routes.js';
import { occurrencesRoutes } from './http/routes/volunteer/occurrences.routes.js';
import { schedulesRoutes } from './http/routes/volunteer/schedules.routes.js';
import { scopesRoutes } from './http/routes/volunteer/scopes.routes.js';
import { teamsRoutes } from './http/routes/volunteer/teams.routes.js';

/** What an application is built with, whichever churches it serves. */
interface CommonDeps {
  clock?: Clock;
  /** Fastify's `trustProxy`: which proxies' `X-Forwarded-For` names the client (config TRUST_PROXY). */
  trustProxy?: number | string[] | false;
  /** The built web app (index.html and assets/); without it only the API is served. */
  webRoot?: string;
  /** A pino logger, or pino options; tests pass `false`. */
  logger?: FastifyServerOptions['logger'] | FastifyBaseLogger;
  /** The bearer token of `GET /metrics` (config METRICS_TOKEN); without it there are no metrics and the route answers 404. */
  metricsToken?: string;
  /** scrypt's cost for new password hashes. Nothing in the configuration sets it: only tests lower it. */
  passwordCost?: ScryptCost;
}

/** An application of one church, on its database. */
export interface AppDeps extends CommonDeps {
  database: Database;
}

export interface App {
  readonly http: FastifyInstance;
  readonly services: Services;
  /** Every registered route with its declared access (the route-walk test reads it). */
  readonly routes: readonly RegisteredRoute[];
  readonly timerJobs: TimerJobs;
}

/** The one application of an instance of many churches (issue 40): each request is served for the church handed in with it. */
export interface ChurchesApp {
  readonly http: FastifyInstance;
  readonly routes: readonly RegisteredRoute[];
  /** A church's services and timer jobs on its database; `log` names the church in what they log. */
  partsOf(database: Database, log: FastifyBaseLogger): ChurchParts;
  /** The node request handler, for a request of the church whose parts these are. */
  serve(parts: ChurchParts, request: IncomingMessage, response: ServerResponse): void;
}

/** A request's logger on an instance of many churches: a child of its church's, so that its lines name the church. */
const churchLoggerOf = (scope: ChurchScope): NonNullable<FastifyServerOptions['childLoggerFactory']> => (logger, bindings, options) =>
  (scope.being()?.log ?? logger).child(bindings, options);

/** Believes the `hops` proxies nearest to the service (Fastify's own hop count, which its types do not name). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the HTTP application on an open, migrated database. It never listens; main.ts or tests do. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { http, routes, one } = await assemble(deps, { database: deps.database });
  await http.ready();
  return { http, services: one!.services, routes, timerJobs: one!.timerJobs };
}

/**
 * Builds the one application of an instance of many churches (issue 40): one set of routes for them all. An
 * application's routes, hooks and contexts take 4.6 MB of heap at rest, too much to repeat for every church.
 */
export async function buildChurchesApp(deps: CommonDeps): Promise<ChurchesApp> {
  const scope = new ChurchScope();
  const { http, routes, partsOf } = await assemble(deps, { scope });
  await http.ready();
  const routing = http.routing.bind(http);
  return { http, routes, partsOf, serve: (parts, request, response) => scope.serve(parts, request, response, routing) };
}

/**
 * The application of one church's database, or of every church handed in through `scope`. Its routes take services
 * once: the one church's, or stand-ins that find the church of each request.
 */
async function assemble(deps: CommonDeps, churches: { database: Database } | { scope: ChurchScope }) {
  const scope = 'scope' in churches ? churches.scope : undefined;
  const loggerOption = deps.logger ?? false;
  const isLoggerInstance = typeof loggerOption === 'object' && loggerOption !== null && 'child' in loggerOption;
  const http = Fastify({
    ...(isLoggerInstance ? { loggerInstance: loggerOption as FastifyBaseLogger } : { logger: loggerOption as FastifyServerOptions['logger'] }),
    genReqId: requestIdOf,
    logController: new RequestLog(),
    ...(scope && { childLoggerFactory: churchLoggerOf(scope) }),
    trustProxy: typeof deps.trustProxy === 'number' ? trustHops(deps.trustProxy) : (deps.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const clock = deps.clock ?? systemClock;
  // The database of the church being served; `church` is known once the parts below are.
  const databaseOf = () => church().database;
  const metrics = deps.metricsToken ? new ServiceMetrics(databaseOf, deps.metricsToken) : undefined;
  const partsOf = (database: Database, log: FastifyBaseLogger): ChurchParts => {
    const services = buildServices(database, clock, {
      passwordCost: deps.passwordCost,
      onSubscriberError: (error, event) => currentLog(log).error({ err: error, event }, 'a domain event subscriber failed'),
    });
    return { database, services, timerJobs: new TimerJobs(services, database, metrics?.countTimerJobRun), log };
  };
  const one = 'database' in churches ? partsOf(churches.database, http.log) : undefined;
  const church = scope?.parts ?? (() => one!);
  const services = scope?.services() ?? one!.services;

  http.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // Action routes take no body; clients often still send the JSON content type with an empty one.
    if (body === '') return done(null, undefined);
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(invalid(TOO_DEEP_MESSAGE), undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  // A route whose body is optional sees an absent body as {} rather than failing the object schema.
  http.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });
  registerRequestIds(http);
  registerGracefulClose(http);
  registerSecurityHeaders(http);
  registerValidation(http);
  registerSerialization(http);
  const shell = deps.webRoot ? readShell(deps.webRoot) : undefined;
  registerErrorHandling(http, shell && appShell(shell));
  await http.register(fastifyCookie);
  const routes = registerAccessControl(http, services);
  metrics?.observeRequests(http);
  await registerRateLimits(http, databaseOf, clock);
  await registerOpenApi(http);

  await http.register(healthRoutes(databaseOf));
  await http.register(metricsRoutes(metrics));
  await http.register(loginRoutes(services));
  await http.register(sessionRoutes(services));
  await http.register(usersRoutes(services));
  await http.register(settingsRoutes(services));
  await http.register(peopleRoutes(services));
  await http.register(groupsRoutes(services));
  await http.register(calendarsRoutes(services));
  await http.register(eventsRoutes(services));
  await http.register(checkInsRoutes(services));
  await http.register(kiosksRoutes(services));
  await http.register(attendanceRoutes(services));
  await http.register(cartRoutes(services));
  await http.register(ministriesRoutes(services));
  await http.register(teamsRoutes(services));
  await http.register(positionsRoutes(services));
  await http.register(poolRoutes(services));
  await http.register(scopesRoutes(services));
  await http.register(schedulesRoutes(services));
  await http.register(occurrencesRoutes(services));
  await http.register(ministryEventsRoutes(services));
  await http.register(lookupsRoutes(services));
  await http.register(assignmentsRoutes(services));
  await http.register(assignmentActionsRoutes(services));
  await http.register(askAgainRoutes(services));
  await http.register(workspaceMessagesRoutes(services));
  await http.register(acceptAllRoutes(services));
  await http.register(memberRoutes(services));
  await http.register(availabilityRoutes(services));
  await http.register(autoFillRoutes(services));
  await http.register(reportsRoutes(services));
  await http.register(rosterRoutes(services));
  await http.register(dashboardRoutes(services));
  await http.register(publicRoutes(services));
  await http.register(answerLinksRoutes(services));
  await http.register(registrationRoutes(services));
  await http.register(invitationsRoutes(services));
  await http.register(backgroundRoutes(() => church().timerJobs));
  if (deps.webRoot && shell) {
    await registerWebAssets(http, deps.webRoot);
    registerWebPages(http, services, shell);
  }
  return { http, routes, partsOf, one };
}
