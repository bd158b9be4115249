import { CheckCircledIcon, Cross2Icon, CrossCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { Flex, IconButton, Text } from '@radix-ui/themes';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, type ToastType } from '../lib/toast';

const ICONS: Record<ToastType, typeof InfoCircledIcon> = {
  success: CheckCircledIcon,
  error: CrossCircledIcon,
  warning: ExclamationTriangleIcon,
  info: InfoCircledIcon,
};

/**
 * Toasts stack at the top-end corner (top right in English, top left in Arabic, SPEC §8). They
 * wait while the page is idle (hidden or in the background) and while hovered or focused.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);

  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? toastStore.pause('page-hidden') : toastStore.resume('page-hidden'));
    const onBlur = () => toastStore.pause('window-blur');
    const onFocus = () => toastStore.resume('window-blur');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  return (
    <section
      className="toaster"
      aria-label={t('toast.region')}
      onMouseEnter={() => toastStore.pause('hover')}
      onMouseLeave={() => toastStore.resume('hover')}
      onFocus={() => toastStore.pause('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) toastStore.resume('focus');
      }}
    >
      {toasts.map((item) => {
        const Icon = ICONS[item.type];
        return (
          <div
            key={item.id}
            className="toast"
            data-type={item.type}
            role={item.type === 'error' ? 'alert' : 'status'}
            aria-live={item.type === 'error' ? 'assertive' : 'polite'}
            aria-atomic="true"
          >
            <Icon className="toast-icon" aria-hidden width="18" height="18" />
            <Flex direction="column" gap="1" className="toast-body">
              <Text size="2" weight="bold">
                {item.title}
              </Text>
              {item.description ? <Text size="2">{item.description}</Text> : null}
            </Flex>
            <IconButton size="1" variant="ghost" color="gray" aria-label={t('toast.dismiss')} onClick={() => toastStore.dismiss(item.id)}>
              <Cross2Icon />
            </IconButton>
          </div>
        );
      })}
    </section>
  );
}
