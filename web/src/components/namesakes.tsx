import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A person as a list to pick from shows them, with what the service says tells them apart (issue 37 #2). */
export interface Pickable {
  id: number;
  name: string;
  familyName?: string | null;
  emailHint?: string | null;
}

/**
 * What tells apart the people of a list who share a name (same name, ignoring case): their household, the first
 * letters of their e-mail (staff lists only; the service sends none to a volunteer), and their number when nothing
 * else does. A name nobody else in the list bears gets nothing, so a list of unique names stays uncluttered.
 */
export function tellApart(people: readonly Pickable[], t: TFunction): Map<number, string> {
  const byName = new Map<string, Pickable[]>();
  for (const person of people) {
    const key = person.name.trim().toLocaleLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), person]);
  }
  const details = new Map<number, string>();
  for (const namesakes of byName.values()) {
    if (namesakes.length < 2) continue;
    const texts = namesakes.map((person) => [
      person.familyName ? t('workspace.household', { name: person.familyName }) : undefined,
      person.emailHint ?? undefined,
    ].filter(Boolean).join(' · '));
    namesakes.forEach((person, index) => {
      const shared = texts.filter((text) => text === texts[index]).length > 1;
      const number = t('workspace.personNumber', { id: person.id });
      details.set(person.id, !texts[index] ? number : shared ? `${texts[index]} · ${number}` : texts[index]);
    });
  }
  return details;
}

/** A person's name, and under it, when a namesake is in the same list, what tells them apart. */
export function PickedName({ name, detail }: { name: string; detail?: string }) {
  return (
    <>
      {name}
      {detail && <small className="namesake muted"> · {detail}</small>}
    </>
  );
}

/** `tellApart` in a component. */
export function useTellApart(people: readonly Pickable[]) {
  const { t } = useTranslation();
  return tellApart(people, t);
}
