import type { PosSaleCreate } from '@daftar/shared/schemas/pos';
import type { PromotionPublic } from '@daftar/shared/schemas/promotions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { resetRegisterOutbox } from '../offline/register-outbox';
import { createMemoryStore, setPosStore, type PosStore } from '../offline/store';
import { API, openSession, POS, postedSale, product, promotion, referenceReaders, session, tax, terminal } from '../testing/fixtures';
import { PosRegisterRoute } from './register';

const rice = product();
const water = product({ id: 'prod-water', sku: 'WATER-1', name: 'Water 1.5 L', name_ar: 'مياه 1.5 لتر', category_id: 'cat-drinks', sale_price: '0.580', barcodes: ['6250000000017'] });
const ACTIVE = `${API}/promotions/active`;

const routes = [{ path: '/pos', element: <PosRegisterRoute /> }];

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
  vi.unstubAllGlobals();
  setPosStore(null);
  resetRegisterOutbox();
});

type Poster = (request: RecordedRequest) => { status?: number; json?: unknown } | undefined;

function readers({ post, active }: { post?: Poster; active: () => PromotionPublic[] }) {
  let numbers = 0;
  const accept: Poster = (request) => {
    const body = JSON.parse(request.body!) as PosSaleCreate;
    numbers += 1;
    return { status: 201, json: postedSale(body, `FT-${String(numbers).padStart(6, '0')}`) };
  };
  return {
    ...session('member'),
    ...referenceReaders,
    [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax()], count: 1 } }),
    [`GET ${API}/products-services`]: () => ({ json: { data: [rice, water], count: 2 } }),
    [`GET ${POS}/terminals`]: () => ({ json: { data: [terminal()], count: 1 } }),
    [`GET ${POS}/sessions`]: () => ({ json: { data: [openSession()], count: 1 } }),
    [`GET ${ACTIVE}`]: () => {
      const data = active();
      return { json: { data, count: data.length } };
    },
    [`POST ${POS}/transactions`]: (request: RecordedRequest) => (post ?? accept)(request),
  };
}

const sales = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === `${POS}/transactions`);
const promotionReads = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === ACTIVE);

async function openRegister(name = 'Add Basmati rice 5 kg', scanLabel = 'Scan or type a barcode or SKU') {
  const user = userEvent.setup();
  renderRoutes(routes, '/pos');
  await screen.findByRole('listitem', { name });
  const scan = screen.getByRole('textbox', { name: scanLabel });
  await waitFor(() => expect(document.activeElement).toBe(scan));
  return { user, scan };
}

