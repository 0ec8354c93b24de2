// The live preview beside the form: the banner as uploaded, the native ad as a card, the video file
// or VAST address, and the HTML tag running in the sandboxed iframe (refreshed as one types).
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';
import { HtmlTagPreview, NativeAdCard, VideoPreview } from '../components/creative-preview.tsx';
import type { CreativeFormValues } from './creative-form-model.ts';

/** IAB standard ad sizes to try an HTML tag in. */
export const HTML_PREVIEW_SIZES = ['300x250', '728x90', '320x50', '160x600', '300x600', '970x250'] as const;

const HtmlPane = ({ tag, name }: { tag: string; name: string }) => {
  const { t } = useTranslation('creatives');
  const [size, setSize] = useState<string>(HTML_PREVIEW_SIZES[0]);
  const [debounced] = useDebouncedValue(tag, 400);
  const [width, height] = size.split('x').map(Number);
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('preview.frameSize')}
        data={[...HTML_PREVIEW_SIZES]}
        value={size}
        onChange={(event) => setSize(event.currentTarget.value)}
        size="xs"
        w={160}
        data-testid="creative-form-html-size"
      />
      {debounced.trim() ? (
        <HtmlTagPreview
          tag={debounced}
          title={t('preview.htmlTitle', { name: name || t('preview.untitled') })}
          width={width}
          height={height}
          testId="creative-form-html-preview"
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('preview.htmlEmpty')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('preview.sandboxNote')}
      </Text>
    </Stack>
  );
};

export const CreativePreviewPane = ({ values }: { values: CreativeFormValues }) => {
  const { t } = useTranslation('creatives');
  const renderBody = () => {
    switch (values.type) {
      case 'image':
        return values.media ? (
          <Stack gap={4}>
            <img
              src={values.media.url}
              alt={t('preview.imageAlt', { name: values.name || t('preview.untitled') })}
              style={{
                display: 'block',
                maxWidth: '100%',
                height: 'auto',
                border: '1px solid var(--mantine-color-gray-3)',
              }}
              data-testid="creative-form-image-preview"
            />
            {values.media.size ? (
              <Text size="xs" c="dimmed">
                {t('file.detectedSize', { size: values.media.size })}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('preview.imageEmpty')}
          </Text>
        );
      case 'native':
        return (
          <NativeAdCard
            testId="creative-form-native-preview"
            assets={{
              title: values.native.title,
              sponsored_by: values.native.sponsoredBy,
              description: values.native.description,
              cta: values.native.cta,
              iconUrl: values.native.icon?.url,
              mainImageUrl: values.native.main?.url,
            }}
          />
        );
      case 'video':
        return (
          <VideoPreview
            src={values.videoSource === 'file' ? values.media?.url : null}
            vastUrl={values.videoSource === 'vast' ? values.vastUrl.trim() || null : null}
            label={t('preview.videoLabel', { name: values.name || t('preview.untitled') })}
            testId="creative-form-video-preview"
          />
        );
      case 'html':
        return <HtmlPane tag={values.htmlTag} name={values.name} />;
    }
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="creative-form-preview"
      style={{ position: 'sticky', top: 0 }}
    >
      <Stack gap="sm">
        <Title order={3} fz="h5" id="creative-form-preview">
          {t('preview.title')}
        </Title>
        {renderBody()}
      </Stack>
    </Paper>
  );
};
