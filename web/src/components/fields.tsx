import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface Labelled {
  label: ReactNode;
  /** A hint under the control, read with it by screen readers. */
  hint?: ReactNode;
  /** The service's message for this field, shown under it and announced with it. */
  error?: string;
}

function useDescribedBy(hint: ReactNode, error?: string) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function Notes({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint && <small id={hintId} className="muted">{hint}</small>}
      {error && <small id={errorId} className="field-error">{error}</small>}
    </>
  );
}

/** A labelled text input (or number, date, time, e-mail …) with its hint and error tied to it. */
export function TextField({ label, hint, error, ...input }: Labelled & InputHTMLAttributes<HTMLInputElement>) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <Notes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function TextAreaField({ label, hint, error, ...area }: Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...area} />
      <Notes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function SelectField({ label, hint, error, children, ...select }: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...select}>{children}</select>
      <Notes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({ label, hint, ...input }: Omit<Labelled, 'error'> & InputHTMLAttributes<HTMLInputElement>) {
  const { id, hintId, describedBy } = useDescribedBy(hint);
  return (
    <div className="checkbox-field">
      <input id={id} type="checkbox" aria-describedby={describedBy} {...input} />
      <label htmlFor={id}>{label}</label>
      <Notes hint={hint} hintId={hintId} />
    </div>
  );
}
