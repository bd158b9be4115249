import { TabNav } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { activePage, sectionOf } from './sections';

/** The pages of the current area as tabs (nothing outside an area). */
export function SectionTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const section = sectionOf(pathname);
  if (!section) return null;
  const active = activePage(section, pathname);
  return (
    <TabNav.Root aria-label={t(section.label)} mb="4">
      {section.pages.map((page) => (
        <TabNav.Link key={page.to} asChild active={page.to === active}>
          <Link to={page.to}>{t(page.label)}</Link>
        </TabNav.Link>
      ))}
    </TabNav.Root>
  );
}
