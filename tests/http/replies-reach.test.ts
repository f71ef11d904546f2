import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import {
  as, expectError, grantScope, newMinistry, newPosition, newStaffedEvent, newUser, qualify, newAssignment, unique, useMailSink, useServer, useUser,
  type Ministry, type TestUser,
} from '../kit/index.js';

/**
 * Replies reach a person (issue 34): a decline, a help offer and a proposed substitute are mailed to the ministry's
 * coordinators; when none can be mailed, to the global managers; when none of them either, to the administrators.
 * Mail goes through a real SMTP sink. The tests run in order: the first one needs a church with no manager to mail.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const inbox = useMailSink(server, admin);
const V = '/api/ministries';

let addresses = 0;
/** A login named `first` with an address of its own (or none), and the roles given. */
async function someone(first: string, options: { roles?: Array<'manageMinistries' | 'manageMyMinistries'>; email?: string | null; doNotEmail?: boolean } = {}) {
  const email = options.email === undefined ? `reach-${++addresses}@church.example` : options.email;
  const user = await newUser(server, { roles: options.roles ?? [], person: { first_name: first, last_name: 'Reach', email, do_not_email: options.doNotEmail ?? false } });
  return { ...user, email, firstName: first };
}

const grant = (user: TestUser, ministry: Ministry) => grantScope(server, user.personId, 'ministry', ministry.id);
const withoutChurch = (subject: string) => subject.replace(/^\[[^\]]*\] /, '');

/** A ministry that asks for help, and a volunteer assigned on 2026-03-10, pending. */
async function asked(ministry: Ministry) {
  const position = await newPosition(server, ministry.id, ministry.teamId, { recruiting: true });
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 2 }]);
  const volunteer = await someone(unique('Val'));
  await qualify(server, position.id, volunteer.personId);
  const assignment = await newAssignment(server, occurrenceId, position.id, volunteer.personId);
  await drainOutbox(server.app.services);
  return { position, occurrenceId, volunteer, assignmentId: assignment.id };
}

async function decline(volunteer: TestUser, assignmentId: number) {
  const answer = await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'declined', comment: 'Away that weekend' }, as(volunteer));
  assert.equal(answer.status, 200, answer.text);
}

/** Subjects of the mail each address received since `mark` (an inbox length), after a drain. */
async function mailedSince(mark: number, ...people: Array<{ email: string | null }>) {
  await drainOutbox(server.app.services);
  const fresh = inbox.slice(mark);
  return people.map((person) => fresh.filter((mail) => mail.to === person.email).map((mail) => mail.subject).sort());
}

