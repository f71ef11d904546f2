import type { TFunction } from 'i18next';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { ErrorNote, errorText, SuccessNote } from '../../components/feedback';

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
export function fieldErrors(error: unknown, fields: readonly string[], t: TFunction): { byField: Record<string, string>; general?: string } {
  if (!error) return { byField: {} };
  const message = errorText(error, t);
  const field = fields.find((name) => message.startsWith(`${name} `));
  return field ? { byField: { [field]: message } } : { byField: {}, general: message };
}
