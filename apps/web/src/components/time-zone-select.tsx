// A searchable select of every IANA time zone the browser knows, each with its offset now
// ("Europe/Berlin (UTC+01:00)"); a stored zone the browser does not list stays choosable.
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.layer.css';
import { formatUtcOffset, listTimeZones } from '@console/core/time/zoned-time';
import { Select } from '@mantine/core';
import { useMemo } from 'react';

let zoneOptions: { value: string; label: string }[] | null = null;
/** Every zone with its offset now, computed once per page life. */
const timeZoneOptions = () => {
  zoneOptions ??= listTimeZones().map((zone) => {
    const offset = formatUtcOffset(zone);
    return { value: zone, label: offset && offset !== zone ? `${zone} (${offset})` : zone };
  });
  return zoneOptions;
};

export type TimeZoneSelectProps = {
  label: string;
  description?: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  nothingFound: string;
  required?: boolean;
  testId: string;
};

export const TimeZoneSelect = ({
  label,
  description,
  value,
  onChange,
  error,
  nothingFound,
  required,
  testId,
}: TimeZoneSelectProps) => {
  const zones = useMemo(() => {
    const all = timeZoneOptions();
    return all.some((option) => option.value === value) ? all : [{ value, label: value }, ...all];
  }, [value]);
  return (
    <Select
      label={label}
      description={description}
      required={required}
      searchable
      allowDeselect={false}
      data={zones}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      error={error}
      limit={60}
      maxDropdownHeight={300}
      nothingFoundMessage={nothingFound}
      data-testid={testId}
      maw={480}
    />
  );
};
