// How a creative looks: a list thumbnail, the image banner, a native ad rendered as an ad card (IAB
// Native 1.2 assets), a video player and an HTML tag inside a sandboxed iframe. Shared by the list,
// the view, the create/edit form (live previews) and the bulk pages.
//
// HTML tags are third-party markup: they are shown only in `<iframe sandbox="allow-scripts
// allow-popups">` (the API's preview page, the tag posted in), never with allow-same-origin, so the
// ad's scripts run in an opaque origin without the console's storage, cookies or DOM.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import type { CreativeDetail, CreativeType } from '@console/core/api/creatives';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCode, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/locale-store.ts';

/** The sandbox of every HTML preview: scripts and pop-ups (click-through), never same-origin. */
export const HTML_PREVIEW_SANDBOX = 'allow-scripts allow-popups';
/** The API's page the tag is written into (apps/api/src/modules/creatives/html-preview-frame.ts). */
export const HTML_PREVIEW_FRAME = '/api/creatives/preview-frame';

const TYPE_ICONS = { image: IconPhoto, native: IconPhoto, video: IconMovie, html: IconCode } as const;

export type CreativeThumbnailSource = {
  name: string;
  creative_type: CreativeType;
  preview_url: string | null;
};

/** A small preview for lists: the banner or native main image, else the type's icon. Lazy-loaded. */
export const CreativeThumbnail = ({
  creative,
  size = 56,
  testId = 'creative-thumb',
}: {
  creative: CreativeThumbnailSource;
  size?: number;
  testId?: string;
}) => {
  const { t } = useTranslation('creatives');
  const frame = {
    width: size,
    height: Math.round(size * 0.75),
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    borderRadius: 4,
    background: 'var(--mantine-color-gray-1)',
    flex: 'none',
  } as const;
  if (creative.preview_url) {
    return (
      <div style={frame}>
        <img
          src={creative.preview_url}
          alt={t('preview.thumbAlt', { name: creative.name })}
          loading="lazy"
          decoding="async"
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          data-testid={testId}
        />
      </div>
    );
  }
  const Icon = TYPE_ICONS[creative.creative_type] ?? IconPhoto;
  return (
    <div
      style={frame}
      role="img"
      aria-label={t('preview.noThumb', { type: t(`types.${creative.creative_type}`) })}
      data-testid={testId}
    >
      <Icon size={Math.round(size / 2.5)} aria-hidden="true" color="var(--mantine-color-gray-7)" />
    </div>
  );
};

/**
 * An ad tag in a sandboxed iframe: markup, styles and scripts, no access to the console. The frame
 * is the API's preview page (its own policy lets the tag's scripts run, which the console's policy
 * would block inside a srcdoc); it says when it is ready and the tag is posted in. A changed tag
 * gets a fresh frame, since a written document cannot be rewritten.
 */
export const HtmlTagPreview = ({
  tag,
  title,
  width = 300,
  height = 250,
  testId = 'creative-html-preview',
}: {
  tag: string;
  /** The frame's accessible name. */
  title: string;
  width?: number;
  height?: number;
  testId?: string;
}) => {
  const frame = useRef<HTMLIFrameElement>(null);
  const [generation, setGeneration] = useState(0);
  // While the tag is being typed, the frame is rebuilt once typing pauses, not on every key.
  const [shownTag] = useDebouncedValue(tag, 400);
  const sentTag = useRef(shownTag);
  useEffect(() => {
    if (sentTag.current === shownTag) return;
    sentTag.current = shownTag;
    setGeneration((value) => value + 1);
  }, [shownTag]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      if ((event.data as { creativePreviewReady?: unknown } | null)?.creativePreviewReady !== true) return;
      // The frame's origin is opaque (no allow-same-origin), so no narrower target origin exists.
      target.postMessage({ creativeTag: sentTag.current }, '*');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      key={generation}
      ref={frame}
      title={title}
      sandbox={HTML_PREVIEW_SANDBOX}
      src={HTML_PREVIEW_FRAME}
      referrerPolicy="no-referrer"
      loading="lazy"
      width={width}
      height={height}
      style={{
        maxWidth: '100%',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
        background: '#fff',
        display: 'block',
      }}
      data-testid={testId}
    />
  );
};

export type NativeAdAssets = {
  title: string;
  sponsored_by: string;
  description?: string;
  cta?: string;
  iconUrl?: string;
  mainImageUrl?: string;
};

