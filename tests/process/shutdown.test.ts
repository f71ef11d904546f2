import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { describe, it } from 'node:test';
import { startServiceProcess } from '../helpers/service-process.js';

const ADMIN_PASSWORD = 'shutdown-admin-password';

/**
 * Resolves once `predicate` holds for the service's output, checked on each chunk the service writes. It fails when the
 * service exits first; otherwise only the test's own timeout bounds it.
 */
function waitForOutput(service: { child: ChildProcess; output: () => string }, predicate: (text: string) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!predicate(service.output())) return;
      stop();
      resolve();
    };
    const exited = () => {
      stop();
      reject(new Error(`the service exited before its ${what}:\n${service.output()}`));
    };
    const stop = () => {
      service.child.stdout!.off('data', check);
      service.child.stderr!.off('data', check);
      service.child.off('exit', exited);
    };
    // The output's own listeners were added first, so it already holds a chunk when `check` sees it.
    service.child.stdout!.on('data', check);
    service.child.stderr!.on('data', check);
    service.child.once('exit', exited);
    check();
  });
}

/**
 * 'refused' when a TCP connection to the port is refused, 'accepted' when one is made (and closed again). A connect
 * that meets the listening socket as it closes is reset instead (ECONNRESET): it was not served either.
 */
function probe(port: number): Promise<'refused' | 'accepted'> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' ? resolve('refused') : reject(error)));
  });
}

/** An answer, or status 0 with the client's error when the connection failed. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A JSON POST whose body stops half-way until `finish()`: a slow client, so the request is in flight for exactly
 * as long as the test wants. It goes over a keep-alive connection, which the server must still let go of.
 */
function heldPost(agent: http.Agent, port: number, path: string, body: unknown, headers: Record<string, string>) {
  const payload = JSON.stringify(body);
  const request = http.request({
    host: '127.0.0.1', port, path, method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...headers },
  });
  const answer = new Promise<Answer>((resolve) => {
    request.on('error', (error) => resolve({ status: 0, body: { error: error.message } }));
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
  });
  request.write(payload.slice(0, 10));
  return { answer, finish: () => request.end(payload.slice(10)) };
}

describe('SIGTERM (graceful shutdown)', () => {
  it('refuses new connections at once, answers every request in flight normally (sign-ins too), and exits 0', { timeout: 600_000 }, async () => {
    // A budget no loaded machine comes near: the test decides when the requests in flight end, not the clock.
    const service = await startServiceProcess('shutdown', { ADMIN_PASSWORD, SHUTDOWN_TIMEOUT_MS: '300000', LOG_LEVEL: 'debug' });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const response = await fetch(`${service.base}/api/public/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'shutdown-key' },
        body: JSON.stringify({ userName: 'admin', password: ADMIN_PASSWORD }),
      });
      const { apiKey } = (await response.json()) as { apiKey: string };

      const held = Array.from({ length: 5 }, (_, i) =>
        heldPost(agent, service.port, '/api/persons', { firstName: `Inflight${i}`, lastName: 'Shutdown' }, { 'x-api-key': apiKey, 'x-request-id': `shutdown-held-${i}` }));
      // Sign-ins spend hundreds of milliseconds in scrypt: held like the others, both are still running when the signal
      // lands, and both hash only after it.
      const signIns = [0, 1].map((i) =>
        heldPost(agent, service.port, '/api/public/user/login', { userName: 'admin', password: ADMIN_PASSWORD }, { 'x-request-id': `shutdown-sign-in-${i}` }));
      const requestIds = [...held.keys()].map((i) => `shutdown-held-${i}`).concat('shutdown-sign-in-0', 'shutdown-sign-in-1');
      // Every request has reached the service (it logged its arrival, at debug) before the signal: none is left in the listen backlog.
      await waitForOutput(service, (text) => requestIds.every((id) => text.includes(`"reqId":"${id}","req"`)), 'log of every request');

      service.child.kill('SIGTERM');
      await waitForOutput(service, (text) => text.includes('shutting down'), 'shutdown line');
      // No request can end before the test finishes it, so a refusal seen here came while all seven were in flight.
      while ((await probe(service.port)) === 'accepted');
      assert.equal(service.child.exitCode, null, 'the process waits for the requests in flight');

      for (const request of [...held, ...signIns]) request.finish();
      for (const [i, answer] of (await Promise.all(held.map((request) => request.answer))).entries()) {
        assert.equal(answer.status, 201, `${JSON.stringify(answer.body)}\n${service.output()}`);
        assert.equal(answer.body.FirstName, `Inflight${i}`);
      }
      for (const answer of await Promise.all(signIns.map((request) => request.answer))) {
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(typeof answer.body.apiKey, 'string');
        assert.notEqual(answer.body.apiKey, apiKey, 'each sign-in gets a key of its own');
      }
      assert.equal(await service.exited, 0, service.output());
      assert.match(service.output(), /"shutdownMs":\d+.*"msg":"stopped"/);
      assert.equal(await probe(service.port), 'refused');
    } finally {
      agent.destroy();
      await service.stop();
    }
  });

  // The budget covers starting the service on a loaded machine; the request itself never ends, by design.
  it('gives up after SHUTDOWN_TIMEOUT_MS with a log line and exit code 1 when a request never ends', { timeout: 600_000 }, async () => {
    const service = await startServiceProcess('shutdown_timeout', { SHUTDOWN_TIMEOUT_MS: '300', LOG_LEVEL: 'debug' });
    const agent = new http.Agent({ keepAlive: true });
    try {
      // Its body never ends, so the request never does.
      heldPost(agent, service.port, '/api/public/user/login', { userName: 'admin', password: 'never sent in full' }, { 'x-request-id': 'shutdown-stuck' });
      await waitForOutput(service, (text) => text.includes('"reqId":"shutdown-stuck","req"'), 'log of the request');
      service.child.kill('SIGTERM');
      assert.equal(await service.exited, 1);
      assert.match(service.output(), /"timeoutMs":300,"msg":"shutdown did not finish within SHUTDOWN_TIMEOUT_MS; exiting with work unfinished"/);
    } finally {
      agent.destroy();
      await service.stop();
    }
  });
});
