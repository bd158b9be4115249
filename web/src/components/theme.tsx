import type { ReactNode } from 'react';

export const THEME = { accentColor: 'teal', grayColor: 'slate', radius: 'medium', scaling: '100%', panelBackground: 'translucent' } as const;

/**
 * The element Radix Themes' root `<Theme>` renders, without the component: it also mounts a
 * Tooltip provider (floating-ui, popper, …) worth about 19 KiB gzipped that the sign-in screens never
 * use, and the entry chunk has a 170 KiB budget. Screens with portals (dialogs, menus) add
 * `<AppTheme>`.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <div
      className="radix-themes"
      data-is-root-theme="true"
      data-accent-color={THEME.accentColor}
      data-gray-color={THEME.grayColor}
      data-has-background="true"
      data-panel-background={THEME.panelBackground}
      data-radius={THEME.radius}
      data-scaling={THEME.scaling}
    >
      {children}
    </div>
  );
}
