import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ApiError, ok } from '../../api/client';
import type { ApiCreated, ApiResponse } from '../../api/types';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { CheckboxField } from '../../components/fields';
import { Table } from '../../components/Table';
import { adminKeys } from './api';

type DryRun = ApiResponse<'/api/persons/import/dry-run', 'post'>;
type Field = DryRun['fields'][number];
type Mapping = Record<string, Field | null>;
type Line = { done: number; total: number } | { result: ApiCreated<'/api/persons/import'> } | { error: { message: string; code: number } };

/** How many rows the page lists in full: a church's whole roll would make a page too long to use. */
const SHOWN_ROWS = 300;

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/**
 * The import commits while the service streams its progress as JSON lines; the last line is the result or the error
 * that left nothing written.
 */
async function commitWithProgress(body: { file: string; mapping: Mapping; planId: string }, onProgress: (done: number, total: number) => void) {
  const { response } = await api.POST('/api/persons/import', { body, headers: { accept: 'application/x-ndjson' }, parseAs: 'stream' });
  if (!response.ok) {
    const error = await response.json().catch(() => ({}));
    throw new ApiError(response.status, typeof error.message === 'string' ? error.message : response.statusText, error);
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const text of lines.filter(Boolean)) {
      const line = JSON.parse(text) as Line;
      if ('done' in line) onProgress(line.done, line.total);
      else if ('result' in line) return line.result;
      else throw new ApiError(line.error.code, line.error.message);
    }
  }
  throw new ApiError(500, 'The import stopped without an answer');
}

