import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState';
import { ErrorNote } from '../../components/feedback';
import { TextField } from '../../components/fields';
import { proposalKey, useCommit, usePreview, type AutoFillScope } from './api';
import { Outcome } from './Outcome';
import { PreviewView } from './PreviewView';

/**
 * The "Auto-fill" button of an occurrence or a schedule and the panel it opens: the proposals to review, the
 * rows to keep, the commit and its undo.
 */
export function AutoFill({ scope }: { scope: AutoFillScope }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const panelId = useId();
  return (
    <section className="card autofill" aria-labelledby={headingId}>
      <div className="row-with-action">
        <div>
          <h2 id={headingId} className="subheading">{t('autofill.title')}</h2>
          <p className="muted autofill-hint">{t('autofill.hint')}</p>
        </div>
        <button type="button" className="button button-primary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t(open ? 'autofill.close' : 'autofill.open')}
        </button>
      </div>
      <div id={panelId}>{open && <AutoFillPanel scope={scope} />}</div>
    </section>
  );
}

type Window = { from?: string; to?: string };

function AutoFillPanel({ scope }: { scope: AutoFillScope }) {
  const { t } = useTranslation();
  const [fillTo, setFillTo] = useState<'min' | 'max'>('min');
  const [dates, setDates] = useState<Window>({});
  const preview = usePreview({ ...scope, ...dates, fillTo });
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const commit = useCommit();

  if (commit.isSuccess) {
    return <Outcome result={commit.data} onAgain={() => { commit.reset(); setUnticked(new Set()); }} />;
  }
  const data = preview.data;
  const kept = data?.proposals.filter((p) => !unticked.has(proposalKey(p))) ?? [];
  return (
    <div className="autofill-panel">
      <fieldset className="choices-inline">
        <legend>{t('autofill.fillTo')}</legend>
        {(['min', 'max'] as const).map((value) => (
          <label key={value} className="inline-check">
            <input type="radio" name="autofill-fill-to" value={value} checked={fillTo === value} onChange={() => setFillTo(value)} />
            {t(`autofill.fillTo_${value}`)}
          </label>
        ))}
      </fieldset>
      {'scheduleId' in scope && <WindowForm answered={data?.window} onApply={setDates} />}
      <QueryState query={preview} />
      {data && (
        <PreviewView
          preview={data}
          unticked={unticked}
          onTicked={setUnticked}
          commit={{
            count: kept.length,
            pending: commit.isPending,
            run: () => commit.mutate({ token: data.token, proposals: kept.map(({ occurrenceId, positionId, personId }) => ({ occurrenceId, positionId, personId })) }),
          }}
        />
      )}
      {commit.isError && <ErrorNote error={commit.error} />}
    </div>
  );
}

/** A schedule's dates to fill: blank until the first preview answers the service's default window. */
function WindowForm({ answered, onApply }: { answered?: { from: string; to: string }; onApply: (window: Window) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Window | undefined>();
  useEffect(() => {
    if (answered && !draft) setDraft(answered);
  }, [answered, draft]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) onApply({ from: draft.from || undefined, to: draft.to || undefined });
  };
  return (
    <form className="toolbar autofill-window" onSubmit={submit}>
      <TextField label={t('autofill.from')} type="date" value={draft?.from ?? ''} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      <TextField label={t('autofill.to')} type="date" value={draft?.to ?? ''} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      <button type="submit" className="button">{t('autofill.applyWindow')}</button>
    </form>
  );
}
