import type { FastifyInstance } from 'fastify';
import type { CoordinatorPageVerdict } from '../../domain/access/route-access.js';
import type { Services } from '../../domain/services.js';
import { sendShell, type ShellHtml } from './web-app.js';

const DASHBOARD_PATH = '/ministries/dashboard';

const REDIRECT_OF: Record<Exclude<CoordinatorPageVerdict, 'allowed'>, (url: string) => string> = {
  'sign-in': (url) => `/sign-in?next=${encodeURIComponent(url)}`,
  'volunteer-area-off': () => '/',
  // The reference system's access-denied page names the role the reader lacks.
  'access-denied': () => '/v2/access-denied?role=VolunteerCoordinator',
};

/**
 * The pages the service checks before it sends the app (issue 16): the reference system's clients open the
 * coordinator's dashboard at these paths and expect its redirects, not an app that finds out later.
 */
export function registerWebPages(app: FastifyInstance, services: Services, shell: ShellHtml): void {
  const dashboardHtml = shell.titled('Ministry Dashboard');
  // Only a redirect to the page below, which does the checks: it reveals nothing, so it needs no caller.
  app.get('/ministries', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => reply.redirect(DASHBOARD_PATH, 302));

  app.get(DASHBOARD_PATH, { config: { access: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const verdict = await services.volunteerAccess.coordinatorPage(request.caller);
    if (verdict === 'allowed') return sendShell(reply, dashboardHtml);
    return reply.redirect(REDIRECT_OF[verdict](request.url), 302);
  });
}
