/** How big a church `--scale N` builds: scale 1 is 5,000 people, 20 ministries, ~500,000 assignments. */

export const USAGE = 'usage: npm run seed -- --scale N   (N a number above 0 and at most 10, e.g. 0.02, 0.2, 1)';

/**
 * A little above 10 one completion step would pass PostgreSQL's 65,535 bind parameters (see completeHistory), and the
 * run would take hours anyway.
 */
export const MAX_SCALE = 10;

/** Bench logins `volunteer1` … `volunteerN`, the same number at every scale. */
export const BENCH_VOLUNTEERS = 50;
/** Bench persons: the coordinator, the manager and the volunteers. */
export const BENCH_PEOPLE = BENCH_VOLUNTEERS + 2;
export const BENCH_PASSWORD = 'seed-password';
/** Ministries each bench volunteer is qualified in (every self-assignable position of each). */
export const VOLUNTEER_MINISTRIES = 4;
export const COORDINATED_MINISTRIES = 3;

/** Weeks of history behind today and of schedule ahead of it; 52 is the horizon setting's maximum. */
export const WEEKS = 52;

/** General (non-bench) qualifications per position of a team: 30 per team, 3,000 at scale 1. */
export const QUALIFIED_PER_POSITION = [15, 13, 2] as const;

export class UsageError extends Error {}

export interface SeedPlan {
  scale: number;
  people: number;
  families: number;
  ministries: number;
  /** Teams in all, at least one per ministry; team i belongs to ministry i mod `ministries`. */
  teams: number;
  /** People added to each ministry's pool through the cart, beyond those who join by qualification. */
  extraPoolMembers: number;
}

/** Reads `--scale N` or `--scale=N`; throws UsageError for anything else. */
export function parseScale(argv: readonly string[]): number {
  let text: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--scale') {
      text = argv[++i];
      if (text === undefined) throw new UsageError('--scale needs a value');
    }
    else if (arg.startsWith('--scale=')) text = arg.slice('--scale='.length);
    else throw new UsageError(`unknown argument "${arg}"`);
  }
  if (text === undefined) throw new UsageError('--scale is required');
  const scale = Number(text);
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text.trim()) || !(scale > 0) || scale > MAX_SCALE) {
    throw new UsageError(`--scale must be a number above 0 and at most ${MAX_SCALE} (got "${text}")`);
  }
  return scale;
}

const scaled = (atScaleOne: number, scale: number) => Math.max(1, Math.round(atScaleOne * scale));

/** The counts of a scale; every count is at least 1, and there are always enough people for the bench logins. */
export function planFor(scale: number): SeedPlan {
  // The bench persons plus enough others to fill a team's core position (15 qualified) twice over.
  const people = Math.max(scaled(5000, scale), BENCH_PEOPLE + 2 * QUALIFIED_PER_POSITION[0]);
  const ministries = scaled(20, scale);
  return {
    scale,
    people,
    // At tiny scales the floor of people would crowd into one or two households; keep households of about three.
    families: Math.min(people, Math.max(scaled(1800, scale), Math.ceil(people / 3))),
    ministries,
    teams: Math.max(ministries, scaled(100, scale)),
    // 2,000 memberships in all at scale 1, spread over the ministries.
    extraPoolMembers: Math.max(1, Math.round((2000 * scale) / ministries)),
  };
}
