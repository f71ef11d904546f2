import type { Repositories } from '../../db/repositories/index.js';
import type { DefaultRows } from '../../domain/occurrences/occurrences.service.js';
import { displayName } from '../../domain/people/display-name.js';
import { capacityOf, type EffectiveRequirement } from '../../domain/staffing/gaps.js';
import type { ScheduleFacts } from '../../domain/schedules/schedules.service.js';
import { generatesThrough } from '../../domain/schedules/windows.js';
import type { RequirementView, ScheduleView } from '../schemas/volunteer.schemas.js';

/** Staffing needs on the wire (contract §11.2). */

type RequirementRow = NonNullable<Awaited<ReturnType<Repositories['requirements']['findById']>>>;

/** A stored need: `defaults` only on template rows; counts from the gap derivation, or the row's own when none is given. */
export function presentRequirement(
  row: Pick<RequirementRow, 'id' | 'schedule_id' | 'occurrence_id' | 'position_id' | 'position_name' | 'min_count' | 'max_count' | 'notes'>,
  defaults: DefaultRows,
  figures?: Pick<EffectiveRequirement, 'liveCount' | 'gapCount' | 'openCount' | 'pendingCount'>,
): RequirementView {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    occurrenceId: row.occurrence_id,
    positionId: row.position_id,
    positionName: row.position_name,
    minCount: row.min_count,
    maxCount: row.max_count,
    notes: row.notes,
    source: row.occurrence_id !== null ? 'occurrence' : 'schedule',
    defaults: row.occurrence_id !== null ? [] : defaults.filter((d) => d.requirement_id === row.id).map((d) => ({
      personId: d.person_id,
      name: displayName(d),
      accepted: d.accepted,
      setBy: d.set_by_person_id,
      setByName: d.setter_first_name === null ? null : displayName({ first_name: d.setter_first_name, last_name: d.setter_last_name ?? '' }),
      qualified: d.qualified === true || (d.qualified as unknown) === 1 || (d.qualified as unknown) === '1',
    })),
    liveCount: figures?.liveCount ?? 0,
    gapCount: figures?.gapCount ?? Math.max(0, row.min_count),
    openCount: figures?.openCount ?? capacityOf({ minCount: row.min_count, maxCount: row.max_count }),
    pendingCount: figures?.pendingCount ?? 0,
  };
}

/** An effective need (§5.4): a schedule row carries its saved defaults, an occurrence's own row none. */
export function presentEffectiveRequirement(requirement: EffectiveRequirement, defaults: DefaultRows = []): RequirementView {
  return presentRequirement(
    {
      id: requirement.id,
      schedule_id: requirement.scheduleId,
      occurrence_id: requirement.overrideOccurrenceId,
      position_id: requirement.positionId,
      position_name: requirement.positionName,
      min_count: requirement.minCount,
      max_count: requirement.maxCount,
      notes: requirement.notes,
    },
    defaults,
    requirement,
  );
}

/** The schedule shape of contract §11.2. */
export function presentSchedule({ row, today, horizonWeeks }: ScheduleFacts): ScheduleView {
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
    generateThrough: generatesThrough(row, today, horizonWeeks),
    active: row.active,
    refillOnDecline: row.refill_on_decline,
    occurrenceCount: row.occurrence_count ?? 0,
  };
}

/** An answer carrying one schedule (its create, change or Staff this event), with whatever else it says. */
export const presentWithSchedule = <T extends { schedule: ScheduleFacts }>({ schedule, ...rest }: T) => ({ ...rest, schedule: presentSchedule(schedule) });
