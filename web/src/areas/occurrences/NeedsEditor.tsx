import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { Table } from '../../components/Table';
import { useRefreshStaffing, type NeedsEditor as Editor, useNeeds } from './api';

interface Row { checked: boolean; min: string; max: string }

const rowsOf = (editor: Editor): Record<number, Row> => Object.fromEntries(editor.positions.map((position) => {
  const need = editor.requirements.find((r) => r.positionId === position.id);
  return [position.id, need ? { checked: true, min: String(need.minCount), max: need.maxCount === null ? '' : String(need.maxCount) } : { checked: false, min: '1', max: '' }];
}));

/** E6: this occurrence's own needs, from the team's active positions; the schedule's plan is untouched. */
export function NeedsEditor({ occurrenceId }: { occurrenceId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className="card">
      <h2 className="section-title">{t('occurrences.editNeeds')}</h2>
      <p className="muted">{t('occurrences.editNeedsHint')}</p>
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t(open ? 'occurrences.closeEditor' : 'occurrences.openEditor')}
      </button>
      {open && <EditorLoader occurrenceId={occurrenceId} />}
    </section>
  );
}

function EditorLoader({ occurrenceId }: { occurrenceId: string }) {
  const [notice, setNotice] = useState<string>();
  const editor = useNeeds(occurrenceId);
  if (!editor.isSuccess) return <QueryState query={editor} />;
  // Keyed by what was loaded, so a save that changes the needs starts the form again from the stored rows.
  return (
    <>
      {notice && <SuccessNote>{notice}</SuccessNote>}
      <NeedsForm key={JSON.stringify(editor.data.requirements)} occurrenceId={occurrenceId} editor={editor.data} onNotice={setNotice} />
    </>
  );
}

function NeedsForm({ occurrenceId, editor, onNotice }: { occurrenceId: string; editor: Editor; onNotice: (notice?: string) => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshStaffing();
  const [rows, setRows] = useState(() => rowsOf(editor));
  const save = useMutation({
    mutationFn: () => ok(api.POST('/api/ministries/occurrences/{occurrenceId}/requirements/replace', {
      params: { path: { occurrenceId } },
      body: {
        requirements: editor.positions.filter((position) => rows[position.id].checked).map((position) => ({
          positionId: position.id,
          minCount: rows[position.id].min === '' ? null : Number(rows[position.id].min),
          maxCount: rows[position.id].max === '' ? null : Number(rows[position.id].max),
        })),
      },
    })),
    onMutate: () => { reset.reset(); onNotice(undefined); },
    onSuccess: () => onNotice(t('occurrences.needsSaved')),
    onSettled: refresh,
  });
  const reset = useMutation({
    mutationFn: () => ok(api.DELETE('/api/ministries/occurrences/{occurrenceId}/requirements', { params: { path: { occurrenceId } } })),
    onMutate: () => { save.reset(); onNotice(undefined); },
    onSuccess: () => onNotice(t('occurrences.needsReset')),
    onSettled: refresh,
  });
  const update = (positionId: number, change: Partial<Row>) => setRows({ ...rows, [positionId]: { ...rows[positionId], ...change } });
  if (editor.positions.length === 0) return <p className="muted">{t('occurrences.noTeamPositions')}</p>;
  return (
    <form className="form needs-form" onSubmit={(event) => { event.preventDefault(); save.mutate(); }}>
      <p className="muted">{t(editor.overridden ? 'occurrences.usesOwnNeeds' : 'occurrences.usesPlan', { schedule: editor.scheduleName })}</p>
      <Table head={[t('occurrences.neededPosition'), t('occurrences.min'), t('occurrences.max')]} label={t('occurrences.editNeeds')}>
        {editor.positions.map((position) => {
          const row = rows[position.id];
          return (
            <tr key={position.id}>
              <th scope="row">
                <label className="inline-check">
                  <input type="checkbox" checked={row.checked} onChange={(event) => update(position.id, { checked: event.target.checked })} />
                  {position.name}
                </label>
              </th>
              <td>
                <input className="count-input" type="number" min={0} inputMode="numeric" aria-label={t('occurrences.minFor', { position: position.name })}
                  disabled={!row.checked} value={row.min} onChange={(event) => update(position.id, { min: event.target.value })} />
              </td>
              <td>
                <input className="count-input" type="number" min={0} inputMode="numeric" aria-label={t('occurrences.maxFor', { position: position.name })}
                  placeholder={t('occurrences.noMax')} disabled={!row.checked} value={row.max} onChange={(event) => update(position.id, { max: event.target.value })} />
              </td>
            </tr>
          );
        })}
      </Table>
      <p className="muted small">{t('occurrences.maxHint')}</p>
      {save.isError && <ErrorNote error={save.error} />}
      {reset.isError && <ErrorNote error={reset.error} />}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>{t('occurrences.saveNeeds')}</button>
        {editor.overridden && (
          <button type="button" className="button button-quiet" disabled={reset.isPending} onClick={() => reset.mutate()}>{t('occurrences.backToPlan')}</button>
        )}
      </div>
    </form>
  );
}
