import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PHONE } from '../helpers/browser.js';
import { expectAccessible, useBrowserWorld, type BrowserUser, inDays } from '../kit/browser.js';

/**
 * Answering a request to serve from the e-mail (ours, issue 17), in headless Chromium against the real service:
 * the coordinator's assignment leaves as mail through the SMTP sink, the volunteer follows its Decline link
 * without signing in, confirms with a comment, and the API shows the answer; the mail's links then show that
 * answer and lead into the app to change it.
 */
const V = '/api/ministries';
const world = useBrowserWorld('answer-link', arrange);
const { ok, mails } = world;

let lydia: BrowserUser;
let assignmentId: number;

async function arrange(): Promise<void> {
  await world.mailToSink();
  lydia = await world.newUser('Lydia');
  const ministryId = (await ok('POST', `${V}/ministries`, { name: 'Hospitality' })).ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${ministryId}/teams`)).teams[0].id;
  const positionId = (await ok('POST', `${V}/ministries/${ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  await ok('POST', `${V}/positions/${positionId}/qualifications`, { personId: lydia.personId });
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const events = await ok('POST', `${V}/ministries/${ministryId}/events`, {
    title: 'Sunday service', eventTypeId: types.find((type) => type.Name === 'Other')!.Id, date: inDays(3), startTime: '09:00', endTime: '11:00',
  });
  const staffed = await ok('POST', `${V}/ministries/${ministryId}/staffed-events`, { eventId: events.events[0].id, teamId, requirements: [{ positionId, minCount: 1 }] });
  assignmentId = (await ok('POST', `${V}/occurrences/${staffed.occurrence.id}/assignments`, { positionId, personId: lydia.personId })).assignment.id;
}

/** The newest mail to `address` holding an answer link, once a forced run of the timer jobs has delivered the outbox. */
async function answerMail(address: string): Promise<string> {
  // The forced run returns once every due message was tried (contract §18 #36), so the mail is in the sink by then.
  await ok('POST', '/api/background/timerjobs', { force: true });
  const mail = mails.filter((m) => m.to === address && m.text.includes('/answer/')).at(-1);
  assert.ok(mail, 'the assignment mail arrived');
  return mail.text;
}

describe('answering from the e-mail in a browser', () => {
  it('follows the Decline link of the mail, confirms with a comment, and the API shows the decline with the channel email', async () => {
    const text = await answerMail('lydia@church.example');
    const link = text.match(/https?:\/\/\S+\/answer\/\S+\?response=declined/)?.[0] ?? '';
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
    const text = await answerMail('lydia@church.example');
    const link = text.match(/https?:\/\/\S+\/answer\/\S+\?response=accepted/)![0];
    const { context, page } = await world.newContext(PHONE);
    await page.goto(link);
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
    const text = await answerMail('lydia@church.example');
    const link = text.match(/https?:\/\/\S+\/answer\/\S+\?response=accepted/)![0];
    const { context, page } = await world.newContext(PHONE);
    await page.goto(link.replace('/answer/', '/answer/x'));
    await page.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'This link is not valid' }).waitFor();
    await expectAccessible(page, 'answer-link-refused');
    assert.equal((await ok('GET', `${V}/assignments/${assignmentId}`)).responses.length, 1, 'nothing more is written');
    await context.close();
  });
});
