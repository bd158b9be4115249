import type { RouteObject } from 'react-router-dom';
import { loadFeatureTranslations } from '../../../lib/i18n';
import { lazyPage } from '../../../lib/lazy-route';

/**
 * The register, full screen: mounted beside the signed-in shell (not inside it) by
 * app/signed-in-routes.tsx, so it loads the feature texts the shell would have loaded.
 */
export const posRegisterRoutes: RouteObject[] = [
  {
    path: '/pos',
    lazy: lazyPage(
      () => Promise.all([import('./register'), loadFeatureTranslations()]).then(([page]) => page),
      (m) => m.PosRegisterRoute,
    ),
  },
];
