// The right-hand settings panel (spec section 2): layout, width, topbar theme, sidebar type,
// colour and image, preloader. Choices apply at once and are remembered locally.
// Its own components' sheets load with it (the frame's are in shell-styles.ts).
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Switch.css';
import { Button, Drawer, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { useCompanyConfig } from '../../lib/config/use-company-config.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { resolveBrandColors } from '../../lib/theme/white-label.ts';
import {
  LAYOUT_TYPES,
  LAYOUT_WIDTHS,
  type LayoutSettings,
  SIDEBAR_IMAGES,
  SIDEBAR_THEMES,
  SIDEBAR_TYPES,
  TOPBAR_THEMES,
} from './layout-settings.ts';
import classes from './shell.module.css';
import { gradientOf, resolveNavSurface, SIDEBAR_IMAGE_STOPS } from './surfaces.ts';
import { resetLayoutSettings, updateLayoutSettings, useLayoutSettings } from './use-layout-settings.ts';

type OptionGroupProps<K extends keyof LayoutSettings> = {
  setting: K;
  options: readonly string[];
  label: string;
  optionLabel: (option: string) => string;
  swatch?: (option: string) => string | null;
};

const OptionGroup = <K extends keyof LayoutSettings>({
  setting,
  options,
  label,
  optionLabel,
  swatch,
}: OptionGroupProps<K>) => {
  const settings = useLayoutSettings();
  return (
    <Radio.Group
      label={label}
      value={String(settings[setting])}
      onChange={(value) => updateLayoutSettings({ [setting]: value } as Partial<LayoutSettings>)}
      data-testid={`layout-setting-${setting}`}
    >
      <Group gap="sm" mt={6}>
        {options.map((option) => {
          const background = swatch?.(option);
          return (
            <Radio
              key={option}
              value={option}
              data-testid={`layout-${setting}-${option}`}
              label={
                background ? (
                  <Group gap={6} wrap="nowrap">
                    <span className={classes.swatch} style={{ background }} aria-hidden="true" />
                    {optionLabel(option)}
                  </Group>
                ) : (
                  optionLabel(option)
                )
              }
            />
          );
        })}
      </Group>
    </Radio.Group>
  );
};

export const SettingsDrawer = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation('layout');
  const settings = useLayoutSettings();
  const { config } = useCompanyConfig();
  const colors = resolveBrandColors(config?.theme);
  const sidebarDisabled = settings.layoutType === 'horizontal';

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title={t('settings.title')}
      closeButtonProps={{ 'aria-label': t('settings.close') }}
      data-testid="layout-settings-drawer"
    >
      <Stack gap="lg">
        <Text size="sm">{t('settings.intro')}</Text>
        <OptionGroup
          setting="layoutType"
          options={LAYOUT_TYPES}
          label={t('settings.layoutType')}
          optionLabel={(o) => t(`settings.layoutTypes.${o}`)}
        />
        <OptionGroup
          setting="layoutWidth"
          options={LAYOUT_WIDTHS}
          label={t('settings.layoutWidth')}
          optionLabel={(o) => t(`settings.layoutWidths.${o}`)}
        />
        <OptionGroup
          setting="topbarTheme"
          options={TOPBAR_THEMES}
          label={t('settings.topbarTheme')}
          optionLabel={(o) => t(`settings.topbarThemes.${o}`)}
        />
        <OptionGroup
          setting="sidebarType"
          options={SIDEBAR_TYPES}
          label={t('settings.sidebarType')}
          optionLabel={(o) => t(`settings.sidebarTypes.${o}`)}
        />
        {sidebarDisabled && <Text size="xs">{t('settings.sidebarTypeVerticalOnly')}</Text>}
        <OptionGroup
          setting="sidebarTheme"
          options={SIDEBAR_THEMES}
          label={t('settings.sidebarColor')}
          optionLabel={(o) => t(`settings.sidebarColors.${o}`)}
          swatch={(o) =>
            resolveNavSurface(
              { sidebarTheme: o as LayoutSettings['sidebarTheme'], sidebarImage: 'none' },
              colors,
            ).background
          }
        />
        <OptionGroup
          setting="sidebarImage"
          options={SIDEBAR_IMAGES}
          label={t('settings.sidebarImage')}
          optionLabel={(o) => t(`settings.sidebarImages.${o}`)}
          swatch={(o) =>
            o === 'none' ? null : gradientOf(SIDEBAR_IMAGE_STOPS[o as keyof typeof SIDEBAR_IMAGE_STOPS])
          }
        />
        <Switch
          label={t('settings.preloader')}
          description={t('settings.preloaderHint')}
          checked={settings.preloader}
          onChange={(event) => updateLayoutSettings({ preloader: event.currentTarget.checked })}
          data-testid="layout-preloader"
        />
        <Button variant="light" onClick={resetLayoutSettings} data-testid="layout-settings-reset">
          {t('settings.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
};
