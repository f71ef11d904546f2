import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../../src/http/logging.js';
import { alreadyAnswered, ANSWER_LINK_REFUSALS } from '../../src/domain/assignments/answer-links.service.js';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import { onPostgres } from '../helpers/database.js';
import {
  as, expectError, newAssignment, newCoordinator, newMinistry, newPosition, newStaffedEvent, newUser, qualify, setUp, startTestServer, useMailSink, useServer, useUser, type TestUser, setSetting,
} from '../kit/index.js';

/**
 * Answering an assignment request from the e-mail (ours, issue 17). Mail goes through a real SMTP sink; each
 * test reads the links out of the mail the volunteer received. The clock stands at 2026-03-04 15:00 UTC; the
 * shifts are on 2026-03-10 from 10:30 to 11:30.
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const V = '/api/ministries';
const SERVICE = 'https://church.example';
const inbox = useMailSink(server, admin);

setUp(async () => {
  await setSetting(server, admin, 'sServiceURL', `${SERVICE}/`);
  // Every test here calls the public routes; the limit is switched on only where it is tested.
  await setSetting(server, admin, 'iPublicFormRateLimitPerMinute', 0);
});

/** The person's e-mail address and first name, as GET /api/person/{id} shows them. */
async function personOf(personId: number): Promise<{ email: string; firstName: string }> {
  const answer = await server.get(`/api/person/${personId}`, as(admin));
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return { email: answer.body.Email, firstName: answer.body.FirstName };
}
const emailOf = async (personId: number) => (await personOf(personId)).email;

interface Asked {
  ministryName: string;
  teamName: string;
  positionName: string;
  occurrenceId: number;
  coordinator: TestUser;
  volunteer: TestUser;
  volunteerFirstName: string;
  /** The volunteer's e-mail address. */
  email: string;
  assignmentId: number;
  /** The token of the Accept and Decline links of the assignment mail. */
  accept: string;
  decline: string;
}

/** The token of the link for `response` in the newest mail to `address` whose subject matches. */
function tokenIn(address: string, response: 'accepted' | 'declined', subject = /serve/): string {
  const mail = inbox.filter((m) => m.to === address && subject.test(m.subject)).at(-1);
  assert.ok(mail, `a mail to ${address} matching ${subject}`);
  const match = new RegExp(`${SERVICE}/answer/([A-Za-z0-9_.-]+)\\?response=${response}`).exec(mail.text);
  assert.ok(match, `an answer link in: ${mail.text}`);
  return match[1];
}

/** A coordinator's ministry and a qualified volunteer asked to serve on 2026-03-10; the assignment mail is delivered. */
async function asked(): Promise<Asked> {
  const ministry = await newMinistry(server);
  const coordinator = await newCoordinator(server, ministry.id);
  const position = await newPosition(server, ministry.id, ministry.teamId);
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 2 }], { startTime: '10:30', endTime: '11:30' });
  const volunteer = await newUser(server);
  await qualify(server, position.id, volunteer.personId);
  const assignment = await newAssignment(server, occurrenceId, position.id, volunteer.personId);
  await drainOutbox(server.app.services);
  const { email: address, firstName: volunteerFirstName } = await personOf(volunteer.personId);
  const teams = (await server.get(`${V}/ministries/${ministry.id}/teams`, as(admin))).body.teams as Array<{ id: number; name: string }>;
  return {
    ministryName: ministry.name, teamName: teams.find((team) => team.id === ministry.teamId)!.name, positionName: position.name, occurrenceId, coordinator, volunteer, volunteerFirstName, email: address!,
    assignmentId: assignment.id, accept: tokenIn(address!, 'accepted'), decline: tokenIn(address!, 'declined'),
  };
}

/** The assignment as its coordinator sees it: status, response trail and messages. */
async function detail(assignmentId: number) {
  const answer = await server.get(`${V}/assignments/${assignmentId}`, as(admin));
  assert.equal(answer.status, 200, answer.text);
  return answer.body as { assignment: { status: string }; responses: Array<{ response: string; channel: string; comment: string | null; personId: number }>; notifications: unknown[] };
}

