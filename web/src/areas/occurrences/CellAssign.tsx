import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { formatDay, formatTimes } from '../../format';
import { AssignPanel } from './AssignPanel';
import { AssignmentsTable } from './AssignmentsTable';
import { useStaffing } from './api';
import { occurrencePath } from './public';

/**
 * The occurrence page's assign panel and assignments for one occurrence and position, as the roster opens them from a
 * cell: the same eligible list, rules, warnings and answers, the position kept here instead of in the address.
 */
export function CellAssign({ occurrenceId, positionId }: { occurrenceId: number; positionId: number }) {
  const { t, i18n } = useTranslation();
  const staffing = useStaffing(String(occurrenceId));
  const [position, setPosition] = useState(String(positionId));
  if (!staffing.isSuccess) return <QueryState query={staffing} />;
  const { occurrence } = staffing.data;
  return (
    <div className="cell-assign">
      <p className="occurrence-when">
        <span>{formatDay(occurrence.start, i18n.language)}</span> <span>{formatTimes(occurrence.start, occurrence.end, i18n.language)}</span>
        {' · '}<Link to={occurrencePath(occurrenceId, Number(position) || undefined)}>{t('occurrences.openOccurrence', { name: occurrence.scheduleName })}</Link>
      </p>
      <AssignPanel occurrenceId={String(occurrenceId)} staffing={staffing.data} position={{ value: position, onChange: setPosition }} />
      <AssignmentsTable staffing={staffing.data} />
    </div>
  );
}
