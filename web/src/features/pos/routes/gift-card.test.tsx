import type { GiftCardPublic, GiftCardValidation } from '@daftar/shared/schemas/giftCards';
import type { PosSaleCreate } from '@daftar/shared/schemas/pos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { mockFetch, type RecordedRequest } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { resetRegisterOutbox } from '../offline/register-outbox';
import { createMemoryStore, setPosStore, type OutboxItem, type PosStore } from '../offline/store';
import { API, openSession, POS, postedSale, product, referenceReaders, session, tax, terminal } from '../testing/fixtures';
import { PosRegisterRoute } from './register';

const rice = product();
/** 16 digits with their Luhn check digit (shared/src/giftcards/card-number.ts). */
const CARD = '9123456789012348';
const CARDS = `${API}/gift-cards`;
const VALIDATE = `${CARDS}/number/${CARD}/validate`;

const routes = [{ path: '/pos', element: <PosRegisterRoute /> }];

/** What validate answers for the card (valid, 5.000 on it, unless told otherwise). */
const validation = (over: Partial<GiftCardValidation> = {}): GiftCardValidation => ({
  valid: true,
  gift_card_id: 'gc-1',
  card_number: CARD,
  status: 'active',
  balance: '5.000',
  currency: 'JOD',
  expires_on: null,
  reason: null,
  attempts_left: null,
  ...over,
});

const card = (over: Partial<GiftCardPublic> = {}): GiftCardPublic => ({
  id: 'gc-new',
  card_number: CARD,
  status: 'active',
  gift_card_type: 'physical',
  location_id: 'main',
  currency: 'JOD',
  balance: '50.000',
  initial_balance: '50.000',
  has_pin: false,
  pin_locked_until: null,
  design_template: 'classic',
  notes: null,
  reference_id: null,
  customer_id: null,
  customer_name: null,
  expires_on: null,
  suspended_reason: null,
  activated_at: '2026-11-26T07:30:00Z',
  last_activity_at: '2026-11-26T07:30:00Z',
  created_at: '2026-11-26T07:30:00Z',
  updated_at: '2026-11-26T07:30:00Z',
  ...over,
});

type Answer = (request: RecordedRequest) => { status?: number; json?: unknown } | undefined;

function readers(extra: Record<string, Answer> = {}) {
  return {
    ...session('member'),
    ...referenceReaders,
    [`GET ${API}/taxes/list`]: () => ({ json: { data: [tax()], count: 1 } }),
    [`GET ${API}/products-services`]: () => ({ json: { data: [rice], count: 1 } }),
    [`GET ${POS}/terminals`]: () => ({ json: { data: [terminal()], count: 1 } }),
    [`GET ${POS}/sessions`]: () => ({ json: { data: [openSession()], count: 1 } }),
    [`POST ${POS}/transactions`]: (request: RecordedRequest) => ({ status: 201, json: postedSale(JSON.parse(request.body!) as PosSaleCreate, 'FT-000001') }),
    ...extra,
  };
}

const posted = (requests: RecordedRequest[], url: string) => requests.filter((r) => r.method === 'POST' && r.url === url);

let store: PosStore;
/** Every ticket the outbox was ever given (it must never hold a gift-card payment). */
let kept: OutboxItem[];
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => {
  const memory = createMemoryStore();
  kept = [];
  store = {
    ...memory,
    outboxPut: async (item) => {
      kept.push(item);
      await memory.outboxPut(item);
    },
  };
  setPosStore(store);
  resetRegisterOutbox();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setPosStore(null);
  resetRegisterOutbox();
});

/** The register with Basmati rice (7.250) on the ticket and the payment open. */
async function payRice(scanLabel = 'Scan or type a barcode or SKU', productLabel = 'Add Basmati rice 5 kg', paymentTitle = 'Payment') {
  const user = userEvent.setup();
  renderRoutes(routes, '/pos');
  await screen.findByRole('listitem', { name: productLabel });
  const scan = screen.getByRole('textbox', { name: scanLabel });
  await waitFor(() => expect(document.activeElement).toBe(scan));
  await user.type(scan, '6251234567890{Enter}');
  await user.keyboard('{F4}');
  const dialog = await screen.findByRole('dialog', { name: paymentTitle });
  return { user, dialog };
}