const answer = (token: string, body: Record<string, unknown>) => server.post(`/api/public/answer/${token}`, body);

/** Asserts the request was refused with `status`, `message` and `extra`, and that the assignment is as it was. */
async function expectRefused(assignmentId: number, request: () => Promise<{ status: number; body: unknown }>, status: number, message: string, extra: Record<string, unknown> = {}) {
  const before = await detail(assignmentId);
  expectError(await request(), status, message, extra);
  assert.deepEqual(await detail(assignmentId), before, 'nothing is written');
}

describe('the answer links of assignment mails', () => {
  it('puts an Accept and a Decline link to the web app in the assignment mail, each naming its answer', async () => {
    const { email, accept, decline } = await asked();
    assert.equal(accept, decline, 'both links carry the same token');
    const [mail] = inbox.filter((m) => m.to === email);
    assert.ok(mail.text.includes(`Accept: ${SERVICE}/answer/${accept}?response=accepted`), mail.text);
    assert.ok(mail.text.includes(`Decline: ${SERVICE}/answer/${accept}?response=declined`), mail.text);
    assert.ok(mail.html.includes(`href="${SERVICE}/answer/${accept}?response=declined"`), mail.html);
  });

  it('puts the links in the reminder mail too', async () => {
    const { email, accept } = await asked();
    await setSetting(server, admin, 'iVolunteerReminderLeadHours', 200);
    try {
      await server.app.services.outbox.queueReminders();
      await drainOutbox(server.app.services);
    } finally {
      await setSetting(server, admin, 'iVolunteerReminderLeadHours', 48);
    }
    const reminder = tokenIn(email, 'accepted', /reminder/);
    assert.equal((await server.get(`/api/public/answer/${reminder}`)).status, 200);
    assert.equal((await server.get(`/api/public/answer/${accept}`)).status, 200, 'the request mail still answers too');
  });
});

describe('GET /api/public/answer/{token}', () => {
  it("shows the assignment's position, ministry, team, times, status and the volunteer's first name, and nothing else", async () => {
    const scene = await asked();
    const shown = await server.get(`/api/public/answer/${scene.accept}`);
    assert.equal(shown.status, 200, shown.text);
    assert.deepEqual(Object.keys(shown.body).sort(), ['answered', 'assignment']);
    assert.equal(shown.body.answered, null);
    assert.deepEqual(Object.keys(shown.body.assignment).sort(), ['end', 'firstName', 'ministryName', 'positionName', 'start', 'status', 'teamName']);
    assert.equal(shown.body.assignment.firstName, scene.volunteerFirstName);
    assert.equal(shown.body.assignment.positionName, scene.positionName);
    assert.equal(shown.body.assignment.ministryName, scene.ministryName);
    assert.equal(shown.body.assignment.teamName, scene.teamName);
    assert.equal(shown.body.assignment.start, '2026-03-10 10:30:00');
    assert.equal(shown.body.assignment.end, '2026-03-10 11:30:00');
    assert.equal(shown.body.assignment.status, 'pending');
  });

  it('shows the answer recorded through the link once there is one', async () => {
    const { accept, decline } = await asked();
    assert.equal((await answer(accept, { response: 'accepted' })).status, 200);
    const shown = await server.get(`/api/public/answer/${decline}`);
    assert.equal(shown.status, 200, shown.text);
    assert.equal(shown.body.answered, 'accepted');
    assert.equal(shown.body.assignment.status, 'accepted');
  });

  it('needs no API key and creates none', async () => {
    const { accept, volunteer } = await asked();
    const keysBefore = (await server.get('/api/users/current/api-keys', as(volunteer))).body;
    const shown = await server.get(`/api/public/answer/${accept}`);
    assert.equal(shown.status, 200);
    assert.equal(shown.headers['set-cookie'], undefined);
    assert.deepEqual((await server.get('/api/users/current/api-keys', as(volunteer))).body, keysBefore);
  });
});

