import type { ReactNode } from 'react';

/** One section of a ministry's page; its id is the target of the page's jump links. */
export function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="card" id={`setup-${id}`} aria-labelledby={`setup-${id}-title`}>
      <h2 id={`setup-${id}-title`} className="card-title">{title}</h2>
      {hint && <p className="muted">{hint}</p>}
      {children}
    </section>
  );
}
