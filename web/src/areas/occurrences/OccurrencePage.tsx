import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { formatDate, formatDay, formatTimes } from '../../format';
import { AutoFill } from '../autofill/public';
import { MessageLink } from '../messaging/public';
import { AssignPanel, useAssignPosition } from './AssignPanel';
import { AssignmentsTable } from './AssignmentsTable';
import { NeedsEditor } from './NeedsEditor';
import { Table } from '../../components/Table';
import { teamLabel, useScope, type Staffing, useStaffing } from './api';
import { StatusBadge } from './public';

export function OccurrencePage() {
  const { t, i18n } = useTranslation();
  const { occurrenceId = '' } = useParams();
  const scope = useScope();
  const staffing = useStaffing(occurrenceId);
  const occurrence = staffing.data?.occurrence;
  useEffect(() => {
    document.title = occurrence ? `${occurrence.scheduleName} · ${formatDate(occurrence.start, i18n.language)}` : t('occurrences.pageTitle');
  }, [occurrence, t, i18n.language]);
  if (!staffing.isSuccess) return <QueryState query={staffing} />;
  const data = staffing.data;
  const { start, end } = data.occurrence;
  return (
    <>
      <p className="breadcrumb"><Link to="/ministries/occurrences">{t('occurrences.backToList')}</Link></p>
      <h1>{data.occurrence.scheduleName}</h1>
      <p className="occurrence-when">
        <span>{formatDay(start, i18n.language)}</span> <span>{formatTimes(start, end, i18n.language)}</span>
        {' '}<span className="muted">{teamLabel(scope.data, data.teamId)}</span>
        {data.occurrence.status === 'cancelled' && <> <StatusBadge status="cancelled" /></>}
      </p>
      {data.occurrence.notes && <p>{data.occurrence.notes}</p>}
      <p><MessageLink choice={{ ministryId: data.occurrence.ministryId, audience: 'serving', occurrenceId: data.occurrence.id }} /></p>
      <NeedsTable staffing={data} />
      <AutoFill scope={{ occurrenceId: data.occurrence.id }} />
      <AssignPanel occurrenceId={occurrenceId} staffing={data} />
      <AssignmentsTable staffing={data} />
      <NeedsEditor occurrenceId={occurrenceId} />
    </>
  );
}

function NeedsTable({ staffing }: { staffing: Staffing }) {
  const { t } = useTranslation();
  const assign = useAssignPosition();
  return (
    <section>
      <h2 className="section-title">{t('occurrences.needs')}</h2>
      {staffing.occurrence.requirementsOverridden && <p className="muted">{t('occurrences.overriddenNote')}</p>}
      {staffing.requirements.length === 0 ? <p className="muted">{t('occurrences.noNeeds')}</p> : (
        <Table cards head={[t('occurrences.position'), t('occurrences.min'), t('occurrences.max'), t('occurrences.live'), t('occurrences.pending'), t('occurrences.missing'), <span className="visually-hidden">{t('occurrences.actions')}</span>]} numberColumns={[1, 2, 3, 4, 5]} label={t('occurrences.needs')}>
          {staffing.requirements.map((requirement) => (
            <tr key={requirement.positionId} data-position-id={requirement.positionId}>
              <th scope="row">{requirement.positionName}</th>
              <td className="number">{requirement.minCount}</td>
              <td className="number">{requirement.maxCount ?? t('occurrences.noMax')}</td>
              <td className="number" data-field="live">{requirement.liveCount}</td>
              <td className="number">{requirement.pendingCount}</td>
              <td className="number">
                {requirement.gapCount > 0 ? <span className="badge badge-declined">{requirement.gapCount}</span> : 0}
              </td>
              <td>
                {requirement.gapCount > 0 && (
                  <button type="button" className="button" onClick={() => assign(requirement.positionId)}>
                    {t('occurrences.assignGap')}<span className="visually-hidden"> {requirement.positionName}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
