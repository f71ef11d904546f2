import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, ok } from '../../api/client';
import type { Ministry } from '../../api/types';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { CheckboxField, TextAreaField, TextField } from '../../components/fields';
import { MINISTRIES, useMinistries } from '../../components/workspace';
import { QualificationMatrix } from './Matrix';
import { ActiveBadge } from './MinistriesPage';
import { QueryState } from '../../components/QueryState';
import { Section } from './parts';
import { PoolSection } from './Pool';
import { PositionsSection } from './Positions';
import { useSummary } from './api';
import { ScopesSection } from './Scopes';
import { TeamsSection } from './Teams';

const SECTIONS = ['details', 'teams', 'positions', 'pool', 'matrix', 'scopes'] as const;

/** `/ministries/setup/:ministryId`: everything a coordinator sets up before the first schedule, on one page. */
export function MinistryPage() {
  const { t } = useTranslation();
  const ministryId = Number(useParams().ministryId);
  const ministries = useMinistries();
  if (!ministries.isSuccess) return <QueryState query={ministries} />;
  const ministry = ministries.data.find((candidate) => candidate.id === ministryId);
  const back = <p><Link to="/ministries/setup">{t('setup.back')}</Link></p>;
  if (!ministry) return <>{back}<p className="note note-warning">{t('setup.notFound')}</p></>;
  return (
    <>
      {back}
      <div className="setup-heading">
        <h1>{ministry.name}</h1>
        <ActiveBadge active={ministry.active} />
      </div>
      <nav className="setup-jump" aria-label={t('setup.onThisPage')}>
        {SECTIONS.map((section) => <a key={section} href={`#setup-${section}`}>{t(`setup.section.${section}`)}</a>)}
      </nav>
      <SummaryPanel ministryId={ministry.id} />
      <div className="grid-2 setup-grid">
        <DetailsForm key={ministry.id} ministry={ministry} />
        <TeamsSection ministryId={ministry.id} />
      </div>
      <PositionsSection ministryId={ministry.id} />
      <PoolSection ministryId={ministry.id} />
      <QualificationMatrix ministryId={ministry.id} />
      <ScopesSection ministryId={ministry.id} />
    </>
  );
}

const COUNTS = ['teamCount', 'volunteerCount', 'unfilledPositionCount', 'occurrenceCount', 'assignmentCount'] as const;

/** E16: the ministry at a glance. */
function SummaryPanel({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const summary = useSummary(ministryId);
  if (!summary.data) return <QueryState query={summary} />;
  return (
    <dl className="setup-summary" aria-label={t('setup.summary')}>
      {COUNTS.map((count) => (
        <div key={count}>
          <dt>{t(`setup.count.${count}`)}</dt>
          <dd>{summary.data[count]}</dd>
        </div>
      ))}
    </dl>
  );
}

function DetailsForm({ ministry }: { ministry: Ministry }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(ministry.name);
  const [description, setDescription] = useState(ministry.description ?? '');
  const [active, setActive] = useState(ministry.active);
  const [helpWanted, setHelpWanted] = useState(ministry.helpWanted);
  const [helpWantedText, setHelpWantedText] = useState(ministry.helpWantedText);
  const save = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}', {
      params: { path: { ministryId: String(ministry.id) } },
      body: { name: name.trim(), description: description.trim() || null, active, helpWanted, helpWantedText: helpWantedText.trim() },
    })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MINISTRIES }),
  });
  return (
    <Section id="details" title={t('setup.section.details')}>
      <form className="form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
        <TextField label={t('setup.name')} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
        <TextAreaField label={t('setup.description')} value={description} onChange={(event) => setDescription(event.target.value)} maxLength={255} rows={2} />
        <CheckboxField label={t('setup.ministryActive')} hint={t('setup.ministryActiveHint')} checked={active} onChange={(event) => setActive(event.target.checked)} />
        <CheckboxField label={t('setup.helpWanted')} hint={t('setup.helpWantedHint')} checked={helpWanted} onChange={(event) => setHelpWanted(event.target.checked)} />
        <TextAreaField label={t('setup.helpWantedText')} hint={t('setup.helpWantedTextHint')} value={helpWantedText} onChange={(event) => setHelpWantedText(event.target.value)} maxLength={2000} rows={3} />
        {save.isError && <ErrorNote error={save.error} />}
        {save.isSuccess && <SuccessNote>{t('setup.saved')}</SuccessNote>}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>{t('setup.saveDetails')}</button>
        </div>
      </form>
    </Section>
  );
}