describe('gift cards at the till', { timeout: 60_000 }, () => {
  it('pays part with a checked card and the rest in cash: the sale is sent at once with gift_card_id, never through the outbox', async () => {
    const { requests } = mockFetch(readers({ [`POST ${VALIDATE}`]: () => ({ json: validation() }) }));
    const { user, dialog } = await payRice();

    await user.click(within(dialog).getByRole('button', { name: 'Gift card' }));
    const number = within(dialog).getByRole('textbox', { name: 'Gift card number' });
    await waitFor(() => expect(document.activeElement).toBe(number));
    // A scanner types the digits and Enter.
    await user.type(number, `${CARD}{Enter}`);
    const balance = await within(dialog).findByTestId('pos-gift-card-balance');
    expect(balance.textContent).toMatch(/•••• 2348/);
    expect(balance.textContent).toMatch(/5\.000/);
    // 7.250 due, 5.000 on the card: the card's 5.000 is proposed, focused for Enter.
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('5.000'));
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await user.keyboard('{Enter}');

    const list = await within(dialog).findByRole('list', { name: 'Payments' });
    expect(within(list).getByRole('listitem').textContent).toMatch(/Gift card •••• 2348/);
    // The rest is proposed in cash.
    await waitFor(() => expect(amount.value).toBe('2.250'));
    expect(within(dialog).getByRole('button', { name: 'Cash' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Enter}');

    const receipt = await screen.findByTestId('pos-receipt');
    // Posted before the receipt showed: its number at once, never "Pending".
    expect(within(receipt).getByTestId('pos-receipt-number').textContent).toBe('FT-000001');
    expect(within(receipt).getAllByTestId('pos-receipt-tender').map((x) => x.textContent)).toEqual(['Gift cardبطاقة هدايا•••• 2348', 'Cashنقدًا']);

    const [validate] = posted(requests, VALIDATE);
    expect(JSON.parse(validate!.body!)).toEqual({});
    const sales = posted(requests, `${POS}/transactions`);
    expect(sales).toHaveLength(1);
    const body = JSON.parse(sales[0]!.body!) as PosSaleCreate;
    expect(sales[0]!.headers.get('Idempotency-Key')).toBe(body.id);
    expect(body).toMatchObject({ session_id: 'sess-1', offline: false, sequence: 1 });
    expect(body.payments).toEqual([
      { id: expect.any(String), tender: 'gift_card', amount: '5.000', gift_card_id: 'gc-1' },
      { id: expect.any(String), tender: 'cash', amount: '2.250' },
    ]);
    expect(kept).toEqual([]);
  });

  it('asks for the PIN, says how many tries are left after a wrong one, and takes the card once the PIN is right', async () => {
    const pins: (string | undefined)[] = [];
    const { requests } = mockFetch(
      readers({
        [`POST ${VALIDATE}`]: (request) => {
          const { pin } = JSON.parse(request.body!) as { pin?: string };
          pins.push(pin);
          if (!pin) return { json: validation({ valid: false, reason: 'pin_required', attempts_left: 5 }) };
          if (pin !== '2468') return { json: validation({ valid: false, reason: 'pin_wrong', attempts_left: 3 }) };
          return { json: validation({ balance: '20.000' }) };
        },
      }),
    );
    const { user, dialog } = await payRice();
    await user.click(within(dialog).getByRole('button', { name: 'Gift card' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Gift card number' }), `${CARD}{Enter}`);
    expect((await within(dialog).findByTestId('pos-gift-card-problem')).textContent).toBe('This card has a PIN: enter it and check again.');

    const pin = within(dialog).getByLabelText('PIN');
    await waitFor(() => expect(document.activeElement).toBe(pin));
    await user.type(pin, '1111{Enter}');
    await waitFor(() => expect(within(dialog).getByTestId('pos-gift-card-problem').textContent).toBe('Wrong PIN: 3 tries left before the card locks.'));
    expect(within(dialog).queryByTestId('pos-gift-card-balance')).toBeNull();
    // A payment cannot be added from a card that did not pass.
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(within(dialog).getByText('Check the gift card before adding its payment.')).toBeTruthy();

    await user.type(within(dialog).getByLabelText('PIN'), '2468{Enter}');
    await within(dialog).findByTestId('pos-gift-card-balance');
    // 20.000 on the card covers the 7.250: all of it proposed, and Enter ends the sale.
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('7.250'));
    await waitFor(() => expect(document.activeElement).toBe(amount));
    await user.keyboard('{Enter}');
    await screen.findByTestId('pos-receipt');

    expect(pins).toEqual([undefined, '1111', '2468']);
    const [sale] = posted(requests, `${POS}/transactions`);
    expect((JSON.parse(sale!.body!) as PosSaleCreate).payments).toEqual([{ id: expect.any(String), tender: 'gift_card', amount: '7.250', gift_card_id: 'gc-1' }]);
  });

  it('keeps the payment open with the reason when the server refuses the card, and the same sale then posts in cash', async () => {
    let refuse = true;
    const { requests } = mockFetch(
      readers({
        [`POST ${VALIDATE}`]: () => ({ json: validation() }),
        [`POST ${POS}/transactions`]: (request) =>
          refuse
            ? { status: 422, json: { detail: [{ loc: ['body', 'payments', 0], msg: 'Gift card •••• •••• •••• 2348 holds 1.000', type: 'insufficient_balance' }] } }
            : { status: 201, json: postedSale(JSON.parse(request.body!) as PosSaleCreate, 'FT-000002') },
      }),
    );
    const { user, dialog } = await payRice();
    await user.click(within(dialog).getByRole('button', { name: 'Gift card' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Gift card number' }), `${CARD}{Enter}`);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('5.000'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(amount.value).toBe('2.250'));
    await user.keyboard('{Enter}');

    // Another till spent the card meanwhile: the server's refusal, in the cashier's words.
    await within(dialog).findByText(/^Gift card •••• 2348 holds only JOD\s1\.000; remove its payment and check the card again\.$/);
    expect(screen.queryByTestId('pos-receipt')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Gift card 5.000' }));
    refuse = false;
    // The 2.250 in cash stays; the card's share is now taken in cash too.
    await user.clear(amount);
    await user.type(amount, '5.000{Enter}');
    await screen.findByTestId('pos-receipt');

    const sales = posted(requests, `${POS}/transactions`);
    const [first, second] = sales.map((r) => JSON.parse(r.body!) as PosSaleCreate);
    // The refused attempt wrote nothing; the ticket keeps its id and place in the sequence.
    expect(second!.id).toBe(first!.id);
    expect(second!.sequence).toBe(1);
    expect(second!.payments).toEqual([
      { id: expect.any(String), tender: 'cash', amount: '2.250' },
      { id: expect.any(String), tender: 'cash', amount: '5.000' },
    ]);
    // Cash only: through the outbox as every other sale.
    expect(kept.map((k) => k.id)).toEqual([first!.id]);
    expect(kept.every((k) => (k.body as PosSaleCreate).payments.every((p) => p.tender !== 'gift_card'))).toBe(true);
  });

  it('offline: the gift card tender says it needs the network and checks nothing', async () => {
    const { requests } = mockFetch(readers());
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, dialog } = await payRice();
    await user.click(within(dialog).getByRole('button', { name: 'Gift card' }));
    expect(within(dialog).getByRole('status').textContent).toBe('Gift cards need the network: take another tender until it is back.');
    expect(within(dialog).queryByRole('textbox', { name: 'Gift card number' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Gift cards need the network: take another tender until it is back.');
    expect(requests.some((r) => r.url.includes('/gift-cards'))).toBe(false);
  });

  it('sells a card into the open session and shows its number grouped by four; loads money onto another', async () => {
    const { requests } = mockFetch(
      readers({
        [`POST ${CARDS}`]: () => ({ status: 201, json: card() }),
        [`GET ${CARDS}/number/9000000000000001`]: () => ({ json: card({ id: 'gc-pending', card_number: '9000000000000001', status: 'pending', balance: '0.000', initial_balance: null }) }),
        [`POST ${CARDS}/gc-pending/activate`]: () => ({ json: card({ id: 'gc-pending', card_number: '9000000000000001', balance: '15.000' }) }),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, '/pos');
    await user.click(await screen.findByRole('button', { name: 'Gift cards' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gift cards' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '50.000');
    await user.click(within(dialog).getByRole('radio', { name: 'Card' }));
    await user.type(within(dialog).getByLabelText('PIN (optional, 4 to 6 digits)'), '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Sell card' }));

    expect((await within(dialog).findByTestId('pos-gift-card-number')).textContent).toBe('9123 4567 8901 2348');
    expect(within(dialog).getByTestId('pos-gift-card-done').textContent).toMatch(/Card sold with JOD\s50\.000/);
    const [sell] = posted(requests, CARDS);
    expect(JSON.parse(sell!.body!)).toEqual({ gift_card_type: 'physical', initial_balance: '50.000', payment_method: 'card', session_id: 'sess-1', pin: '4321' });

    // A card from a printed batch (pending) is activated with the money.
    await user.click(within(dialog).getByRole('radio', { name: 'Load a card' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Gift card number' }), '9000 0000 0000 0001');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '15');
    await user.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    await user.click(within(dialog).getByRole('button', { name: 'Load card' }));
    await waitFor(() => expect(within(dialog).getByTestId('pos-gift-card-done').textContent).toMatch(/JOD\s15\.000 loaded\. The card now holds JOD\s15\.000/));
    const [activate] = posted(requests, `${CARDS}/gc-pending/activate`);
    expect(JSON.parse(activate!.body!)).toEqual({ amount: '15', payment_method: 'cash', session_id: 'sess-1' });
  });
});

describe('gift cards at the till in Arabic', { timeout: 60_000 }, () => {
  beforeAll(() => changeLanguage('ar'));
  afterAll(() => changeLanguage('en'));

  it('names the tender and a wrong PIN in Arabic', async () => {
    mockFetch(readers({ [`POST ${VALIDATE}`]: (request) => ({ json: validation({ valid: false, reason: JSON.parse(request.body!).pin ? 'pin_wrong' : 'pin_required', attempts_left: 2 }) }) }));
    const { user, dialog } = await payRice('امسح أو اكتب الباركود أو رمز الصنف', 'إضافة أرز بسمتي 5 كغ', 'الدفع');
    await user.click(within(dialog).getByRole('button', { name: 'بطاقة هدايا' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'رقم بطاقة الهدايا' }), `${CARD}{Enter}`);
    await user.type(await within(dialog).findByLabelText('الرقم السري'), '1111{Enter}');
    await waitFor(() => expect(within(dialog).getByTestId('pos-gift-card-problem').textContent).toBe('رقم سري خاطئ: بقيت محاولتان قبل قفل البطاقة.'));
  });
});
