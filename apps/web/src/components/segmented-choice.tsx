// One of a few choices as joined segments (the dashboard's view and chart type): a native radio
// group, so Tab reaches the chosen segment and the arrow keys move the choice, as with Mantine's
// SegmentedControl, which it replaces where it showed on a page's first paint: that one measures
// its labels to place its sliding indicator on mount (a forced layout of the whole page).
import { useId } from 'react';
import classes from './segmented-choice.module.css';

export type SegmentedChoiceProps<T extends string> = {
  data: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
};

export const SegmentedChoice = <T extends string>({
  data,
  value,
  onChange,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'data-testid': testId,
}: SegmentedChoiceProps<T>) => {
  const name = useId();
  return (
    <div
      className={classes.root}
      role="radiogroup"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      data-testid={testId}
    >
      {data.map((item) => (
        <label key={item.value} className={classes.control}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={item.value}
            checked={item.value === value}
            onChange={() => onChange(item.value)}
          />
          <span className={classes.label}>{item.label}</span>
        </label>
      ))}
    </div>
  );
};
