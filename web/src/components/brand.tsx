import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--accent-9)" />
      <path d="M9 7h9a7 7 0 0 1 7 7v4a7 7 0 0 1-7 7H9z" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M13 12h5M13 16h6M13 20h5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="app-brand">
      <BrandMark />
      <span>{t('app.name')}</span>
    </Link>
  );
}
