import { addDays } from '../../src/domain/dates.js';
import { mapLimit } from '../../scripts/seed/support.js';
import { call, login } from './http.js';
import type { CpuMeter } from './peer-cpu.js';
import { measure, warmUp, type LoadOptions, type Rotation, type ServingFigure } from './peer-load.js';
import { PEER_PASSWORD, PEER_VOLUNTEERS } from './peer-seed.js';

const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'changeme';
const V = '/api/ministries';

/** The read figures of issue 21 on the peer church (bench/peer.ts; bench/many-churches.ts compares them). */
export type PeerRead = 'myAssignments' | 'occurrenceStaffing' | 'sundayView' | 'sundayWithPeople';

/** The peer church as its load sees it from a running service: its logins' keys, what lies ahead, each read's rotation. */
export interface PeerSession {
  coordinatorKey: string;
  volunteerKeys: string[];
  occurrenceIds: number[];
  sundays: string[];
  reads: Record<PeerRead, Rotation>;
}

/**
 * Signs in the peer church's coordinator and volunteers at `baseUrl` (at `host`, for a church among many), with the
 * sign-in rate limit lifted for the load, and answers the rotations of its read figures over the upcoming Sundays.
 */
export async function signInPeer(baseUrl: string, host?: string): Promise<PeerSession> {
  const adminKey = await login(baseUrl, 'admin', ADMIN_PASSWORD, host);
  await call(baseUrl, 'POST', '/admin/api/system/config/iLoginRateLimitPerMinute', { key: adminKey, body: { value: 0 }, host });
  const coordinatorKey = await login(baseUrl, 'coordinator', PEER_PASSWORD, host);
  // Two at a time: the password check is scrypt on the service's worker threads, and this machine has two cores.
  const volunteerKeys = await mapLimit(Array.from({ length: PEER_VOLUNTEERS }, (_, i) => `volunteer${i + 1}`), 2, (name) => login(baseUrl, name, PEER_PASSWORD, host));

  const dashboard = await call(baseUrl, 'GET', `${V}/dashboard`, { key: coordinatorKey, host });
  const ministryId: number = dashboard.scope.ministries[0].id;
  const today: string = dashboard.from;
  const upcoming = await call(baseUrl, 'GET', `${V}/occurrences?from=${today}&to=${addDays(today, 365)}&ministryId=${ministryId}`, { key: coordinatorKey, host });
  if (upcoming.capped) throw new Error('More upcoming occurrences than the list answers at once');
  const occurrenceIds: number[] = upcoming.occurrences.map((o: { id: number }) => o.id);
  const sundays = [...new Set<string>(upcoming.occurrences.map((o: { occurrenceDate: string }) => o.occurrenceDate))];
  const reads: Record<PeerRead, Rotation> = {
    myAssignments: (i) => ({ path: '/api/me/assignments', key: volunteerKeys[i % volunteerKeys.length] }),
    occurrenceStaffing: (i) => ({ path: `${V}/occurrences/${occurrenceIds[i % occurrenceIds.length]}/staffing`, key: coordinatorKey }),
    sundayView: (i) => {
      const date = sundays[i % sundays.length];
      return { path: `${V}/occurrences?from=${date}&to=${date}&ministryId=${ministryId}`, key: coordinatorKey };
    },
    // The roster of one date: every occurrence with each requirement and the people placed (issue 39 #2).
    sundayWithPeople: (i) => {
      const date = sundays[i % sundays.length];
      return { path: `${V}/ministries/${ministryId}/roster?from=${date}&to=${date}`, key: coordinatorKey };
    },
  };
  return { coordinatorKey, volunteerKeys, occurrenceIds, sundays, reads };
}

/** Each read figure under the load `options` make of its rotation, measured after an unmeasured warm-up of it. */
export async function measureReads(
  reads: Record<PeerRead, Rotation>,
  options: (rotation: Rotation) => LoadOptions,
  cpu: CpuMeter,
  announce: (read: PeerRead) => void,
): Promise<Record<PeerRead, ServingFigure>> {
  const figures = {} as Record<PeerRead, ServingFigure>;
  for (const [name, rotation] of Object.entries(reads) as Array<[PeerRead, Rotation]>) {
    announce(name);
    await warmUp(options(rotation));
    figures[name] = await measure(options(rotation), cpu);
  }
  return figures;
}
