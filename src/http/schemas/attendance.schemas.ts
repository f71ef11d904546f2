import { Type, type Static } from '@sinclair/typebox';
import { Nullable, WallClock } from './common.js';

/** A person's check-in at an event (issue 36): the times, the coordinator's mark and the attendance it reads as. */
export const CheckIn = Type.Object({
  eventId: Type.Integer(),
  personId: Type.Integer(),
  displayName: Type.String(),
  checkedInAt: Nullable(WallClock),
  checkedOutAt: Nullable(WallClock),
  mark: Nullable(Type.Union(['present', 'late', 'absent'].map((m) => Type.Literal(m)), { description: "a coordinator's mark on the occurrence page" })),
  attendance: Type.Union(['checked_in', 'checked_out', 'not_checked_in'].map((s) => Type.Literal(s))),
});
export type CheckInView = Static<typeof CheckIn>;

/** What My schedule shows on a shift's card to check in (issue 36): the check-in made, the kiosk's QR, the church's way. */
export const CheckInCard = Type.Object({
  checkIn: Nullable(CheckIn),
  qr: Type.String({ description: 'the text of the QR code a kiosk scans: signed for this person and this event only' }),
  selfCheckIn: Type.Union([Type.Literal('phone'), Type.Literal('kiosk')], { description: 'setting sSelfCheckIn: from the phone, or at the kiosk only' }),
  venueCodeAsked: Type.Boolean({ description: "whether checking in from the phone asks the venue's code (setting sCheckInCode)" }),
});
export type CheckInCardView = Static<typeof CheckInCard>;
