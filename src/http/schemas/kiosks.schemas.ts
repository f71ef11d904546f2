import { Type, type Static } from '@sinclair/typebox';
import { Id, Nullable, WallClock } from './common.js';

/** A kiosk device (issue 36 #2) as an administrator sees it; its credential is shown once, on registration. */
export const Kiosk = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  eventId: Nullable(Type.Integer()),
  eventTitle: Nullable(Type.String()),
  eventStart: Nullable(WallClock),
  createdAt: Nullable(WallClock),
});
export type KioskView = Static<typeof Kiosk>;

export const KioskBody = Type.Object({
  name: Type.String({ maxLength: 50, 'x-error': 'A kiosk needs a name of at most 50 characters' }),
  eventId: Type.Optional(Nullable(Id)),
});

export const KioskEventBody = Type.Object({ eventId: Nullable(Id) }, { 'x-error': 'eventId must be an event id or null' });

/** A person serving at the kiosk's event, as its screen lists them. */
export const KioskPerson = Type.Object({
  personId: Type.Integer(),
  displayName: Type.String(),
  attendance: Type.Union(['checked_in', 'checked_out', 'not_checked_in'].map((s) => Type.Literal(s))),
});
export type KioskPersonView = Static<typeof KioskPerson>;

export const KioskTarget = Type.Object({
  personId: Type.Optional(Id),
  qr: Type.Optional(Type.String({ maxLength: 200 })),
});
