import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import type { InvitationView, InviteResultView } from '../../src/http/schemas/invitations.schemas.js';
import {
  as, deliverOutbox, expectError, markDeliveriesFailed, newCoordinator, newMinistry, newPerson, newPosition, newTeam, newTeamLeader, newUser,
  qualify, setUp, storedRows, useServer, useUser, type SunkMail,
} from '../kit/index.js';

const server = useServer();
const admin = useUser(server, ['admin']);
setUp(async () => {
  // The public forms' own limit is tested with the reset form; these tests open and accept many links.
  await server.post('/admin/api/system/config/iPublicFormRateLimitPerMinute', { value: '0' }, as(admin));
  await server.post('/admin/api/system/config/sServiceURL', { value: 'https://church.example.org/' }, as(admin));
});

const CSRF = { 'x-vms-csrf': '1' };
const PASSWORD = 'my own password';
const REFUSED = 'This invitation link is invalid, already used, withdrawn or expired: ask for a new one';
const M = '/api/ministries';
const SEVEN_DAYS = 7 * 24 * 60 * 60_000;

const invite = (body: object, by = admin) => server.post('/api/invitations', body, as(by));
const openLink = (token: string) => server.post('/api/public/invitations/open', { token });
const accept = (token: string, fields: { password?: string; userName?: string; language?: string } = {}) =>
  server.post('/api/public/invitations/accept', { token, password: PASSWORD, ...fields }, { headers: CSRF });

/** Delivers the outbox to a real SMTP sink and answers the token of the latest invitation mail to `address`. */
async function mailedToken(address: string): Promise<{ token: string; mail: SunkMail }> {
  const inbox: SunkMail[] = [];
  await deliverOutbox(server, inbox);
  const mail = inbox.filter((m) => m.to.toLowerCase() === address.toLowerCase() && m.subject.includes('Create your volunteer login')).at(-1);
  assert.ok(mail, `an invitation mail to ${address}`);
  const link = /https:\/\/church\.example\.org\/invitation\?token=(\S+)/.exec(mail.text);
  assert.ok(link, mail.text);
  return { token: decodeURIComponent(link[1]), mail };
}

async function invitationOf(personId: number, by = admin): Promise<InvitationView | undefined> {
  const answer = await server.get('/api/invitations', as(by));
  assert.equal(answer.status, 200, answer.text);
  return (answer.body.invitations as InvitationView[]).find((invitation) => invitation.personId === personId);
}

async function addToPool(ministryId: number, personId: number) {
  const answer = await server.post(`${M}/ministries/${ministryId}/pool/${personId}`, undefined, as(admin));
  assert.ok(answer.status === 201, answer.text);
}

