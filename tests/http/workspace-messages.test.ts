import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countStatements } from '../../src/db/statement-count.js';
import { drainInTurn } from '../../src/jobs/outbox-delivery.js';
import type { LoggedMessageView, MessagePreviewView } from '../../src/http/schemas/messages.schemas.js';
import {
  as, countRows, expectError, grantScope, newAssignment, newCoordinator, newMinistry, newPosition, newStaffedEvent, newTeamLeader,
  newUser, qualify, storedRows, unique, useMailSink, useServer, useUser, type Ministry, type TestUser,
} from '../kit/index.js';

/**
 * Messages from the workspace and failures that reach a person (issue 34 #1, #3): the preview's count and who mail
 * cannot reach, the send through the outbox in each recipient's language, the sender's reach, the hourly limit, the
 * ministry's log with each recipient's delivery, and the notice of a volunteer's mail that failed for good. Mail goes
 * through a real SMTP sink that refuses, for good, every address starting with `bounce`.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const inbox = useMailSink(server, admin, { refuses: (address) => address.startsWith('bounce') });
const M = '/api/ministries/ministries';
const DAY = '2026-03-10';

let addresses = 0;
async function person(first: string, options: { email?: string | null; doNotEmail?: boolean; language?: 'en' | 'es'; roles?: Array<'manageMinistries' | 'manageMyMinistries'> } = {}) {
  const email = options.email === undefined ? `msg-${++addresses}@church.example` : options.email;
  const user = await newUser(server, {
    roles: options.roles ?? [],
    person: { first_name: first, last_name: 'Msg', email, do_not_email: options.doNotEmail ?? false, language: options.language ?? null },
  });
  return { ...user, email, name: `${first} Msg` };
}

/**
 * A ministry with one position and a service on `DAY`: Ana (Spanish) pending, Ben (no address) pending, Cy (does not
 * want e-mail) pending, Dee accepted; and its coordinator.
 */
async function sunday() {
  const ministry = await newMinistry(server);
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 4 }], { date: DAY });
  const ana = await person(unique('Ana'), { language: 'es' });
  const ben = await person(unique('Ben'), { email: null });
  const cy = await person(unique('Cy'), { doNotEmail: true });
  const dee = await person(unique('Dee'));
  for (const who of [ana, ben, cy, dee]) await qualify(server, position.id, who.personId);
  for (const who of [ana, ben, cy]) await newAssignment(server, occurrenceId, position.id, who.personId);
  await newAssignment(server, occurrenceId, position.id, dee.personId, { status: 'accepted' });
  const coordinator = await newCoordinator(server, ministry.id);
  await drainInTurn(server.app.services);
  return { ministry, position, occurrenceId, ana, ben, cy, dee, coordinator };
}

const preview = (user: TestUser, ministry: Ministry, body: object) => server.post(`${M}/${ministry.id}/messages/preview`, body, as(user));
const send = (user: TestUser, ministry: Ministry, body: object) => server.post(`${M}/${ministry.id}/messages`, body, as(user));
const log = async (user: TestUser, ministry: Ministry) => {
  const answer = await server.get(`${M}/${ministry.id}/messages`, as(user));
  assert.equal(answer.status, 200, answer.text);
  return answer.body.messages as LoggedMessageView[];
};
const withoutChurch = (subject: string) => subject.replace(/^\[[^\]]*\] /, '');
const stateOf = (message: LoggedMessageView) => Object.fromEntries(message.recipients.map((r) => [r.name, r.state]));

/**
 * Drains, each after any the service's own delivery worker runs, until the rows matching `filter` are failed for good
 * (the fifth attempt, against the sink that bounces their address); answers them.
 */
async function drainUntilFailed(filter: Parameters<typeof storedRows>[2]) {
  for (let drain = 0; drain < 20; drain++) {
    await drainInTurn(server.app.services);
    const rows = await storedRows(server, 'notifications', filter);
    if (rows.length > 0 && rows.every((row) => row.status === 'failed')) {
      for (const row of rows) assert.equal(row.attempts, 5, 'failed for good at the fifth attempt');
      return rows;
    }
  }
  return assert.fail(`still not failed: ${JSON.stringify(await storedRows(server, 'notifications', filter))}`);
}

