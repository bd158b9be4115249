import { Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { THEME } from './theme';

/** The real Theme, for signed-in screens: dialogs and menus read it to style their portals. */
export function AppTheme({ children }: { children: ReactNode }) {
  return (
    <Theme {...THEME} hasBackground={false}>
      {children}
    </Theme>
  );
}
