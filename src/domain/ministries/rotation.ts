import { displayName, emailHint } from '../people/display-name.js';

interface RotationRow {
  person_id: number;
  first_name: string;
  last_name: string;
  in_pool: boolean | number | string;
  last_served_date: string | null;
  latest_service_date: string | null;
  email?: string | null;
  family_name?: string | null;
}

/**
 * Rotation order (contract §7.2): people who have never served and hold no upcoming assignment first; then
 * everyone else, least recently served first, where an upcoming assignment counts for ordering only.
 */
export function rotationOrder(rows: readonly RotationRow[]) {
  return [...rows]
    .sort((a, b) => {
      const aKey = a.latest_service_date ?? '';
      const bKey = b.latest_service_date ?? '';
      if (aKey !== bKey) return aKey < bKey ? -1 : 1;
      return displayName(a).toLowerCase().localeCompare(displayName(b).toLowerCase()) || a.person_id - b.person_id;
    })
    .map((row) => ({
      personId: row.person_id,
      displayName: displayName(row),
      inPool: row.in_pool === true || row.in_pool === 1 || row.in_pool === '1',
      lastServedDate: row.last_served_date,
      familyName: row.family_name ?? null,
      emailHint: emailHint(row.email),
    }));
}
