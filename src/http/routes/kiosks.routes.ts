import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../domain/services.js';
import { kioskRateLimit } from '../plugins/rate-limits.js';
import { presentCheckIn } from '../presenters/attendance.presenter.js';
import { presentKiosk, presentKioskPerson } from '../presenters/kiosks.presenter.js';
import { CheckIn } from '../schemas/attendance.schemas.js';
import { idParams, idSegment, responses, SuccessResponse } from '../schemas/common.js';
import { Kiosk, KioskBody, KioskEventBody, KioskPerson, KioskTarget } from '../schemas/kiosks.schemas.js';

/** The header a kiosk sends its own credential in; it is no API key and opens nothing else. */
export const KIOSK_KEY_HEADER = 'x-kiosk-key';

const kioskKeyOf = (request: FastifyRequest) => {
  const value = request.headers[KIOSK_KEY_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Kiosks (issue 36 #2). Administrators register, assign and revoke them; a kiosk, with its own credential in
 * `X-Kiosk-Key` (no person behind it), only reads the people serving at its event and checks them in and out,
 * under /api/public/kiosk: no login reaches these routes, and the kiosk's credential reaches nothing else.
 */
export const kiosksRoutes = (services: Services): FastifyPluginAsyncTypebox => async (app) => {
  const { kiosks } = services;
  const tags = ['Kiosks'];
  const admin = { access: { role: 'admin' as const } };
  const kioskPath = `/api/kiosks/${idSegment('kioskId')}`;
  const kioskDevice = { access: 'public' as const, rateLimit: kioskRateLimit(KIOSK_KEY_HEADER) };

  app.get('/api/kiosks', {
    config: admin,
    schema: { tags, summary: 'Registered kiosks, by name', response: responses({ 200: Type.Object({ kiosks: Type.Array(Kiosk) }) }) },
  }, async () => ({ kiosks: (await kiosks.list()).map(presentKiosk) }));

  app.post('/api/kiosks', {
    config: admin,
    schema: {
      tags,
      summary: "Register a kiosk: answers its credential once (the kiosk page's key); optionally the event it shows",
      body: KioskBody,
      response: responses({ 201: Type.Object({ kiosk: Kiosk, kioskKey: Type.String() }) }),
    },
  }, async (request, reply) => {
    const { kiosk, token } = await kiosks.register(request.body.name, request.body.eventId ?? null);
    return reply.code(201).send({ kiosk: presentKiosk(kiosk), kioskKey: token });
  });

  app.post(`${kioskPath}/event`, {
    config: admin,
    schema: { tags, summary: 'Assign the kiosk an event, or none (null)', params: idParams('kioskId'), body: KioskEventBody, response: responses({ 200: Type.Object({ kiosk: Kiosk }) }) },
  }, async (request) => ({ kiosk: presentKiosk(await kiosks.assign(request.params.kioskId, request.body.eventId)) }));

  app.delete(kioskPath, {
    config: admin,
    schema: { tags, summary: 'Revoke a kiosk: its credential stops working at once, and its event is freed', params: idParams('kioskId'), response: responses({ 200: SuccessResponse }) },
  }, async (request) => {
    await kiosks.revoke(request.params.kioskId);
    return { success: true as const };
  });

  app.get('/api/public/kiosk', {
    config: kioskDevice,
    schema: {
      tags,
      summary: "The kiosk's screen (X-Kiosk-Key): its event and the people serving at it, with their check-ins",
      response: responses({ 200: Type.Object({ kiosk: Kiosk, people: Type.Array(KioskPerson) }) }),
    },
  }, async (request) => {
    const { kiosk, people } = await kiosks.screen(await kiosks.authenticate(kioskKeyOf(request)));
    return { kiosk: presentKiosk(kiosk), people: people.map(presentKioskPerson) };
  });

  for (const [action, summary] of [['check-ins', 'Check a person serving at the event in, by id or by the QR code on their My schedule'], ['check-outs', 'Check a person out']] as const) {
    app.post(`/api/public/kiosk/${action}`, {
      config: kioskDevice,
      schema: { tags, summary: `${summary} (X-Kiosk-Key)`, body: KioskTarget, response: responses({ 200: Type.Object({ checkIn: CheckIn }) }) },
    }, async (request) => {
      const kiosk = await kiosks.authenticate(kioskKeyOf(request));
      const row = action === 'check-ins' ? await kiosks.checkIn(kiosk, request.body) : await kiosks.checkOut(kiosk, request.body);
      return { checkIn: presentCheckIn(row) };
    });
  }
};