describe('Messages from the workspace (issue 34 #1, #3)', () => {
  it('previews how many a message reaches and names who it cannot reach, sending nothing', async () => {
    const { ministry, occurrenceId, ana, ben, cy, dee, coordinator } = await sunday();
    const before = await countRows(server, 'notifications', { type: 'message' });

    const pending = await preview(coordinator, ministry, { audience: 'pending', occurrenceId });
    assert.equal(pending.status, 200, pending.text);
    const view = pending.body as MessagePreviewView;
    assert.equal(view.count, 1);
    assert.deepEqual(view.recipients.map((r) => r.name), [ana.name]);
    assert.deepEqual(view.cannotReach.map((r) => [r.name, r.reason]), [[ben.name, 'no_address'], [cy.name, 'do_not_email']]);

    const serving = (await preview(coordinator, ministry, { audience: 'serving', date: DAY })).body as MessagePreviewView;
    assert.deepEqual(serving.recipients.map((r) => r.name), [ana.name, dee.name]);
    assert.equal(serving.count, 2);
    assert.equal(serving.audience.date, DAY);

    assert.equal(await countRows(server, 'notifications', { type: 'message' }), before);
  });

  it('sends "not answered yet" for a date to exactly those people, each in their language, and logs their delivery', async () => {
    const { ministry, ana, ben, cy, dee, coordinator } = await sunday();
    const mark = inbox.length;
    const sent = await send(coordinator, ministry, {
      audience: 'pending', date: DAY, subject: 'Sunday: please answer', body: 'Please answer by Friday.\n\nThe plan: https://church.example/plan?week=10',
    });
    assert.equal(sent.status, 201, sent.text);
    const message = sent.body.message as LoggedMessageView;
    assert.deepEqual(stateOf(message), { [ana.name]: 'queued', [ben.name]: 'queued', [cy.name]: 'queued' });
    assert.equal(await countRows(server, 'notifications', { type: 'message', person_id: [ana.personId, ben.personId, cy.personId, dee.personId] }), 3);

    await drainInTurn(server.app.services);
    const mails = inbox.slice(mark);
    assert.deepEqual(mails.map((mail) => mail.to), [ana.email]);
    const [mail] = mails;
    assert.equal(withoutChurch(mail.subject), 'Sunday: please answer');
    assert.match(mail.text, /^Hola, Ana \d+:/);
    assert.ok(mail.text.includes('escribe:') && mail.text.includes('Please answer by Friday.'), mail.text);
    assert.ok(mail.text.includes('Recibe este correo porque') && mail.text.includes('aún no han respondido'), mail.text);
    assert.ok(mail.html.includes('<a href="https://church.example/plan?week=10"'), 'the link in the body is clickable');

    const [logged] = await log(coordinator, ministry);
    assert.equal(logged.id, message.id);
    assert.equal(logged.subject, 'Sunday: please answer');
    assert.deepEqual(stateOf(logged), { [ana.name]: 'sent', [ben.name]: 'skipped', [cy.name]: 'skipped' });
    assert.deepEqual(logged.counts, { queued: 0, sent: 1, failed: 0, skipped: 2 });
    assert.equal(logged.recipients.find((r) => r.name === ben.name)!.error, 'The recipient has no e-mail address');
  });

  it('keeps each sender to their reach: another ministry, a team leader and the pool, unknown rows, and a bad body', async () => {
    const { ministry, occurrenceId, coordinator } = await sunday();
    const other = await newMinistry(server);
    const otherCoordinator = await newCoordinator(server, other.id);
    const leader = await newTeamLeader(server, ministry.teamId);
    const body = { subject: 'Hello', body: 'Hello all' };

    expectError(await send(otherCoordinator, ministry, { ...body, audience: 'pending', occurrenceId }), 403, 'Not authorized for this ministry');
    expectError(await preview(otherCoordinator, other, { audience: 'pending', occurrenceId }), 403, 'Not authorized for this occurrence');
    expectError(await preview(otherCoordinator, other, { audience: 'team', teamId: ministry.teamId }), 403, 'Not authorized for this team');
    expectError(await send(leader, ministry, { ...body, audience: 'pool' }), 403, "Only the ministry's coordinators may write to its whole pool");
    expectError(await server.get(`${M}/${ministry.id}/messages`, as(leader)), 403, "Only the ministry's coordinators may read its messages");
    expectError(await preview(coordinator, ministry, { audience: 'team', teamId: 999999 }), 404, 'Team not found');
    expectError(await preview(coordinator, { ...ministry, id: 999999 }, { audience: 'pool' }), 404, 'Ministry not found');
    expectError(await preview(coordinator, ministry, { audience: 'serving', date: '2026-03-11' }), 404, 'This ministry has no occurrence on that date');
    expectError(await preview(coordinator, ministry, { audience: 'everyone' }), 400, 'audience must be one of team, pool, serving, pending');
    expectError(await preview(coordinator, ministry, { audience: 'serving' }), 400, 'Name either one occurrence (occurrenceId) or a date');
    expectError(await send(coordinator, ministry, { audience: 'pool', subject: '  ', body: 'x' }), 400, 'Write a subject');

    // Within reach, the team leader writes to their team's shift.
    const fine = await send(leader, ministry, { ...body, audience: 'serving', occurrenceId });
    assert.equal(fine.status, 201, fine.text);
    assert.equal(await countRows(server, 'messages', { ministry_id: other.id }), 0);
  });

  it('sends to ten people in the same number of statements as to three: none per recipient', async () => {
    const { ministry, position, occurrenceId, coordinator } = await sunday();
    for (let n = 0; n < 6; n++) {
      const extra = await person(unique('Fay'));
      await qualify(server, position.id, extra.personId);
      await newAssignment(server, occurrenceId, position.id, extra.personId, { status: 'accepted' });
    }
    // The sender's key and the settings are read once before counting, so both sends find them cached alike.
    assert.equal((await preview(coordinator, ministry, { audience: 'serving', occurrenceId })).status, 200);
    const counted = async (audience: 'pending' | 'serving') => {
      const { result, statements } = await countStatements(() => send(coordinator, ministry, { audience, occurrenceId, subject: `To ${audience}`, body: 'Thank you' }));
      assert.equal(result.status, 201, result.text);
      return { statements, recipients: (result.body.message as LoggedMessageView).recipients.length };
    };
    const few = await counted('pending');
    const many = await counted('serving');
    assert.deepEqual([few.recipients, many.recipients], [3, 10]);
    assert.equal(many.statements, few.statements, `${few.statements} statements for 3 recipients, ${many.statements} for 10`);
  });

  it('writes to a team and to the pool', async () => {
    const { ministry, ana, dee, coordinator } = await sunday();
    const newcomer = await person(unique('Eve'));
    assert.equal((await server.post(`${M}/${ministry.id}/pool/${newcomer.personId}`, {}, as(coordinator))).status < 300, true);

    const team = (await preview(coordinator, ministry, { audience: 'team', teamId: ministry.teamId })).body as MessagePreviewView;
    assert.ok(team.recipients.some((r) => r.name === ana.name) && team.recipients.some((r) => r.name === dee.name), JSON.stringify(team));
    assert.ok(!team.recipients.some((r) => r.name === newcomer.name));
    const pool = (await preview(coordinator, ministry, { audience: 'pool' })).body as MessagePreviewView;
    assert.ok(pool.recipients.some((r) => r.name === newcomer.name), JSON.stringify(pool));
  });

  it('answers 429 with a plain message past 20 messages an hour, and stores nothing for the refused one', async () => {
    const { ministry, occurrenceId, coordinator } = await sunday();
    for (let n = 1; n <= 20; n++) {
      const answer = await send(coordinator, ministry, { audience: 'serving', occurrenceId, subject: `Note ${n}`, body: 'Thanks' });
      assert.equal(answer.status, 201, answer.text);
    }
    expectError(await send(coordinator, ministry, { audience: 'serving', occurrenceId, subject: 'One more', body: 'Thanks' }), 429,
      'You have sent 20 messages in the last hour, the most allowed; please wait a little before sending another');
    assert.equal(await countRows(server, 'messages', { ministry_id: ministry.id }), 20);
  });

  it('tells the coordinator when a request fails for good, logs the message failed, and never sends a notice about a notice', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { date: DAY, startTime: '09:00' });
    // The coordinator's own address bounces too: her notice fails for good, and nobody is told of that.
    const cora = await person(unique('Cora'), { email: `bounce-cora-${++addresses}@church.example`, roles: ['manageMyMinistries'] });
    await grantScope(server, cora.personId, 'ministry', ministry.id);
    const manager = await person(unique('Mara'), { roles: ['manageMinistries'] });
    const ana = await person(unique('Ana'), { email: `bounce-ana-${++addresses}@church.example` });
    await qualify(server, position.id, ana.personId);
    const assignment = await newAssignment(server, occurrenceId, position.id, ana.personId);

    await drainUntilFailed({ type: 'assignment', assignment_id: assignment.id });
    await drainInTurn(server.app.services);
    const notices = await storedRows(server, 'notifications', { type: 'delivery_failed', person_id: cora.personId });
    assert.equal(notices.length, 1);
    const context = JSON.parse(notices[0].context!);
    assert.equal(context.recipientName, ana.name);
    assert.match(context.reason, /Mailbox unavailable/);
    assert.equal(await countRows(server, 'notifications', { type: 'delivery_failed', person_id: manager.personId }), 0);

    await drainUntilFailed({ id: notices[0].id });
    await drainInTurn(server.app.services);
    assert.equal(await countRows(server, 'notifications', { type: 'delivery_failed' , assignment_id: assignment.id }), 1, 'no notice about the failed notice');

    const sent = await send(cora, ministry, { audience: 'pending', occurrenceId, subject: 'Are you coming?', body: 'Please say' });
    assert.equal(sent.status, 201, sent.text);
    await drainUntilFailed({ type: 'message', person_id: ana.personId });
    await drainInTurn(server.app.services);
    assert.deepEqual(stateOf((await log(cora, ministry))[0]), { [ana.name]: 'failed' });
    const aboutMessage = await storedRows(server, 'notifications', { type: 'delivery_failed', person_id: cora.personId });
    assert.equal(aboutMessage.length, 2);
    assert.equal(JSON.parse(aboutMessage[1].context!).subject, 'Are you coming?');
  });

  it('mails the notice to the managers when the ministry has no coordinator, in their words', async () => {
    const ministry = await newMinistry(server);
    const position = await newPosition(server, ministry.id, ministry.teamId);
    const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { date: DAY, startTime: '09:00' });
    const manager = await person(unique('Mara'), { roles: ['manageMinistries'] });
    const ana = await person(unique('Ana'), { email: `bounce-ana-${++addresses}@church.example` });
    await qualify(server, position.id, ana.personId);
    const assignment = await newAssignment(server, occurrenceId, position.id, ana.personId);

    const mark = inbox.length;
    await drainUntilFailed({ type: 'assignment', assignment_id: assignment.id });
    // The notice is queued by the drain that gave up; the next one sends it.
    await drainInTurn(server.app.services);
    const toManager = inbox.slice(mark).filter((mail) => mail.to === manager.email);
    assert.deepEqual(toManager.map((mail) => withoutChurch(mail.subject)), [`A mail to ${ana.name} could not be delivered`]);
    assert.ok(toManager[0].text.includes(`The request to ${ana.name} for Tuesday, March 10, 2026 9:00 AM ${position.name} could not be delivered:`), toManager[0].text);
    assert.ok(toManager[0].text.includes('Mailbox unavailable'), toManager[0].text);
  });
});
