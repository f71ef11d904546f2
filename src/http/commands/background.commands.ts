import { parsePermissiveBoolean } from '../../domain/values.js';

/** Whether a timer-job run skips the minimum interval (§1.7's permissive boolean; anything else does not). */
export const parseTimerJobsForce = (body: { force?: unknown }): boolean => parsePermissiveBoolean(body.force) === true;
