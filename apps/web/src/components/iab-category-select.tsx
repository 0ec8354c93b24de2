// A multi-select of IAB content categories (IAB Content Taxonomy 1.0, as OpenRTB carries them): the
// list core keeps, labelled "IAB20 Travel"; a chosen category the list lacks (IAB20-3, saved through
// the API) stays listed by its id, so a save does not drop it.
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.layer.css';
import { IAB_CATEGORIES, iabCategoryLabel } from '@console/core/api/iab-category-list';
import { MultiSelect } from '@mantine/core';

export type IabCategorySelectProps = {
  label: string;
  description?: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
  nothingFound: string;
  testId: string;
};

export const IabCategorySelect = ({
  label,
  description,
  value,
  onChange,
  error,
  nothingFound,
  testId,
}: IabCategorySelectProps) => {
  const listed = new Set(IAB_CATEGORIES.map((category) => category.id));
  const data = [
    ...IAB_CATEGORIES.map((category) => ({ value: category.id, label: iabCategoryLabel(category.id) })),
    ...value.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: id })),
  ];
  return (
    <MultiSelect
      label={label}
      description={description}
      data={data}
      value={[...value]}
      onChange={onChange}
      searchable
      clearable
      maxDropdownHeight={300}
      nothingFoundMessage={nothingFound}
      error={error}
      data-testid={testId}
    />
  );
};
