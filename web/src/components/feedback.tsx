import { useEffect, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

export function Loading() {
  const { t } = useTranslation();
  return <p className="muted" role="status">{t('app.loading')}</p>;
}

/** A refusal in the service's own words; a lost connection in ours. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return t('errors.network');
  return t('errors.generic');
}

/** Focuses the note it is given when it first shows, if `takesFocus`: the view follows the focus to it. */
function useFocusWhenShown(takesFocus: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takesFocus) ref.current?.focus();
  }, [takesFocus]);
  return ref;
}

/** `takesFocus` as for SuccessNote: a refusal of an action far down a page is brought into view. */
export function ErrorNote({ error, onRetry, takesFocus = false }: { error: unknown; onRetry?: () => void; takesFocus?: boolean }) {
  const { t } = useTranslation();
  const ref = useFocusWhenShown(takesFocus);
  return (
    <div ref={ref} className="note note-error" role="alert" tabIndex={takesFocus ? -1 : undefined}>
      <p>{errorText(error, t)}</p>
      {onRetry && <button type="button" className="button button-quiet" onClick={onRetry}>{t('app.retry')}</button>}
    </div>
  );
}

/**
 * `takesFocus` is for a note that replaces the control which was acted on (an answered request's button goes away):
 * the focus moves to the note, so a keyboard or screen-reader user is not left on the page itself.
 */
export function SuccessNote({ children, takesFocus = false }: { children: ReactNode; takesFocus?: boolean }) {
  const ref = useFocusWhenShown(takesFocus);
  return <div ref={ref} className="note note-success" role="status" tabIndex={takesFocus ? -1 : undefined}>{children}</div>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}
