import { Button } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n';

/** Switches between English and Arabic; the choice is kept (i18nextLng) across sessions. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const other = currentLanguage() === 'ar' ? 'en' : 'ar';
  return (
    <Button variant="soft" color="gray" lang={other} onClick={() => void changeLanguage(other)}>
      {t('language.switchTo')}
    </Button>
  );
}