describe('POST /api/public/answer/{token}', () => {
  it('accepts, recorded as E13 records it with the channel email', async () => {
    const { accept, assignmentId, volunteer } = await asked();
    const answered = await answer(accept, { response: 'accepted' });
    assert.equal(answered.status, 200, answered.text);
    assert.equal(answered.body.changed, true);
    assert.equal(answered.body.assignment.status, 'accepted');
    const mine = (await server.get('/api/me/assignments', as(volunteer))).body.assignments.find((a: { id: number }) => a.id === assignmentId);
    assert.equal(mine.status, 'accepted');
    assert.equal(mine.respondedDate, '2026-03-04 10:00:00');
    const { responses } = await detail(assignmentId);
    assert.deepEqual(responses.map((r) => [r.response, r.channel, r.personId]), [['accepted', 'email', volunteer.personId]]);
  });

  it('declines with a comment, and the coordinator gets the decline alert as after E13', async () => {
    const { decline, assignmentId, coordinator, positionName } = await asked();
    const answered = await answer(decline, { response: 'declined', comment: ' Away that weekend ' });
    assert.equal(answered.status, 200, answered.text);
    assert.equal(answered.body.assignment.status, 'declined');
    const { responses } = await detail(assignmentId);
    assert.deepEqual(responses.map((r) => [r.response, r.channel, r.comment]), [['declined', 'email', 'Away that weekend']]);
    await drainOutbox(server.app.services);
    const address = await emailOf(coordinator.personId);
    const alerts = inbox.filter((m) => m.to === address && m.subject.includes('declined') && m.subject.includes(positionName));
    assert.equal(alerts.length, 1, inbox.filter((m) => m.to === address).map((m) => m.subject).join(' | '));
  });

  it('answers the same answer again as a no-op that says so, and writes nothing', async () => {
    const { accept, assignmentId } = await asked();
    assert.equal((await answer(accept, { response: 'accepted' })).status, 200);
    const before = await detail(assignmentId);
    const again = await answer(accept, { response: 'accepted' });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.changed, false);
    assert.equal(again.body.assignment.status, 'accepted');
    assert.deepEqual(await detail(assignmentId), before);
  });

  it('refuses the Decline link of the same mail after an accept with 409 naming the answer, and writes nothing: a link answers once', async () => {
    const { accept, decline, assignmentId } = await asked();
    assert.equal((await answer(accept, { response: 'accepted' })).status, 200);
    await expectRefused(assignmentId, () => answer(decline, { response: 'declined' }), 409, alreadyAnswered('accepted'), { answered: 'accepted' });
    assert.equal(alreadyAnswered('accepted'), 'This link was already used: you accepted this shift. To change your answer, sign in and open My schedule.');
    assert.deepEqual((await detail(assignmentId)).responses.map((r) => [r.response, r.channel]), [['accepted', 'email']]);
  });

  it('refuses the Accept link after a decline through it with 409 naming the decline, and writes nothing', async () => {
    const { accept, assignmentId } = await asked();
    assert.equal((await answer(accept, { response: 'declined' })).status, 200);
    await expectRefused(assignmentId, () => answer(accept, { response: 'accepted' }), 409, alreadyAnswered('declined'), { answered: 'declined' });
  });

  it('lets the links of a reminder mailed after the answer change it, once', async () => {
    const { email, accept, assignmentId } = await asked();
    assert.equal((await answer(accept, { response: 'accepted' })).status, 200);
    await setSetting(server, admin, 'iVolunteerReminderLeadHours', 200);
    try {
      await server.app.services.outbox.queueReminders();
      await drainOutbox(server.app.services);
    } finally {
      await setSetting(server, admin, 'iVolunteerReminderLeadHours', 48);
    }
    const reminder = tokenIn(email, 'declined', /reminder/);
    assert.equal((await server.get(`/api/public/answer/${reminder}`)).body.answered, null);
    assert.equal((await answer(reminder, { response: 'declined' })).status, 200);
    await expectRefused(assignmentId, () => answer(reminder, { response: 'accepted' }), 409, alreadyAnswered('declined'), { answered: 'declined' });
    assert.equal((await server.get(`/api/public/answer/${accept}`)).body.answered, 'declined');
  });

  it('refuses a body without an answer with 400', async () => {
    const { accept, assignmentId } = await asked();
    await expectRefused(assignmentId, () => answer(accept, { response: 'maybe' }), 400, 'response must be accepted or declined');
  });
});

