import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PHONE } from '../helpers/browser.js';
import { expectAccessible, useBrowserWorld, inDays } from '../kit/browser.js';

/**
 * Answering a request to serve from the e-mail (ours, issue 17), in headless Chromium against the real service:
 * the coordinator's assignment leaves as mail through the SMTP sink, the volunteer follows its Decline link
 * without signing in, confirms with a comment, and the API shows the answer; the mail's links then show that
 * answer and lead into the app to change it.
 */
const V = '/api/ministries';
const world = useBrowserWorld('answer-link', arrange);
const { ok, mails } = world;

/** The position every test asks a volunteer of its own to fill, on an occurrence of its own. */
const usher = { ministryId: 0, teamId: 0, positionId: 0, eventTypeId: 0 };

async function arrange(): Promise<void> {
  await world.mailToSink();
  usher.ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  usher.teamId = (await ok('GET', `${V}/ministries/${usher.ministryId}/teams`)).teams[0].id;
  usher.positionId = (await ok('POST', `${V}/ministries/${usher.ministryId}/positions`, { name: 'Usher', teamId: usher.teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  usher.eventTypeId = types.find((type) => type.Name === 'Other')!.Id;
}

/** A volunteer of the test's own, asked to serve as usher; the assignment's id and the text of the mail that asks, once delivered. */
async function asked(firstName: string): Promise<{ assignmentId: number; text: string }> {
  const volunteer = await world.newUser(firstName);
  await ok('POST', `${V}/positions/${usher.positionId}/qualifications`, { personId: volunteer.personId });
  const events = await ok('POST', `${V}/ministries/${usher.ministryId}/events`, {
    title: 'Sunday service', eventTypeId: usher.eventTypeId, date: inDays(3), startTime: '09:00', endTime: '11:00',
  });
  const staffed = await ok('POST', `${V}/ministries/${usher.ministryId}/staffed-events`, {
    eventId: events.events[0].id, teamId: usher.teamId, requirements: [{ positionId: usher.positionId, minCount: 1 }],
  });
  const assignmentId = (await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId: usher.positionId, personId: volunteer.personId })).assignment.id;
  // The forced run returns once every due message was tried (contract §18 #36), so the mail is in the sink by then.
  await ok('POST', '/api/background/timerjobs', { force: true });
  const mail = mails.filter((m) => m.to === `${firstName.toLowerCase()}@church.example` && m.text.includes('/answer/')).at(-1);
  assert.ok(mail, 'the assignment mail arrived');
  return { assignmentId, text: mail.text };
}

const linkOf = (text: string, response: 'accepted' | 'declined') => text.match(new RegExp(`https?://\\S+/answer/\\S+\\?response=${response}`))?.[0] ?? '';

describe('answering from the e-mail in a browser', () => {
  it('follows the Decline link of the mail, confirms with a comment, and the API shows the decline with the channel email', async () => {
    const { assignmentId, text } = await asked('Lydia');
    const link = linkOf(text, 'declined');
    assert.ok(link.startsWith(`${world.base}/answer/`), text);

    const { context, page } = await world.newContext(PHONE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Your answer to a request to serve' }).waitFor();
    await page.getByText('Hello Lydia, you were asked to serve here:').waitFor();
    await page.getByRole('heading', { name: 'Usher' }).waitFor();
    assert.equal(await page.getByRole('radio', { name: 'No, I cannot serve' }).isChecked(), true);
    await page.getByLabel('Comment for the coordinator (optional)').fill('Visiting my sister');
    await expectAccessible(page, 'answer-link');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('You declined. Nobody at the church can be e-mailed about it: please tell the church office yourself.').waitFor();
    await expectAccessible(page, 'answer-link-done');

    const detail = await ok('GET', `${V}/assignments/${assignmentId}`);
    assert.equal(detail.assignment.status, 'declined');
    assert.deepEqual(detail.responses.map((r: { response: string; channel: string; comment: string }) => [r.response, r.channel, r.comment]), [['declined', 'email', 'Visiting my sister']]);
    await context.close();
  });

  it('opens a link of the answered mail as the recorded answer and the way to sign in to change it, with no form', async () => {
    const { assignmentId, text } = await asked('Priscilla');
    // Priscilla has declined through the mail's Decline link already.
    const token = new URL(linkOf(text, 'declined')).pathname.split('/').pop();
    await ok('POST', `/api/public/answer/${token}`, { response: 'declined' });
    const { context, page } = await world.newContext(PHONE);
    await page.goto(linkOf(text, 'accepted'));
    await page.getByRole('status').filter({ hasText: 'You declined this shift with a link of this e-mail.' }).waitFor();
    await page.getByText('A link answers once, so this e-mail cannot change your answer. To change it, sign in to My schedule.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Confirm' }).count(), 0);
    await expectAccessible(page, 'answer-link-answered');
    await page.getByRole('link', { name: 'Sign in to My schedule' }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    assert.equal((await ok('GET', `${V}/assignments/${assignmentId}`)).assignment.status, 'declined');
    await context.close();
  });

  it('shows a tampered link as a page that says the link no longer works', async () => {
    const { assignmentId, text } = await asked('Tabitha');
    const { context, page } = await world.newContext(PHONE);
    await page.goto(linkOf(text, 'accepted').replace('/answer/', '/answer/x'));
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'This link is not valid' }).waitFor();
    await expectAccessible(page, 'answer-link-refused');
    assert.deepEqual((await ok('GET', `${V}/assignments/${assignmentId}`)).responses, [], 'nothing is written');
    await context.close();
  });
});
