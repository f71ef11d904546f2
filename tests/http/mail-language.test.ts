import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ICAL from 'ical.js';
import { drainOutbox } from '../../src/jobs/outbox-delivery.js';
import {
  as, expectError, newAssignment, newMinistry, newPosition, newStaffedEvent, newUser, qualify, setUp, useMailSink, useServer, useUser, type TestUser, setSetting,
} from '../kit/index.js';

/**
 * Each person's language (issue 33 #4) and the mails worth reading (issue 34 #4), through a real SMTP sink: the
 * language is kept with the person on /api/users/current, every mail is written in it (else in the church's default
 * language), as HTML with a plain-text alternative, and a request to serve carries a calendar invitation.
 * The shifts are on Tuesday 2026-03-10 from 10:30 to 11:30 in the church's zone (America/New_York).
 */
const server = useServer();
const admin = useUser(server, ['admin']);
const SERVICE = 'https://church.example';
const inbox = useMailSink(server, admin);

setUp(async () => {
  await setSetting(server, admin, 'sServiceURL', SERVICE);
  await setSetting(server, admin, 'sChurchName', 'Grace Church');
});

const chooseLanguage = (user: TestUser, language: string) => server.request('PATCH', '/api/users/current', { ...as(user), body: { language } });

async function addressOf(personId: number): Promise<string> {
  const answer = await server.get(`/api/person/${personId}`, as(admin));
  assert.equal(answer.status, 200, answer.text);
  return answer.body.Email;
}

/** A volunteer asked to serve as `positionName` on 2026-03-10, 10:30–11:30, with the request mail delivered. */
async function askedToServe(volunteer: TestUser, positionName: string) {
  const ministry = await newMinistry(server, { name: `Welcome ${positionName}` });
  const position = await newPosition(server, ministry.id, ministry.teamId, { name: positionName });
  const { occurrenceId } = await newStaffedEvent(server, ministry, [{ positionId: position.id, minCount: 1 }], { startTime: '10:30', endTime: '11:30', title: 'Sunday service' });
  await qualify(server, position.id, volunteer.personId);
  const assignment = await newAssignment(server, occurrenceId, position.id, volunteer.personId);
  await drainOutbox(server.app.services);
  const address = await addressOf(volunteer.personId);
  const mail = inbox.filter((m) => m.to === address).at(-1);
  assert.ok(mail, `a mail to ${address}`);
  return { mail, assignmentId: assignment.id, ministryName: ministry.name };
}

describe("each person's language on /api/users/current", () => {
  it('is null until chosen, then kept with the person and answered on every sign-in', async () => {
    const volunteer = await newUser(server);
    assert.equal((await server.get('/api/users/current', as(volunteer))).body.user.language, null);
    const chosen = await chooseLanguage(volunteer, 'es');
    assert.equal(chosen.status, 200, chosen.text);
    assert.equal(chosen.body.user.language, 'es');
    assert.equal((await server.get('/api/users/current', as(volunteer))).body.user.language, 'es');
  });

  it('refuses a language the service does not write in, and keeps the one chosen', async () => {
    const volunteer = await newUser(server);
    await chooseLanguage(volunteer, 'es');
    expectError(await chooseLanguage(volunteer, 'fr'), 400, 'language must be one of en, es');
    assert.equal((await server.get('/api/users/current', as(volunteer))).body.user.language, 'es');
    expectError(await server.request('PATCH', '/api/users/current', { body: { language: 'es' } }), 401, 'Invalid API key');
  });

  it("takes the church's default language as a setting, en or es only", async () => {
    expectError(await server.post('/admin/api/system/config/sDefaultLanguage', { value: 'fr' }, as(admin)), 400, 'sDefaultLanguage must be one of en, es');
    assert.equal((await server.get('/admin/api/system/config/sDefaultLanguage', as(admin))).body.value, 'en');
  });
});

