import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { Empty, errorText } from '../../components/feedback';
import { SelectField, TextField } from '../../components/fields';
import { QueryState } from '../../components/QueryState';
import { Section } from './parts';
import { type Matrix, type PoolPerson, type Position, refreshParts, setupKeys, useMatrix } from './api';
import { PickedName, useTellApart } from '../../components/namesakes';

/** A column: the position, named with its team when another team has a position of the same name. */
type Column = Position & { label: string };
/** Resolves true once the answer is written into the grid, false after a refusal (shown above the grid). */
type Toggle = (person: PoolPerson, position: Position, qualified: boolean) => Promise<boolean>;
type Failure = { error: unknown; person: string; position: string };

/** One cell of a person's row set or cleared. Only that person's object changes, so only their row renders again. */
function withCell(person: PoolPerson, positionId: number, qualificationId: number | null): PoolPerson {
  const qualifications = person.qualifications.filter((id) => id !== positionId);
  const qualificationIds = { ...person.qualificationIds };
  delete qualificationIds[positionId];
  if (qualificationId === null) return { ...person, qualifications, qualificationIds };
  qualificationIds[positionId] = qualificationId;
  // Granting a qualification puts the person in the pool (contract §4.5).
  return { ...person, qualifications: [...qualifications, positionId], qualificationIds, inPool: true };
}

/**
 * Grants or revokes one qualification and writes the service's answer into that one cell: the grid is never
 * fetched again for a toggle (300 × 30 cells), only the pool list and the counts beside it. The row shows
 * the new state while the call is on its way.
 */
function useToggle(ministryId: number, onError: (failure: Failure | undefined) => void): Toggle {
  const queryClient = useQueryClient();
  return useCallback(async (person, position, qualified) => {
    const key = setupKeys.part(ministryId, 'matrix');
    // A refetch already on its way (say, after adding someone to the pool) could land after the answer with
    // the old cell; it is stopped, and asked for again once the cell is written.
    const wasFetching = queryClient.isFetching({ queryKey: key }) > 0;
    await queryClient.cancelQueries({ queryKey: key });
    onError(undefined);
    try {
      let qualificationId: number | null = null;
      if (qualified) {
        qualificationId = (await ok(api.POST('/api/ministries/positions/{positionId}/qualifications', {
          params: { path: { positionId: String(position.id) } },
          body: { personId: person.personId },
        }))).qualification.id;
      } else {
        const current = queryClient.getQueryData<Matrix>(key)?.people.find((row) => row.personId === person.personId) ?? person;
        await ok(api.DELETE('/api/ministries/qualifications/{qualificationId}', {
          params: { path: { qualificationId: String(current.qualificationIds[position.id]) } },
        }));
      }
      queryClient.setQueryData<Matrix>(key, (matrix) => matrix && ({
        ...matrix,
        people: matrix.people.map((row) => (row.personId === person.personId ? withCell(row, position.id, qualificationId) : row)),
      }));
      void refreshParts(queryClient, ministryId, wasFetching ? ['pool', 'summary', 'matrix'] : ['pool', 'summary']);
      return true;
    } catch (error) {
      onError({ error, person: person.displayName, position: position.name });
      return false;
    }
  }, [queryClient, ministryId, onError]);
}

function columnsOf(positions: Position[]): Column[] {
  const seen = new Map<string, number>();
  for (const position of positions) seen.set(position.name, (seen.get(position.name) ?? 0) + 1);
  return positions.map((position) => ({ ...position, label: seen.get(position.name)! > 1 ? `${position.name} (${position.teamName})` : position.name }));
}

