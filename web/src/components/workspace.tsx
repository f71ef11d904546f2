import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, ok } from '../api/client';
import type { PersonMatch } from '../api/types';
import { formatDate, formatTimes } from '../format';
import { SelectField, TextField } from './fields';
import { PickedName, tellApart } from './namesakes';

export const MINISTRIES = ['ministries'] as const;

/** The ministries the reader manages, by name (what `GET /api/ministries/ministries` answers for them). */
export function useMinistries() {
  return useQuery({
    queryKey: MINISTRIES,
    queryFn: async () => (await ok(api.GET('/api/ministries/ministries'))).ministries,
  });
}

/** Chooses one of the reader's ministries; `allLabel` adds an "all" choice whose value is `undefined`. */
export function MinistryPicker({ value, onChange, allLabel }: { value: number | undefined; onChange: (id: number | undefined) => void; allLabel?: string }) {
  const { t } = useTranslation();
  const ministries = useMinistries();
  return (
    <SelectField
      label={t('workspace.ministry')}
      value={value ?? ''}
      disabled={!ministries.data}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {allLabel === undefined && value === undefined && <option value="">{t('workspace.chooseMinistry')}</option>}
      {ministries.data?.map((ministry) => <option key={ministry.id} value={ministry.id}>{ministry.name}</option>)}
    </SelectField>
  );
}

/**
 * Finds people by name or e-mail (`GET /api/persons/search/{query}`, from two letters) and hands the chosen one on.
 * The person's id is the match's `objid`; its `id` is only its place in the list (the reference system's shape).
 */
export function PersonSearch({ label, onChoose }: { label: string; onChoose: (person: PersonMatch) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const matches = useQuery({
    queryKey: ['person-search', query.trim()],
    queryFn: async () => ok(api.GET('/api/persons/search/{query}', { params: { path: { query: query.trim() } } })),
    enabled: query.trim().length >= 2,
  });
  const namesakes = tellApart((matches.data ?? []).map((person) => ({ ...person, id: person.objid, name: person.text })), t);
  return (
    <div className="person-search">
      <TextField label={label} type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      {matches.data && (
        matches.data.length === 0
          ? <p className="muted" role="status">{t('workspace.noPeopleFound')}</p>
          : (
            <ul className="plain-list" aria-label={t('workspace.peopleFound')}>
              {matches.data.map((person) => (
                <li key={person.id}>
                  <button type="button" className="link-button" onClick={() => { onChoose(person); setQuery(''); }}>
                    <PickedName name={person.text} detail={namesakes.get(person.objid)} />
                  </button>
                </li>
              ))}
            </ul>
          )
      )}
    </div>
  );
}

/**
 * The ministry the page works on, kept in the address (`?ministryId=`) so a reload or a shared link keeps it;
 * without one, the reader's first ministry.
 */
export function useMinistryParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const ministries = useMinistries();
  const asked = Number(params.get('ministryId'));
  const chosen = asked > 0 ? asked : ministries.data?.[0]?.id;
  return [chosen, (id) => setParams(id ? { ministryId: String(id) } : {}, { replace: true })];
}

/** An occurrence's date and its times, as the church's wall clock. */
export function When({ start, end }: { start: string; end: string }) {
  const { i18n } = useTranslation();
  return (
    <>
      <span className="nowrap">{formatDate(start, i18n.language)}</span>{' '}
      <span className="nowrap muted">{formatTimes(start, end, i18n.language)}</span>
    </>
  );
}

/** A wall-clock moment (`YYYY-MM-DD HH:MM:SS`) as a date and a time. */
export function Moment({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <span className="nowrap">{formatDate(value, i18n.language)} {formatTimes(value, value, i18n.language)}</span>;
}
