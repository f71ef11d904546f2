import type { ScheduleRow } from '../../db/schema.js';
import { addDays } from '../dates.js';
import { displayName } from '../ministries/views.js';
import { capacityOf, type EffectiveRequirement } from '../staffing/gaps.js';

type DetailedSchedule = ScheduleRow & {
  event_type_name: string | null;
  group_name: string | null;
  group_type: number | null;
  event_title: string | null;
  event_start: string | null;
  occurrence_count: number | null;
};

/** The schedule shape of contract §11.2. */
export function scheduleView(row: DetailedSchedule, today: string, horizonWeeks: number) {
  const horizonEnd = addDays(today, horizonWeeks * 7);
  const generateThrough = row.one_off
    ? (row.event_start?.slice(0, 10) ?? row.window_start)
    : row.window_end !== null && row.window_end < horizonEnd ? row.window_end : horizonEnd;
  return {
    id: row.id,
    oneOff: row.one_off,
    ministryId: row.ministry_id,
    teamId: row.team_id,
    name: row.name,
    linkMode: row.link_mode,
    eventTypeId: row.event_type_id,
    eventTypeName: row.event_type_name,
    titleFilter: row.title_filter,
    groupId: row.group_id,
    groupName: row.group_name,
    groupSundaySchool: row.group_type === 4,
    eventId: row.event_id,
    eventTitle: row.event_title,
    eventStart: row.event_start,
    startOffsetMinutes: row.start_offset_minutes,
    endOffsetMinutes: row.end_offset_minutes,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    horizonWeeks,
    generateThrough,
    active: row.active,
    refillOnDecline: row.refill_on_decline,
    occurrenceCount: row.occurrence_count ?? 0,
  };
}

export interface DefaultView {
  requirement_id: number;
  person_id: number;
  first_name: string;
  last_name: string;
  accepted: boolean;
  set_by_person_id: number | null;
  setter_first_name: string | null;
  setter_last_name: string | null;
  qualified: boolean | number | string;
}

/** The requirement shape of §11.2: `defaults` only on template rows; counts from the gap derivation. */
export function requirementView(
  row: { id: number; schedule_id: number | null; occurrence_id: number | null; position_id: number; position_name: string; min_count: number; max_count: number | null; notes: string | null },
  defaults: readonly DefaultView[],
  figures?: Pick<EffectiveRequirement, 'liveCount' | 'gapCount' | 'openCount' | 'pendingCount'>,
) {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    occurrenceId: row.occurrence_id,
    positionId: row.position_id,
    positionName: row.position_name,
    minCount: row.min_count,
    maxCount: row.max_count,
    notes: row.notes,
    source: row.occurrence_id !== null ? ('occurrence' as const) : ('schedule' as const),
    defaults: row.occurrence_id !== null ? [] : defaults.filter((d) => d.requirement_id === row.id).map((d) => ({
      personId: d.person_id,
      name: displayName(d),
      accepted: d.accepted,
      setBy: d.set_by_person_id,
      setByName: d.setter_first_name === null ? null : displayName({ first_name: d.setter_first_name, last_name: d.setter_last_name ?? '' }),
      qualified: d.qualified === true || d.qualified === 1 || d.qualified === '1',
    })),
    liveCount: figures?.liveCount ?? 0,
    gapCount: figures?.gapCount ?? Math.max(0, row.min_count),
    openCount: figures?.openCount ?? capacityOf({ minCount: row.min_count, maxCount: row.max_count }),
    pendingCount: figures?.pendingCount ?? 0,
  };
}
