// The frame of every console page: breadcrumb and the page title (h1), then the page itself.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import type { Crumb } from '@console/core/routes/route-types';
import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n/locale-store.ts';

export type PageFrameProps = {
  /** i18n key of the `pages` namespace. */
  titleKey: string;
  breadcrumb: readonly Crumb[];
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

export const PageFrame = ({ titleKey, breadcrumb, actions, children }: PageFrameProps) => {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <Stack gap="lg" component="section" aria-labelledby="page-title">
      <Stack gap={4}>
        <nav aria-label={t('common:breadcrumb.label')}>
          <Breadcrumbs separator="›" separatorMargin={6}>
            {breadcrumb.map((crumb, index) => {
              const label = t(crumb.labelKey, { ns: 'pages' });
              const isLast = index === breadcrumb.length - 1;
              if (isLast || !crumb.path) {
                return (
                  <Text key={crumb.labelKey} size="sm" c="dimmed" aria-current={isLast ? 'page' : undefined}>
                    {label}
                  </Text>
                );
              }
              return (
                <Anchor key={crumb.labelKey} component={Link} to={crumb.path} size="sm">
                  {label}
                </Anchor>
              );
            })}
          </Breadcrumbs>
        </nav>
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            flexWrap: 'wrap',
          }}
        >
          <Title order={1} id="page-title" fz="h2">
            {t(titleKey, { ns: 'pages' })}
          </Title>
          {actions}
        </div>
      </Stack>
      {children}
    </Stack>
  );
};
