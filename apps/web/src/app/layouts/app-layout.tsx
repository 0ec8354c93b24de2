// The signed-in console's frame (spec section 2): top bar, the role's menu as a vertical sidebar
// or a horizontal top navigation, the page, the footer, and the settings panel. Loaded lazily by
// the router, so nothing here weighs on /login.
import './shell-styles.ts';
import { HOME_PATH } from '@console/core/routes/menus';
import { ActionIcon, Burger, Loader } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { OnDemandTooltip } from '../../components/on-demand.tsx';
import { type CompanyConfig, isConfigReady } from '../../lib/config/company-config.ts';
import { useCompanyConfig } from '../../lib/config/use-company-config.ts';
import { useTranslation } from '../../lib/i18n/locale-store.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { canActAs } from '../../lib/shell/shell-rules.ts';
import { resolveBrandColors } from '../../lib/theme/white-label.ts';
import { AdvertiserBalance } from './advertiser-balance.tsx';
import { AppFooter } from './app-footer.tsx';
import { BackButtons } from './back-buttons.tsx';
import { FullscreenToggle } from './fullscreen-toggle.tsx';
import { INHERIT_COLOR_STYLE } from './inherit-color.ts';
import { LanguagePicker } from './language-picker.tsx';
import { MainMenu } from './main-menu.tsx';
import { PageSkeleton } from './page-skeleton.tsx';
import { RoutePreloader } from './route-preloader.tsx';
import classes from './shell.module.css';
import { navSurfaceVars, resolveNavSurface, resolveTopbarSurface } from './surfaces.ts';
import { useLayoutSettings } from './use-layout-settings.ts';
import { useMobileNav } from './use-mobile-nav.ts';
import { UserMenu } from './user-menu.tsx';

// The settings panel and the phone navigation load with their first opening, not with every page.
const SettingsDrawer = lazy(() =>
  import('./settings-drawer.tsx').then((module) => ({ default: module.SettingsDrawer })),
);
const MobileNavDrawer = lazy(() =>
  import('./mobile-nav-drawer.tsx').then((module) => ({ default: module.MobileNavDrawer })),
);

// 'Act as…' is only for the roles above advertiser: its search box (Mantine's Select) loads with it.
const LazyActAsSelect = lazy(() =>
  import('./act-as-select.tsx').then((module) => ({ default: module.ActAsSelect })),
);

/** The act-as box, with a placeholder of its size while it loads (the top bar does not move). */
const ActAsSelect = ({ actorId }: { actorId: number }) => (
  <Suspense fallback={<div className={classes.actAsPlaceholder} />}>
    <LazyActAsSelect actorId={actorId} />
  </Suspense>
);

/** True from the first time `value` is true on (a drawer stays mounted to play its closing). */
const useHasBeenTrue = (value: boolean) => {
  const [hasBeen, setHasBeen] = useState(value);
  if (value && !hasBeen) setHasBeen(true);
  return hasBeen || value;
};

/** Matches the CSS breakpoint below which the navigation moves into the drawer (62em). */
const DESKTOP_QUERY = '(min-width: 62em)';
/** Below this the top bar keeps only the essentials; the rest moves into the drawer. */
const PHONE_QUERY = '(max-width: 47.99em)';

export const ShellSpinner = ({ label }: { label: string }) => (
  <div className={classes.centered} role="status" aria-label={label} data-testid="shell-spinner">
    <Loader size="lg" aria-hidden="true" />
  </div>
);

