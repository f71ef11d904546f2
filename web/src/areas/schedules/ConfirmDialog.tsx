import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/feedback';

/** A destructive step asked twice; the dialog stays open with the service's refusal when the call fails. */
export function ConfirmDialog({ label, fullLabel, title, text, confirm, pending, error, onConfirm, onClose }: {
  label: string;
  /** The trigger's full name when its visible word alone is ambiguous (a row of a table). */
  fullLabel?: string;
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  error: unknown;
  /** Resolves true when done, so the dialog closes. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => { setOpen(next); if (!next) onClose(); }}>
      <Dialog.Trigger asChild><button type="button" className="button button-danger" aria-label={fullLabel}>{label}</button></Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{text}</Dialog.Description>
          {error != null && <ErrorNote error={error} />}
          <div className="actions">
            <button type="button" className="button button-danger" disabled={pending} onClick={() => void onConfirm().then((done) => done && setOpen(false))}>{confirm}</button>
            <Dialog.Close asChild><button type="button" className="button button-quiet">{t('schedules.cancel')}</button></Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
