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
 * The signed-in frame: navigation, organization switcher, language and user menu. Pages remount
 * when the organization changes, so none shows another organization's state.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  return (
    <AppTheme>
      <a href="#main" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      <header className="app-header">
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
