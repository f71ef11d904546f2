import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, seriousAccessibilityProblems } from '../helpers/browser.js';
import { inDays, useBrowserWorld } from '../kit/browser.js';

/**
 * Every page of the web app, at a phone's width and a desk's, in English and in Spanish, has no serious or critical
 * axe finding (issue 37's done-when). The pages are listed here with the heading that says each has opened; the first
 * test checks the list against the app's routes, so a page added to the app without being added here fails it.
 */
const world = useBrowserWorld('accessibility', arrange);
const { ok } = world;
const V = '/api/ministries';

type Language = 'en' | 'es';
type Reader = 'nobody' | 'volunteer' | 'administrator';
/** A page as a reader opens it, with the first-level heading it shows in each language once it has opened. */
interface Sweep { route: string; open: () => string; reader: Reader; heading: Record<Language, string> }

const church = { ministryId: 0, scheduleId: 0, occurrenceId: 0, assignmentId: 0, kioskKey: '', answerLink: '' };
let volunteerKey = '';

async function arrange(): Promise<void> {
  await world.mailToSink();
  const ministry = await ok('POST', `${V}/ministries`, { name: 'Hospitality' });
  church.ministryId = ministry.ministry.id;
  const teamId = (await ok('GET', `${V}/ministries/${church.ministryId}/teams`)).teams[0].id;
  const usher = (await ok('POST', `${V}/ministries/${church.ministryId}/positions`, { name: 'Usher', teamId })).position.id;
  const types = await ok<Array<{ Id: number; Name: string }>>('GET', '/api/events/types');
  const eventTypeId = types.find((type) => type.Name === 'Other')!.Id;
  const events = await ok('POST', `${V}/ministries/${church.ministryId}/events`, { title: 'Sunday service', eventTypeId, date: inDays(3), startTime: '10:00', endTime: '11:30' });
  const schedule = await ok('POST', `${V}/ministries/${church.ministryId}/schedules`, {
    name: 'Sunday service', linkMode: 'ministry', titleFilter: 'Sunday service', teamId, windowStart: inDays(0), requirements: [{ positionId: usher, minCount: 2 }],
  });
  church.scheduleId = schedule.schedule.id;
  church.occurrenceId = ((await ok('GET', `${V}/dashboard`)).gaps as Array<{ occurrenceId: number }>)[0].occurrenceId;

  const vera = await world.newUser('Vera');
  await ok('POST', `${V}/positions/${usher}/qualifications`, { personId: vera.personId });
  church.assignmentId = (await ok('POST', `${V}/occurrences/${church.occurrenceId}/assignments`, { positionId: usher, personId: vera.personId })).assignment.id;
  volunteerKey = await world.loginKey(vera.userName, vera.password);
  // The forced run returns once every due message was tried (contract §18 #36), so the request mail is in the sink.
  await ok('POST', '/api/background/timerjobs', { force: true });
  const mail = world.mails.find((m) => m.to === 'vera@church.example' && m.text.includes('/answer/'));
  assert.ok(mail, 'the request mail with its answer links arrived');
  church.answerLink = mail.text.match(/https?:\/\/\S+\/answer\/\S+\?response=accepted/)![0];
  church.kioskKey = (await ok('POST', '/api/kiosks', { name: 'Front door', eventId: events.events[0].id })).kioskKey;
}

const page = (route: string, reader: Reader, en: string, es: string, open: () => string = () => route): Sweep => ({ route, open, reader, heading: { en, es } });

