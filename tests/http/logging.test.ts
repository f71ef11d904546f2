import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { loggerOptions } from '../../src/http/logging.js';
import { newUser, storeResetToken, useServer } from '../kit/index.js';

const server = useServer();

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
