import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ChurchesApp } from '../app.js';
import type { ChurchConnections } from '../db/church-connections.js';
import { pendingMigrations } from '../db/database.js';
import { hostOf, type Church, type ChurchRegistry } from '../db/church-registry.js';
import { mapLimit } from '../shared/map-limit.js';
import type { ChurchParts } from './church-scope.js';
import { errorBody } from './plugins/errors.js';

/** A church being served: its database (its schema, on the instance's connections), services, timer jobs and logger. */
export interface ServedChurch {
  readonly church: Church;
  readonly parts: ChurchParts;
}

export interface ChurchGatewayOptions {
  registry: ChurchRegistry;
  /** The instance's connections, which every church served shares. */
  connections: ChurchConnections;
  /** The one application that serves every church. */
  app: ChurchesApp;
  /** The logger of a church's requests and work. */
  loggerFor: (church: Church) => FastifyBaseLogger;
  /** How long a host's answer from the registry is believed: a disabled church is refused within this. */
  lookupMs?: number;
  /** Starts what a church runs beside its requests (timer jobs, mail); answers how to stop it. */
  onServe?: (served: ServedChurch) => Promise<() => Promise<void>>;
}

/** Churches a reconcile opens at once. */
const OPENING_AT_ONCE = 4;

export const UNKNOWN_HOST = 'No church answers at this address.';
export const CHURCH_PAUSED = 'This church is paused by the people who run this service; try again later.';
export const CHURCH_NOT_READY = 'This church is being upgraded; try again in a minute.';

/**
 * Serves many churches from one process (issue 40): each request is handed to the one application with the parts of
 * the church its host name names. A church's parts have their own caches over its own schema, and its rate-limit
 * windows and sessions are rows of that schema, so nothing of one church is reachable from another's request.
 */
export class ChurchGateway {
  private readonly served = new Map<string, Promise<ServedChurch>>();
  private readonly stops = new Map<string, () => Promise<void>>();
  private readonly lookups = new Map<string, { church: Church | undefined; until: number }>();

  constructor(private readonly options: ChurchGatewayOptions) {}

  /** The node request handler. */
  readonly handle = (request: IncomingMessage, response: ServerResponse): void => {
    this.dispatch(request, response).catch(() => refuse(response, 500, 'The service could not answer this request'));
  };

  private async dispatch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const church = await this.find(hostOf(request.headers.host));
    if (!church) return refuse(response, 404, UNKNOWN_HOST);
    if (church.status !== 'active') return refuse(response, 503, CHURCH_PAUSED);
    let served: ServedChurch;
    try {
      served = await this.serve(church);
    } catch (error) {
      // A load balancer's readiness check learns why, in /readyz's own words; anything else hears to come back.
      if (request.url?.split('?')[0] === '/readyz' && error instanceof NotMigratedError) {
        return answer(response, 503, { status: 'unavailable', reason: `Migrations not run yet: ${error.pending.join(', ')}` });
      }
      return refuse(response, 503, CHURCH_NOT_READY);
    }
    this.options.app.serve(served.parts, request, response);
  }

  private async find(host: string): Promise<Church | undefined> {
    const now = Date.now();
    const known = this.lookups.get(host);
    if (known && known.until > now) return known.church;
    const church = await this.options.registry.byHost(host);
    this.lookups.set(host, { church, until: now + (this.options.lookupMs ?? 5_000) });
    return church;
  }

  /** The church's parts, built on its first request (or by `reconcile`) and kept. */
  serve(church: Church): Promise<ServedChurch> {
    let served = this.served.get(church.schema);
    if (!served) {
      served = this.open(church);
      this.served.set(church.schema, served);
      served.catch(() => this.served.delete(church.schema));
    }
    return served;
  }

  /**
   * Serves every active church of the registry, and stops serving those disabled or deleted since, so that a
   * church's timer jobs and mail run without waiting for a request and stop with the church. A church that cannot
   * be served (its schema behind this build) is left out and tried again next time. Answers how many are served.
   */
  async reconcile(): Promise<number> {
    const active = (await this.options.registry.list()).filter((church) => church.status === 'active');
    const wanted = new Set(active.map((church) => church.schema));
    await Promise.all([...this.served.keys()].filter((schema) => !wanted.has(schema)).map((schema) => this.retire(schema)));
    // A few at a time: opening a church asks the database for its migrations and settings, and two hundred at once
    // would queue every request behind them.
    const served = await mapLimit(active, OPENING_AT_ONCE, (church) => this.serve(church).then(() => true, () => false));
    return served.filter(Boolean).length;
  }

  private async retire(schema: string): Promise<void> {
    const served = this.served.get(schema);
    this.served.delete(schema);
    const one = await served?.catch(() => undefined);
    if (!one) return;
    await this.stops.get(schema)?.();
    this.stops.delete(schema);
    await one.parts.database.close();
  }

  private async open(church: Church): Promise<ServedChurch> {
    const database = this.options.connections.open(church.schema);
    try {
      const pending = await pendingMigrations(database.db);
      if (pending.length > 0) throw new NotMigratedError(pending);
      const served = { church, parts: this.options.app.partsOf(database, this.options.loggerFor(church)) };
      if (this.options.onServe) this.stops.set(church.schema, await this.options.onServe(served));
      return served;
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  /** Stops every church's work and closes its database; the application and the connections are the caller's to close. */
  async close(): Promise<void> {
    await Promise.all([...this.served.keys()].map((schema) => this.retire(schema)));
  }
}

/** A church whose schema lacks migrations of this build: `npm run church -- migrate` runs them, never a request. */
class NotMigratedError extends Error {
  constructor(readonly pending: string[]) {
    super(`Migrations not run yet: ${pending.join(', ')}`);
  }
}

function answer(response: ServerResponse, status: number, body: object): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

const refuse = (response: ServerResponse, status: number, message: string) => answer(response, status, errorBody(status, message));