describe('promotions at the till', { timeout: 60_000 }, () => {
  it('applies a 10% promotion on a product by itself, shows it with its reason, and posts and prints it', async () => {
    const { requests } = mockFetch(readers({ active: () => [promotion()] }));
    const { user, scan } = await openRegister();

    await user.type(scan, '6251234567890{Enter}');
    await user.type(scan, 'water-1{Enter}');
    // 10% of the rice's 7.250 (the water is not in the offer): 0.725 off.
    const applied = await screen.findByTestId('pos-promotion');
    expect(applied.textContent).toContain('10% off rice');
    expect(applied.textContent).toMatch(/−JOD\s0\.725/);
    expect(applied.textContent).toMatch(/Applied automatically: JOD\s0\.725 off/);
    const [riceLine, waterLine] = screen.getAllByTestId('pos-line');
    expect(within(riceLine!).getByTestId('pos-line-promotion').textContent).toMatch(/Promotion −JOD\s0\.725/);
    expect(within(waterLine!).queryByTestId('pos-line-promotion')).toBeNull();
    // 7.250 + 0.580 = 7.830, less 0.725: 7.105; the promotion is not the cashier's discount.
    expect(screen.getByTestId('pos-total').textContent).toMatch(/7\.105/);
    expect(screen.getByTestId('pos-promotions-total').textContent).toMatch(/0\.725/);
    expect(screen.queryByTestId('pos-discount')).toBeNull();
    // The tax is on what the customer pays for the rice: 6.525 × 16/116 = 0.900, and 0.080 on the water.
    expect(screen.getByTestId('pos-tax').textContent).toMatch(/0\.980/);
    // The terminal's location was asked for.
    expect(new URL(promotionReads(requests)[0]!.url, 'http://x').searchParams.get('location_id')).toBe('main');

    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(dialog).getByTestId('pos-pay-due').textContent).toMatch(/7\.105/);
    await user.click(within(within(dialog).getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: /10\.000/ }));

    const receipt = await screen.findByTestId('pos-receipt');
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001'));
    expect(within(receipt).getByTestId('pos-receipt-promotion').textContent).toContain('10% off rice');
    expect(within(receipt).getByTestId('pos-receipt-promotion').textContent).toContain('خصم 10٪ على الأرز');
    expect(within(receipt).getByTestId('pos-receipt-promotion-discount').textContent).toMatch(/−JOD\s0\.725/);
    expect(within(receipt).getByTestId('pos-receipt-line-promotion').textContent).toMatch(/0\.725/);
    expect(within(receipt).getByTestId('pos-receipt-total').textContent).toMatch(/7\.105/);

    const posted = sales(requests);
    expect(posted).toHaveLength(1);
    const body = JSON.parse(posted[0]!.body!) as PosSaleCreate;
    expect(body).toMatchObject({
      offline: false,
      lines: [
        { product_id: 'prod-1', unit_price: '7.250', discount: null, promotion_discount: '0.725' },
        { product_id: 'prod-water', promotion_discount: '0.000' },
      ],
      promotions: [{ promotion_id: 'promo-rice', discount: '0.725' }],
      payments: [{ tender: 'cash', amount: '10.000' }],
    });
    // Sent at once (the server checks the promotions with the customer still here): nothing waits.
    expect(await store.outboxAll()).toEqual([]);
  });

  it('on a 409 (the promotions changed) reads them again, applies them anew and the sale posts as they now are', async () => {
    let ended = false;
    let refusals = 0;
    const { requests } = mockFetch(
      readers({
        active: () => (ended ? [] : [promotion()]),
        post: (request) => {
          const body = JSON.parse(request.body!) as PosSaleCreate;
          if (body.promotions?.length) {
            refusals += 1;
            // Meanwhile the promotion was ended in the back office.
            ended = true;
            return { status: 409, json: { detail: 'The promotions changed since the register applied them (10% off rice: The promotion has ended); apply them again' } };
          }
          return { status: 201, json: postedSale(body, 'FT-000001') };
        },
      }),
    );
    const { user, scan } = await openRegister();
    await user.type(scan, '6251234567890{Enter}');
    await screen.findByTestId('pos-promotion');
    expect(screen.getByTestId('pos-total').textContent).toMatch(/6\.525/);
    const readsBefore = promotionReads(requests).length;

    await user.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    await user.click(within(within(dialog).getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: /10\.000/ }));

    // The cashier is told, the promotions were read again, and the ticket is at its own price now.
    expect((await screen.findByText(/The promotions changed since they were applied/)).getAttribute('role')).toBe('status');
    expect(refusals).toBe(1);
    expect(promotionReads(requests).length).toBeGreaterThan(readsBefore);
    await waitFor(() => expect(screen.queryByTestId('pos-promotion')).toBeNull());
    expect(screen.getByTestId('pos-total').textContent).toMatch(/7\.250/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment' })).toBeNull());

    await user.keyboard('{F4}');
    const again = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(again).getByTestId('pos-pay-due').textContent).toMatch(/7\.250/);
    await user.click(within(within(again).getByRole('group', { name: 'Quick cash' })).getByRole('button', { name: /10\.000/ }));
    const receipt = await screen.findByTestId('pos-receipt');
    await waitFor(() => expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001'));
    expect(within(receipt).queryByTestId('pos-receipt-promotion')).toBeNull();

    const [refused, accepted] = sales(requests);
    const first = JSON.parse(refused!.body!) as PosSaleCreate;
    const second = JSON.parse(accepted!.body!) as PosSaleCreate;
    // The same sale (its id, its number in the terminal's sequence), now without the promotion.
    expect(second.id).toBe(first.id);
    expect(second.sequence).toBe(first.sequence);
    expect(second.promotions).toEqual([]);
    expect(second.lines[0]).toMatchObject({ product_id: 'prod-1', promotion_discount: '0.000' });
  });

  it('keeps the promotions on the device: reopened without the network, the ticket still applies them', async () => {
    let online = true;
    mockFetch({
      ...readers({ active: () => [promotion()] }),
      [`GET ${ACTIVE}`]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { json: { data: [promotion()], count: 1 } };
      },
    });
    const first = await openRegister();
    await first.user.type(first.scan, '6251234567890{Enter}');
    await screen.findByTestId('pos-promotion');
    await waitFor(async () => expect(await store.getMeta('promotions:org-1:main')).toBeTruthy());
    cleanup();

    online = false;
    const { user, scan } = await openRegister();
    await user.type(scan, '6251234567890{Enter}');
    expect((await screen.findByTestId('pos-promotion')).textContent).toContain('10% off rice');
    expect(screen.getByTestId('pos-total').textContent).toMatch(/6\.525/);
  });
});

describe('promotions at the till in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('names the promotion and says why in Arabic', async () => {
    mockFetch(readers({ active: () => [promotion()] }));
    const { user, scan } = await openRegister('إضافة أرز بسمتي 5 كغ', 'امسح أو اكتب الباركود أو رمز الصنف');
    await user.type(scan, '6251234567890{Enter}');
    const applied = await screen.findByTestId('pos-promotion');
    expect(applied.textContent).toContain('خصم 10٪ على الأرز');
    expect(applied.textContent).toContain('طُبّق تلقائياً');
    expect(applied.textContent).not.toMatch(/[A-Za-z]/);
    expect(screen.getByTestId('pos-line-promotion').textContent).not.toMatch(/[A-Za-z]/);
  });
});
