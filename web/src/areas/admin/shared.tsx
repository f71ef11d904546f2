import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ok } from '../../api/client';
import { ErrorNote, errorText, SuccessNote } from '../../components/feedback';

/** Every query of the administrator's pages starts with this, so a change can refresh what it touched. */
export const ADMIN = 'admin';
/** The pages of the people list, read again when a person or a family's name changes. */
export const PEOPLE_LIST = [ADMIN, 'people-list'] as const;

/**
 * A one-click call (unlock, revoke, approve …): disabled while it runs, the service's refusal shown beside it,
 * `done` said once it succeeded, and the queries under `invalidates` read again.
 */
export function ActionButton({ label, working, done, call, invalidates, danger }: {
  label: string;
  working: string;
  done?: string;
  call: () => Promise<unknown>;
  invalidates: QueryKey;
  danger?: boolean;
}) {
  const queryClient = useQueryClient();
  const action = useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }) });
  return (
    <span className="admin-action">
      <button type="button" className={danger ? 'button button-danger' : 'button'} disabled={action.isPending} onClick={() => action.mutate()}>
        {action.isPending ? working : label}
      </button>
      {action.isError && <ErrorNote error={action.error} />}
      {action.isSuccess && done && <SuccessNote>{done}</SuccessNote>}
    </span>
  );
}

/** A call that cannot be undone (delete, remove a feed's address), asked once more in a dialog before it runs. */
export function ConfirmButton({ label, title, description, working, call, onDone }: {
  label: string;
  title: string;
  description: ReactNode;
  working: string;
  call: () => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const action = useMutation({ mutationFn: call, onSuccess: () => { setOpen(false); onDone(); } });
  return (
    <Dialog.Root open={open} onOpenChange={(next) => { setOpen(next); if (!next) action.reset(); }}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button-danger">{label}</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {action.isError && <ErrorNote error={action.error} />}
          <div className="actions">
            <button type="button" className="button button-danger" disabled={action.isPending} onClick={() => action.mutate()}>
              {action.isPending ? working : label}
            </button>
            <Dialog.Close asChild><button type="button" className="button button-quiet">{t('admin.cancel')}</button></Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A text field's value as the service wants it: blank means "not given". */
export const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** A form's text values and the `value` / `onChange` pair each control binds to. */
export function useTextForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const bind = (name: keyof T) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return { values, setValues, bind };
}

/**
 * The service names the field it refuses at the start of its message ("email must be one e-mail address…");
 * that message goes under the field, any other under the form.
 */
export function fieldErrors(error: unknown, fields: readonly string[], t: (key: string) => string): { byField: Record<string, string>; general?: string } {
  if (!error) return { byField: {} };
  const message = errorText(error, t);
  const field = fields.find((name) => message.startsWith(`${name} `));
  return field ? { byField: { [field]: message } } : { byField: {}, general: message };
}

/** The rows of one list page and how many there are in all, from the answer's X-Total-Count header. */
export async function okPage<T>(call: Promise<{ data?: T[]; error?: unknown; response: Response }>): Promise<{ rows: T[]; total: number }> {
  const answer = await call;
  const rows = await ok(Promise.resolve(answer));
  return { rows, total: Number(answer.response.headers.get('X-Total-Count') ?? rows.length) };
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
      <button type="button" className="button" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - size))}>{t('admin.pager.previous')}</button>
      <span aria-live="polite">{summary}</span>
      <button type="button" className="button" disabled={offset + size >= total} onClick={() => onOffset(offset + size)}>{t('admin.pager.next')}</button>
    </nav>
  );
}