describe('the request to serve, as the volunteer reads it', () => {
  it('reaches a Spanish volunteer in Spanish: subject, facts, big Aceptar / Rechazar links, the footer, and the calendar invitation', async () => {
    const volunteer = await newUser(server);
    await chooseLanguage(volunteer, 'es');
    const { mail, assignmentId } = await askedToServe(volunteer, 'Acomodador');
    assert.equal(mail.subject, '[Grace Church] ¿Puede servir como Acomodador?');
    assert.match(mail.text, /^Hola, .+:$/m);
    assert.match(mail.text, /^Cuándo: martes, 10 de marzo de 2026, 10:30 – 11:30$/m);
    assert.match(mail.text, /^Qué: Acomodador – Sunday service$/m);
    assert.match(mail.text, /^Dónde: Grace Church$/m);
    assert.match(mail.text, new RegExp(`^Aceptar: ${SERVICE}/answer/\\S+\\?response=accepted$`, 'm'));
    assert.match(mail.text, new RegExp(`^Rechazar: ${SERVICE}/answer/\\S+\\?response=declined$`, 'm'));
    assert.match(mail.text, new RegExp(`^Su idioma y sus correos: ${SERVICE}/me$`, 'm'));
    assert.match(mail.text, /^Recibe este correo porque sirve en Welcome Acomodador en Grace Church\.$/m);
    assert.doesNotMatch(mail.text, /Accept|Decline|Hello/);
    assert.match(mail.html, /<html[^>]* lang="es"/);
    assert.match(mail.html, />\s*Aceptar\s*</);

    assert.equal(mail.attachments.length, 1, 'one calendar invitation');
    const [invitation] = mail.attachments;
    assert.equal(invitation.filename, 'invitation.ics');
    assert.match(invitation.contentType, /^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(invitation.content));
    assert.equal(calendar.getFirstPropertyValue('method'), 'PUBLISH');
    const [event] = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    assert.equal(event.uid, `assignment-${assignmentId}`);
    assert.equal(event.summary, 'Acomodador – Sunday service');
    assert.match(invitation.content, /DTSTART;TZID=America\/New_York:20260310T103000\r\n/);
    assert.match(invitation.content, /DTEND;TZID=America\/New_York:20260310T113000\r\n/);
    // 10:30 in New York on 10 March 2026 (daylight time since the 8th) is 14:30 UTC.
    assert.equal(event.startDate.toJSDate().toISOString(), '2026-03-10T14:30:00.000Z');
  });

  it('reaches an English volunteer in English, with the same facts in the text alternative', async () => {
    const volunteer = await newUser(server);
    const { mail } = await askedToServe(volunteer, 'Greeter');
    assert.equal(mail.subject, '[Grace Church] Please serve as Greeter');
    assert.match(mail.text, /^When: Tuesday, March 10, 2026, 10:30 AM – 11:30 AM$/m);
    assert.match(mail.text, /^What: Greeter – Sunday service$/m);
    assert.match(mail.text, /^Team: Welcome Greeter · .+$/m);
    assert.match(mail.text, new RegExp(`^Accept: ${SERVICE}/answer/\\S+\\?response=accepted$`, 'm'));
    assert.match(mail.text, /^You get this e-mail because you serve in Welcome Greeter at Grace Church\.$/m);
    assert.match(mail.html, /<html[^>]* lang="en"/);
    assert.equal(mail.attachments.length, 1);
  });

  it("writes to people who have not chosen in the church's default language, and to those who have in theirs", async () => {
    const undecided = await newUser(server);
    const english = await newUser(server);
    await chooseLanguage(english, 'en');
    await setSetting(server, admin, 'sDefaultLanguage', 'es');
    try {
      assert.equal((await askedToServe(undecided, 'Portero')).mail.subject, '[Grace Church] ¿Puede servir como Portero?');
      assert.equal((await askedToServe(english, 'Doorkeeper')).mail.subject, '[Grace Church] Please serve as Doorkeeper');
    } finally {
      await setSetting(server, admin, 'sDefaultLanguage', 'en');
    }
  });

  it('writes account notices in the person\'s language too (an administrator unlocks a Spanish account)', async () => {
    const volunteer = await newUser(server);
    await chooseLanguage(volunteer, 'es');
    const unlocked = await server.post(`/admin/api/user/${volunteer.personId}/login/reset`, {}, as(admin));
    assert.equal(unlocked.status, 200, unlocked.text);
    await drainOutbox(server.app.services);
    const address = await addressOf(volunteer.personId);
    const mail = inbox.filter((m) => m.to === address).at(-1);
    assert.equal(mail?.subject, '[Grace Church] Su cuenta está desbloqueada');
    assert.match(mail.text, /^Recibe este correo porque trata de su cuenta en Grace Church\.$/m);
    assert.equal(mail.attachments.length, 0);
  });
});
