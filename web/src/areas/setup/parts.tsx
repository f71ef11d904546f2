import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNote, Loading } from '../../components/feedback';

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

/** What a read shows before it has data: that it is loading, or the service's refusal with a retry. */
export function QueryState({ query }: { query: UseQueryResult }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorNote error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}

/** A table that scrolls sideways on a narrow screen; `head` is the header row's cells. */
export function SetupTable({ caption, head, className, children }: { caption: string; head: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `table-scroll ${className}` : 'table-scroll'}>
      <table className="table setup-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead><tr>{head}</tr></thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
