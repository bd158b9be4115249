/**
 * The JoFotara simulator of the local runtime (functions/src/jofotara/simulator.ts) accepts only
 * its own device's credentials. `npm start` (infra/local/start.ts) names them in these variables
 * when invoices go to the simulator, so the settings screen can show them; the cloud never sets
 * them, and then nothing is shown.
 */
import type { EinvoicingLocalSimulator } from '@daftar/shared/schemas/einvoicing';
import { configuredPortalUrl } from './settings.js';

export const LOCAL_SIMULATOR_ENV = { clientId: 'JOFOTARA_SIMULATOR_CLIENT_ID', secretKey: 'JOFOTARA_SIMULATOR_SECRET_KEY' } as const;

export function localSimulator(env: NodeJS.ProcessEnv = process.env): EinvoicingLocalSimulator {
  const clientId = env[LOCAL_SIMULATOR_ENV.clientId];
  const secretKey = env[LOCAL_SIMULATOR_ENV.secretKey];
  if (!clientId || !secretKey) return { active: false, client_id: null, secret_key: null, portal_url: null };
  return { active: true, client_id: clientId, secret_key: secretKey, portal_url: configuredPortalUrl() };
}
