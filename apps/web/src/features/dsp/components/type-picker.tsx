// Choosing a DSP type: cards with each type's description (onboarding) or a select (the forms).
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Input.css';
import { DSP_TYPE_NAMES, DSP_TYPES, type DspType } from '@console/core/dsp-types';
import { Group, NativeSelect, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { isDspType } from '../dsp-form-model.ts';
import { credentialLabel, typeDescription, typeLabel } from './dsp-type-text.ts';

type TypePickerProps = {
  value: DspType | '';
  onChange: (type: DspType) => void;
  error?: string | undefined;
};

export const TypeCards = ({ value, onChange, error }: TypePickerProps) => {
  const { t } = useTranslation('dsp');
  return (
    <Radio.Group
      value={value}
      onChange={(next) => isDspType(next) && onChange(next)}
      label={t('fields.type')}
      description={t('onboarding.typeHint')}
      error={error}
      name="type"
      data-testid="dsp-type-cards"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        {DSP_TYPE_NAMES.map((type) => (
          <Radio.Card key={type} value={type} radius="md" p="md" data-testid={`dsp-type-${type}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={3} />
              <Stack gap={4}>
                <Text fw={600}>{typeLabel(t, type)}</Text>
                <Text size="sm" c="dimmed">
                  {typeDescription(t, type)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('onboarding.typeCredentials', {
                    fields: DSP_TYPES[type].credentialFields
                      .map((field) => credentialLabel(t, field))
                      .join(', '),
                  })}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
};

export const TypeSelect = ({ value, onChange, error }: TypePickerProps) => {
  const { t } = useTranslation('dsp');
  return (
    <NativeSelect
      label={t('fields.type')}
      name="type"
      required
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isDspType(next)) onChange(next);
      }}
      error={error}
      data={[
        { value: '', label: t('fields.typePlaceholder'), disabled: true },
        ...DSP_TYPE_NAMES.map((type) => ({ value: type, label: typeLabel(t, type) })),
      ]}
      description={value ? typeDescription(t, value) : undefined}
      data-testid="dsp-type"
    />
  );
};
