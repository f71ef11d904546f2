import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { launchBrowser, screenshots, seriousAccessibilityProblems } from '../helpers/browser.js';
import { startServiceProcess } from '../helpers/service-process.js';

/**
 * A browser test's world: the real service started as `npm start` starts it (embedded database, or a fresh
 * database on the server in the PostgreSQL pass), its first administrator, a real SMTP sink that keeps every
 * message, and headless Chromium. Data is arranged over the HTTP API; what a person does is done by clicking.
 */
export interface BrowserWorld {
  base: string;
  browser: Browser;
  adminKey: string;
  smtpPort: number;
  mails: Array<{ to: string; text: string }>;
  /** An API call with a key (the administrator's by default); the parsed JSON answer. */
  call<T = any>(method: string, path: string, body?: unknown, key?: string): Promise<{ status: number; body: T }>;
  /** An API call that must succeed. */
  ok<T = any>(method: string, path: string, body?: unknown, key?: string): Promise<T>;
  loginKey(userName: string, password: string): Promise<string>;
  /** A person with an e-mail address and a user account (no roles). */
  newUser(firstName: string, lastName?: string, roles?: Record<string, boolean>): Promise<BrowserUser>;
  /** A new browser context (English, the machine's time zone unless `timezoneId` names another) and its page. */
  newContext(viewport: { width: number; height: number }, timezoneId?: string): Promise<{ context: BrowserContext; page: Page }>;
  /** Switches the service's mail on, sent to this world's SMTP sink from the church office's address. */
  mailToSink(): Promise<void>;
}

export interface BrowserUser {
  personId: number;
  userName: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** `YYYY-MM-DD`, days after `start` (milliseconds): dates that must agree, a range's two ends, come from one reading of the clock. */
export const daysAfter = (start: number, days: number) => new Date(start + days * 86_400_000).toISOString().slice(0, 10);

/** `YYYY-MM-DD`, days from today: the browser tests run on the service's real clock. */
export const inDays = (days: number) => daysAfter(Date.now(), days);

export const ADMIN_PASSWORD = 'browser-admin-password';
export const PASSWORD = 'volunteer-password';

/**
 * Starts the world before the file's tests, then runs `arrange` (one hook: top-level hooks of a file need not run
 * in the order they were declared), and ends it after them.
 */
export function useBrowserWorld(name: string, arrange: (world: BrowserWorld) => Promise<void>): BrowserWorld {
  const world = { mails: [] } as unknown as BrowserWorld & { service: Awaited<ReturnType<typeof startServiceProcess>>; sink: SMTPServer };

  world.call = async (method, path, body, key = world.adminKey) => {
    const response = await fetch(`${world.base}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  world.mailToSink = async () => {
    for (const [name, value] of [['sSMTPHost', `127.0.0.1:${world.smtpPort}`], ['sChurchEmail', 'office@church.example'], ['bEnabledEmail', '1']]) {
      await world.ok('POST', `/admin/api/system/config/${name}`, { value });
    }
  };
  world.ok = async (method, path, body, key) => {
    const answer = await world.call(method, path, body, key);
    assert.ok(answer.status >= 200 && answer.status < 300, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  world.loginKey = async (userName, password) => {
    const answer = await world.call<{ apiKey: string }>('POST', '/api/public/user/login', { userName, password });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.apiKey;
  };
  world.newUser = async (firstName, lastName = 'Volunteer', roles) => {
    const person = await world.ok('POST', '/api/persons', { firstName, lastName, email: `${firstName.toLowerCase()}@church.example` });
    const userName = firstName.toLowerCase();
    await world.ok('POST', '/admin/api/users', { personId: person.Id, userName, password: PASSWORD, ...(roles && { roles }) });
    return { personId: person.Id, userName, firstName, lastName, password: PASSWORD };
  };
  world.newContext = async (viewport, timezoneId) => {
    const context = await world.browser.newContext({ viewport, locale: 'en-US', timezoneId });
    // A step waits for what the page shows once the service has answered, however long a loaded machine takes; the
    // budget is only there so that a missing element fails its test instead of hanging it.
    context.setDefaultTimeout(60_000);
    return { context, page: await context.newPage() };
  };

  before(async () => {
    world.sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        simpleParser(stream).then((mail) => {
          for (const recipient of session.envelope.rcptTo) world.mails.push({ to: recipient.address, text: mail.text ?? '' });
          callback();
        }, callback);
      },
    });
    world.smtpPort = await new Promise<number>((resolve) => world.sink.listen(0, '127.0.0.1', () => resolve((world.sink.server.address() as AddressInfo).port)));
    // Both are kept even when the other fails, so that `after` closes them: a browser left open keeps the file from ever ending.
    const [service, browser] = await Promise.allSettled([startServiceProcess(name, { ADMIN_PASSWORD }), launchBrowser()]);
    if (service.status === 'fulfilled') world.service = service.value;
    if (browser.status === 'fulfilled') world.browser = browser.value;
    for (const started of [service, browser]) if (started.status === 'rejected') throw started.reason;
    world.base = world.service.base;
    world.adminKey = await world.loginKey('admin', ADMIN_PASSWORD);
    for (const [setting, value] of [
      ['sServiceURL', world.base], ['iPublicFormRateLimitPerMinute', '0'], ['iLoginRateLimitPerMinute', '0'],
    ]) {
      await world.ok('POST', `/admin/api/system/config/${setting}`, { value });
    }
    await arrange(world);
  });

  after(async () => {
    await world.browser?.close();
    await world.service?.stop();
    await new Promise<void>((resolve) => (world.sink ? world.sink.close(() => resolve()) : resolve()));
  });

  return world;
}

/** Signs in through the sign-in page and waits for the page the app opens first (My schedule, or `landing`). */
export async function signIn(page: Page, base: string, userName: string, password = PASSWORD, landing = 'My schedule'): Promise<void> {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: landing }).waitFor();
}

/**
 * Opens `path` signed in with `apiKey` the way the sign-in page leaves the browser: the key in the HttpOnly session
 * cookie. For the tests about something other than signing in: one key a person's test already holds (from
 * `loginKey`) serves the page and the API calls alike, so the test skips the sign-in page and the password check
 * (scrypt at the service's full cost, the dearest step of a test on a loaded machine) it would repeat.
 */
export async function openSignedIn(page: Page, base: string, apiKey: string, path = '/', landing = 'My schedule'): Promise<void> {
  await page.context().addCookies([{ name: 'vms_session', value: apiKey, url: base, httpOnly: true, sameSite: 'Strict' }]);
  await page.goto(`${base}${path}`);
  await page.getByRole('heading', { name: landing }).waitFor();
}

/** No serious or critical axe finding on the page as it is, then its screenshots at 360 and 1280 px. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  assert.deepEqual(await seriousAccessibilityProblems(page), [], `axe on ${name}`);
  await screenshots(page, name);
}

/**
 * Waits until `locator` holds the focus. A page moves the focus in an effect once it has rendered, a frame or more
 * after what a test waited for (a dialog shown, a dialog gone), so asking at once races the page. A focus that never
 * comes fails with `what` when the page's step timeout ends the wait.
 */
export async function focusComesTo(locator: Locator, what: string): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target) => target === document.activeElement, element).catch(() => assert.fail(what));
}
