import { useTranslation } from 'react-i18next';
import { ErrorNote, SuccessNote } from '../../components/feedback';
import { formatDate } from '../../format';
import { useUndo, type CommitResult } from './api';

interface Row {
  assignmentId: number;
  date: string;
  positionName: string;
  displayName: string;
  /** Why it was skipped or kept, when it was. */
  note?: string;
}

/** What a commit created and skipped, and its undo with what that cancelled and kept. */
export function Outcome({ result, onAgain }: { result: CommitResult; onAgain: () => void }) {
  const { t } = useTranslation();
  const undo = useUndo();
  const names = new Map(result.created.map((row) => [row.personId, row.displayName]));
  const undone = undo.data;
  return (
    <div className="autofill-outcome">
      <SuccessNote>
        <p>{t('autofill.created', { count: result.created.length })}</p>
        <RowList rows={result.created} />
      </SuccessNote>
      {result.skipped.length > 0 && (
        <div className="note note-warning">
          <p>{t('autofill.skipped', { count: result.skipped.length })}</p>
          <ul className="autofill-reasons">
            {result.skipped.map((row) => (
              <li key={`${row.occurrenceId}:${row.positionId}:${row.personId}`}>
                {names.get(row.personId) ?? t('autofill.personNumber', { id: row.personId })}: {t(`autofill.skip.${row.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {undone && (
        <SuccessNote>
          <p>{t('autofill.cancelled', { count: undone.cancelled.length })}</p>
          <RowList rows={undone.cancelled} />
          {undone.kept.length > 0 && (
            <>
              <p>{t('autofill.kept', { count: undone.kept.length })}</p>
              <RowList rows={undone.kept.map((row) => ({ ...row, note: row.reason }))} />
            </>
          )}
        </SuccessNote>
      )}
      {undo.isError && <ErrorNote error={undo.error} />}
      <div className="actions">
        {!undone && result.created.length > 0 && (
          <button type="button" className="button button-danger" disabled={undo.isPending} onClick={() => undo.mutate(result.runId)}>
            {t(undo.isPending ? 'autofill.undoing' : 'autofill.undo')}
          </button>
        )}
        <button type="button" className="button" onClick={onAgain}>{t('autofill.again')}</button>
      </div>
    </div>
  );
}

function RowList({ rows }: { rows: Row[] }) {
  const { i18n } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <ul className="autofill-reasons">
      {rows.map((row) => (
        <li key={row.assignmentId}>
          {formatDate(row.date, i18n.language)} · {row.positionName} · {row.displayName}
          {row.note && <span> ({row.note})</span>}
        </li>
      ))}
    </ul>
  );
}
