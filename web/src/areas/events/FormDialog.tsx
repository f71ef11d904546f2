import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** A row action that opens a dialog; the trigger's name starts with its visible word and names the event. */
export function FormDialog({ label, fullLabel, title, description, open, onOpenChange, children }: {
  label: string;
  fullLabel: string;
  title: string;
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild><button type="button" className="button button-quiet" aria-label={fullLabel}>{label}</button></Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className="muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
