import type { DefaultRows, OccurrenceFacts } from '../../domain/occurrences/occurrences.service.js';
import { occurrenceFigures } from '../../domain/staffing/gaps.js';
import type { OccurrenceView } from '../schemas/volunteer.schemas.js';
import { presentAssignment } from './assignments.presenter.js';
import { presentEffectiveRequirement } from './schedules.presenter.js';

/** An occurrence on the wire (contract §5.5): its event's times and the counts derived from its effective needs. */
export function presentOccurrence({ row, requirements, hasOwnRows }: OccurrenceFacts): OccurrenceView {
  return {
    id: row.id,
    scheduleId: row.schedule_id,
    scheduleName: row.schedule_name,
    scheduleOneOff: row.one_off,
    ministryId: row.ministry_id,
    teamId: row.team_id,
    eventId: row.event_id,
    occurrenceDate: row.occurrence_date,
    start: row.start_at,
    end: row.end_at,
    status: row.status,
    notes: row.notes,
    ...occurrenceFigures(requirements, hasOwnRows),
    generatedDate: row.generated_at,
  };
}

type Detail = OccurrenceFacts & { defaults: DefaultRows };

/** E6: the occurrence and its effective needs. */
export const presentOccurrenceDetail = (detail: Detail) => ({
  occurrence: presentOccurrence(detail),
  requirements: detail.requirements.map((r) => presentEffectiveRequirement(r, detail.defaults)),
});

/** The staffing of an occurrence: each need with its assignments, and the assignments on positions without one. */
export function presentStaffing(staffing: Detail & { row: { ministry_id: number; team_id: number }; assignments: Parameters<typeof presentAssignment>[0][] }) {
  const assignments = staffing.assignments.map(presentAssignment);
  const required = new Set(staffing.requirements.map((r) => r.positionId));
  return {
    occurrence: presentOccurrence(staffing),
    ministryId: staffing.row.ministry_id,
    teamId: staffing.row.team_id,
    requirements: staffing.requirements.map((r) => ({
      ...presentEffectiveRequirement(r, staffing.defaults), assignments: assignments.filter((a) => a.positionId === r.positionId),
    })),
    otherAssignments: assignments.filter((a) => !required.has(a.positionId)),
    attendanceAvailable: true,
  };
}

type Editor = Detail & {
  row: { id: number; schedule_id: number; schedule_name: string };
  positions: ReadonlyArray<{ id: number; name: string; team_id: number; team_name: string; sort_order: number }>;
  templates: ReadonlyArray<{ position_id: number }>;
};

/** An occurrence's own needs after a change: whether it overrides its schedule's plan. */
export const presentOwnNeeds = (editor: Detail) => ({
  occurrenceId: editor.row.id,
  requirements: editor.requirements.map((r) => presentEffectiveRequirement(r, editor.defaults)),
  overridden: editor.hasOwnRows,
});

/** E6's editor: the effective needs, and every active position of the schedule's team to add one for. */
export const presentNeedsEditor = (editor: Editor) => ({
  ...presentOwnNeeds(editor),
  scheduleId: editor.row.schedule_id,
  scheduleName: editor.row.schedule_name,
  positions: editor.positions.map((p) => ({ id: p.id, name: p.name, teamId: p.team_id, teamName: p.team_name, order: p.sort_order })),
  schedulePositionIds: editor.templates.map((t) => t.position_id),
});
