import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export function TextField({
  label,
  error,
  hint,
  trailing,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
  trailing?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-row">
        <input
          id={id}
          className="input"
          aria-invalid={error === undefined ? undefined : true}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          {...input}
        />
        {trailing}
      </div>
      {hint !== undefined && error === undefined && <span className="field-hint">{hint}</span>}
      {error !== undefined && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