// The pairs are sent together either way; only PostgreSQL runs them at once, on separate pooled connections.
describe(onPostgres
  ? 'POST /api/public/answer/{token}, an Accept and a Decline of one mail sent at once on separate pooled connections'
  : "POST /api/public/answer/{token}, an Accept and a Decline of one mail sent at once, their statements run one at a time by PGlite's single session", () => {
  it('records one of the two and refuses the other with 409 naming the answer recorded, each of 20 times', async () => {
    for (let pair = 0; pair < 20; pair++) {
      const { accept, decline, assignmentId } = await asked();
      const answers = await Promise.all([answer(accept, { response: 'accepted' }), answer(decline, { response: 'declined' })]);
      const recorded = answers.filter((a) => a.status === 200);
      assert.equal(recorded.length, 1, `pair ${pair}: ${answers.map((a) => a.text).join(' | ')}`);
      const winner = recorded[0].body.assignment.status as 'accepted' | 'declined';
      expectError(answers.find((a) => a !== recorded[0])!, 409, alreadyAnswered(winner), { answered: winner });
      const { assignment, responses } = await detail(assignmentId);
      assert.equal(assignment.status, winner, `pair ${pair}`);
      assert.deepEqual(responses.map((r) => [r.response, r.channel]), [[winner, 'email']], `pair ${pair}`);
    }
  });
});

