import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, seriousAccessibilityProblems } from '../helpers/browser.js';
import { expectAccessible, inDays, openSignedIn, useBrowserWorld, type BrowserUser } from '../kit/browser.js';

/**
 * Issue 37's leftovers: namesakes told apart wherever a person is picked (#2), a family's members added from its card
 * and a family chosen by its name (#5), the calendars the church shares chosen on the Me page (#9), and the review's
 * small fixes (the Registrations page's buttons, the Invitations entry, the import's badges).
 */
const world = useBrowserWorld('namesakes', arrange);
const { ok } = world;
const V = '/api/ministries';

let ada: BrowserUser;
let nina: BrowserUser;
let adaKey = '';
let ninaKey = '';
const church = { ministryId: 0, occurrenceId: 0, stageHand: 0, wilson: 0, baker: 0, carl: 0, abby: 0, abigail: 0 };

async function arrange(): Promise<void> {
  await ok('POST', '/admin/api/system/config/bEnableSelfRegistration', { value: '1' });
  ada = await world.newUser('Ada', 'Administrator', { admin: true, manageMinistries: true });
  nina = await world.newUser('Nina');
  adaKey = await world.loginKey(ada.userName, ada.password);
  ninaKey = await world.loginKey(nina.userName, nina.password);
  church.ministryId = (await ok('POST', `${V}/ministries`, { name: 'Sunday services' })).ministry.id;
  const production = (await ok('POST', `${V}/ministries/${church.ministryId}/teams`, { name: 'Production' })).team.id;
  const youth = (await ok('POST', `${V}/ministries/${church.ministryId}/teams`, { name: 'Youth' })).team.id;
  church.stageHand = (await ok('POST', `${V}/ministries/${church.ministryId}/positions`, { name: 'Stage Hand', teamId: production })).position.id;
  const youthHand = (await ok('POST', `${V}/ministries/${church.ministryId}/positions`, { name: 'Stage Hand', teamId: youth })).position.id;
  church.wilson = (await ok('POST', '/api/families', { name: 'Wilson', city: 'Oakton' })).Id;
  church.baker = (await ok('POST', '/api/families', { name: 'Baker' })).Id;
  // Two Abigail Wilsons: one of the Wilson household, one in no family with another address.
  church.abby = (await ok('POST', '/api/persons', { firstName: 'Abigail', lastName: 'Wilson', email: 'abby.wilson@church.example', familyId: church.wilson })).Id;
  church.abigail = (await ok('POST', '/api/persons', { firstName: 'Abigail', lastName: 'Wilson', email: 'awilson@mail.example' })).Id;
  church.carl = (await ok('POST', '/api/persons', { firstName: 'Carl', lastName: 'Newcomer' })).Id;
  for (const personId of [church.abby, church.abigail]) {
    await ok('POST', `${V}/ministries/${church.ministryId}/pool/${personId}`);
    for (const position of [church.stageHand, youthHand]) await ok('POST', `${V}/positions/${position}/qualifications`, { personId });
  }
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const eventTypeId = types.find((type) => type.Name === 'Other')!.Id;
  await ok('POST', `${V}/ministries/${church.ministryId}/events`, { title: 'Sunday service', eventTypeId, date: inDays(3), startTime: '10:00', endTime: '11:30' });
  await ok('POST', `${V}/ministries/${church.ministryId}/schedules`, {
    name: 'Sunday service', linkMode: 'ministry', titleFilter: 'Sunday service', teamId: production, windowStart: inDays(0),
    requirements: [{ positionId: church.stageHand, minCount: 2 }],
  });
  church.occurrenceId = ((await ok('GET', `${V}/dashboard`)).gaps as Array<{ occurrenceId: number }>)[0].occurrenceId;
  await ok('POST', `${V}/occurrences/${church.occurrenceId}/assignments`, { positionId: church.stageHand, personId: church.abby });
  const shared = await ok('POST', '/api/calendars', { Name: 'Church life', ForegroundColor: 'FFFFFF', BackgroundColor: '336699' });
  await ok('POST', '/api/calendars', { Name: 'Staff only', ForegroundColor: 'FFFFFF', BackgroundColor: '993333' });
  await ok('POST', '/admin/api/member-portal/calendars', { visible: [{ type: 'calendar', id: shared.Id }] });
  await ok('POST', '/api/public/register/person', { firstName: 'Tabitha', lastName: 'Applicant', email: 'tabitha@church.example', gender: 2 });
}

