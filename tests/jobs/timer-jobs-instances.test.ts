import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { newAdmin, type TestUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { withDatabase } from '../helpers/template.js';

/**
 * Timer jobs run on one instance at a time (issue 19). Another instance is played by a plain connection that
 * takes the jobs' lock as a running instance does; killing that connection is what a crash does to it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
let server: TestServer;
let admin: TestUser;

before(async () => {
  server = await startTestServer();
  admin = await newAdmin(server);
});
after(() => server.close());

const runJobs = async () => {
  const answer = await server.post('/api/background/timerjobs', { force: true }, { key: admin.apiKey });
  assert.equal(answer.status, 200, answer.text);
  return answer.body as { ran: boolean };
};

describe('timer jobs with several instances on one PostgreSQL server', {
  skip: serverUrl ? false : 'the embedded database is served by one process only (its data directory is locked), so no other instance can run the jobs',
}, () => {
  it('skip the turn while another instance runs them, and take it once that instance is gone', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.database.db);
    const otherInstance = new pg.Client({ connectionString: withDatabase(serverUrl!, rows[0].name) });
    otherInstance.on('error', () => undefined);
    await otherInstance.connect();
    const { rows: [held] } = await otherInstance.query(`select pg_try_advisory_lock(hashtext('timer-jobs')) as locked`);
    assert.equal(held.locked, true);
    const lastRun = async () => (await server.get('/admin/api/system/config/sLastTimerJobsRunDateTime', { key: admin.apiKey })).body.value;
    const before = await lastRun();

    assert.deepEqual(await runJobs(), { ran: false });
    assert.equal(await lastRun(), before, 'nothing of the jobs ran here');

    const { rows: [{ pid }] } = await otherInstance.query('select pg_backend_pid() as pid');
    // With a timeout it waits until the backend has exited and so released its lock (without one it only signals),
    // and answers false if the timeout passed first: a minute no loaded machine comes near.
    const { rows: [terminated] } = await sql<{ exited: boolean }>`select pg_terminate_backend(${pid}::int, 60000) as exited`.execute(server.database.db);
    assert.equal(terminated.exited, true, 'the other instance is gone, and its lock with it');
    assert.deepEqual(await runJobs(), { ran: true });
    assert.notEqual(await lastRun(), before);
    await otherInstance.end().catch(() => undefined);
  });
});
