import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drainOutbox, scheduleReminders } from '../../src/jobs/outbox-delivery.js';
import type { AskedAgainView } from '../../src/http/schemas/messages.schemas.js';
import {
  as, atTime, expectError, newAssignment, newCoordinator, newPosition, newStaffedEvent, newTeam, newTeamLeader, newUser, qualify, setUp, storedRows, unique,
  useMailSink, useMinistry, useServer, useUser,
} from '../kit/index.js';

/**
 * Ask again (issue 34 #2): a coordinator sends a pending request once more, for one assignment or every pending one
 * of an occurrence; nobody gets two requests within an hour, and a reminder already due is not doubled. The church
 * is in New York: the test clock's 15:00 UTC is 10:00 there.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const inbox = useMailSink(server, admin);
const ministry = useMinistry(server);
// The requests' answer links need the web app's address.
setUp(async () => {
  const answer = await server.post('/admin/api/system/config/sServiceURL', { value: 'https://church.example' }, as(admin));
  assert.equal(answer.status, 200, answer.text);
});
const V = '/api/ministries';

/** A shift on 2026-03-10 09:00 and `count` volunteers with addresses asked to serve it (their first request sent). */
async function asked(count: number) {
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: count }]);
  const people = [];
  for (let i = 0; i < count; i++) {
    const first = unique('Val');
    const email = `again-${first.replace(' ', '')}@church.example`;
    const volunteer = await newUser(server, { person: { first_name: first, last_name: 'Again', email } });
    await qualify(server, position.id, volunteer.personId);
    const assignment = await newAssignment(server, occurrenceId, position.id, volunteer.personId);
    people.push({ volunteer, email, assignmentId: assignment.id, name: `${first} Again` });
  }
  await drainOutbox(server.app.services);
  return { occurrenceId, people };
}

const requestsTo = async (personId: number) =>
  (await storedRows(server, 'notifications', { person_id: personId })).filter((row) => row.type === 'assignment' || row.type === 'reminder');

describe('Ask again (issue 34 #2)', () => {
  it('refuses a second request within the hour, saying when one may be sent', async () => {
    const { people: [val] } = await asked(1);
    const answer = await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(admin));
    expectError(answer, 429, `${val.name} was asked at 10:00; nobody gets two requests in an hour, so ask again after 11:00`);
    assert.equal((await requestsTo(val.volunteer.personId)).length, 1, 'no second request is queued');
  });

  it('sends the request again after the hour, with its answer links, and then waits another hour', async () => {
    const { people: [val] } = await asked(1);
    const mark = inbox.length;
    await atTime(server, '2026-03-04T16:05:00Z', async () => {
      const answer = await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(admin));
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual((answer.body as { asked: AskedAgainView }).asked, {
        assignmentId: val.assignmentId, personId: val.volunteer.personId, name: val.name, queued: true, lastRequestDate: null, askAgainAfter: null,
      });
      await drainOutbox(server.app.services);
      const again = await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(admin));
      expectError(again, 429, `${val.name} was asked at 11:05; nobody gets two requests in an hour, so ask again after 12:05`);
    });
    const mails = inbox.slice(mark).filter((mail) => mail.to === val.email);
    assert.equal(mails.length, 1, 'exactly one more request left');
    assert.match(mails[0].text, /You have been asked to serve/);
    assert.match(mails[0].text, /https:\/\/church\.example\/answer\//, 'the request carries its answer links');
  });

  it('asks every pending volunteer of an occurrence, leaving out those asked within the hour and those who answered', async () => {
    const { occurrenceId, people: [ana, ben, cy] } = await asked(3);
    await server.post(`/api/me/assignments/${cy.assignmentId}/respond`, { response: 'accepted' }, as(cy.volunteer));
    const first = await atTime(server, '2026-03-04T16:05:00Z', () => server.post(`${V}/assignments/${ana.assignmentId}/ask-again`, {}, as(admin)));
    assert.equal(first.status, 200, first.text);
    await atTime(server, '2026-03-04T16:30:00Z', async () => {
      const answer = await server.post(`${V}/occurrences/${occurrenceId}/ask-again`, {}, as(admin));
      assert.equal(answer.status, 200, answer.text);
      const asked = (answer.body as { asked: AskedAgainView[] }).asked;
      assert.deepEqual(asked.map((a) => [a.name, a.queued, a.askAgainAfter]), [[ana.name, false, '2026-03-04 12:05:00'], [ben.name, true, null]]);
      const everyone = await server.post(`${V}/occurrences/${occurrenceId}/ask-again`, {}, as(admin));
      expectError(everyone, 429, 'Everyone waiting to answer was asked within the hour; nobody gets two requests in an hour, so ask again after 12:05');
    });
    assert.deepEqual([(await requestsTo(ana.volunteer.personId)).length, (await requestsTo(ben.volunteer.personId)).length, (await requestsTo(cy.volunteer.personId)).length], [2, 2, 1]);
  });

  it('does not double a reminder already due', async () => {
    const { people: [val] } = await asked(1);
    // 09:30 in New York (summer time began that night); the 48-hour reminder of the 09:00 shift on the 10th was due at 09:00.
    await atTime(server, '2026-03-08T13:30:00Z', async () => {
      assert.equal(await scheduleReminders(server.app.services) >= 1, true);
      const answer = await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(admin));
      expectError(answer, 429, `${val.name} was asked at 09:00; nobody gets two requests in an hour, so ask again after 10:00`);
    });
    assert.deepEqual((await requestsTo(val.volunteer.personId)).map((row) => row.type).sort(), ['assignment', 'reminder']);
  });

  it('refuses an answered request, and a leader of another team, in plain words', async () => {
    const { occurrenceId, people: [val] } = await asked(1);
    await server.post(`/api/me/assignments/${val.assignmentId}/respond`, { response: 'declined' }, as(val.volunteer));
    expectError(await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(admin)), 409, 'Only a request still waiting for an answer is sent again; this one is declined');
    expectError(await server.post(`${V}/occurrences/${occurrenceId}/ask-again`, {}, as(admin)), 409, 'Nobody on this occurrence is waiting to answer');
    const otherTeam = await newTeam(server, ministry.id);
    const leader = await newTeamLeader(server, otherTeam.id);
    expectError(await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(leader)), 403, 'Not authorized for this assignment');
    expectError(await server.post(`${V}/occurrences/${occurrenceId}/ask-again`, {}, as(leader)), 403, 'Not authorized for this occurrence');
    const coordinator = await newCoordinator(server, ministry.id);
    expectError(await server.post(`${V}/assignments/${val.assignmentId}/ask-again`, {}, as(coordinator)), 409, 'Only a request still waiting for an answer is sent again; this one is declined');
  });
});
