import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { as, deliverOutbox, expectError, newPerson, setUp, storedRows, useServer, useUser, type SunkMail } from '../kit/index.js';

/** Issue 33 #6: staff turn a self-registration away, with an optional reason mailed to the applicant. */
const server = useServer();
const admin = useUser(server, ['admin']);
const clerk = useUser(server, ['editRecords']);
const volunteer = useUser(server);
setUp(async () => {
  for (const [name, value] of [['iPublicFormRateLimitPerMinute', '0'], ['bEnableSelfRegistration', '1']]) {
    await server.post(`/admin/api/system/config/${name}`, { value }, as(admin));
  }
});

const register = async (firstName: string, email?: string) => {
  const answer = await server.post('/api/public/register/person', { firstName, lastName: 'Applicant', ...(email && { email }) });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.Id as number;
};
const reject = (personId: number, body: object = {}, by = clerk) => server.post(`/api/persons/self-register/${personId}/reject`, body, as(by));
const waiting = async () => ((await server.get('/api/persons/self-register', as(clerk))).body.people as Array<{ Id: number }>).map((person) => person.Id);

describe('turning a self-registration away (issue 33 #6)', () => {
  it('takes the person off the review list as inactive and mails the applicant the reason', async () => {
    const personId = await register('Turned', 'turned.away@example.org');
    assert.ok((await waiting()).includes(personId));
    const answer = await reject(personId, { reason: '  We only register members of the parish.  ' });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(!(await waiting()).includes(personId));
    const [person] = await storedRows(server, 'persons', { id: personId });
    assert.deepEqual([person.needs_review, person.inactive], [false, true]);

    const inbox: SunkMail[] = [];
    await deliverOutbox(server, inbox);
    const mail = inbox.find((m) => m.to === 'turned.away@example.org');
    assert.ok(mail, 'the applicant is told');
    assert.match(mail.text, /We could not approve your registration/);
    assert.match(mail.text, /The reason given: We only register members of the parish\./);
  });

  it('mails no reason when none is given, and nobody when the applicant left no address', async () => {
    const withAddress = await register('Plain', 'plain.applicant@example.org');
    const without = await register('Silent');
    assert.equal((await reject(withAddress)).status, 200);
    assert.equal((await reject(without)).status, 200);
    const inbox: SunkMail[] = [];
    await deliverOutbox(server, inbox);
    const mail = inbox.find((m) => m.to === 'plain.applicant@example.org');
    assert.ok(mail);
    assert.doesNotMatch(mail.text, /The reason given/);
    assert.equal((await storedRows(server, 'notifications', { type: 'registration_rejected', person_id: without })).length, 0);
  });

  it('refuses a person not awaiting review with 404, and a caller without EditRecords with 403', async () => {
    const member = await newPerson(server);
    expectError(await reject(member.id), 404, 'No registration of this person awaits review');
    const personId = await register('Twice', 'twice@example.org');
    assert.equal((await reject(personId)).status, 200);
    expectError(await reject(personId), 404, 'No registration of this person awaits review');
    expectError(await reject(await register('Guarded'), {}, volunteer), 403, 'User must be an Admin or have EditRecords permission');
  });
});
