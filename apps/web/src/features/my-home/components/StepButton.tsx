import { ChevronIcon } from '../../../shared/ui/icons';

/**
 * Previous or Next of a period picker. On a phone only its chevron shows (the word stays its name), so
 * the picker's dropdown or date keeps the room between the two buttons.
 */
export function StepButton({
  step,
  disabled,
  onClick,
}: {
  step: 'Previous' | 'Next';
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--secondary period-picker__step"
      disabled={disabled}
      onClick={onClick}
    >
      {step === 'Previous' ? (
        <ChevronIcon className="period-picker__chevron period-picker__chevron--back" />
      ) : null}
      <span className="period-picker__word">{step}</span>
      {step === 'Next' ? <ChevronIcon className="period-picker__chevron" /> : null}
    </button>
  );
}
