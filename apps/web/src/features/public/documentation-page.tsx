// /documentation/general and /documentation/console: the console's user documentation, written in
// docs.json of every language. The order of sections is fixed here; their words live in the files.
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { AppLink } from '../../lib/navigation/app-link.tsx';

export type DocumentationSection = 'general' | 'console';

const SECTIONS: Record<DocumentationSection, readonly string[]> = {
  general: ['overview', 'roles', 'access', 'languages', 'security', 'support'],
  console: [
    'navigation',
    'layouts',
    'impersonation',
    'dashboard',
    'campaigns',
    'creatives',
    'funds',
    'audiences',
    'inventory',
    'reports',
    'administration',
  ],
};

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const DocumentationPage = ({ section }: { section: DocumentationSection }) => {
  const { t } = useTranslation('docs');
  const ids = SECTIONS[section];
  return (
    <Grid gap="xl" w="100%" maw={1100} mx="auto" align="flex-start">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper component="nav" aria-label={t('nav.label')} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text fw={700} size="sm" tt="uppercase" c="dimmed">
              {t('nav.label')}
            </Text>
            {(['general', 'console'] as const).map((other) => (
              <Anchor
                key={other}
                component={AppLink}
                to={`/documentation/${other}`}
                fw={other === section ? 700 : 400}
                aria-current={other === section ? 'page' : undefined}
              >
                {t(`nav.${other}`)}
              </Anchor>
            ))}
            <Text fw={700} size="sm" tt="uppercase" c="dimmed" mt="sm">
              {t('nav.onThisPage')}
            </Text>
            {ids.map((id) => (
              <Anchor key={id} href={`#${id}`} size="sm">
                {t(`${section}.${id}.title`)}
              </Anchor>
            ))}
            <Anchor component={AppLink} to="/login" size="sm" mt="sm">
              {t('nav.toConsole')}
            </Anchor>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Paper component="main" withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="xl">
            <Stack gap="xs">
              <Title order={1} fz={{ base: 28, sm: 34 }}>
                {t(`${section}.title`)}
              </Title>
              <Text size="lg" c="dimmed">
                {t(`${section}.lead`)}
              </Text>
            </Stack>
            {ids.map((id) => (
              <Stack key={id} gap="sm" component="section" aria-labelledby={`doc-${id}`}>
                <Title order={2} fz="h3" id={`doc-${id}`}>
                  <span id={id} style={{ scrollMarginTop: 80 }} />
                  {t(`${section}.${id}.title`)}
                </Title>
                {asList(t(`${section}.${id}.paragraphs`, { returnObjects: true })).map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
                {asList(t(`${section}.${id}.items`, { returnObjects: true, defaultValue: [] })).length > 0 ? (
                  <List spacing="xs">
                    {asList(t(`${section}.${id}.items`, { returnObjects: true, defaultValue: [] })).map(
                      (item) => (
                        <List.Item key={item}>{item}</List.Item>
                      ),
                    )}
                  </List>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
};

export default DocumentationPage;
