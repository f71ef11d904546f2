import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BrowserUser, expectAccessible, openSignedIn, useBrowserWorld } from '../kit/browser.js';

/** Issue 33 #4: the language a person chooses on the Me page is kept with them, and every browser they sign in on follows it. */
let lucia: BrowserUser;
let key: string;
const world = useBrowserWorld('language', async (world) => {
  lucia = await world.newUser('Lucia');
  key = await world.loginKey(lucia.userName, lucia.password);
});

const PHONE = { width: 360, height: 780 };

describe("a person's language, on every browser", () => {
  it('keeps Español chosen on the Me page for the person, and opens another browser in Spanish once she is signed in', async () => {
    const first = await world.newContext(PHONE);
    try {
      await openSignedIn(first.page, world.base, key, '/me', 'Me');
      const saved = first.page.waitForResponse((response) => response.url().endsWith('/api/users/current') && response.request().method() === 'PATCH');
      await first.page.getByLabel('Language').selectOption('es');
      assert.equal((await saved).status(), 200);
      await first.page.getByText('Sus páginas, en cada dispositivo donde inicie sesión, y sus correos usan este idioma.').waitFor();
      await expectAccessible(first.page, '33-language-me-es');
    } finally {
      await first.context.close();
    }
    assert.equal((await world.ok('GET', '/api/users/current', undefined, key)).user.language, 'es');

    // A browser that never chose a language (its own is English) follows hers after sign-in.
    const second = await world.newContext(PHONE);
    try {
      await openSignedIn(second.page, world.base, key, '/', 'Mi horario');
      assert.equal(await second.page.getAttribute('html', 'lang'), 'es');
    } finally {
      await second.context.close();
    }
  });

  it("sets the church's default language on the Settings page, for the people who have not chosen their own", async () => {
    const desk = await world.newContext({ width: 1280, height: 800 });
    try {
      await openSignedIn(desk.page, world.base, world.adminKey, '/admin/settings', 'Church');
      const church = desk.page.getByRole('region', { name: 'Church' });
      const language = church.getByLabel('Language of mails and pages');
      assert.equal(await language.inputValue(), 'en', 'English until the church chooses');
      await language.selectOption('es');
      await church.getByRole('button', { name: 'Save' }).click();
      await church.getByText('Saved.').waitFor();
      assert.equal((await world.ok('GET', '/admin/api/system/config/sDefaultLanguage')).value, 'es');
    } finally {
      await desk.context.close();
      await world.ok('POST', '/admin/api/system/config/sDefaultLanguage', { value: 'en' });
    }
  });
});
