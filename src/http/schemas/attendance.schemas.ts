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
