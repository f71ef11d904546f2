import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../api/client';
import { Empty } from './feedback';
import { TextField } from './fields';
import { QueryState } from './QueryState';

/**
 * A table that scrolls sideways on a narrow screen; `head` is the header row's column titles (`null` for a
 * column without one). With `label` its frame is a named, focusable region, so it scrolls from the keyboard too.
 * With `cards`, each row becomes a card on a phone instead: every cell on a line of its own under its column's
 * title, so no column (nor a row's button) sits off-screen.
 */
export function Table({ head, numberColumns = [], className, label, scrollClassName, caption, cards = false, children }: {
  head: ReactNode[];
  /** The places in `head` of the columns that hold figures (right-aligned). */
  numberColumns?: number[];
  className?: string;
  label?: string;
  scrollClassName?: string;
  caption?: string;
  cards?: boolean;
  children: ReactNode;
}) {
  const region = label === undefined ? {} : { role: 'region', 'aria-label': label, tabIndex: 0 };
  const classes = ['table', cards && 'table-cards', className].filter(Boolean).join(' ');
  return (
    <div className={scrollClassName ? `table-scroll ${scrollClassName}` : 'table-scroll'} {...region}>
      <table className={classes} style={cards ? cellTitles(head) : undefined}>
        {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {head.map((title, index) => <th key={index} scope="col" className={numberColumns.includes(index) ? 'number' : undefined}>{title}</th>)}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The column titles that a card shows beside its cells, as CSS strings (`--col-1` …) that styles.css's
 * `.table-cards` reads: a title that is not plain text (a hidden "Actions") gives its cells none.
 */
function cellTitles(head: ReactNode[]): CSSProperties {
  return Object.fromEntries(head.flatMap((title, index) => (typeof title === 'string' ? [[`--col-${index + 1}`, JSON.stringify(title)]] : [])));
}

/** "Previous" and "Next" over a list `size` rows a page, with `summary` (such as "120 people") between them. */
export function Pager({ label, offset, size, total, summary, onOffset }: {
  label: string;
  offset: number;
  size: number;
  total: number;
  summary: string;
  onOffset: (offset: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="toolbar" aria-label={label}>
      <button type="button" className="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - size))}>{t('app.previous')}</button>
      <span aria-live="polite">{summary}</span>
      <button type="button" className="button" disabled={offset + size >= total} onClick={() => onOffset(offset + size)}>{t('app.next')}</button>
    </nav>
  );
}

const PAGE_SIZE = 50;

/**
 * A long list read a page at a time and narrowed by a search field: the field, the table of the current page
 * (the previous one stays on screen while the next loads) and the pager under it.
 */
export function PagedTable<T>({ queryKey, read, filterLabel, empty, pagesLabel, summary, head, row }: {
  /** The list's key; the filter and the offset are added to it. */
  queryKey: QueryKey;
  read: (filter: { q?: string; offset: number; limit: number }) => Promise<Page<T>>;
  filterLabel: string;
  empty: ReactNode;
  pagesLabel: string;
  summary: (total: number) => string;
  head: ReactNode[];
  row: (item: T) => ReactNode;
}) {
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const query = q.trim();
  const page = useQuery({
    queryKey: [...queryKey, query, offset],
    queryFn: () => read({ ...(query && { q: query }), offset, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <TextField label={filterLabel} type="search" value={q} onChange={(event) => { setQ(event.target.value); setOffset(0); }} />
      <QueryState query={page}>
        {({ rows, total }) => (
          <>
            {rows.length === 0 ? <Empty>{empty}</Empty> : <Table cards head={head}>{rows.map(row)}</Table>}
            <Pager label={pagesLabel} offset={offset} size={PAGE_SIZE} total={total} summary={summary(total)} onOffset={setOffset} />
          </>
        )}
      </QueryState>
    </>
  );
}