const SWEEP: Sweep[] = [
  page('/sign-in', 'nobody', 'Sign in', 'Iniciar sesión'),
  page('/reset-password', 'nobody', 'Reset your password', 'Restablecer la contraseña'),
  page('/reset-password', 'nobody', 'Choose a new password', 'Elija una contraseña nueva', () => '/reset-password?token=not-a-real-token'),
  page('/invitation', 'nobody', 'Your invitation', 'Su invitación'),
  page('/register', 'nobody', 'Register as a volunteer', 'Inscribirse como voluntario'),
  page('/kiosk', 'nobody', 'Check-in', 'Registro de llegada'),
  page('/kiosk', 'nobody', 'Sunday service', 'Sunday service', () => `/kiosk#key=${church.kioskKey}`),
  page('/answer/:token', 'nobody', 'Your answer to a request to serve', 'Su respuesta a una solicitud de servicio', () => new URL(church.answerLink).pathname + new URL(church.answerLink).search),
  page('/answer/:token', 'nobody', 'This link no longer works', 'Este enlace ya no funciona', () => '/answer/not-a-real-token'),

  page('/', 'volunteer', 'My schedule', 'Mi horario'),
  page('/open-spots', 'volunteer', 'Open spots', 'Lugares libres'),
  page('/help-wanted', 'volunteer', 'Help wanted', 'Se busca ayuda'),
  page('/me', 'volunteer', 'Me', 'Yo'),
  page('/me/availability', 'volunteer', 'My availability', 'Mi disponibilidad'),
  page('/assignments/:assignmentId/substitute', 'volunteer', 'Propose a substitute', 'Proponer un sustituto', () => `/assignments/${church.assignmentId}/substitute`),
  page('/account/password', 'volunteer', 'Change my password', 'Cambiar mi contraseña'),
  page('/account/two-factor', 'volunteer', 'Two-factor sign-in', 'Inicio de sesión en dos pasos'),
  page('/v2/access-denied', 'volunteer', 'You cannot open this page', 'No puede abrir esta página', () => '/ministries/dashboard'),
  page('*', 'volunteer', 'This page does not exist.', 'Esta página no existe.', () => '/no-such-page'),

  page('/ministries/dashboard', 'administrator', 'Ministry dashboard', 'Panel del ministerio'),
  page('/ministries/occurrences', 'administrator', 'Occurrences', 'Fechas programadas'),
  page('/ministries/occurrences/:occurrenceId', 'administrator', 'Sunday service', 'Sunday service', () => `/ministries/occurrences/${church.occurrenceId}`),
  page('/ministries/roster', 'administrator', 'Roster', 'Cuadrante', () => `/ministries/roster?ministryId=${church.ministryId}`),
  page('/ministries/schedules', 'administrator', 'Schedules', 'Horarios'),
  page('/ministries/schedules/new', 'administrator', 'New schedule', 'Nuevo horario'),
  page('/ministries/schedules/:scheduleId', 'administrator', 'Sunday service', 'Sunday service', () => `/ministries/schedules/${church.scheduleId}`),
  page('/ministries/reports', 'administrator', 'Reports', 'Informes', () => `/ministries/reports?ministryId=${church.ministryId}`),
  page('/ministries/availability', 'administrator', 'Availability at a glance', 'Disponibilidad de un vistazo', () => `/ministries/availability?ministryId=${church.ministryId}`),
  page('/ministries/events', 'administrator', 'Ministry events', 'Eventos del ministerio'),
  page('/ministries/setup', 'administrator', 'Ministries', 'Ministerios'),
  page('/ministries/setup/:ministryId', 'administrator', 'Hospitality', 'Hospitality', () => `/ministries/setup/${church.ministryId}`),
  page('/ministries/message', 'administrator', 'Message', 'Mensaje'),
  page('/ministries/invitations', 'administrator', 'Invitations', 'Invitaciones'),
  page('/admin/users', 'administrator', 'Users', 'Usuarios'),
  page('/admin/settings', 'administrator', 'Settings', 'Configuración'),
  page('/admin/people', 'administrator', 'People', 'Personas'),
  page('/admin/people/import', 'administrator', 'Import people from a file', 'Importar personas desde un archivo'),
  page('/admin/groups', 'administrator', 'Groups', 'Grupos'),
  page('/admin/calendars', 'administrator', 'Calendars', 'Calendarios'),
  page('/admin/registrations', 'administrator', 'Registrations', 'Inscripciones'),
  page('/admin/kiosks', 'administrator', 'Kiosks', 'Quioscos'),
];

/** The app's routes that draw a page (not those that only send elsewhere), as web/src declares them. */
function appRoutes(): string[] {
  const web = path.resolve('web/src');
  const sources = [path.join(web, 'App.tsx'), ...fs.readdirSync(path.join(web, 'areas'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.tsx')).map((file) => path.join(web, 'areas', file))];
  return sources.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/path="([^"]+)" element=\{<(\w+)/g)])
    .filter(([, , element]) => element !== 'Navigate').map(([, route]) => route);
}

/** Waits until the page shows its heading in `language` and has drawn what its requests answered. */
async function opened(on: Page, sweep: Sweep, language: Language): Promise<void> {
  await on.getByRole('heading', { level: 1, name: sweep.heading[language], exact: true }).waitFor();
  await on.waitForLoadState('networkidle');
  await on.waitForFunction(() => !/Loading…|Cargando…/.test(document.body.innerText));
  assert.equal(await on.evaluate(() => document.documentElement.lang), language, `${sweep.open()} is in ${language}`);
}

describe('accessibility of every page (issue 37)', { concurrency: true }, () => {
  it('lists every page the app draws', () => {
    const swept = new Set(SWEEP.map((sweep) => sweep.route));
    assert.deepEqual(appRoutes().filter((route) => !swept.has(route)), []);
  });

  for (const language of ['en', 'es'] as const) {
    it(`finds no serious or critical axe problem on any page at 360 and 1280 px in ${language === 'en' ? 'English' : 'Spanish'}`, async () => {
      const problems: string[] = [];
      for (const reader of ['nobody', 'volunteer', 'administrator'] as const) {
        const context = await world.browser.newContext({ viewport: PHONE, locale: language === 'en' ? 'en-US' : 'es-ES' });
        context.setDefaultTimeout(60_000);
        try {
          const key = { nobody: undefined, volunteer: volunteerKey, administrator: world.adminKey }[reader];
          if (key) await context.addCookies([{ name: 'vms_session', value: key, url: world.base, httpOnly: true, sameSite: 'Strict' }]);
          const on = await context.newPage();
          for (const sweep of SWEEP.filter((candidate) => candidate.reader === reader)) {
            await on.setViewportSize(PHONE);
            // A new document for each page, so that one opened by its hash alone (the kiosk's key) starts afresh.
            await on.goto('about:blank');
            await on.goto(`${world.base}${sweep.open()}`);
            await opened(on, sweep, language);
            for (const size of [PHONE, DESKTOP]) {
              await on.setViewportSize(size);
              for (const problem of await seriousAccessibilityProblems(on)) problems.push(`${sweep.open()} at ${size.width} px: ${problem}`);
            }
          }
        } finally {
          await context.close();
        }
      }
      assert.deepEqual(problems, []);
    });
  }
});