describe('a link that no longer works', () => {
  it('refuses a tampered token with 403, on the page and on the answer, and writes nothing', async () => {
    const { accept, assignmentId } = await asked();
    const [payload, mac] = accept.split('.');
    const flipped = `${payload}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    expectError(await server.get(`/api/public/answer/${flipped}`), 403, ANSWER_LINK_REFUSALS.invalid);
    await expectRefused(assignmentId, () => answer(flipped, { response: 'accepted' }), 403, ANSWER_LINK_REFUSALS.invalid);
    await expectRefused(assignmentId, () => answer('not-a-token', { response: 'accepted' }), 403, ANSWER_LINK_REFUSALS.invalid);
  });

  it("refuses a token whose assignment was changed to another person's with 403", async () => {
    const mine = await asked();
    const theirs = await asked();
    const payload = Buffer.from(mine.accept.split('.')[0], 'base64url').toString().split('.');
    payload[2] = String(theirs.assignmentId);
    const forged = `${Buffer.from(payload.join('.')).toString('base64url')}.${mine.accept.split('.')[1]}`;
    await expectRefused(theirs.assignmentId, () => answer(forged, { response: 'declined' }), 403, ANSWER_LINK_REFUSALS.invalid);
  });

  it('refuses a signed token naming someone who does not serve the assignment with 403', async () => {
    const { assignmentId, accept } = await asked();
    const stranger = await newUser(server);
    const claims = Buffer.from(accept.split('.')[0], 'base64url').toString().split('.');
    const sign = await server.app.services.answerLinks.signer();
    const theirs = sign({ assignmentId, personId: stranger.personId, lastResponseId: Number(claims[4]), status: 'pending', assignedAt: '2026-03-04 10:00:00', shiftEnd: '2026-03-10 11:30:00' });
    await expectRefused(assignmentId, () => answer(theirs, { response: 'declined' }), 403, ANSWER_LINK_REFUSALS.someoneElse);
  });

  it('refuses once the shift is over with 410', async () => {
    const { accept, assignmentId } = await asked();
    const now = server.clock.now().toISOString();
    server.clock.set('2026-03-10T23:00:00Z');
    try {
      expectError(await server.get(`/api/public/answer/${accept}`), 410, ANSWER_LINK_REFUSALS.expired);
      await expectRefused(assignmentId, () => answer(accept, { response: 'accepted' }), 410, ANSWER_LINK_REFUSALS.expired);
    } finally {
      server.clock.set(now);
    }
  });

  it('refuses with 409 once the coordinator has cancelled the assignment', async () => {
    const { accept, assignmentId, coordinator } = await asked();
    const cancelled = await server.post(`${V}/assignments/${assignmentId}/status`, { status: 'cancelled' }, as(coordinator));
    assert.equal(cancelled.status, 200, cancelled.text);
    expectError(await server.get(`/api/public/answer/${accept}`), 409, ANSWER_LINK_REFUSALS.changed);
    await expectRefused(assignmentId, () => answer(accept, { response: 'accepted' }), 409, ANSWER_LINK_REFUSALS.changed);
  });

  it('refuses with 409 once the volunteer has answered in the app', async () => {
    const { accept, assignmentId, volunteer } = await asked();
    const inApp = await server.post(`/api/me/assignments/${assignmentId}/respond`, { response: 'accepted' }, as(volunteer));
    assert.equal(inApp.status, 200, inApp.text);
    await expectRefused(assignmentId, () => answer(accept, { response: 'declined' }), 409, ANSWER_LINK_REFUSALS.changed);
  });

  it('refuses with 410 when the coordinator deleted the assignment', async () => {
    const { accept, assignmentId, coordinator } = await asked();
    const deleted = await server.delete(`${V}/assignments/${assignmentId}`, as(coordinator));
    assert.equal(deleted.body.deleted, true, deleted.text);
    expectError(await answer(accept, { response: 'accepted' }), 410, ANSWER_LINK_REFUSALS.removed);
  });

  it('refuses every link sent before the secret was rotated with 410; mails sent after work', async () => {
    const before = await asked();
    const rotated = await server.post('/admin/api/system/answer-links/rotate', undefined, as(admin));
    assert.equal(rotated.status, 200, rotated.text);
    assert.equal(rotated.body.rotatedDate, '2026-03-04 10:00:00');
    await expectRefused(before.assignmentId, () => answer(before.accept, { response: 'accepted' }), 410, ANSWER_LINK_REFUSALS.withdrawn);
    const after = await asked();
    assert.equal((await answer(after.accept, { response: 'accepted' })).status, 200);
  });

  it('lets only an administrator rotate the secret', async () => {
    const volunteer = await newUser(server);
    expectError(await server.post('/admin/api/system/answer-links/rotate', undefined, as(volunteer)), 403, 'User must be an Admin');
    assert.equal((await server.post('/admin/api/system/answer-links/rotate')).status, 401);
  });

  it('is rate limited per client like the other public forms', async () => {
    const { accept } = await asked();
    await setSetting(server, admin, 'iPublicFormRateLimitPerMinute', 2);
    try {
      assert.equal((await server.get(`/api/public/answer/${accept}`)).status, 200);
      assert.equal((await server.get(`/api/public/answer/${accept}`)).status, 200);
      expectError(await server.get(`/api/public/answer/${accept}`), 429, /^Too many requests\. Try again in \d+ seconds\.$/);
    } finally {
      await setSetting(server, admin, 'iPublicFormRateLimitPerMinute', 0);
    }
  });

  it('keeps the token out of the request log, on the API and on the page', async () => {
    const { accept } = await asked();
    const lines: string[] = [];
    const logged = await startTestServer({ logger: pino(loggerOptions('info'), new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } })) });
    try {
      await logged.get(`/api/public/answer/${accept}`);
      await logged.get(`/answer/${accept}?response=accepted`);
    } finally {
      await logged.close();
    }
    const urls = lines.map((line) => JSON.parse(line).req?.url).filter(Boolean);
    assert.deepEqual(urls, ['/api/public/answer/[token]', '/answer/[token]?response=[redacted]']);
  });
});
