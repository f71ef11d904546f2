import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { loggerOptions } from '../../src/http/logging.js';
import { newUser, storeResetToken, useServer } from '../kit/index.js';

/** Every line the server below logs. */
const logged: string[] = [];
const server = useServer({ logger: pino(loggerOptions('info'), new Writable({ write(chunk, _encoding, done) { logged.push(String(chunk)); done(); } })) });

/** Logs `err` through the service's own logger options and answers the line written. */
function logLine(err: unknown): string {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  pino(loggerOptions('info'), sink).error({ err }, 'request failed');
  return lines.join('');
}

describe('error log lines', () => {
  it('carry the failed statement of a database error, never its parameters or the row values it quotes', async () => {
    const user = await newUser(server);
    const secret = 'a'.repeat(64);
    await storeResetToken(server, user.userId, secret);
    const error = await storeResetToken(server, user.userId, secret).then(() => undefined, (failure: unknown) => failure);
    assert.ok(error instanceof Error, 'the second insert violates the unique token hash');
    const line = logLine(error);
    assert.match(line, /insert into \\"password_reset_tokens\\"/);
    assert.match(line, /"code":"23505"/);
    assert.ok(!line.includes(secret), line);
  });
});

describe('request log lines', () => {
  const PATH_SECRET = 'c0ffee'.repeat(10);
  const QUERY_SECRET = 'feed'.repeat(16);

  /** The lines logged while `act` ran, parsed. */
  async function linesOf(act: () => Promise<unknown>): Promise<Array<Record<string, any>>> {
    const from = logged.length;
    await act();
    return logged.slice(from).map((line) => JSON.parse(line));
  }

  it('never carry the token of a public route that is addressed by one, in its path or its query', async () => {
    const tokenRoutes = server.app.routes.filter((route) => route.url.includes(':token'));
    assert.deepEqual([...new Set(tokenRoutes.map((route) => route.access))], ['public']);
    assert.ok(tokenRoutes.length >= 7, tokenRoutes.map((route) => `${route.method} ${route.url}`).join(', '));
    for (const route of tokenRoutes) {
      const path = route.url.replace(':token', PATH_SECRET);
      const lines = await linesOf(() => server.request(route.method as 'GET', `${path}?start=2026-03-01&token=${QUERY_SECRET}`));
      const text = lines.map((line) => JSON.stringify(line)).join('\n');
      assert.ok(!text.includes(PATH_SECRET) && !text.includes(QUERY_SECRET), `${route.method} ${route.url}: ${text}`);
      assert.deepEqual(lines.filter((line) => line.req).map((line) => line.req.url), [`${route.url.replace(':token', '[token]')}?start=[redacted]&token=[redacted]`]);
    }
  });

  it("never carry the token of a mailed link to one of the web app's pages", async () => {
    const links = [
      [`/reset-password?token=${QUERY_SECRET}`, '/reset-password?token=[redacted]'],
      [`/answer/${PATH_SECRET}?response=declined`, '/answer/[token]?response=[redacted]'],
      [`/sign-in?next=${encodeURIComponent(`/reset-password?token=${QUERY_SECRET}`)}`, '/sign-in?next=[redacted]'],
      [`/api/public/my-schedule/${PATH_SECRET}/schedule.ics`, '/api/public/my-schedule/[token]/schedule.ics'],
      [`/api/public/my-schedule/${PATH_SECRET}`, '/api/public/my-schedule/[token]'],
      [`/reset-password?${QUERY_SECRET}`, '/reset-password?[redacted]'],
    ];
    for (const [url, shown] of links) {
      const lines = await linesOf(() => server.get(url, { headers: { accept: 'text/html' } }));
      const text = lines.map((line) => JSON.stringify(line)).join('\n');
      assert.ok(!text.includes(PATH_SECRET) && !text.includes(QUERY_SECRET), `${url}: ${text}`);
      assert.deepEqual(lines.filter((line) => line.req).map((line) => line.req.url), [shown]);
    }
  });
});
