import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storedRows, newUser, useServer, useUser } from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);

const read = (name: string) => server.get(`/admin/api/system/config/${name}`, { key: admin.apiKey });
const write = (name: string, value: unknown) => server.post(`/admin/api/system/config/${name}`, { value }, { key: admin.apiKey });

describe('GET /admin/api/system/config/{name}', () => {
  it('answers the defaults of a new install', async () => {
    const expected: Record<string, string> = {
      sVolunteerVersion: 'v2',
      iVolunteerSchedulingHorizonWeeks: '8',
      iVolunteerReminderLeadHours: '48',
      iMaxFailedLogins: '5',
      iLoginRateLimitPerMinute: '20',
      iPublicFormRateLimitPerMinute: '10',
      sTimeZone: 'America/New_York',
      iVolunteerDefaultEventTypeId: '',
    };
    for (const [name, value] of Object.entries(expected)) {
      const answer = await read(name);
      assert.equal(answer.status, 200, name);
      assert.deepEqual(answer.body, { value }, name);
    }
  });

  it('answers 404 Unknown setting for a name it does not know', async () => {
    const answer = await read('sNoSuchSetting');
    assert.equal(answer.status, 404);
    assert.equal(answer.body.message, 'Unknown setting');
    assert.equal((await write('sNoSuchSetting', 'x')).status, 404);
  });

  it('never returns a secret', async () => {
    assert.deepEqual((await write('sSMTPPass', 'hunter22-very-secret')).body, { value: '' });
    assert.deepEqual((await read('sSMTPPass')).body, { value: '' });
    const [stored] = await storedRows(server, 'settings', { name: 'sSMTPPass' });
    assert.equal(stored.value, 'hunter22-very-secret', 'the secret is stored for the mailer');
  });
});

describe('POST /admin/api/system/config/{name}', () => {
  it('stores any string for sVolunteerVersion and answers it', async () => {
    assert.deepEqual((await write('sVolunteerVersion', 'wat')).body, { value: 'wat' });
    assert.deepEqual((await read('sVolunteerVersion')).body, { value: 'wat' });
    await write('sVolunteerVersion', 'v2');
  });

  it('refuses a blank scheduling horizon and keeps the stored value', async () => {
    await write('iVolunteerSchedulingHorizonWeeks', '12');
    const answer = await write('iVolunteerSchedulingHorizonWeeks', '');
    assert.equal(answer.status, 400);
    assert.equal(answer.body.message, 'iVolunteerSchedulingHorizonWeeks must be a whole number from 1 to 52');
    assert.deepEqual((await read('iVolunteerSchedulingHorizonWeeks')).body, { value: '12' });
  });

  it('stores an out-of-range horizon, which reads clamped into 1..52', async () => {
    assert.equal((await write('iVolunteerSchedulingHorizonWeeks', '99')).status, 200);
    assert.equal(await server.app.services.settings.get('iVolunteerSchedulingHorizonWeeks'), 52);
    await write('iVolunteerSchedulingHorizonWeeks', 0);
    assert.equal(await server.app.services.settings.get('iVolunteerSchedulingHorizonWeeks'), 1);
  });

  it('refuses a reminder lead that is blank, spaces, a word or past 720, keeping the stored value', async () => {
    await write('iVolunteerReminderLeadHours', '24');
    for (const bad of ['', '  ', 'soon', '721', '-1']) {
      const answer = await write('iVolunteerReminderLeadHours', bad);
      assert.equal(answer.status, 400, JSON.stringify(bad));
      assert.equal(answer.body.message, 'iVolunteerReminderLeadHours must be a number from 0 to 720');
    }
    assert.deepEqual((await read('iVolunteerReminderLeadHours')).body, { value: '24' });
    assert.deepEqual((await write('iVolunteerReminderLeadHours', 0)).body, { value: '0' });
  });

  it('stores booleans as 1 or 0 and refuses a word that is not one', async () => {
    assert.deepEqual((await write('bEnableSelfRegistration', true)).body, { value: '1' });
    assert.deepEqual((await write('bEnableSelfRegistration', 'off')).body, { value: '0' });
    assert.equal((await write('bEnableSelfRegistration', 'maybe')).status, 400);
  });

  it('refuses an unknown time zone', async () => {
    assert.equal((await write('sTimeZone', 'Mars/Olympus')).status, 400);
    assert.deepEqual((await write('sTimeZone', 'Europe/Berlin')).body, { value: 'Europe/Berlin' });
    await write('sTimeZone', 'America/New_York');
  });

  it('refuses a body without a value', async () => {
    const answer = await server.post('/admin/api/system/config/sChurchName', {}, { key: admin.apiKey });
    assert.equal(answer.status, 400);
    assert.match(answer.body.message, /value/);
  });

  it('is refused to a staff login without the admin flag', async () => {
    const staff = await newUser(server, { roles: ['addEvents', 'manageMinistries'] });
    const answer = await server.post('/admin/api/system/config/sChurchName', { value: 'x' }, { key: staff.apiKey });
    assert.equal(answer.status, 403);
    assert.equal(answer.body.message, 'User must be an Admin');
  });
});
