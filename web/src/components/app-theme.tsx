import { Theme } from '@radix-ui/themes';
import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';
import { useWritingDirection } from '../lib/direction';
import { THEME } from './theme';

/**
 * The real Theme, for signed-in screens: dialogs and menus read it to style their portals.
 *
 * A root `<Theme>` wraps its children in `<Direction.Provider dir="ltr">` of its own, which hid
 * the app's provider: every Radix primitive inside (Tabs, TabNav, the ScrollArea of each
 * `Table.Root`) then wrote `dir="ltr"` on its root and stayed left to right in Arabic, whatever
 * `<html dir>` said. The provider is restored inside the Theme, following the language. (The Theme
 * element itself takes no `dir`: it inherits the document's, as do the portals of dialogs and menus.)
 */
export function AppTheme({ children }: { children: ReactNode }) {
  const dir = useWritingDirection();
  return (
    <Theme {...THEME} hasBackground={false}>
      <Direction.Provider dir={dir}>{children}</Direction.Provider>
    </Theme>
  );
}