const Shell = ({ config }: { config: CompanyConfig }) => {
  const { t } = useTranslation('layout');
  const { auth } = useSession();
  const settings = useLayoutSettings();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const mobileNav = useMobileNav(isDesktop);
  const isMobileNavOpen = mobileNav.isOpen;
  const [isSettingsOpen, settingsPanel] = useDisclosure(false);
  const [isCollapsed, setIsCollapsed] = useState(false);
  const wantsMobileNav = useHasBeenTrue(isMobileNavOpen);
  const wantsSettings = useHasBeenTrue(isSettingsOpen);

  const colors = resolveBrandColors(config.theme);
  const navVars = navSurfaceVars(resolveNavSurface(settings, colors)) as CSSProperties;
  const topbar = resolveTopbarSurface(settings.topbarTheme);
  const isVertical = settings.layoutType === 'vertical';
  const density = isCollapsed ? 'icon' : settings.sidebarType;
  const isIconOnly = isDesktop && isVertical && density === 'icon';
  const drawerSurface = { ...navVars, background: 'var(--nav-bg)', color: 'var(--nav-fg)' } as CSSProperties;
  const role = auth?.role;
  const companyName = config.company.name;

  const toggleNavigation = () => {
    if (!isDesktop) mobileNav.toggle();
    else setIsCollapsed((value) => !value);
  };
  const isNavigationExpanded = isDesktop ? !isCollapsed : isMobileNavOpen;

  return (
    <div className={classes.outer} data-width={settings.layoutWidth}>
      <a className={classes.skipLink} href="#main-content">
        {t('nav.skipToContent')}
      </a>
      <div
        className={classes.shell}
        data-testid="app-shell"
        data-layout={settings.layoutType}
        data-width={settings.layoutWidth}
        data-sidebar={isVertical ? settings.sidebarType : undefined}
        data-collapsed={isVertical && isCollapsed ? 'true' : undefined}
      >
        <header
          className={classes.topbar}
          data-theme={settings.topbarTheme}
          style={{ '--topbar-bg': topbar.background, '--topbar-fg': topbar.text } as CSSProperties}
        >
          <div className={classes.brand}>
            <Link
              to={role ? HOME_PATH[role] : '/'}
              className={classes.logoLink}
              aria-label={t('topbar.home', { company: companyName })}
            >
              {isIconOnly && config.company.favicon ? (
                <img className={classes.logoMark} src={config.company.favicon} alt="" />
              ) : config.company.logoSrc ? (
                <img className={classes.logo} src={config.company.logoSrc} alt="" />
              ) : (
                <strong>{companyName}</strong>
              )}
            </Link>
          </div>
          <div className={classes.topbarStart}>
            {(isVertical || !isDesktop) && (
              <Burger
                opened={!isDesktop && isMobileNavOpen}
                onClick={toggleNavigation}
                size="sm"
                color="var(--topbar-fg)"
                aria-label={t('nav.toggle')}
                aria-expanded={isNavigationExpanded}
                data-testid="nav-toggle"
              />
            )}
          </div>
          <div className={classes.topbarEnd}>
            {role && canActAs(role) && isDesktop && auth && (
              <ActAsSelect actorId={auth.user.user_primary_id} />
            )}
            {!isPhone && <BackButtons />}
            {role === 'ADVERTISER' && auth && <AdvertiserBalance userId={auth.user.user_primary_id} />}
            {!isPhone && <FullscreenToggle />}
            {!isPhone && <LanguagePicker />}
            <OnDemandTooltip label={t('settings.open')}>
              <ActionIcon
                variant="transparent"
                size="lg"
                style={INHERIT_COLOR_STYLE}
                onClick={settingsPanel.open}
                aria-label={t('settings.open')}
                aria-haspopup="dialog"
                data-testid="layout-settings-button"
              >
                <IconSettings size={20} aria-hidden="true" />
              </ActionIcon>
            </OnDemandTooltip>
            <UserMenu />
          </div>
        </header>

        {!isDesktop ? null : isVertical ? (
          <aside className={classes.sidebar} style={navVars} data-testid="sidebar">
            <MainMenu orientation="vertical" density={density} />
          </aside>
        ) : (
          <div className={classes.topnav} style={navVars} data-testid="topnav">
            <MainMenu orientation="horizontal" />
          </div>
        )}

        <main id="main-content" className={classes.main} tabIndex={-1}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>

        <AppFooter config={config} className={classes.footer} />
      </div>

      <Suspense fallback={null}>
        {!isDesktop && wantsMobileNav && (
          <MobileNavDrawer
            opened={isMobileNavOpen}
            onClose={mobileNav.close}
            title={companyName}
            surface={drawerSurface}
          >
            <div className={classes.mobileNav}>
              {(isPhone || (role && canActAs(role))) && (
                <div className={classes.mobileTools}>
                  {role && canActAs(role) && auth && <ActAsSelect actorId={auth.user.user_primary_id} />}
                  {isPhone && <BackButtons />}
                  {isPhone && <LanguagePicker />}
                </div>
              )}
              <MainMenu orientation="vertical" onNavigate={mobileNav.close} />
            </div>
          </MobileNavDrawer>
        )}
        {wantsSettings && <SettingsDrawer opened={isSettingsOpen} onClose={settingsPanel.close} />}
      </Suspense>
      <RoutePreloader enabled={settings.preloader} />
    </div>
  );
};

/** Spec section 2: a spinner until the company config names its agency, then the console. */
export const AppLayout = () => {
  const { t } = useTranslation('layout');
  const { config } = useCompanyConfig();
  if (!isConfigReady(config)) return <ShellSpinner label={t('preloader.loading')} />;
  return <Shell config={config} />;
};