/** Who the page says is told: of a help offer to the ministry, or of a reply on one's own assignment. */
async function told(user: TestUser, about: { ministryId: number } | { assignmentId: number }) {
  const answer = await server.get('ministryId' in about ? `/api/me/ministries/${about.ministryId}/replies-go-to` : `/api/me/assignments/${about.assignmentId}/replies-go-to`, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body as { kind: string; names: string[] };
}

describe('Replies reach a person (issue 34)', () => {
  it('tells the administrators when the ministry has no coordinator and no manager can be mailed, and says the church office is told', async () => {
    const ministry = await newMinistry(server);
    await someone(unique('Manny'), { roles: ['manageMinistries'], email: null });
    const { volunteer, assignmentId, position } = await asked(ministry);
    const adminAddress = (await server.get(`/api/person/${admin.personId}`, as(admin))).body.Email as string;

    const mark = inbox.length;
    await decline(volunteer, assignmentId);
    const [toAdmin] = await mailedSince(mark, { email: adminAddress });
    assert.ok(toAdmin.some((subject) => subject.includes(`declined ${position.name}`)), toAdmin.join(' | '));

    const named = await told(volunteer, { assignmentId });
    assert.equal(named.kind, 'administrators');
    assert.ok(named.names.includes((await server.get(`/api/person/${admin.personId}`, as(admin))).body.FirstName));
  });

  it('tells the global managers, administrators included, of a decline when the only coordinator has no address', async () => {
    const ministry = await newMinistry(server);
    const silent = await someone(unique('Cora'), { roles: ['manageMyMinistries'], email: null });
    await grant(silent, ministry);
    const manager = await someone(unique('Mara'), { roles: ['manageMinistries'] });
    const { volunteer, assignmentId, position } = await asked(ministry);

    const mark = inbox.length;
    await decline(volunteer, assignmentId);
    const [toManager] = await mailedSince(mark, manager);
    assert.ok(toManager.some((subject) => subject.includes(`declined ${position.name}`)), toManager.join(' | '));
    assert.ok(toManager.some((subject) => subject.includes('still need to be filled')), toManager.join(' | '));

    const named = await told(volunteer, { assignmentId });
    assert.equal(named.kind, 'managers');
    assert.ok(named.names.includes(manager.firstName) && !named.names.includes(silent.firstName), named.names.join(', '));
  });

  it('mails a decline, a help offer and a proposed substitute to the coordinator, and names her; the managers are not told', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const ana = await someone(unique('Ana'), { roles: ['manageMyMinistries'] });
    await grant(ana, ministry);
    const manager = await someone(unique('Mara'), { roles: ['manageMinistries'] });
    const { volunteer, assignmentId, position, occurrenceId } = await asked(ministry);
    const substitute = await someone(unique('Sam'));
    await qualify(server, position.id, substitute.personId);
    const helper = await someone(unique('Hal'));

    const mark = inbox.length;
    const proposed = await server.post(`/api/me/assignments/${assignmentId}/propose-substitute`, { personId: substitute.personId }, as(volunteer));
    assert.equal(proposed.status, 201, proposed.text);
    assert.deepEqual((await server.post(`/api/me/help-wanted/${ministry.id}`, undefined, as(helper))).body, { joinedPool: true, notified: 1 });
    const other = await newAssignment(server, occurrenceId, position.id, substitute.personId);
    await decline(substitute, other.id);
    const [toAna, toManager] = await mailedSince(mark, ana, manager);
    assert.deepEqual(toAna.map(withoutChurch).filter((subject) => !subject.startsWith('Positions still need to be filled')), [
      `${substitute.firstName} Reach declined ${position.name}`, `A substitute is proposed for ${position.name}`, 'Someone would like to help',
    ].sort());
    assert.equal(toAna.filter((subject) => subject.includes('Positions still need to be filled')).length, 1, toAna.join(' | '));
    assert.deepEqual(toManager, []);

    for (const about of [{ assignmentId }, { ministryId: ministry.id }]) {
      assert.deepEqual(await told(volunteer, about), { kind: 'coordinators', names: [ana.firstName] }, JSON.stringify(about));
    }
  });

  it('passes over a coordinator who does not want e-mail: the help offer reaches the managers', async () => {
    const ministry = await newMinistry(server, { helpWanted: true });
    const quiet = await someone(unique('Quinn'), { roles: ['manageMyMinistries'], doNotEmail: true });
    await grant(quiet, ministry);
    const manager = await someone(unique('Mara'), { roles: ['manageMinistries'] });
    const helper = await someone(unique('Hal'));

    const mark = inbox.length;
    assert.equal((await server.post(`/api/me/help-wanted/${ministry.id}`, undefined, as(helper))).status, 200);
    const [toManager, toQuiet] = await mailedSince(mark, manager, quiet);
    assert.deepEqual(toManager.map(withoutChurch), ['Someone would like to help']);
    assert.deepEqual(toQuiet, []);
    assert.equal((await told(helper, { ministryId: ministry.id })).kind, 'managers');
  });

  it('answers 404 for an unknown ministry or assignment, and 403 for someone else\'s assignment', async () => {
    const ministry = await newMinistry(server);
    const { assignmentId } = await asked(ministry);
    const volunteer = await someone(unique('Val'));
    expectError(await server.get(`/api/me/assignments/${assignmentId}/replies-go-to`, as(volunteer)), 403, 'That assignment belongs to someone else');
    expectError(await server.get('/api/me/assignments/999999/replies-go-to', as(volunteer)), 404, 'Assignment not found');
    expectError(await server.get('/api/me/ministries/999999/replies-go-to', as(volunteer)), 404, 'Ministry not found');
    expectError(await server.get(`${V}/me/ministries/999999/replies-go-to`, as(volunteer)), 404, 'Ministry not found');
  });
});
