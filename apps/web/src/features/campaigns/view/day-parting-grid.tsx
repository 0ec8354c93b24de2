// Day-parting read-only: a 7 x 24 grid (Monday first, hours of the campaign's time zone) for the
// eye, and the same as text per day ("Monday: 09:00–18:00") for everyone, screen readers included.
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { HOURS } from '../form/day-parting.ts';
import classes from './day-parting-grid.module.css';
import { summarizeDayParting, weekdayNames } from './view-model.ts';

/** 0..23, so that the hours are values rather than array indexes. */
const HOUR_LIST = Array.from({ length: HOURS }, (_, hour) => hour);

export const DayPartingGrid = ({
  grid,
  timeZone,
}: {
  /** null: every hour of every day. */
  grid: readonly (readonly boolean[])[] | null;
  timeZone: string;
}) => {
  const { t, i18n } = useTranslation('campaigns');
  if (grid === null) {
    return (
      <Text size="sm" data-testid="day-parting-all">
        {t('view.dayPartingAll', { zone: timeZone })}
      </Text>
    );
  }
  const shortNames = weekdayNames(i18n.language, 'short');
  const longNames = weekdayNames(i18n.language, 'long');
  const summary = summarizeDayParting(grid);
  return (
    <Stack gap="md" data-testid="day-parting">
      <div className={classes.grid} aria-hidden="true">
        <span />
        {HOUR_LIST.map((hour) => (
          <span key={hour} className={classes.hour}>
            {hour % 3 === 0 ? hour : ''}
          </span>
        ))}
        {shortNames.map((name, day) => (
          <Fragment key={name}>
            <span className={classes.dayName}>{name}</span>
            {HOUR_LIST.map((hour) => (
              <span
                key={hour}
                className={grid[day]?.[hour] ? `${classes.cell} ${classes.cellOn}` : classes.cell}
                data-on={grid[day]?.[hour] ? 'true' : 'false'}
              />
            ))}
          </Fragment>
        ))}
      </div>
      <Text size="xs" c="dimmed">
        {t('view.dayPartingZone', { zone: timeZone })}
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2 }}
        spacing={4}
        verticalSpacing={4}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {summary.map((day) => (
          <Text component="li" size="sm" key={day.day}>
            <Text span fw={500}>
              {longNames[day.day]}:
            </Text>{' '}
            {day.ranges.length > 0 ? (
              day.ranges.join(', ')
            ) : (
              <Text span c="dimmed">
                {t('view.dayOff')}
              </Text>
            )}
          </Text>
        ))}
      </SimpleGrid>
    </Stack>
  );
};
