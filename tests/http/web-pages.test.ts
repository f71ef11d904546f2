import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { as, expectError, newCoordinator, newTeamLeader, newUser, setUp, useMinistry, useServer, useUser, type TestUser } from '../kit/index.js';

/*
 * The page routes check on the server before they send the app, so what they send is only the shell: a stand-in
 * build (the app's index.html with its title, and an empty assets folder) is all they read, and building the real
 * app with Vite would cost this file most of its time.
 */
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vms-web-'));
fs.mkdirSync(path.join(webRoot, 'assets'));
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>Volunteer schedule</title></head><body><div id="root"></div></body></html>');
after(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const server = useServer({ webRoot });
const admin = useUser(server, ['admin']);
const manager = useUser(server, ['manageMinistries']);
const volunteer = useUser(server);
const ministry = useMinistry(server);
const people = {} as Record<'coordinator' | 'teamLeader', TestUser>;
setUp(async () => {
  people.coordinator = await newCoordinator(server, ministry.id);
  people.teamLeader = await newTeamLeader(server, ministry.teamId);
});

const DASHBOARD = '/ministries/dashboard';
const HTML = { accept: 'text/html' };
const withCookie = (user: TestUser) => ({ headers: { ...HTML, cookie: `vms_session=${encodeURIComponent(user.apiKey)}` } });

async function setRollout(value: string) {
  const answer = await server.post('/admin/api/system/config/sVolunteerVersion', { value }, as(admin));
  assert.equal(answer.status, 200, answer.text);
}

function assertDashboardPage(answer: { status: number; text: string; headers: Record<string, unknown> }) {
  assert.equal(answer.status, 200, answer.text);
  assert.match(String(answer.headers['content-type']), /^text\/html/);
  assert.match(answer.text, /<title>Ministry Dashboard<\/title>/);
}

describe('GET /ministries/dashboard', () => {
  for (const [persona, user] of [['an administrator', admin], ['a global manager', manager]] as const) {
    it(`answers the page to ${persona}`, async () => assertDashboardPage(await server.get(DASHBOARD, as(user))));
  }

  it('answers the page to a coordinator and to a team leader', async () => {
    assertDashboardPage(await server.get(DASHBOARD, as(people.coordinator)));
    assertDashboardPage(await server.get(DASHBOARD, as(people.teamLeader)));
  });

  it('takes the sign-in cookie alone, since a browser navigation cannot add the CSRF header', async () => {
    assertDashboardPage(await server.get(DASHBOARD, withCookie(people.coordinator)));
  });

  it('sends a signed-in user who runs no ministry or team to the access-denied page', async () => {
    for (const user of [volunteer, await newUser(server, { roles: ['manageMyMinistries'] })]) {
      const answer = await server.get(DASHBOARD, withCookie(user));
      assert.equal(answer.status, 302);
      assert.equal(answer.headers.location, '/v2/access-denied?role=VolunteerCoordinator');
    }
  });

  it('sends a reader who is not signed in to sign in, and back here after', async () => {
    for (const options of [{ headers: HTML }, { key: 'not-a-key', headers: HTML }]) {
      const answer = await server.get(DASHBOARD, options);
      assert.equal(answer.status, 302);
      assert.equal(answer.headers.location, '/sign-in?next=%2Fministries%2Fdashboard');
    }
  });

  it('sends everyone home while the volunteer area behaves as v1', async () => {
    await setRollout('v1');
    try {
      const answer = await server.get(DASHBOARD, as(admin));
      assert.equal(answer.status, 302);
      assert.equal(answer.headers.location, '/');
    } finally {
      await setRollout('v2');
    }
  });
});

describe('GET /ministries', () => {
  for (const url of ['/ministries', '/ministries/']) {
    it(`${url} redirects to the dashboard`, async () => {
      const answer = await server.get(url, { headers: HTML });
      assert.equal(answer.status, 302);
      assert.equal(answer.headers.location, DASHBOARD);
    });
  }
});

describe('the sign-in cookie on API routes', () => {
  it('is still refused without the CSRF header', async () => {
    expectError(await server.get('/api/ministries/dashboard', withCookie(admin)), 401, 'Invalid API key');
    expectError(await server.get('/api/users/current', withCookie(admin)), 401, 'Invalid API key');
  });
});
