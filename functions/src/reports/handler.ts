import { createHandler, defineRoutes } from '../http/api.js';
import { analysisRoutes } from './analyses/routes.js';
import { exportRoutes } from './export/routes.js';
import { statementRoutes } from './statements/routes.js';
import { taxReportRoutes } from './tax/routes.js';

/** Financial reports: statements, analyses, the GST return and POS reports, the catalogue and exports. */
export const routes = defineRoutes('reports', { ...statementRoutes, ...analysisRoutes, ...taxReportRoutes, ...exportRoutes });

export const handler = createHandler(routes);
