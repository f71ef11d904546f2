import type { ScheduleRow } from '../../db/schema.js';
import { addDays } from '../dates.js';

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
