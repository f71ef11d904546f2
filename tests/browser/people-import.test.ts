import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectAccessible, openSignedIn, useBrowserWorld } from '../kit/browser.js';

/** Issue 33 #3: people imported from a spreadsheet on the People page. */
const world = useBrowserWorld('people-import', async () => undefined);

const HEADER = 'First Name;Last Name;E-mail;Birth Date;Family';
const GOOD = ['Olga;Importa;olga@importa.example;1981-04-02;Importa', 'Pavel;Importa;;1979-11-20;Importa', 'Rita;Solo;rita@solo.example;;'];
const BAD = [';Nameless;;;', 'Sam;Typo;sam@typo;;', 'Tess;Date;;1990-13-01;'];
const FIXED = ['Nia;Nameless;;;', 'Sam;Typo;sam@typo.example;;', 'Tess;Date;;1990-12-01;'];
const csv = (rows: string[]) => ({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`) });

describe('importing people on the People page', () => {
  it('shows the three refused rows of a file and why, takes the fixed file, and imports it with its families', async () => {
    const { context, page } = await world.newContext({ width: 1280, height: 900 });
    try {
      await openSignedIn(page, world.base, world.adminKey, '/admin/people', 'People');
      await page.getByRole('link', { name: 'Import from a file' }).click();
      await page.getByRole('heading', { name: 'Import people from a file' }).waitFor();

      await page.getByLabel('CSV file').setInputFiles(csv([...GOOD, ...BAD]));
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByRole('heading', { name: 'Refused rows' }).waitFor();
      await page.getByText('3 to add, 0 already here, 3 refused; 1 new family.').waitFor();
      const refused = page.locator('.note-warning li');
      assert.deepEqual(await refused.allInnerTexts(), [
        'Row 5 (Nameless): The first name is empty.',
        'Row 6 (Sam Typo): “sam@typo” is not an e-mail address.',
        'Row 7 (Tess Date): “1990-13-01” is not a birth date; write it as 1980-05-17.',
      ]);
      assert.equal(await page.getByRole('combobox', { name: 'Fills E-mail' }).inputValue(), 'email');
      await expectAccessible(page, '33-import-refused');

      await page.getByLabel('CSV file').setInputFiles(csv([...GOOD, ...FIXED]));
      await page.getByRole('button', { name: 'Check the file' }).click();
      await page.getByText('6 to add, 0 already here, 0 refused; 1 new family.').waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Refused rows' }).count(), 0);
      await page.getByRole('button', { name: 'Import 6 people' }).click();
      await page.getByText('Import done: 6 added, 1 new family.').waitFor();
      assert.equal(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value'), '6');
      await expectAccessible(page, '33-import-done');

      const importa = await world.ok<Array<{ FirstName: string; FamilyName: string | null }>>('GET', '/api/persons?q=Importa');
      assert.deepEqual(importa.map((p) => [p.FirstName, p.FamilyName]), [['Olga', 'Importa'], ['Pavel', 'Importa']]);
      assert.equal((await world.ok<unknown[]>('GET', '/api/persons?q=Typo')).length, 1);
    } finally {
      await context.close();
    }
  });
});
