import type { AutoFillService } from '../../domain/autofill/autofill.service.js';
import { displayName } from '../../domain/people/display-name.js';
import { csvFile } from '../../shared/csv.js';
import type { AutoFillCommitView, AutoFillUndoView, ServingsView } from '../schemas/auto-fill.schemas.js';

/** Auto-fill's runs and the servings report on the wire (issue 18). */

type RunRow = Awaited<ReturnType<AutoFillService['undo']>>['cancelled'][number];

function presentRunAssignment(row: RunRow) {
  return {
    assignmentId: row.id, occurrenceId: row.occurrence_id, positionId: row.position_id, positionName: row.position_name,
    personId: row.person_id, displayName: displayName(row), date: row.date,
  };
}

export function presentCommit(facts: Awaited<ReturnType<AutoFillService['commit']>>): AutoFillCommitView {
  const { committer } = facts;
  return {
    runId: facts.runId,
    committedBy: { personId: facts.by, displayName: displayName({ first_name: committer.first_name ?? '', last_name: committer.last_name ?? '' }), at: facts.at },
    created: facts.created.map((row) => ({ ...presentRunAssignment(row), status: row.status, source: 'coordinator' as const, autoFilled: true as const })),
    skipped: facts.skipped,
  };
}

export function presentUndo(facts: Awaited<ReturnType<AutoFillService['undo']>>): AutoFillUndoView {
  return {
    runId: facts.runId,
    cancelled: facts.cancelled.map(presentRunAssignment),
    kept: facts.kept.map(({ row, reason }) => ({ ...presentRunAssignment(row), status: row.status, reason })),
  };
}

export function presentServings(report: Awaited<ReturnType<AutoFillService['servings']>>): ServingsView {
  return {
    ministryId: report.ministryId, teamId: report.teamId, from: report.from, to: report.to, attendanceTracked: report.attendanceTracked,
    people: report.people.map((row) => ({
      personId: row.person_id, displayName: displayName(row), total: row.total,
      pending: row.pending, accepted: row.accepted, declined: row.declined, cancelled: row.cancelled, completed: row.completed,
      lastServed: row.last_served, ...row.attendance,
    })),
  };
}

/** The servings report as CSV: a header row, then one line per person, escaped as every CSV of the service is. */
export function servingsCsv(report: ServingsView): string {
  const header = ['personId', 'name', 'total', 'pending', 'accepted', 'declined', 'cancelled', 'completed', 'lastServed', 'served', 'noShows', 'hoursServed'];
  return csvFile(header, report.people.map((p) => [p.personId, p.displayName, p.total, p.pending, p.accepted, p.declined, p.cancelled, p.completed, p.lastServed,
    p.served, p.noShows, p.hoursServed]));
}