/** A native ad as a publisher would render it in a feed: icon, sponsor, main image, title, text, CTA. */
export const NativeAdCard = ({
  assets,
  testId = 'creative-native-preview',
}: {
  assets: NativeAdAssets;
  testId?: string;
}) => {
  const { t } = useTranslation('creatives');
  return (
    <Paper
      withBorder
      radius="md"
      maw={360}
      style={{ overflow: 'hidden' }}
      role="figure"
      aria-label={t('preview.nativeLabel')}
      data-testid={testId}
    >
      <Group gap="xs" p="xs" wrap="nowrap">
        {assets.iconUrl ? (
          <img
            src={assets.iconUrl}
            alt={t('preview.iconAlt')}
            width={32}
            height={32}
            style={{ borderRadius: 6, objectFit: 'cover', flex: 'none' }}
            data-testid={`${testId}-icon`}
          />
        ) : null}
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate data-testid={`${testId}-sponsor`}>
            {assets.sponsored_by || t('preview.sponsorPlaceholder')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('preview.sponsored')}
          </Text>
        </Stack>
        <Badge size="xs" variant="filled" color="gray.2" autoContrast radius="sm">
          {t('preview.adMark')}
        </Badge>
      </Group>
      {assets.mainImageUrl ? (
        <img
          src={assets.mainImageUrl}
          alt={t('preview.mainAlt')}
          style={{ display: 'block', width: '100%', aspectRatio: '1.91 / 1', objectFit: 'cover' }}
          data-testid={`${testId}-main`}
        />
      ) : (
        <div
          style={{
            width: '100%',
            aspectRatio: '1.91 / 1',
            background: 'var(--mantine-color-gray-1)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Text size="xs" c="dimmed">
            {t('preview.mainMissing')}
          </Text>
        </div>
      )}
      <Stack gap={6} p="sm">
        <Text fw={700} size="md" style={{ wordBreak: 'break-word' }} data-testid={`${testId}-title`}>
          {assets.title || t('preview.titlePlaceholder')}
        </Text>
        {assets.description ? (
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {assets.description}
          </Text>
        ) : null}
        {assets.cta ? (
          <Group justify="flex-end">
            <Text
              span
              size="sm"
              fw={600}
              px="sm"
              py={4}
              style={{ border: '1px solid var(--mantine-color-gray-5)', borderRadius: 4 }}
              data-testid={`${testId}-cta`}
            >
              {assets.cta}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
};

/** A video file with the browser's controls, or the VAST tag's address (played by the ad server). */
export const VideoPreview = ({
  src,
  vastUrl,
  label,
  testId = 'creative-video-preview',
}: {
  src?: string | null;
  vastUrl?: string | null;
  label: string;
  testId?: string;
}) => {
  const { t } = useTranslation('creatives');
  if (src) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: an uploaded ad has no caption file; its controls are the browser's
      <video
        src={src}
        controls
        preload="metadata"
        aria-label={label}
        style={{ display: 'block', maxWidth: '100%', maxHeight: 360, background: '#000', borderRadius: 4 }}
        data-testid={testId}
      />
    );
  }
  if (vastUrl) {
    return (
      <Paper withBorder radius="sm" p="sm" maw={480} data-testid={`${testId}-vast`}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('preview.vastTitle')}
          </Text>
          <Anchor
            href={vastUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {vastUrl}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('preview.vastHint')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {t('preview.none')}
    </Text>
  );
};

/** The full preview of a stored creative, by its type. */
export const CreativePreview = ({
  creative,
  testId = 'creative-preview',
}: {
  creative: Pick<
    CreativeDetail,
    'name' | 'creative_type' | 'media' | 'native' | 'html_tag' | 'video_section' | 'preview_url' | 'size'
  >;
  testId?: string;
}) => {
  const { t } = useTranslation('creatives');
  switch (creative.creative_type) {
    case 'image': {
      const src = creative.media?.url ?? creative.preview_url;
      return src ? (
        <img
          src={src}
          alt={t('preview.imageAlt', { name: creative.name })}
          style={{
            display: 'block',
            maxWidth: '100%',
            height: 'auto',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 4,
          }}
          width={creative.media?.width}
          height={creative.media?.height}
          data-testid={`${testId}-image`}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('preview.none')}
        </Text>
      );
    }
    case 'native':
      return creative.native ? (
        <NativeAdCard
          testId={`${testId}-native`}
          assets={{
            title: creative.native.title,
            sponsored_by: creative.native.sponsored_by,
            description: creative.native.description,
            cta: creative.native.cta,
            iconUrl: creative.native.icon?.url,
            mainImageUrl: creative.native.main_image.url,
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('preview.none')}
        </Text>
      );
    case 'video':
      return (
        <VideoPreview
          src={creative.media?.url}
          vastUrl={creative.video_section?.vast_url}
          label={t('preview.videoLabel', { name: creative.name })}
          testId={`${testId}-video`}
        />
      );
    case 'html':
      return (
        <HtmlTagPreview
          tag={creative.html_tag ?? ''}
          title={t('preview.htmlTitle', { name: creative.name })}
          testId={`${testId}-html`}
        />
      );
    default:
      return null;
  }
};