describe('Invitations to create a login (issue 33 #1)', () => {
  it('mails one person a link; they choose a password and are signed in with their address as user name and no role', async () => {
    const person = await newPerson(server, { first_name: 'Naomi', email: 'naomi.invited@example.org' });
    const answer = await invite({ personIds: [person.id] });
    assert.equal(answer.status, 200, answer.text);
    const result = answer.body as InviteResultView;
    assert.deepEqual(result.invited, [{ personId: person.id, name: `Naomi ${person.last_name}`, email: 'naomi.invited@example.org' }]);
    assert.deepEqual(result.cannotBeInvited, []);

    const { token, mail } = await mailedToken('naomi.invited@example.org');
    assert.match(mail.text, /Hello Naomi,/);
    assert.match(mail.text, /within 7 days/);
    assert.equal((await invitationOf(person.id))?.state, 'sent');

    const page = await openLink(token);
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(page.body, { firstName: 'Naomi', email: 'naomi.invited@example.org' });
    assert.equal((await invitationOf(person.id))?.state, 'opened');

    const accepted = await accept(token);
    assert.equal(accepted.status, 200, accepted.text);
    const cookie = ([] as string[]).concat(accepted.headers['set-cookie'] as string[]).find((line) => line.startsWith('vms_session='))!.split(';')[0];
    const me = await server.get('/api/users/current', { headers: { cookie, ...CSRF } });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.user.userName, 'naomi.invited@example.org');
    assert.ok(Object.values(me.body.user.roles).every((flag) => flag === false), 'an invitation grants no role');
    assert.equal(me.body.user.language, null, 'no language chosen: the church default applies');
    assert.equal((await invitationOf(person.id))?.state, 'accepted');

    // The chosen password signs in from then on, by the address.
    const signIn = await server.post('/api/public/user/session', { userName: 'Naomi.Invited@example.org', password: PASSWORD }, { headers: CSRF });
    assert.equal(signIn.status, 200, signIn.text);
  });

  it('stores only the hash of the link and works once', async () => {
    const person = await newPerson(server, { email: 'once@example.org' });
    await invite({ personIds: [person.id] });
    const { token } = await mailedToken('once@example.org');
    const [row] = await storedRows(server, 'invitations', { person_id: person.id });
    assert.equal(row.token_hash, createHash('sha256').update(token).digest('hex'));
    assert.ok(!JSON.stringify(await storedRows(server, 'invitations')).includes(token), 'the token is not stored');
    const [mail] = await storedRows(server, 'notifications', { type: 'invitation', person_id: person.id });
    assert.deepEqual([mail.status, mail.context], ['sent', null], 'the token leaves the outbox once the mail is sent');

    assert.equal((await accept(token, { userName: 'once-only' })).status, 200);
    expectError(await accept(token, { userName: 'twice' }), 400, REFUSED);
    expectError(await openLink(token), 400, REFUSED);
  });

  it('keeps the language chosen on the accept page as the person\'s own, and refuses one it does not write in', async () => {
    const person = await newPerson(server, { first_name: 'Lucía', email: 'lucia.invited@example.org' });
    await invite({ personIds: [person.id] });
    const { token } = await mailedToken('lucia.invited@example.org');
    expectError(await accept(token, { language: 'fr' }), 400, 'language must be one of en, es');
    const accepted = await accept(token, { language: 'es' });
    assert.equal(accepted.status, 200, accepted.text);
    const cookie = ([] as string[]).concat(accepted.headers['set-cookie'] as string[]).find((line) => line.startsWith('vms_session='))!.split(';')[0];
    const me = await server.get('/api/users/current', { headers: { cookie, ...CSRF } });
    assert.equal(me.body.user.language, 'es');
  });

  it('lets the person choose a user name, and refuses one taken or a short password in plain words', async () => {
    const taken = await newUser(server);
    const person = await newPerson(server, { email: 'chooser@example.org' });
    await invite({ personIds: [person.id] });
    const { token } = await mailedToken('chooser@example.org');
    expectError(await accept(token, { password: 'short' }), 400, 'The password must be at least 8 characters long');
    expectError(await accept(token, { userName: taken.userName.toUpperCase() }), 409, 'That user name is already taken: choose another');
    assert.equal((await accept(token, { userName: ' chooser ' })).status, 200);
    const [user] = await storedRows(server, 'users', { id: person.id });
    assert.equal(user.user_name, 'chooser');
  });

  it('expires after 7 days on the service clock', async () => {
    const person = await newPerson(server, { email: 'late@example.org' });
    await invite({ personIds: [person.id] });
    const { token } = await mailedToken('late@example.org');
    // The 7 days are the church's wall clock, and these cross the spring's change of clocks (an hour less).
    server.clock.advance(SEVEN_DAYS - 2 * 60 * 60_000);
    assert.equal((await openLink(token)).status, 200, 'still open an hour before the 7 days end');
    server.clock.advance(2 * 60 * 60_000);
    expectError(await openLink(token), 400, REFUSED);
    expectError(await accept(token), 400, REFUSED);
    assert.equal((await invitationOf(person.id))?.state, 'expired');
    assert.equal((await storedRows(server, 'users', { id: person.id })).length, 0);
  });

  it('lists people without an address, with a login, or who refuse mail as "cannot be invited", and mails the others', async () => {
    const noAddress = await newPerson(server, { first_name: 'Nobody', email: null });
    const withLogin = await newUser(server);
    const refuses = await newPerson(server, { do_not_email: true });
    const fine = await newPerson(server, { email: 'fine@example.org' });
    const answer = await invite({ personIds: [noAddress.id, withLogin.personId, refuses.id, fine.id] });
    assert.equal(answer.status, 200, answer.text);
    const result = answer.body as InviteResultView;
    assert.deepEqual(result.invited.map((p) => p.personId), [fine.id]);
    const reasons = Object.fromEntries(result.cannotBeInvited.map((p) => [p.personId, p.reason]));
    assert.deepEqual(reasons, { [noAddress.id]: 'no_address', [withLogin.personId]: 'has_login', [refuses.id]: 'do_not_email' });
    assert.equal(await invitationOf(noAddress.id), undefined);
  });

  it('mails a person at most once in 5 minutes: a second invitation says so, a resend answers 429 in plain words', async () => {
    const person = await newPerson(server, { first_name: 'Eager', last_name: 'Reader', email: 'eager@example.org' });
    await invite({ personIds: [person.id] });
    const { token: first } = await mailedToken('eager@example.org');
    const again = await invite({ personIds: [person.id] });
    assert.deepEqual((again.body as InviteResultView).cannotBeInvited, [{ personId: person.id, name: 'Eager Reader', reason: 'recently_invited' }]);
    const invitation = (await invitationOf(person.id))!;
    expectError(await server.post(`/api/invitations/${invitation.id}/resend`, undefined, as(admin)), 429,
      'An invitation was mailed to Eager Reader less than 5 minutes ago: wait a few minutes before sending it again');

    server.clock.advance(6 * 60_000);
    const resent = await server.post(`/api/invitations/${invitation.id}/resend`, undefined, as(admin));
    assert.equal(resent.status, 200, resent.text);
    assert.equal(resent.body.invitation.state, 'sent');
    const { token: second } = await mailedToken('eager@example.org');
    assert.notEqual(second, first);
    expectError(await openLink(first), 400, REFUSED);
    assert.equal((await openLink(second)).status, 200);
  });

  it('withdraws an invitation: its link stops working and the list says withdrawn', async () => {
    const person = await newPerson(server, { email: 'withdrawn@example.org' });
    await invite({ personIds: [person.id] });
    const { token } = await mailedToken('withdrawn@example.org');
    const invitation = (await invitationOf(person.id))!;
    const answer = await server.delete(`/api/invitations/${invitation.id}`, as(admin));
    assert.equal(answer.status, 200, answer.text);
    expectError(await accept(token), 400, REFUSED);
    assert.equal((await invitationOf(person.id))?.state, 'withdrawn');
    expectError(await server.delete('/api/invitations/999999', as(admin)), 404, 'Invitation not found');
  });

  it('shows a mail the outbox gave up on as bounced', async () => {
    const person = await newPerson(server, { email: 'bounces@example.org' });
    await invite({ personIds: [person.id] });
    assert.equal(await markDeliveriesFailed(server, { type: 'invitation', person_id: person.id }), 1);
    assert.equal((await invitationOf(person.id))?.state, 'bounced');
  });

  it('lets a coordinator invite their pool and the people of their teams, and refuses anyone else with 403 naming them', async () => {
    const ministry = await newMinistry(server);
    const other = await newMinistry(server);
    const coordinator = await newCoordinator(server, ministry.id);
    const inPool = await newPerson(server, { email: 'pool.member@example.org' });
    await addToPool(ministry.id, inPool.id);
    const outsider = await newPerson(server, { first_name: 'Far', last_name: 'Away' });
    await addToPool(other.id, outsider.id);

    expectError(await invite({ personIds: [inPool.id, outsider.id] }, coordinator), 403, 'You may only invite people of the ministries and teams you run: Far Away');
    expectError(await invite({ ministryId: other.id }, coordinator), 403, 'Not authorized for this ministry');
    const pool = await invite({ ministryId: ministry.id }, coordinator);
    assert.equal(pool.status, 200, pool.text);
    assert.deepEqual((pool.body as InviteResultView).invited.map((p) => p.personId), [inPool.id]);
    assert.ok(await invitationOf(inPool.id, coordinator), 'the coordinator follows the invitations of their pool');
    assert.equal(await invitationOf(outsider.id, coordinator), undefined);

    // A team leader reaches the people qualified for their team's positions.
    const team = await newTeam(server, other.id);
    const position = await newPosition(server, other.id, team.id);
    const member = await newPerson(server, { email: 'team.member@example.org' });
    await qualify(server, position.id, member.id);
    const leader = await newTeamLeader(server, team.id);
    const teamInvite = await invite({ teamId: team.id }, leader);
    assert.equal(teamInvite.status, 200, teamInvite.text);
    assert.deepEqual((teamInvite.body as InviteResultView).invited.map((p) => p.personId), [member.id]);
    const invitation = (await invitationOf(member.id, leader))!;
    expectError(await server.post(`/api/invitations/${invitation.id}/resend`, undefined, as(coordinator)), 403, /^You may only invite people of the ministries and teams you run/);
  });

  it('refuses a body naming none or several of the selection, the pool and the team', async () => {
    expectError(await invite({}), 400, 'Name exactly one of personIds, ministryId or teamId');
    expectError(await invite({ personIds: [1], teamId: 1 }), 400, 'Name exactly one of personIds, ministryId or teamId');
  });
});
