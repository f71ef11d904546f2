import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import type { PersonMatch } from '../../api/types';
import { Table } from '../../components/Table';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { allOf, QueryState } from '../../components/QueryState';
import { Section } from './parts';
import { PersonSearch } from '../../components/workspace';
import { PickedName, useTellApart } from '../../components/namesakes';
import { type PoolPerson, type Position, refreshParts, usePool, usePositions } from './api';
import { InviteAction } from '../invitations/public';

const POOL_PARTS = ['pool', 'matrix', 'summary'] as const;

/** The ministry's volunteers: the people a coordinator may qualify and schedule. */
export function PoolSection({ ministryId }: { ministryId: number }) {
  const { t } = useTranslation();
  const pool = usePool(ministryId);
  const positions = usePositions(ministryId);
  const [notice, setNotice] = useState<string>();
  return (
    <Section id="pool" title={t('setup.section.pool')} hint={t('setup.poolHint')}>
      <AddToPool ministryId={ministryId} onDone={setNotice} />
      <div className="actions"><InviteAction target={{ ministryId }} label={t('invitations.invitePool')} /></div>
      {notice && <SuccessNote>{notice}</SuccessNote>}
      {/* The table waits for the positions too: before them, every row would read "Nothing yet". */}
      <QueryState query={allOf(pool, positions)} isEmpty={([members]) => members.length === 0} empty={<p>{t('setup.emptyPool')}</p>}>
        {([members, positionList]) => <PoolTable ministryId={ministryId} members={members} positions={positionList} onDone={setNotice} />}
      </QueryState>
    </Section>
  );
}

function AddToPool({ ministryId, onDone }: { ministryId: number; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const path = { ministryId: String(ministryId) };
  const refresh = () => refreshParts(queryClient, ministryId, [...POOL_PARTS]);
  const addPerson = useMutation({
    mutationFn: async (person: PersonMatch) => ({
      person,
      answer: await ok(api.POST('/api/ministries/ministries/{ministryId}/pool/{personId}', { params: { path: { ...path, personId: String(person.objid) } } })),
    }),
    onSuccess: ({ person, answer }) => onDone(t(answer.added ? 'setup.addedToPool' : 'setup.alreadyInPool', { name: person.text })),
    onSettled: refresh,
  });
  const fromCart = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/ministries/{ministryId}/pool/from-cart', { params: { path } })),
    onSuccess: (answer) => onDone(t('setup.addedFromCart', { added: answer.added, already: answer.alreadyMembers })),
    onSettled: refresh,
  });
  return (
    <div className="setup-pool-add">
      <PersonSearch label={t('setup.findPerson')} onChoose={(person) => addPerson.mutate(person)} />
      <div>
        <button type="button" className="button" disabled={fromCart.isPending} onClick={() => fromCart.mutate()}>{t('setup.addFromCart')}</button>
        <small className="muted setup-subline">{t('setup.addFromCartHint')}</small>
      </div>
      {addPerson.isPending && <p className="muted" role="status">{t('setup.adding')}</p>}
      {addPerson.isError && <ErrorNote error={addPerson.error} />}
      {fromCart.isError && <ErrorNote error={fromCart.error} />}
    </div>
  );
}

function PoolTable({ ministryId, members, positions, onDone }: { ministryId: number; members: PoolPerson[]; positions: Position[]; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  // A position with its team ("Stage Hand · Production"): two teams may each have a position of the same name.
  const names = useMemo(() => new Map(positions.map((position) => [position.id, `${position.name} · ${position.teamName}`])), [positions]);
  const namesakes = useTellApart(members.map((member) => ({ ...member, id: member.personId, name: member.displayName })));
  return (
    <Table cards head={[t('setup.person'), t('setup.qualifiedFor'), <span className="visually-hidden">{t('setup.actions')}</span>]} className="setup-table" scrollClassName="setup-pool-table" caption={t('setup.section.pool')}>
      {members.map((member) => <PoolRow key={member.personId} ministryId={ministryId} member={member} detail={namesakes.get(member.personId)} names={names} onDone={onDone} />)}
    </Table>
  );
}

/** Memoised: each qualification ticked in the grid refetches the pool, and only that person's row changes. */
const PoolRow = memo(function PoolRow({ ministryId, member, detail, names, onDone }: { ministryId: number; member: PoolPerson; detail?: string; names: Map<number, string>; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  return (
    <tr>
      <th scope="row"><PickedName name={member.displayName} detail={detail} /></th>
      <td>{member.qualifications.map((id) => names.get(id)).filter(Boolean).join('; ') || <span className="muted">{t('setup.noQualifications')}</span>}</td>
      <td><RemoveFromPool ministryId={ministryId} member={member} onDone={onDone} /></td>
    </tr>
  );
});

function RemoveFromPool({ ministryId, member, onDone }: { ministryId: number; member: PoolPerson; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE('/api/ministries/ministries/{ministryId}/pool/{personId}', {
      params: { path: { ministryId: String(ministryId), personId: String(member.personId) } },
    })),
    onSuccess: () => onDone(t('setup.removedFromPool', { name: member.displayName })),
    onSettled: () => refreshParts(queryClient, ministryId, [...POOL_PARTS]),
  });
  return (
    <>
      <button type="button" className="button button-quiet" aria-label={t('setup.removeNamed', { name: member.displayName })} disabled={remove.isPending} onClick={() => remove.mutate()}>
        {t('setup.remove')}
      </button>
      {remove.isError && <ErrorNote error={remove.error} />}
    </>
  );
}
