import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'>;

interface TextFieldProps extends NativeProps {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; marks the field aria-invalid. */
  error?: string | null;
  hint?: string;
  /** A control inside the field's frame, after the input (e.g. Show password). */
  trailing?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, trailing, inputRef, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="field__control">
        <input
          ref={inputRef}
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
