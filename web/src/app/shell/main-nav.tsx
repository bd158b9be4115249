import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useIsSuperuser } from '../../lib/auth';
import { SECTIONS, sectionOf } from './sections';

/** The areas of the app; the admin area only for superusers. */
export function MainNav() {
  const { t } = useTranslation();
  const isSuperuser = useIsSuperuser();
  const current = sectionOf(useLocation().pathname);
  return (
    <nav className="app-nav" aria-label={t('shell.mainNavigation')}>
      <NavLink to="/" end>
        {t('nav.dashboard')}
      </NavLink>
      {SECTIONS.map((section) => (
        <NavLink key={section.key} to={section.to} aria-current={current?.key === section.key ? 'page' : undefined}>
          {t(section.label)}
        </NavLink>
      ))}
      <NavLink to="/settings">{t('nav.settings')}</NavLink>
      {isSuperuser ? <NavLink to="/admin">{t('nav.admin')}</NavLink> : null}
    </nav>
  );
}
