import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/feedback';

interface Props {
  /** The button that opens the dialog: its text, and a longer accessible name naming the row it acts on. */
  trigger: string;
  triggerName: string;
  title: string;
  submit: string;
  pending: boolean;
  error: unknown;
  /** Called as the dialog opens, to start from the row's current values. */
  onOpen: () => void;
  /** The dialog closes once this resolves; a refusal stays on screen in the service's words. */
  onSubmit: () => Promise<unknown>;
  children: ReactNode;
}

/** An edit form in a dialog, so the page's tables stay plain and the form's labels appear once. */
export function FormDialog({ trigger, triggerName, title, submit, pending, error, onOpen, onSubmit, children }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => { if (next) onOpen(); setOpen(next); }}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button-quiet" aria-label={triggerName}>{trigger}</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog setup-dialog" aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          <form className="form" onSubmit={(event) => { event.preventDefault(); onSubmit().then(() => setOpen(false), () => undefined); }}>
            {children}
            {error ? <ErrorNote error={error} /> : null}
            <div className="actions">
              <button type="submit" className="button button-primary" disabled={pending}>{submit}</button>
              <Dialog.Close asChild><button type="button" className="button button-quiet">{t('setup.cancel')}</button></Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
