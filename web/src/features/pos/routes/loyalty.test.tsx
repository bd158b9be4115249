import type { PosSaleCreate } from '@daftar/shared/schemas/pos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { resetRegisterOutbox } from '../offline/register-outbox';
import { createMemoryStore, setPosStore, type PosStore } from '../offline/store';
import { API, loyaltyStanding, openSession, POS, postedSale, product, promotion, referenceReaders, session, tax, terminal } from '../testing/fixtures';
import { PosRegisterRoute } from './register';

const rice = product();
const routes = [{ path: '/pos', element: <PosRegisterRoute /> }];
const lina = { id: 'cust-1', name: 'Lina Haddad', phone: '0791234567', email: null };

let store: PosStore;
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => {
  store = createMemoryStore();
  setPosStore(store);
  resetRegisterOutbox();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setPosStore(null);
  resetRegisterOutbox();
});

function readers(standing = loyaltyStanding()) {
  return {
    ...session('member'),
    ...referenceReaders,
    [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax()], count: 1 } }),
    [`GET ${API}/products-services`]: () => ({ json: { data: [rice], count: 1 } }),
    [`GET ${POS}/terminals`]: () => ({ json: { data: [terminal()], count: 1 } }),
    [`GET ${POS}/sessions`]: () => ({ json: { data: [openSession()], count: 1 } }),
    [`GET ${API}/promotions/active`]: () => ({ json: { data: [promotion()], count: 1 } }),
    [`GET ${POS}/customers/search`]: () => ({ json: { data: [lina], count: 1 } }),
    [`GET ${POS}/customers/cust-1/account-balance`]: () => ({ json: { customer_id: 'cust-1', receivable: '0.000', store_credit: '0.000', loyalty: standing } }),
    [`POST ${POS}/transactions`]: (request: RecordedRequest) => {
      const body = JSON.parse(request.body!) as PosSaleCreate;
      const points = body.loyalty_redemption?.points ?? 0;
      return {
        status: 201,
        json: {
          ...postedSale(body, 'FT-000001'),
          loyalty: { loyalty_program_id: 'lp-1', points_earned: 5, points_redeemed: points, redeemed_value: body.loyalty_redemption?.discount ?? '0.000', points_taken_back: 0, points_restored: 0, shortfall_points: 0, shortfall_amount: '0.000', balance_after: 1200 - points + 5 },
        },
      };
    },
  };
}

const sales = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === `${POS}/transactions`);

/** The register with the rice on the ticket (its 10% promotion applied) and Lina chosen. */
async function riceForLina() {
  const user = userEvent.setup();
  renderRoutes(routes, '/pos');
  await screen.findByRole('listitem', { name: 'Add Basmati rice 5 kg' });
  const scan = screen.getByRole('textbox', { name: 'Scan or type a barcode or SKU' });
  await waitFor(() => expect(document.activeElement).toBe(scan));
  await user.type(scan, '6251234567890{Enter}');
  await user.click(screen.getByRole('button', { name: 'Customer' }));
  const picker = await screen.findByRole('dialog', { name: 'Customer' });
  await user.type(within(picker).getByRole('searchbox', { name: 'Search by name, phone or e-mail' }), 'Lina');
  await user.click(await within(picker).findByRole('listitem', { name: 'Choose Lina Haddad' }));
  return { user, standing: await screen.findByTestId('pos-loyalty') };
}