export function ImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [mapping, setMapping] = useState<Mapping>();
  const [invite, setInvite] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const check = useMutation({
    mutationFn: async (next?: Mapping) => ok(api.POST('/api/persons/import/dry-run', { body: { file: await base64Of(file!), ...(next && { mapping: next }) } })),
    onSuccess: (dryRun) => setMapping(Object.fromEntries(dryRun.columns.map((column) => [column.header, column.field]))),
  });
  const commit = useMutation({
    mutationFn: async () => {
      const result = await commitWithProgress({ file: await base64Of(file!), mapping: mapping!, planId: check.data!.planId }, (done, total) => setProgress({ done, total }));
      const invited = { invited: 0, cannot: 0 };
      for (let start = 0; invite && start < result.personIds.length; start += 1000) {
        const answer = await ok(api.POST('/api/invitations', { body: { personIds: result.personIds.slice(start, start + 1000) } }));
        invited.invited += answer.invited.length;
        invited.cannot += answer.cannotBeInvited.length;
      }
      return { result, invited: invite ? invited : undefined };
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.peopleList() }), queryClient.invalidateQueries({ queryKey: adminKeys.families() })]),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit.reset();
    setProgress(undefined);
    check.mutate(undefined);
  };
  const remap = (header: string, field: Field | null) => {
    const next = { ...mapping, [header]: field };
    setMapping(next);
    commit.reset();
    check.mutate(next);
  };
  const dryRun = check.data;
  const refused = dryRun?.rows.filter((row) => row.outcome === 'refuse') ?? [];
  return (
    <div className="admin-page import-page">
      <p><Link to="/admin/people">{t('admin.peopleImport.back')}</Link></p>
      <h1>{t('admin.peopleImport.title')}</h1>
      <section className="card" aria-labelledby="import-file">
        <h2 id="import-file" className="card-title">{t('admin.peopleImport.choose')}</h2>
        <p className="muted">{t('admin.peopleImport.intro')}</p>
        <form className="form" onSubmit={submit}>
          <label className="field">
            <span>{t('admin.peopleImport.file')}</span>
            <input type="file" accept=".csv,.txt,text/csv" onChange={(event) => { setFile(event.target.files?.[0]); check.reset(); commit.reset(); }} />
          </label>
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={!file || check.isPending || commit.isPending}>
              {check.isPending ? t('admin.peopleImport.checking') : t('admin.peopleImport.check')}
            </button>
          </div>
        </form>
        {check.isError && <ErrorNote error={check.error} />}
      </section>
      {dryRun && (
        <>
          <section className="card" aria-labelledby="import-columns">
            <h2 id="import-columns" className="card-title">{t('admin.peopleImport.columns')}</h2>
            <p className="muted">{t('admin.peopleImport.read', { rows: dryRun.file.rows, encoding: dryRun.file.encoding, delimiter: dryRun.file.delimiter })} {t('admin.peopleImport.columnsHint')}</p>
            <Table head={[t('admin.peopleImport.column'), t('admin.peopleImport.sample'), t('admin.peopleImport.fills')]} cards>
              {dryRun.columns.map((column) => (
                <tr key={column.header}>
                  <th scope="row">{column.header}</th>
                  <td>{column.sample || '—'}</td>
                  <td>
                    <select aria-label={t('admin.peopleImport.fillsLabel', { header: column.header })} value={mapping?.[column.header] ?? ''} disabled={check.isPending || commit.isPending}
                      onChange={(event) => remap(column.header, (event.target.value || null) as Field | null)}>
                      <option value="">{t('admin.peopleImport.notImported')}</option>
                      {dryRun.fields.map((field) => <option key={field} value={field}>{t(`admin.peopleImport.fields.${field}`)}</option>)}
                    </select>
                  </td>
                </tr>
              ))}
            </Table>
          </section>
          <section className="card" aria-labelledby="import-plan">
            <h2 id="import-plan" className="card-title">{t('admin.peopleImport.outcome')}</h2>
            <p role="status">{t('admin.peopleImport.summary', { create: dryRun.summary.create, match: dryRun.summary.match, refuse: dryRun.summary.refuse, count: dryRun.summary.newFamilies })}</p>
            {dryRun.notes.map((note) => <p key={note} className="muted">{note}</p>)}
            {refused.length > 0 && (
              <div className="note note-warning">
                <h3>{t('admin.peopleImport.refusedTitle')}</h3>
                <p>{t('admin.peopleImport.refusedHint')}</p>
                <ul>{refused.map((row) => <li key={row.row}>{t('admin.peopleImport.row')} {row.row}{row.name ? ` (${row.name})` : ''}: {row.reasons.join(' ')}</li>)}</ul>
              </div>
            )}
            {!commit.isSuccess && dryRun.summary.create > 0 && (
              <div className="form">
                <CheckboxField label={t('admin.peopleImport.invite')} checked={invite} onChange={(event) => setInvite(event.target.checked)} />
                <div className="actions">
                  <button type="button" className="button button-primary" disabled={commit.isPending || check.isPending} onClick={() => commit.mutate()}>
                    {commit.isPending ? t('admin.peopleImport.importing') : t('admin.peopleImport.commit', { count: dryRun.summary.create })}
                  </button>
                </div>
              </div>
            )}
            {progress && (commit.isPending || commit.isSuccess) && (
              <progress className="import-progress" aria-label={t('admin.peopleImport.progress')} max={Math.max(progress.total, 1)} value={progress.done}>{progress.done}</progress>
            )}
            {commit.isError && <ErrorNote error={commit.error} />}
            {commit.data && (
              <SuccessNote takesFocus>
                {t('admin.peopleImport.done', { created: commit.data.result.created, count: commit.data.result.familiesCreated })}
                {commit.data.invited && ` ${t('admin.peopleImport.invited', { invited: commit.data.invited.invited, cannot: commit.data.invited.cannot })}`}
              </SuccessNote>
            )}
          </section>
          <section className="card" aria-labelledby="import-rows">
            <h2 id="import-rows" className="card-title">{t('admin.peopleImport.rowsTitle')}</h2>
            {dryRun.rows.length > SHOWN_ROWS && <p className="muted">{t('admin.peopleImport.rowsMore', { shown: SHOWN_ROWS, total: dryRun.rows.length })}</p>}
            <Table head={[t('admin.peopleImport.row'), t('admin.peopleImport.name'), t('admin.peopleImport.outcome'), t('admin.peopleImport.why')]} numberColumns={[0]} cards>
              {dryRun.rows.slice(0, SHOWN_ROWS).map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <th scope="row">{row.name || '—'}</th>
                  <td><span className={`badge badge-import-${row.outcome}`}>{t(`admin.peopleImport.outcomes.${row.outcome}`)}</span></td>
                  <td>{[...row.reasons, ...row.notes].join(' ')}</td>
                </tr>
              ))}
            </Table>
          </section>
        </>
      )}
    </div>
  );
}
