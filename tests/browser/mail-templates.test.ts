import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, NOTIFICATION_TYPES, type Language, type NotificationType } from '../../src/db/schema.js';
import { composeMail, type MailFacts } from '../../src/domain/notifications/mails.js';
import { launchBrowser, PHONE, screenshots } from '../helpers/browser.js';

/**
 * Every mail as a phone shows it (issue 34 #4): each type in each language rendered in Chromium at 360 px, no wider
 * than the screen, the Accept / Decline buttons big enough for a thumb with one answer per link, and a plain-text
 * alternative that says the same. Screenshots go to test-results/screenshots (mail-<type>-<language>-<width>.png).
 */
const SERVICE = 'https://church.example';
const ANSWER = `${SERVICE}/answer/tok3n`;

function factsOf(type: NotificationType, language: Language): MailFacts {
  return {
    type, language, churchName: 'Grace Church', serviceUrl: SERVICE, timeZone: 'America/New_York',
    recipientFirstName: 'Lucía', volunteerName: 'Lydia Volunteer', volunteerEmail: 'lydia@church.example',
    positionName: 'Usher', ministryName: 'Hospitality', teamName: 'Sunday team', eventTitle: 'Sunday service',
    start: '2026-03-08 10:30:00', end: '2026-03-08 12:00:00', assignmentId: 7,
    answerLink: type === 'assignment' || type === 'reminder' ? ANSWER : undefined,
    context: { offeredByName: 'Dorcas', resetToken: 'abc123', userName: 'lucia', invitationToken: 'inv1', inviterName: 'Ana', reason: 'Not a member' },
  };
}

let browser: Browser;
let page: Page;
before(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: PHONE });
});
after(() => browser?.close());

/** The buttons of the rendered mail whose link answers `response`: their count and each one's size. */
async function answerButtons(response: string) {
  return page.locator(`a[href$="?response=${response}"]`).evaluateAll((links) => links.map((link) => {
    const box = link.getBoundingClientRect();
    return { height: box.height, width: box.width, text: (link.textContent ?? '').trim() };
  }));
}

describe('every mail at 360 px', () => {
  for (const language of LANGUAGES) {
    for (const type of NOTIFICATION_TYPES) {
      it(`lays out ${type} in ${language} within a phone's width, with its text alternative`, async () => {
        const mail = await composeMail(factsOf(type, language), new Date('2026-03-01T12:00:00Z'));
        await page.setViewportSize(PHONE);
        await page.setContent(mail.html);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= PHONE.width, `${type} is ${width} px wide at 360 px`);
        assert.equal(await page.getAttribute('html', 'lang'), language);
        const shown = await page.evaluate(() => document.body.innerText);
        assert.ok(shown.includes('Grace Church') && shown.includes('Lucía'), shown);
        assert.match(mail.text, language === 'en' ? /^Hello Lucía,$/m : /^Hola, Lucía:$/m);
        assert.match(mail.text, language === 'en' ? /^You get this e-mail because /m : /^Recibe este correo porque /m);
        assert.ok(mail.text.includes(`${SERVICE}/me`), 'the footer links to the preferences');
        assert.ok(shown.includes(`${SERVICE}/me`), 'the HTML footer too');
        if (type === 'assignment' || type === 'reminder') {
          assert.match(mail.text, language === 'en' ? /^When: Sunday, March 8, 2026, 10:30 AM – 12:00 PM$/m : /^Cuándo: domingo, 8 de marzo de 2026, 10:30 – 12:00$/m);
          assert.match(mail.text, language === 'en' ? /^Team: Hospitality · Sunday team$/m : /^Equipo: Hospitality · Sunday team$/m);
          for (const [response, label] of [['accepted', language === 'en' ? 'Accept' : 'Aceptar'], ['declined', language === 'en' ? 'Decline' : 'Rechazar']]) {
            const buttons = await answerButtons(response);
            assert.equal(buttons.length, 1, `one ${response} link in ${type}`);
            assert.equal(buttons[0].text, label);
            assert.ok(buttons[0].height >= 44, `${label} is ${buttons[0].height} px tall`);
            assert.ok(mail.text.includes(`${label}: ${ANSWER}?response=${response}`), mail.text);
          }
          await screenshots(page, `mail-${type}-${language}`);
        }
        assert.equal(mail.attachments.length, type === 'assignment' ? 1 : 0, 'only the request to serve carries the invitation');
      });
    }
  }
});