describe('loyalty points at the till', { timeout: 60_000 }, () => {
  it('shows the customer’s points, redeems them after the promotion within the program’s limits, and posts and prints them', async () => {
    const { requests } = mockFetch(readers());
    const { user, standing } = await riceForLina();
    expect(standing.textContent).toMatch(/Saleh Rewards: 1,200 points \(JOD\s12\.000\) · Gold/);
    // 7.250 less the promotion's 0.725 is 6.525: ×1.5 at Gold is 9.7875 points, rounded down once: 9.
    expect(screen.getByTestId('pos-total').textContent).toMatch(/6\.525/);
    expect(screen.getByTestId('pos-loyalty-earned').textContent).toBe('The customer earns 9 points');

    await user.click(within(standing).getByRole('button', { name: 'Redeem points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem points' });
    expect(within(dialog).getByText(/At most 652 on this ticket \(JOD\s6\.520\)/)).toBeTruthy();
    const points = within(dialog).getByRole('textbox', { name: 'Points' });
    await user.type(points, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('At least 100 points are redeemed at once');
    await user.clear(points);
    await user.type(points, '700');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The points are worth more than the ticket; at most 652 points');
    await user.clear(points);
    await user.type(points, '300');
    expect(within(dialog).getByTestId('pos-loyalty-value').textContent).toMatch(/Worth JOD\s3\.000/);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // "Points −3.000" on the ticket, the promotion still there, and the preview on what is left to pay.
    expect(screen.getByTestId('pos-loyalty-discount').textContent).toMatch(/−JOD\s3\.000/);
    expect(screen.getByTestId('pos-promotions-total').textContent).toMatch(/0\.725/);
    expect(screen.getByTestId('pos-total').textContent).toMatch(/3\.525/);
    expect(screen.getByTestId('pos-loyalty-earned').textContent).toBe('The customer earns 5 points');

    await user.keyboard('{F4}');
    const pay = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(pay).getByTestId('pos-pay-due').textContent).toMatch(/3\.525/);
    await user.click(within(within(pay).getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: /5\.000/ }));

    const receipt = await screen.findByTestId('pos-receipt');
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001'));
    expect(within(receipt).getByTestId('pos-receipt-points-redeemed').textContent).toContain('(300)');
    expect(within(receipt).getByTestId('pos-receipt-points-earned').textContent).toBe('5');
    expect(within(receipt).getByTestId('pos-receipt-points-balance').textContent).toBe('905');

    // Sent at once (points are the server's balance), with the points and each line's share.
    const posted = sales(requests);
    expect(posted).toHaveLength(1);
    const body = JSON.parse(posted[0]!.body!) as PosSaleCreate;
    expect(body).toMatchObject({
      offline: false,
      customer_id: 'cust-1',
      loyalty_redemption: { points: 300, discount: '3.000' },
      lines: [{ product_id: 'prod-1', discount: null, promotion_discount: '0.725', loyalty_discount: '3.000' }],
      promotions: [{ promotion_id: 'promo-rice', discount: '0.725' }],
    });
    expect(await store.outboxAll()).toEqual([]);
  });

  it('takes the most points the ticket allows, and the cashier can take them off again', async () => {
    mockFetch(readers());
    const { user, standing } = await riceForLina();
    await user.click(within(standing).getByRole('button', { name: 'Redeem points' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem points' });
    await user.click(within(dialog).getByRole('button', { name: 'Most' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('pos-loyalty-discount').textContent).toMatch(/6\.520/));
    await user.click(screen.getByRole('button', { name: 'Remove the points' }));
    expect(screen.queryByTestId('pos-loyalty-discount')).toBeNull();
    expect(screen.getByTestId('pos-total').textContent).toMatch(/6\.525/);

    // An emptied ticket is the next sale: the points redeemed on this one go with it.
    await user.click(within(standing).getByRole('button', { name: 'Redeem points' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Redeem points' })).getByRole('button', { name: 'Most' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('pos-loyalty-discount')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Remove Basmati rice 5 kg' }));
    await waitFor(() => expect(screen.queryByTestId('pos-loyalty-discount')).toBeNull());
  });

  it('offline: earning is shown but redeeming says it needs the network', async () => {
    mockFetch(readers());
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { standing } = await riceForLina();
    expect(within(standing).queryByRole('button', { name: 'Redeem points' })).toBeNull();
    expect(within(standing).getByTestId('pos-loyalty-blocked').textContent).toBe('Offline: points cannot be redeemed');
    expect(screen.getByTestId('pos-loyalty-earned').textContent).toBe('The customer earns 9 points');
  });

  it('a suspended membership neither redeems nor earns', async () => {
    mockFetch(readers(loyaltyStanding({ status: 'suspended' })));
    const { standing } = await riceForLina();
    expect(within(standing).getByTestId('pos-loyalty-blocked').textContent).toBe('Membership suspended: no points');
    expect(screen.queryByTestId('pos-loyalty-earned')).toBeNull();
  });
});
