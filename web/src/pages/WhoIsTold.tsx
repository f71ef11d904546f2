import { useTranslation } from 'react-i18next';
import { type About, type Told, useTold } from './api';

/** The sentence naming who hears of a reply, by the service's own rule (issue 34), so a page never claims a coordinator who is not there. */
export function ToldSentence({ told }: { told: Told }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(told.names);
  const key = told.names.length === 0 ? 'told.nobody'
    : told.kind === 'coordinators' ? (told.names.length === 1 ? 'told.coordinator' : 'told.coordinators')
    : told.kind === 'managers' ? 'told.managers' : 'told.administrators';
  return <> {t(key, { names })}</>;
}

/** The sentence of `ToldSentence` for the reader's reply, once the service has answered. */
export function WhoIsTold({ about }: { about: About }) {
  const told = useTold(about);
  return told.data ? <ToldSentence told={told.data} /> : null;
}
