export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  mono?: boolean;
  /** Spans both columns of the form grid. */
  wide?: boolean;
  inputMode?: 'numeric' | 'text';
  placeholder?: string;
}

/** A labelled text input with an optional hint. */
export function TextField({ id, label, value, onChange, hint, mono, wide, inputMode, placeholder }: TextFieldProps) {
  return (
    <div className={`cc-field${wide ? ' cc-fair__wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={`cc-input${mono ? ' cc-mono' : ''}`}
        value={value}
        inputMode={inputMode}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="cc-fair__hint">
          {hint}
        </span>
      )}
    </div>
  );
}
