// The day-parting grid: 7 days x 24 hours in the campaign's time zone. Click a cell to toggle it, drag
// across cells to paint a rectangle, click a day or an hour heading to toggle the whole row or column.
// Keyboard: one tab stop (roving focus), arrows move, Home/End jump within the day, Space or Enter
// toggles. Presets: every hour, none, weekdays 9-18.
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { localeOf } from '../../../../lib/format/date-time.ts';
import { useTranslation } from '../../../../lib/i18n/locale-store.ts';
import {
  countHours,
  DAY_PARTING_PRESETS,
  DAYS,
  type DayParting,
  HOURS,
  hourLabel,
  presetGrid,
  setCell,
  setRange,
  toggleDay,
  toggleHour,
} from '../day-parting.ts';
import classes from './day-parting-grid.module.css';

type Cell = { day: number; hour: number };

const DAY_LIST = Array.from({ length: DAYS }, (_, day) => day);
const HOUR_LIST = Array.from({ length: HOURS }, (_, hour) => hour);

/** Monday-first weekday names in the user's language ('long' or 'short'). */
export const weekdayNames = (language: string, width: 'long' | 'short'): string[] => {
  const format = new Intl.DateTimeFormat(localeOf(language), { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: DAYS }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
};

type DayPartingGridProps = {
  value: DayParting;
  onChange: (value: DayParting) => void;
  error?: string;
};

export const DayPartingGrid = ({ value, onChange, error }: DayPartingGridProps) => {
  const { t, i18n } = useTranslation('campaign-form');
  const [focus, setFocus] = useState<Cell>({ day: 0, hour: 9 });
  const drag = useRef<{ anchor: Cell; paint: boolean; base: DayParting } | null>(null);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const longDays = weekdayNames(i18n.language, 'long');
  const shortDays = weekdayNames(i18n.language, 'short');

  useEffect(() => {
    const stop = () => {
      drag.current = null;
    };
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, []);

  const moveFocus = (next: Cell) => {
    const cell = {
      day: Math.max(0, Math.min(DAYS - 1, next.day)),
      hour: Math.max(0, Math.min(HOURS - 1, next.hour)),
    };
    setFocus(cell);
    cells.current.get(`${cell.day}-${cell.hour}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, cell: Cell) => {
    const moves: Record<string, Cell> = {
      ArrowLeft: { day: cell.day, hour: cell.hour - 1 },
      ArrowRight: { day: cell.day, hour: cell.hour + 1 },
      ArrowUp: { day: cell.day - 1, hour: cell.hour },
      ArrowDown: { day: cell.day + 1, hour: cell.hour },
      Home: { day: cell.day, hour: 0 },
      End: { day: cell.day, hour: HOURS - 1 },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveFocus(move);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      onChange(setCell(value, cell.day, cell.hour));
    }
  };

  const hours = countHours(value);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        {DAY_PARTING_PRESETS.map((preset) => (
          <Button
            key={preset}
            size="compact-sm"
            variant="default"
            onClick={() => onChange(presetGrid(preset))}
            data-testid={`day-parting-preset-${preset}`}
          >
            {t(`dayParting.presets.${preset}`)}
          </Button>
        ))}
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="day-parting-count">
          {t('dayParting.count', { count: hours, total: DAYS * HOURS })}
        </Text>
      </Group>
      <div className={classes.scroller}>
        <table
          className={classes.grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an ARIA grid of day x hour cells, navigated with the arrow keys
          role="grid"
          aria-label={t('dayParting.gridLabel')}
          aria-describedby="day-parting-help"
          data-testid="day-parting-grid"
        >
          <thead>
            <tr>
              <td />
              {HOUR_LIST.map((hour) => (
                <th key={hour} scope="col" className={classes.head}>
                  <button
                    type="button"
                    className={classes.hourButton}
                    onClick={() => onChange(toggleHour(value, hour))}
                    aria-label={t('dayParting.toggleHour', { hour: hourLabel(hour) })}
                    tabIndex={-1}
                  >
                    {hour}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {DAY_LIST.map((day) => (
              <tr key={day}>
                <th scope="row" className={classes.head}>
                  <button
                    type="button"
                    className={classes.dayButton}
                    onClick={() => onChange(toggleDay(value, day))}
                    aria-label={t('dayParting.toggleDay', { day: longDays[day] })}
                    data-testid={`day-parting-day-${day}`}
                  >
                    {shortDays[day]}
                  </button>
                </th>
                {HOUR_LIST.map((hour) => {
                  const on = value[day]?.[hour] === true;
                  const isFocus = focus.day === day && focus.hour === hour;
                  return (
                    <td
                      key={hour}
                      ref={(element) => {
                        if (element) cells.current.set(`${day}-${hour}`, element);
                        else cells.current.delete(`${day}-${hour}`);
                      }}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the ARIA grid above
                      role="gridcell"
                      className={classes.cell}
                      aria-selected={on}
                      aria-label={t('dayParting.cell', {
                        day: longDays[day],
                        from: hourLabel(hour),
                        to: hourLabel(hour + 1),
                      })}
                      tabIndex={isFocus ? 0 : -1}
                      onKeyDown={(event) => onKeyDown(event, { day, hour })}
                      onFocus={() => setFocus({ day, hour })}
                      onPointerDown={(event) => {
                        event.preventDefault();
                        event.currentTarget.releasePointerCapture?.(event.pointerId);
                        const anchor = { day, hour };
                        drag.current = { anchor, paint: !on, base: value };
                        setFocus(anchor);
                        onChange(setCell(value, day, hour, !on));
                      }}
                      onPointerEnter={() => {
                        const current = drag.current;
                        if (current)
                          onChange(setRange(current.base, current.anchor, { day, hour }, current.paint));
                      }}
                      data-testid={`day-parting-cell-${day}-${hour}`}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text id="day-parting-help" size="xs" c="dimmed">
        {t('dayParting.help')}
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert" data-testid="day-parting-error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
};
