import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { ChurchScope, type ChurchParts } from '../../src/http/church-scope.js';

/**
 * The scope through which one application serves many churches (issue 40): the services a route took when it was
 * registered answer as the church of the request being handled, through every await, and as no church outside one.
 * (tests/process/many-churches.test.ts shows the same over HTTP, on two instances.)
 */
const partsOf = (church: string) => ({
  services: { people: { churchName: () => church, labelled(name: string) { return `${name} of ${this.churchName()}`; } } },
}) as unknown as ChurchParts;

const request = {} as IncomingMessage;
const response = {} as ServerResponse;

describe('the church a request is served for', () => {
  it('answers each of two interleaved requests from its own church\'s services, through every await', async () => {
    const scope = new ChurchScope();
    // As a route module takes its services when it is registered, before any request.
    const { people } = scope.services() as unknown as { people: { churchName(): string; labelled(name: string): string } };
    const seen: string[] = [];
    const handled: Promise<void>[] = [];
    for (const church of ['grace', 'hope', 'grace', 'hope']) {
      scope.serve(partsOf(church), request, response, () => {
        handled.push((async () => {
          await sleep(church === 'grace' ? 20 : 5);
          seen.push(`${church} asked, ${people.churchName()} answered; ${people.labelled('Ann')}`);
        })());
      });
    }
    await Promise.all(handled);
    assert.deepEqual(seen.sort(), [
      'grace asked, grace answered; Ann of grace',
      'grace asked, grace answered; Ann of grace',
      'hope asked, hope answered; Ann of hope',
      'hope asked, hope answered; Ann of hope',
    ]);
  });

  it('reaches no church outside a request', () => {
    const scope = new ChurchScope();
    const { people } = scope.services() as unknown as { people: { churchName(): string } };
    assert.throws(() => people.churchName(), { message: 'No church is being served here: a church\'s services are reached only inside its requests' });
    assert.equal(scope.being(), undefined);
  });
});
