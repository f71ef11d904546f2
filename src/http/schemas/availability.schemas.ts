import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

const DateField = (field: string) => Type.String({ maxLength: 20, 'x-error': `${field} must be a date in YYYY-MM-DD form` });
const TimeField = (field: string) => Type.String({ maxLength: 8, 'x-error': `${field} must be a time in HH:MM form` });

/** A blockout (ours, issue 17). `reason` is answered to the person and to coordinators in scope only. */
export const Blockout = Type.Object({
  id: Type.Integer(),
  personId: Type.Integer(),
  startDate: Type.String(),
  endDate: Type.String(),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  repeatWeeklyUntil: Nullable(Type.String()),
  reason: Type.Optional(Nullable(Type.String())),
});

export const BlockoutBody = Type.Object({
  startDate: DateField('startDate'),
  endDate: Type.Optional(DateField('endDate')),
  startTime: Type.Optional(TimeField('startTime')),
  endTime: Type.Optional(TimeField('endTime')),
  repeatWeeklyUntil: Type.Optional(DateField('repeatWeeklyUntil')),
  reason: Type.Optional(Type.String({ maxLength: 500, 'x-error': 'reason must be text of at most 500 characters' })),
});

/** A note that an answer placed someone against one of their own rules; the change was still made. */
export const Warning = Type.Object({ code: Type.String(), message: Type.String(), blockoutId: Type.Optional(Type.Integer()) });
