import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { Services } from '../domain/services.js';
import type { TimerJobs } from '../jobs/timer-jobs.js';

/** What one church's requests are served with: its schema's database, its services and caches, its timer jobs. */
export interface ChurchParts {
  readonly database: Database;
  readonly services: Services;
  readonly timerJobs: TimerJobs;
  /** The church's logger: its request lines name the church. */
  readonly log: FastifyBaseLogger;
}

/**
 * The church a request of an instance of many churches is served for (issue 40). One application serves every
 * church: the gateway hands each request in with its church's parts, and the routes' services resolve to that
 * church's while the request is handled. Outside a church's request they resolve to nothing and throw, so nothing
 * can reach a church without being inside its request.
 */
export class ChurchScope {
  private readonly current = new AsyncLocalStorage<ChurchParts>();

  /**
   * Hands a request to the application's `routing` as a request of the church whose parts these are. Everything the
   * request's handling awaits runs in this call, its body's reading too: Fastify parses a body inside the request's
   * own async scope.
   */
  serve(parts: ChurchParts, request: IncomingMessage, response: ServerResponse, routing: (request: IncomingMessage, response: ServerResponse) => void): void {
    this.current.run(parts, () => routing(request, response));
  }

  /** The parts of the church whose request is being handled, if any is. */
  being(): ChurchParts | undefined {
    return this.current.getStore();
  }

  /** The parts of the church whose request is being handled. */
  readonly parts = (): ChurchParts => {
    const parts = this.being();
    if (!parts) throw new Error('No church is being served here: a church\'s services are reached only inside its requests');
    return parts;
  };

  /**
   * Services whose every use goes to the services of the church being served. A route module takes what it needs
   * once, when it is registered (`const { assignments } = services`); each of those is a stand-in that finds the
   * church's own service on each call.
   */
  services(): Services {
    const standIns = new Map<PropertyKey, unknown>();
    return new Proxy({} as Services, {
      get: (_target, name) => {
        let standIn = standIns.get(name);
        if (!standIn) {
          standIn = serviceStandIn(() => this.parts().services[name as keyof Services]);
          standIns.set(name, standIn);
        }
        return standIn;
      },
    });
  }
}

function serviceStandIn(service: () => object): object {
  return new Proxy({}, {
    get: (_target, name) => {
      const target = service();
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
