import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../api/client';
import type { Told } from '../api/types';

/** The sentence naming who hears of a reply, by the service's own rule (issue 34), so a page never claims a coordinator who is not there. */
export function ToldSentence({ told }: { told: Told }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(told.names);
  const key = told.names.length === 0 ? 'told.nobody'
    : told.kind === 'coordinators' ? (told.names.length === 1 ? 'told.coordinator' : 'told.coordinators')
    : told.kind === 'managers' ? 'told.managers' : 'told.administrators';
  return <> {t(key, { names })}</>;
}

type About = { assignmentId: number } | { ministryId: number };

/** Who hears of the reader's reply on their assignment, or of their help offer to a ministry. */
export function useTold(about: About) {
  return useQuery({
    queryKey: ['me', 'replies-go-to', about],
    queryFn: () => 'assignmentId' in about
      ? ok(api.GET('/api/me/assignments/{assignmentId}/replies-go-to', { params: { path: { assignmentId: String(about.assignmentId) } } }))
      : ok(api.GET('/api/me/ministries/{ministryId}/replies-go-to', { params: { path: { ministryId: String(about.ministryId) } } })),
  });
}

/** The sentence of `ToldSentence` for the reader's reply, once the service has answered. */
export function WhoIsTold({ about }: { about: About }) {
  const told = useTold(about);
  return told.data ? <ToldSentence told={told.data} /> : null;
}
