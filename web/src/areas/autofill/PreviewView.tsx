import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Empty } from '../../components/feedback';
import { formatDate } from '../../format';
import { proposalKey, type Preview, type Proposal, type Unfilled } from './api';
import { Why } from './Why';
import { Table } from '../../components/Table';

/** The proposals with a keep box each, the commit button, the needs left open and the fairness figures. */
export function PreviewView({ preview, unticked, onTicked, commit }: {
  preview: Preview;
  unticked: ReadonlySet<string>;
  onTicked: (unticked: ReadonlySet<string>) => void;
  commit: { count: number; pending: boolean; run: () => void };
}) {
  const { t } = useTranslation();
  const { summary } = preview;
  const toggle = (key: string, keep: boolean) => {
    const next = new Set(unticked);
    if (keep) next.delete(key);
    else next.add(key);
    onTicked(next);
  };
  return (
    <>
      <p role="status">{t('autofill.counts', { proposals: summary.proposalCount, count: summary.occurrenceCount, unfilled: summary.unfilledPlaces })}</p>
      {preview.proposals.length === 0 ? <Empty>{t('autofill.nothingToFill')}</Empty> : (
        <>
          <Fairness summary={summary} />
          <Table head={[t('autofill.keep'), t('autofill.date'), t('autofill.position'), t('autofill.person'), t('autofill.reasons')]} className="autofill-table" label={t('autofill.proposals')}>
            {sorted(preview.proposals).map((proposal) => (
              <ProposalRow key={proposalKey(proposal)} proposal={proposal} kept={!unticked.has(proposalKey(proposal))} onKeep={(keep) => toggle(proposalKey(proposal), keep)} />
            ))}
          </Table>
          <div className="actions">
            <button type="button" className="button button-primary" disabled={commit.count === 0 || commit.pending} onClick={commit.run}>
              {t(commit.pending ? 'autofill.assigning' : 'autofill.assign', { count: commit.count })}
            </button>
            <button type="button" className="button button-quiet" onClick={() => onTicked(new Set())}>{t('autofill.keepAll')}</button>
            <button type="button" className="button button-quiet" onClick={() => onTicked(new Set(preview.proposals.map(proposalKey)))}>{t('autofill.keepNone')}</button>
          </div>
        </>
      )}
      {preview.unfilled.length > 0 && <UnfilledTable unfilled={preview.unfilled} />}
    </>
  );
}

const sorted = <T extends { date: string; positionName: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.date.localeCompare(b.date) || a.positionName.localeCompare(b.positionName));

function ProposalRow({ proposal, kept, onKeep }: { proposal: Proposal; kept: boolean; onKeep: (keep: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(proposal.date, i18n.language);
  return (
    <tr className={kept ? undefined : 'autofill-dropped'}>
      <td>
        <input
          type="checkbox"
          className="autofill-keep"
          checked={kept}
          onChange={(event) => onKeep(event.target.checked)}
          aria-label={t('autofill.keepLabel', { person: proposal.name, position: proposal.positionName, date })}
        />
      </td>
      <td className="nowrap">{date}</td>
      <td>{proposal.positionName}</td>
      <th scope="row">{proposal.name}</th>
      <td><Why proposal={proposal} /></td>
    </tr>
  );
}

function UnfilledTable({ unfilled }: { unfilled: Unfilled[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section>
      <h3 className="subheading">{t('autofill.unfilledTitle')}</h3>
      <Table head={[t('autofill.date'), t('autofill.position'), t('autofill.missing'), t('autofill.why')]} numberColumns={[2]} label={t('autofill.unfilledTitle')}>
        {sorted(unfilled).map((need) => (
          <tr key={`${need.occurrenceId}:${need.positionId}`}>
            <td className="nowrap">{formatDate(need.date, i18n.language)}</td>
            <th scope="row">{need.positionName}</th>
            <td className="number">{need.missing}</td>
            <td>{whyUnfilled(need, t)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

/** Why a need stays open, in the reader's language from the service's counts of who was excluded and why. */
function whyUnfilled(need: Unfilled, t: TFunction): string {
  const excluded = Object.entries(need.excluded) as Array<[keyof Unfilled['excluded'], number]>;
  if (excluded.length === 0) return t('autofill.nobodyQualified');
  return t('autofill.allExcluded', { list: excluded.map(([reason, count]) => `${count} ${t(`autofill.reason.${reason}`)}`).join(', ') });
}

/** The spread and the Gini coefficient before and after, in words. */
function Fairness({ summary }: { summary: Preview['summary'] }) {
  const { t, i18n } = useTranslation();
  const gini = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const { before, after } = summary;
  return (
    <div className="note autofill-fairness">
      <p>{t('autofill.fairnessIntro', {
        people: summary.eligiblePeople,
        from: formatDate(summary.fairnessRange.from, i18n.language),
        to: formatDate(summary.fairnessRange.to, i18n.language),
      })}</p>
      <ul>
        <li>{t('autofill.fairnessCounts', { beforeMin: before.counts.min, beforeMax: before.counts.max, afterMin: after.counts.min, afterMax: after.counts.max })}</li>
        <li>{t('autofill.fairnessSpread', { before: before.spread, after: after.spread })}</li>
        <li>{t('autofill.fairnessGini', { before: gini.format(before.gini), after: gini.format(after.gini) })}</li>
      </ul>
    </div>
  );
}
