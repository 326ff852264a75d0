/** The wizard's progress (spec §2.5): 4 numbered circles; the current one is marked for assistive tech. */
export function StepCircles({ step }: { step: number }) {
  return (
    <ol className="step-circles" aria-label="Progress">
      {[1, 2, 3, 4].map((n) => (
        <li
          key={n}
          className={`step-circles__item${n <= step ? ' step-circles__item--done' : ''}`}
          aria-current={n === step ? 'step' : undefined}
        >
          <span className="visually-hidden">Step </span>
          {n}
        </li>
      ))}
    </ol>
  );
}

/** The two homes of an account with both ids (spec §2.5): My Home, then Parents Home. */
export function StageSteps({ stage }: { stage: 1 | 2 }) {
  return (
    <ol className="stage-steps" aria-label="Homes to set up">
      {['My Home', 'Parents Home'].map((label, i) => (
        <li key={label} className="stage-steps__item" aria-current={i + 1 === stage ? 'step' : undefined}>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** A count with a minimum of 0 (spec §5.2), as a labelled number input. */
export function CountField(props: { label: string; value: number; onChange: (value: number) => void }) {
  const id = `count-${props.label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="count-field">
      <label htmlFor={id} className="count-field__label">
        {props.label}
      </label>
      <div className="count-field__control">
        <button
          type="button"
          className="button button--secondary count-field__button"
          aria-label={`Fewer: ${props.label}`}
          disabled={props.value <= 0}
          onClick={() => props.onChange(Math.max(0, props.value - 1))}
        >
          −
        </button>
        <input
          id={id}
          className="field__input count-field__input"
          type="number"
          inputMode="numeric"
          min={0}
          max={20}
          value={props.value}
          onChange={(e) => props.onChange(Math.max(0, Math.min(20, Math.trunc(Number(e.target.value) || 0))))}
        />
        <button
          type="button"
          className="button button--secondary count-field__button"
          aria-label={`More: ${props.label}`}
          disabled={props.value >= 20}
          onClick={() => props.onChange(Math.min(20, props.value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}
