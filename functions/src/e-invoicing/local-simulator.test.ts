import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/client.js';
import { organizationWithRoles } from '../../test/fixtures.js';
import { SIMULATOR_DEFAULT_CREDENTIAL } from '../jofotara/simulator.js';
import { LOCAL_SIMULATOR_ENV } from './local-simulator.js';

const path = (orgId: string) => `/api/v1/organizations/${orgId}/e-invoicing/local-simulator`;

describe('the local JoFotara simulator device', () => {
  afterEach(() => {
    delete process.env[LOCAL_SIMULATOR_ENV.clientId];
    delete process.env[LOCAL_SIMULATOR_ENV.secretKey];
  });

  it('says nothing outside the local runtime', async () => {
    const { org, users } = await organizationWithRoles();

    const res = await call('GET', path(org.id), { token: users.viewer.token, org: org.id });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active: false, client_id: null, secret_key: null, portal_url: null });
  });

  it("names the credentials the simulator accepts when `npm start` runs it, to members of the organization only (another organization's owner gets 404)", async () => {
    // prepare: what infra/local/start.ts sets when invoices go to the simulator
    process.env[LOCAL_SIMULATOR_ENV.clientId] = SIMULATOR_DEFAULT_CREDENTIAL.clientId;
    process.env[LOCAL_SIMULATOR_ENV.secretKey] = SIMULATOR_DEFAULT_CREDENTIAL.secretKey;
    const { org, users } = await organizationWithRoles();
    const other = await organizationWithRoles();
    // act
    const res = await call('GET', path(org.id), { token: users.viewer.token, org: org.id });
    const stranger = await call('GET', path(org.id), { token: other.users.owner.token, org: org.id });
    // assess
    expect(res.body).toMatchObject({ active: true, client_id: 'daftar-simulator-client-id', secret_key: 'daftar-simulator-secret-key' });
    expect(stranger.status).toBe(404);
  });
});
