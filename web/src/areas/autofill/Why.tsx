import { useTranslation } from 'react-i18next';
import { formatDate } from '../../format';
import type { Proposal } from './api';

/** A proposal's reasons behind a disclosure: why this person, and whom it passed over and why. */
export function Why({ proposal }: { proposal: Proposal }) {
  const { t, i18n } = useTranslation();
  const { reasons } = proposal;
  const date = (value: string) => formatDate(value, i18n.language);
  return (
    <details className="autofill-why">
      <summary>{t('autofill.why')}<span className="visually-hidden"> {t('autofill.whyFor', { person: proposal.name })}</span></summary>
      <ul className="autofill-reasons">
        <li>{t('autofill.qualified', { position: proposal.positionName })}</li>
        <li>{t(reasons.inPool ? 'autofill.inPool' : 'autofill.outsidePool')}</li>
        <li>{reasons.lastServed ? t('autofill.lastServed', { date: date(reasons.lastServed) }) : t('autofill.neverServed')}</li>
        {reasons.latestScheduled && reasons.latestScheduled !== reasons.lastServed && (
          <li>{t('autofill.latestScheduled', { date: date(reasons.latestScheduled) })}</li>
        )}
        <li>{t('autofill.timesThisMonth', { count: reasons.timesThisMonth })}</li>
        <li>{t('autofill.inWindow', { count: reasons.assignmentsInWindow })}</li>
        {reasons.outsidePreferredWeeks && <li>{t('autofill.outsidePreferredWeeks')}</li>}
        {reasons.servesWithHousehold && <li>{t('autofill.servesWithHousehold')}</li>}
      </ul>
      {reasons.passedOver.length === 0 ? <p className="muted">{t('autofill.nobodyElse')}</p> : (
        <>
          <p className="autofill-passed-title">{t('autofill.passedOver')}</p>
          <ul className="autofill-reasons">
            {reasons.passedOver.map((other) => (
              <li key={other.personId}>
                {other.name}: {t(`autofill.reason.${other.reason}`)}
                {other.detail && <span className="muted"> ({other.detail})</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
