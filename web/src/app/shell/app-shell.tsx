import { useLayoutEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand';
import { LanguageSwitch } from '../../components/language-switch';
import { AppTheme } from '../../components/app-theme';
import { useCurrentOrganization } from '../../lib/organizations';
import { MainNav } from './main-nav';
import { OrganizationSwitcher } from './organization-switcher';
import { SectionTabs } from './section-tabs';
import { UserMenu } from './user-menu';

/**
 * Keeps `--app-header-height` on the document equal to the sticky header's real height, so the toasts
 * (top-end, SPEC §8) open just below it and never over the organization switcher or the user menu,
 * also where the header takes two rows (narrow screens) or the language changes its width.
 */
function useHeaderHeightVariable() {
  const header = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const apply = () => root.style.setProperty('--app-header-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    apply();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty('--app-header-height');
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, []);
  return header;
}

/**
 * The signed-in frame: navigation, organization switcher, language and user menu, on one row from
 * tablet widths up (long names are shortened, not wrapped). Pages remount when the organization
 * changes, so none shows another organization's state.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const header = useHeaderHeightVariable();
  return (
    <AppTheme>
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <header className="app-header" ref={header}>
        <div className="app-header-inner">
          <Brand />
          <MainNav />
          <div className="app-header-end">
            <OrganizationSwitcher />
            <LanguageSwitch />
            <UserMenu />
          </div>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <SectionTabs />
        <Outlet key={organizationId ?? 'none'} />
      </main>
    </AppTheme>
  );
}
