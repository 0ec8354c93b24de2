// A miniature of the console in the agency's colours (navbar, top bar, a card with text, a link
// and the primary button in its normal and hover states, the footer), redrawn as the colours change.
// Decorative copy of the real shell: hidden from the accessibility tree except for its label.
import { formatCopyright } from '../../../lib/shell/shell-rules.ts';
import type { BrandTheme } from '../brand-contrast.ts';
import { resolvePreviewColors } from '../brand-contrast.ts';

export type BrandPreviewProps = {
  theme: BrandTheme;
  companyName: string;
  logoSrc: string;
  footer: { startYear: number | string; text: string };
  /** Translated texts of the miniature. */
  labels: {
    title: string;
    menu: readonly string[];
    cardTitle: string;
    cardBody: string;
    link: string;
    button: string;
    buttonHover: string;
  };
};

const bar = (width: number | string, color: string, opacity = 1) => (
  <span
    style={{ display: 'block', height: 6, width, borderRadius: 3, background: color, opacity }}
    aria-hidden="true"
  />
);

export const BrandPreview = ({ theme, companyName, logoSrc, footer, labels }: BrandPreviewProps) => {
  const colors = resolvePreviewColors(theme);
  const year = new Date().getFullYear();
  const startYear = typeof footer.startYear === 'number' ? footer.startYear : Number(footer.startYear);
  return (
    <figure style={{ margin: 0 }} data-testid="brand-preview">
      <figcaption style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, marginBottom: 8 }}>
        {labels.title}
      </figcaption>
      <div
        aria-hidden="true"
        style={{
          display: 'grid',
          gridTemplateColumns: '120px 1fr',
          gridTemplateRows: '40px 1fr 28px',
          height: 320,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 8,
          overflow: 'hidden',
          fontSize: 11,
          background: colors.page,
        }}
      >
        <div
          data-testid="preview-navbar"
          style={{
            gridRow: '1 / 4',
            background: colors.navbar,
            color: colors.onNavbar,
            padding: 8,
            display: 'flex',
            flexDirection: 'column',
            gap: 6,
          }}
        >
          <div
            style={{
              fontWeight: 700,
              marginBottom: 6,
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'ellipsis',
            }}
          >
            {companyName}
          </div>
          {labels.menu.map((item, index) => (
            <div
              key={item}
              data-testid={index === 0 ? 'preview-menu-active' : undefined}
              style={{
                padding: '4px 6px',
                borderRadius: 4,
                background: index === 0 ? colors.button.background : 'transparent',
                color: index === 0 ? colors.button.text : colors.onNavbar,
              }}
            >
              {item}
            </div>
          ))}
        </div>
        <div
          style={{
            background: '#ffffff',
            borderBottom: '1px solid #e9ecef',
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '0 10px',
          }}
        >
          {logoSrc ? (
            <img
              src={logoSrc}
              alt=""
              style={{ maxHeight: 24, maxWidth: 90, objectFit: 'contain' }}
              data-testid="preview-logo"
            />
          ) : (
            <span style={{ fontWeight: 700, color: '#1a1b1e' }}>{companyName}</span>
          )}
          <span style={{ marginLeft: 'auto', display: 'flex', gap: 6 }}>
            {bar(40, '#adb5bd')}
            {bar(24, '#adb5bd')}
          </span>
        </div>
        <div style={{ padding: 12, overflow: 'hidden' }}>
          <div
            data-testid="preview-card"
            style={{
              background: colors.card,
              borderRadius: 8,
              padding: 12,
              boxShadow: '0 1px 3px rgba(0,0,0,0.12)',
              display: 'flex',
              flexDirection: 'column',
              gap: 8,
            }}
          >
            <div data-testid="preview-text" style={{ color: colors.text, fontWeight: 700, fontSize: 13 }}>
              {labels.cardTitle}
            </div>
            <div style={{ color: colors.text }}>{labels.cardBody}</div>
            <div data-testid="preview-link" style={{ color: colors.primary, textDecoration: 'underline' }}>
              {labels.link}
            </div>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
              <span
                data-testid="preview-button"
                style={{
                  background: colors.button.background,
                  color: colors.button.text,
                  borderRadius: 4,
                  padding: '5px 10px',
                  fontWeight: 600,
                }}
              >
                {labels.button}
              </span>
              <span
                data-testid="preview-button-hover"
                style={{
                  background: colors.buttonHover.background,
                  color: colors.buttonHover.text,
                  borderRadius: 4,
                  padding: '5px 10px',
                  fontWeight: 600,
                }}
              >
                {labels.buttonHover}
              </span>
            </div>
          </div>
        </div>
        <div
          data-testid="preview-footer"
          style={{
            background: '#ffffff',
            borderTop: '1px solid #e9ecef',
            padding: '0 10px',
            display: 'flex',
            alignItems: 'center',
            color: '#495057',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          }}
        >
          {formatCopyright(Number.isFinite(startYear) ? startYear : year, year)} {footer.text}
        </div>
      </div>
    </figure>
  );
};
