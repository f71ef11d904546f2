import * as Radix from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from './feedback';

/**
 * The one dialog: a button that opens it (`triggerName` is its full accessible name when its visible word alone
 * is ambiguous, as in a table's row), a title, an optional description, and what it holds. Without `trigger` the
 * page opens it itself (the roster's cells) and gives the focus back in `keepFocus`.
 */
export function Dialog({ trigger, triggerName, triggerClass = 'button button-quiet', title, description, plainDescription, className, open, onOpenChange, keepFocus, children }: {
  trigger?: ReactNode;
  triggerName?: string;
  triggerClass?: string;
  title: ReactNode;
  description?: ReactNode;
  /** The description is the question itself, not a muted detail. */
  plainDescription?: boolean;
  className?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** When true as the dialog closes, the focus is not given back to the trigger (it may be gone). */
  keepFocus?: () => boolean;
  children: ReactNode;
}) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      {trigger !== undefined && <Radix.Trigger asChild><button type="button" className={triggerClass} aria-label={triggerName}>{trigger}</button></Radix.Trigger>}
      <Radix.Portal>
        <Radix.Overlay className="dialog-overlay" />
        <Radix.Content
          className={className ? `dialog ${className}` : 'dialog'}
          {...(description === undefined && { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => { if (keepFocus?.()) event.preventDefault(); }}
        >
          <Radix.Title>{title}</Radix.Title>
          {description !== undefined && <Radix.Description className={plainDescription ? undefined : 'muted'}>{description}</Radix.Description>}
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** A dialog's last row: its main button (a submit button unless `onClick` is given) and the one that closes it. */
export function DialogActions({ label, className = 'button button-primary', pending, onClick, close }: {
  label: ReactNode;
  className?: string;
  pending: boolean;
  onClick?: () => void;
  close?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type={onClick ? 'button' : 'submit'} className={className} disabled={pending} onClick={onClick}>{label}</button>
      <Radix.Close asChild><button type="button" className="button button-quiet">{close ?? t('app.cancel')}</button></Radix.Close>
    </div>
  );
}

/** A dialog whose `open` state resets `reset` (a mutation's error) each time it closes. */
export function useDialogState(reset: () => void) {
  const [open, setOpen] = useState(false);
  return { open, onOpenChange: (next: boolean) => { setOpen(next); if (!next) reset(); }, close: () => setOpen(false) };
}

/**
 * A call that cannot be undone (delete, remove a feed's address), asked once more before it runs; the dialog
 * stays open with the service's refusal when the call fails.
 */
export function ConfirmDialog({ label, fullLabel, title, text, confirm = label, working, call, onDone }: {
  label: string;
  fullLabel?: string;
  title: string;
  text: ReactNode;
  confirm?: string;
  working?: string;
  call: () => Promise<unknown>;
  onDone: () => unknown;
}) {
  const action = useMutation({ mutationFn: call, onSuccess: async () => { await onDone(); state.close(); } });
  const state = useDialogState(() => action.reset());
  return (
    <Dialog trigger={label} triggerName={fullLabel} triggerClass="button button-danger" title={title} description={text} plainDescription open={state.open} onOpenChange={state.onOpenChange}>
      {action.isError && <ErrorNote error={action.error} />}
      <DialogActions label={action.isPending && working ? working : confirm} className="button button-danger" pending={action.isPending} onClick={() => action.mutate()} />
    </Dialog>
  );
}

/** An edit form in a dialog: it closes once `onSubmit` resolves; a refusal stays on screen in the service's words. */
export function FormDialog({ trigger, triggerName, title, description, className, submit, pending, error, onOpen, onSubmit, children }: {
  trigger: string;
  triggerName: string;
  title: string;
  description?: string;
  className?: string;
  submit: string;
  pending: boolean;
  error: unknown;
  /** Called as the dialog opens, to start from the row's current values. */
  onOpen?: () => void;
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog trigger={trigger} triggerName={triggerName} title={title} description={description} className={className} open={open} onOpenChange={(next) => { if (next) onOpen?.(); setOpen(next); }}>
      <form className="form" onSubmit={(event) => { event.preventDefault(); onSubmit().then(() => setOpen(false), () => undefined); }}>
        {children}
        {error ? <ErrorNote error={error} /> : null}
        <DialogActions label={submit} pending={pending} />
      </form>
    </Dialog>
  );
}
