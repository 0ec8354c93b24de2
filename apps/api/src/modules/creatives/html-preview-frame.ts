// GET /api/creatives/preview-frame: the document an HTML creative is previewed in. An ad tag needs
// its scripts to run (and loads more from ad servers), but the console's own policy
// (script-src 'self') also governs an `<iframe srcdoc>`, so the preview is a page of its own with a
// policy of its own: sandboxed by its header too (opaque origin: no console cookies, storage or
// DOM), scripts from anywhere allowed. The console posts the tag in (postMessage, since the frame's
// origin is opaque) once the frame says it is ready; the frame writes it into itself.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const PREVIEW_FRAME_POLICY = [
  'sandbox allow-scripts allow-popups',
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  "frame-ancestors 'self'",
].join('; ');

const PREVIEW_FRAME_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Creative preview</title>
<style>html,body{margin:0;padding:0;background:#fff}</style>
<script>
addEventListener('message', function (event) {
  if (event.source !== parent || !event.data || typeof event.data.creativeTag !== 'string') return;
  document.open();
  document.write(event.data.creativeTag);
  document.close();
}, { once: true });
parent.postMessage({ creativePreviewReady: true }, '*');
</script></head><body></body></html>
`;

export const htmlPreviewFrameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preview-frame',
    {
      config: { access: 'public' },
      // A document for an iframe, not an API operation: kept out of the API reference.
      schema: {
        hide: true,
        summary: 'The sandboxed page an HTML creative is previewed in (the tag arrives by postMessage)',
      },
    },
    async (_request, reply) =>
      reply
        .header('content-security-policy', PREVIEW_FRAME_POLICY)
        .header('cache-control', 'public, max-age=3600')
        .type('text/html; charset=utf-8')
        .send(PREVIEW_FRAME_HTML),
  );
};
