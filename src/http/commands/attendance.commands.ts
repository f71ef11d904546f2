import type { AttendanceMark } from '../../db/schema.js';

/** The coordinator's mark (issue 36 #3); the schema has refused anything but the three words. */
export const parseMark = (body: { mark: AttendanceMark }): AttendanceMark => body.mark;

/** The venue's code a volunteer typed, when the church asks for one (blank reads as none). */
export const parseCheckInCode = (body: { code?: string } | undefined): string | undefined => body?.code?.trim() || undefined;