export function QualificationMatrix({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const matrix = useMatrix(ministryId);
  const [filter, setFilter] = useState('');
  const [teamId, setTeamId] = useState('');
  const [failure, setFailure] = useState<Failure>();
  const toggle = useToggle(ministryId, setFailure);
  const typed = useDeferredValue(filter.trim().toLocaleLowerCase());
  const allPositions = matrix.data?.positions;
  const allPeople = matrix.data?.people;
  const teams = useMemo(() => [...new Map(allPositions?.map((position) => [position.teamId, position.teamName])).entries()], [allPositions]);
  const positions = useMemo(() => columnsOf(allPositions ?? []).filter((position) => !teamId || String(position.teamId) === teamId), [allPositions, teamId]);
  const people = useMemo(() => allPeople?.filter((person) => person.displayName.toLocaleLowerCase().includes(typed)) ?? [], [allPeople, typed]);
  // Namesakes told apart among everyone in the grid, whatever the filter shows (issue 37 #2).
  const namesakes = useTellApart(useMemo(() => (allPeople ?? []).map((person) => ({ ...person, id: person.personId, name: person.displayName })), [allPeople]));
  return (
    <Section id="matrix" title={t('setup.section.matrix')} hint={t('setup.matrixHint')}>
      <QueryState query={matrix} />
      {matrix.data && (matrix.data.positions.length === 0 || matrix.data.people.length === 0
        ? <Empty><p>{t(matrix.data.positions.length === 0 ? 'setup.matrixNoPositions' : 'setup.matrixNoPeople')}</p></Empty>
        : (
          <>
            <div className="toolbar">
              <TextField label={t('setup.filterPeople')} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} autoComplete="off" />
              {teams.length > 1 && (
                <SelectField label={t('setup.showPositionsOf')} value={teamId} onChange={(event) => setTeamId(event.target.value)}>
                  <option value="">{t('setup.allTeams')}</option>
                  {teams.map(([id, name]) => <option key={id} value={id}>{name}</option>)}
                </SelectField>
              )}
              <p className="muted setup-count" role="status">{t('setup.matrixCount', { shown: people.length, total: matrix.data.people.length })}</p>
            </div>
            {failure && (
              <div className="note note-error" role="alert">
                <p>{t('setup.toggleFailed', { person: failure.person, position: failure.position })}</p>
                <p>{errorText(failure.error, t)}</p>
              </div>
            )}
            {/* Focusable so that a keyboard can scroll the grid. */}
            <div className="setup-matrix" tabIndex={0} role="region" aria-label={t('setup.matrixGrid')}>
              <table className="table setup-table">
                <caption className="visually-hidden">{t('setup.matrixGrid')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('setup.person')}</th>
                    {positions.map((position) => (
                      <th scope="col" key={position.id}>
                        {position.name}
                        <small className="setup-subline muted">{position.teamName}</small>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {people.map((person) => <MatrixRow key={person.personId} person={person} detail={namesakes.get(person.personId)} positions={positions} onToggle={toggle} />)}
                </tbody>
              </table>
            </div>
          </>
        ))}
    </Section>
  );
}

/** One person's row; it renders again only when that person's cells change (or the columns do). */
const MatrixRow = memo(function MatrixRow({ person, detail, positions, onToggle }: { person: PoolPerson; detail?: string; positions: Column[]; onToggle: Toggle }) {
  const { t } = useTranslation();
  // The state each cell is being changed to, shown until the answer reaches this row as a new `person`.
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(() => new Map());
  const [shown, setShown] = useState(person);
  if (shown !== person) {
    setShown(person);
    setPending((cells) => new Map([...cells].filter(([id, qualified]) => person.qualifications.includes(id) !== qualified)));
  }
  const settle = (positionId: number) => setPending((cells) => { const next = new Map(cells); next.delete(positionId); return next; });
  const change = async (position: Position, qualified: boolean) => {
    // aria-disabled, not disabled: the box keeps the keyboard focus while its call is on the way.
    if (pending.has(position.id)) return;
    setPending((cells) => new Map(cells).set(position.id, qualified));
    if (!(await onToggle(person, position, qualified))) settle(position.id);
  };
  return (
    <tr>
      <th scope="row">
        <PickedName name={person.displayName} detail={detail} />
        {!person.inPool && <small className="setup-subline muted">{t('setup.notInPool')}</small>}
      </th>
      {positions.map((position) => (
        <td key={position.id}>
          <input
            type="checkbox"
            aria-label={`${detail ? `${person.displayName} (${detail})` : person.displayName} — ${position.label}`}
            checked={pending.get(position.id) ?? person.qualifications.includes(position.id)}
            aria-disabled={pending.has(position.id) || undefined}
            onChange={(event) => void change(position, event.target.checked)}
          />
        </td>
      ))}
    </tr>
  );
});