/** Text with its white space folded, as a reader sees it. */
const folded = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' ').trim());

/** No serious or critical axe finding on the page in Spanish, for the pages this file touches. */
async function expectAccessibleInSpanish(path: string, shown: string, as = adaKey): Promise<void> {
  const context = await world.browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
  context.setDefaultTimeout(60_000);
  try {
    const page = await context.newPage();
    await context.addCookies([{ name: 'vms_session', value: as, url: world.base, httpOnly: true, sameSite: 'Strict' }]);
    await page.goto(`${world.base}${path}`);
    await page.getByText(shown).first().waitFor();
    assert.deepEqual(await seriousAccessibilityProblems(page), [], `axe on ${path} in Spanish`);
  } finally {
    await context.close();
  }
}

async function adminPage(path: string, landing: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await world.newContext(DESKTOP);
  await openSignedIn(page, world.base, adaKey, path, landing);
  return { page, close: () => context.close() };
}

describe('issue 37\'s leftovers: namesakes, families, shared calendars and the review\'s small fixes', () => {
  it('tells the two Abigail Wilsons apart in the eligible list, the pool and the person search, and names each position with its team (#2)', async () => {
    const { page, close } = await adminPage(`/ministries/occurrences/${church.occurrenceId}?positionId=${church.stageHand}`, 'Sunday service');
    try {
      const panel = page.locator('.assign-panel');
      await panel.getByRole('row').filter({ hasText: 'Abigail Wilson' }).nth(1).waitFor();
      const eligible = folded(await panel.getByRole('rowheader').allInnerTexts());
      assert.deepEqual(eligible.sort(), ['Abigail Wilson · Wilson household · ab…@', 'Abigail Wilson · aw…@']);
      // The one not yet serving is assigned by a button that says which Abigail it is.
      await panel.getByRole('button', { name: 'Assign Abigail Wilson (aw…@)' }).waitFor();
      await expectAccessible(page, '37-after-eligible');

      await page.goto(`${world.base}/ministries/setup/${church.ministryId}`);
      const pool = page.locator('.setup-pool-table');
      await pool.getByRole('row').filter({ hasText: 'Abigail Wilson' }).nth(1).waitFor();
      assert.deepEqual(folded(await pool.getByRole('rowheader').allInnerTexts()).sort(), ['Abigail Wilson · Wilson household · ab…@', 'Abigail Wilson · aw…@']);
      assert.deepEqual(folded([await pool.getByRole('row').filter({ hasText: 'Abigail Wilson' }).first().locator('td').first().innerText()]), ['Stage Hand · Production; Stage Hand · Youth']);
      // The qualification grid comes from a query of its own: its rows are awaited like the pool's.
      const grid = page.locator('.setup-matrix');
      await grid.getByRole('row').filter({ hasText: 'Abigail Wilson' }).nth(1).waitFor();
      assert.deepEqual(folded(await grid.getByRole('rowheader').allInnerTexts()).sort(), ['Abigail Wilson · Wilson household · ab…@', 'Abigail Wilson · aw…@']);
      assert.equal(await grid.getByRole('checkbox', { name: 'Abigail Wilson (aw…@) — Stage Hand (Production)' }).isChecked(), true);
      await expectAccessible(page, '37-after-pool');

      await page.goto(`${world.base}/admin/people`);
      await page.getByLabel('Find a person', { exact: true }).fill('Abigail');
      const found = page.getByRole('list', { name: 'People found' }).getByRole('button');
      await found.nth(1).waitFor();
      assert.deepEqual(folded(await found.allInnerTexts()).sort(), ['Abigail Wilson · Wilson household · ab…@', 'Abigail Wilson · aw…@']);
      // A name nobody else bears gets nothing beside it.
      await page.getByLabel('Find a person', { exact: true }).fill('Carl');
      await page.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Carl Newcomer', exact: true }).waitFor();
      await page.getByLabel('Find a person', { exact: true }).fill('Abigail');
      await found.nth(1).waitFor();
      await expectAccessible(page, '37-after-search');
    } finally {
      await close();
    }
    // The service's answers carry the distinguishing fields to staff only: a volunteer's substitute list has no e-mail letters.
    const hits = await ok<Array<{ objid: number; familyName: string | null; emailHint: string | null }>>('GET', '/api/persons/search/Abigail');
    assert.deepEqual(hits.map((hit) => [hit.objid, hit.familyName, hit.emailHint]).sort(), [[church.abby, 'Wilson', 'ab…@'], [church.abigail, null, 'aw…@']].sort());
    await expectAccessibleInSpanish(`/ministries/occurrences/${church.occurrenceId}?positionId=${church.stageHand}`, 'familia Wilson');
    await expectAccessibleInSpanish(`/ministries/setup/${church.ministryId}`, 'Stage Hand · Production; Stage Hand · Youth');
  });

  it('adds a member from the family\'s card, found by name or made new, and chooses a person\'s family by its name with the keyboard (#5)', async () => {
    const { page, close } = await adminPage('/admin/people', 'People');
    try {
      await page.getByRole('button', { name: `Wilson (number ${church.wilson})` }).click();
      const card = page.locator('.note', { has: page.getByRole('heading', { name: `Wilson (number ${church.wilson})` }) });
      const add = card.getByRole('region', { name: 'Add a member' });
      await add.getByLabel('Find a person to add to this family').fill('Nina');
      await add.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Nina Volunteer' }).click();
      await add.getByText('Nina Volunteer is now in the family Wilson.').waitFor();
      await card.getByText(/Members:.*Nina Volunteer/).waitFor();

      await add.getByLabel('First name').fill('Ben');
      await add.getByLabel('Last name').fill('Wilson');
      await add.getByRole('button', { name: 'Add to the family' }).click();
      await add.getByText('Ben Wilson is now in the family Wilson.').waitFor();
      await card.getByText(/Members:.*Ben Wilson/).waitFor();
      assert.equal(await add.getByLabel('First name').inputValue(), '', 'the new member\'s form is emptied for the next one');
      const family = await ok<{ MemberIds: number[] }>('GET', `/api/family/${church.wilson}`);
      assert.equal(family.MemberIds.length, 3);
      assert.ok(family.MemberIds.includes(nina.personId));
      await expectAccessible(page, '37-after-family');

      // A person's family is found by its name: typed, reached with Tab and chosen with Enter.
      await page.getByLabel('Find a person', { exact: true }).fill('Carl');
      await page.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Carl Newcomer' }).click();
      const form = page.getByRole('region', { name: 'Carl Newcomer' });
      await form.getByText('In no family yet.').waitFor();
      assert.equal(await form.getByLabel('Family number').count(), 0, 'no family number to type');
      await form.getByLabel('Find a family by name').focus();
      await page.keyboard.type('Bak');
      const choice = form.getByRole('list', { name: 'Families found' }).getByRole('button', { name: `Baker (number ${church.baker})` });
      await choice.waitFor();
      await page.keyboard.press('Tab');
      assert.ok(await choice.evaluate((element) => element === document.activeElement), 'Tab reaches the family found');
      await page.keyboard.press('Enter');
      await form.getByText('Family: Baker').waitFor();
      await expectAccessible(page, '37-after-family-link');
      await form.getByRole('button', { name: 'Save person' }).click();
      await form.getByText('Saved.').waitFor();
      assert.equal((await ok<{ FamId: number }>('GET', `/api/person/${church.carl}`)).FamId, church.baker);
    } finally {
      await close();
    }
    await expectAccessibleInSpanish('/admin/people', 'Buscar una persona');
  });

  it('lets a volunteer choose among the calendars the church shares, and only those, on the Me page (#9)', async () => {
    const { calendars } = await ok<{ calendars: Array<Record<string, unknown>> }>('GET', '/api/users/current/calendars', undefined, ninaKey);
    assert.deepEqual(calendars.map((calendar) => calendar.name), ['Church life'], 'the unshared calendar stays the staff\'s');
    assert.deepEqual(Object.keys(calendars[0]).sort(), ['colors', 'id', 'name', 'type'], 'no access token, no ministry');

    const { context, page } = await world.newContext(PHONE);
    try {
      await openSignedIn(page, world.base, ninaKey, '/me', 'Me');
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'Church calendar' }) });
      const choice = card.getByRole('group', { name: 'Calendars in my link' });
      await choice.getByRole('checkbox', { name: 'Church life' }).check();
      assert.equal(await choice.getByRole('checkbox').count(), 1);
      await card.getByRole('button', { name: 'Save my choice' }).click();
      await card.getByText('Saved: your link holds 1 calendar.').waitFor();
      await card.getByLabel('Calendar link').waitFor();
      assert.equal(await card.getByText('No shared church calendar is chosen for this link yet').count(), 0);
      await expectAccessible(page, '37-after-me-calendars');
    } finally {
      await context.close();
    }
    const feed = await ok<{ calendarIds: number[] }>('GET', '/api/users/current/calendar-feed', undefined, ninaKey);
    assert.equal(feed.calendarIds.length, 1);
    await expectAccessibleInSpanish('/me', 'Calendarios de mi enlace', ninaKey);
  });

  it('keeps the Registrations page\'s buttons apart, lists Invitations under Administration, and colours the import\'s outcomes', async () => {
    const { page, close } = await adminPage('/admin/registrations', 'Registrations');
    try {
      const row = page.getByRole('row').filter({ hasText: 'Tabitha Applicant' });
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        const approve = (await row.getByRole('button', { name: 'Approve', exact: true }).boundingBox())!;
        const away = (await row.getByRole('button', { name: 'Turn away Tabitha Applicant' }).boundingBox())!;
        const apartAcross = away.x - (approve.x + approve.width);
        const apartDown = away.y - (approve.y + approve.height);
        assert.ok(apartAcross >= 6 || apartDown >= 6, `at ${size.width} px the buttons are ${apartAcross} px apart across, ${apartDown} px down`);
        assert.ok(away.x >= 0 && away.x + away.width <= size.width, `at ${size.width} px Turn away is on screen: ${JSON.stringify(away)}`);
      }
      await expectAccessible(page, '37-after-registrations');

      const nav = page.getByRole('navigation', { name: 'Workspace' });
      await nav.getByRole('button', { name: 'Administration' }).click();
      await expectAccessible(page, '37-after-nav');
      await nav.getByRole('link', { name: 'Invitations' }).click();
      await page.getByRole('heading', { name: 'Invitations', level: 1 }).waitFor();

      await page.goto(`${world.base}/admin/people/import`);
      const csv = 'First Name;Last Name;E-mail\r\nOlga;Importa;olga@importa.example\r\n;Nameless;\r\n';
      await page.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByRole('button', { name: 'Import 1 people' }).or(page.getByRole('button', { name: 'Import 1 person' })).click();
      await page.getByText(/^Import done/).waitFor();
      const grey = await page.evaluate(() => {
        const plain = document.createElement('span');
        plain.className = 'badge';
        document.body.append(plain);
        const colour = getComputedStyle(plain).backgroundColor;
        plain.remove();
        return colour;
      });
      for (const outcome of ['create', 'refuse']) {
        const colour = await page.locator(`.badge-import-${outcome}`).first().evaluate((element) => getComputedStyle(element).backgroundColor);
        assert.notEqual(colour, grey, `the ${outcome} badge has its own colour`);
      }
      await expectAccessible(page, '37-after-import');
    } finally {
      await close();
    }
    await expectAccessibleInSpanish('/admin/registrations', 'Tabitha Applicant');
  });
});
