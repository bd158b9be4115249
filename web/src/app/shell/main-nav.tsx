import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useIsSuperuser } from '../../lib/auth';

/** Only areas that exist are listed; the admin area only for superusers. */
export function MainNav() {
  const { t } = useTranslation();
  const isSuperuser = useIsSuperuser();
  return (
    <nav className="app-nav" aria-label={t('shell.mainNavigation')}>
      <NavLink to="/" end>
        {t('nav.dashboard')}
      </NavLink>
      <NavLink to="/settings">{t('nav.settings')}</NavLink>
      {isSuperuser ? <NavLink to="/admin">{t('nav.admin')}</NavLink> : null}
    </nav>
  );
}
