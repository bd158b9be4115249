import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jofotara, money } from '@daftar/shared';
import { returnedShare, ticketLine, type TicketLineInput } from '@daftar/shared/pos/ticket';
import type { ContactRecord } from '../db/contact.js';
import { EinvoiceSubmission } from '../db/einvoiceSubmission.js';
import { PosTransaction, type PosTransactionRecord, type StoredPosLine, type StoredPosPayment } from '../db/posTransaction.js';
import { createEinvoiceConsumer } from '../e-invoicing/consumer.js';
import { getSubmission, signedXmlOf } from '../e-invoicing/submission.js';
import { DEVICE, drainEinvoiceQueue, einvoicingOrganization, sqsEvent, sqsRecord } from '../e-invoicing/test-support.js';
import { startJofotaraSimulator, type StartedJofotaraSimulator } from '../jofotara/simulator.js';
import { ValidationError } from '../platform/errors.js';
import { nowIso, uuidv7 } from '../platform/ids.js';
import { einvoiceStatusOf, posPaymentMethod, posReceiptDocument, presentEinvoiceStatus, resubmitMissing, submitPosReceipt, uuidv7Floor } from './einvoice.js';

let simulator: StartedJofotaraSimulator;

beforeAll(async () => {
  simulator = await startJofotaraSimulator({ credentials: [DEVICE] });
  process.env.JOFOTARA_BASE_URL = simulator.url;
});
afterAll(async () => {
  delete process.env.JOFOTARA_BASE_URL;
  await simulator.stop();
});
beforeEach(() => simulator.control.reset());

const SELLER: jofotara.JoFotaraSeller = { tin: '12345678', registered_name: 'شركة دفتر للتجارة', income_source_sequence: '9932895' };
const TODAY = () => nowIso().slice(0, 10);

/** A receipt line with the figures the till computes for it (shared/src/pos/ticket.ts). */
function soldLine(name: string, input: TicketLineInput): StoredPosLine {
  const figures = ticketLine(input, 'JOD');
  return {
    id: randomUUID(),
    product_id: uuidv7(),
    sku: null,
    name,
    name_ar: null,
    tracked: false,
    quantity: Math.round(Number(input.quantity) * 1000),
    unit_price: input.unit_price,
    price_includes_tax: input.price_includes_tax,
    tax_id: null,
    tax_rate: figures.tax_rate,
    tax_category: figures.category,
    discount_input: input.discount ?? null,
    subtotal: figures.subtotal,
    discount: figures.discount,
    net: figures.net,
    special_tax: figures.special_tax,
    tax: figures.tax,
    gross: figures.gross,
    cost: 0,
  };
}

/** The returned part of a sold line, as a return receipt stores it. */
function returnedLine(sold: StoredPosLine, quantityMillis: number): StoredPosLine {
  const share = returnedShare(sold, sold.quantity, 0, quantityMillis, { net: 0, tax: 0, gross: 0 });
  return { ...sold, id: randomUUID(), quantity: quantityMillis, subtotal: share.net, discount: 0, net: share.net, tax: share.tax, gross: share.gross, original_line_id: sold.id, restock: true };
}

const sum = (lines: readonly StoredPosLine[], pick: (line: StoredPosLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
const payment = (tender: StoredPosPayment['tender'], amount: number): StoredPosPayment => ({ id: randomUUID(), tender, amount, reference: null });

interface ReceiptInput {
  kind?: 'sale' | 'return';
  number: string;
  lines: StoredPosLine[];
  new_lines?: StoredPosLine[];
  payments?: StoredPosPayment[];
  customer?: { id: string; name: string } | null;
  original_transaction_id?: string;
  reason?: string;
}

/** Writes a posted receipt directly, as the till's sale transaction leaves it. */
async function writeReceipt(organizationId: string, cashierId: string, input: ReceiptInput): Promise<PosTransactionRecord> {
  const kind = input.kind ?? 'sale';
  const lines = input.lines;
  const total = sum(lines, (l) => l.gross);
  const payments = input.payments ?? [];
  const tendered = payments.reduce((t, p) => t + p.amount, 0);
  const now = nowIso();
  const { data } = await PosTransaction.create({
    organization_id: organizationId,
    id: uuidv7(),
    kind,
    number: input.number,
    number_seq: Number(input.number.split('-')[1]),
    terminal_id: 'terminal-1',
    session_id: 'session-1',
    sequence: Number(input.number.split('-')[1]),
    cashier_id: cashierId,
    ...(input.customer ? { customer_id: input.customer.id, customer_name: input.customer.name } : {}),
    customer_key: input.customer?.id ?? '-',
    occurred_at: now,
    date: TODAY(),
    posted_at: now,
    offline: false,
    lines,
    new_lines: input.new_lines ?? [],
    payments,
    refunds: kind === 'return' ? [{ tender: 'cash', amount: total }] : [],
    subtotal: sum(lines, (l) => l.subtotal),
    discount: sum(lines, (l) => l.discount),
    net: sum(lines, (l) => l.net),
    tax: sum(lines, (l) => l.tax),
    total,
    tendered,
    change: kind === 'sale' ? tendered - total : 0,
    ...(input.original_transaction_id ? { original_transaction_id: input.original_transaction_id } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
    journal_entry_id: uuidv7(),
    stock_settled: true,
    receipt_status: 'not_sent',
    version: 1,
  }).go();
  return data;
}

/** Delivers every queued message of the organization to the consumer, as SQS would. */
async function deliverQueued(organizationId: string): Promise<Record<string, unknown>[]> {
  const messages = await drainEinvoiceQueue(organizationId);
  const consume = createEinvoiceConsumer({ delayRedelivery: async () => undefined });
  for (const message of messages) {
    const result = await consume(sqsEvent(sqsRecord(message)));
    expect(result.batchItemFailures).toEqual([]);
  }
  return messages;
}

const element = (xml: string, name: string) => {
  const match = new RegExp(`<cbc:${name}[^>]*>([^<]*)</cbc:${name}>`).exec(xml);
  if (!match) throw new Error(`no ${name} in the XML`);
  return match[1]!;
};
/** Decimal text (up to nine decimals) to fils, rounded half away from zero. */
const fils = (text: string) => Number(money.roundHalfAwayFromZero(money.multiplyRatios(money.ratioOf(text), money.ratio(1000n))));

/** The document-level totals of the XML the portal accepted, in fils. */
async function acceptedTotals(documentType: 'pos_receipt' | 'pos_return', organizationId: string, receiptId: string) {
  const stored = (await getSubmission(organizationId, documentType, receiptId))!;
  expect(stored).toMatchObject({ state: 'submitted', attempts: 1 });
  const xml = (await signedXmlOf(stored))!;
  const header = xml.split('<cac:InvoiceLine>')[0]!;
  const taxTotal = /<cac:TaxTotal>\s*<cbc:TaxAmount[^>]*>([^<]*)</.exec(header)?.[1] ?? '0';
  return {
    stored,
    xml,
    payable: fils(element(header, 'PayableAmount')),
    net: fils(element(header, 'TaxExclusiveAmount')) - fils(element(header, 'AllowanceTotalAmount')),
    tax: fils(taxTotal),
    typeCode: /<cbc:InvoiceTypeCode name="(\d{3})">(\d{3})</.exec(header)!.slice(1, 3),
  };
}

describe('posReceiptDocument (mapping)', () => {
  const identity = { uuid: randomUUID(), icv: 1 };

  it('keeps every line at what the customer paid, even when the till rounded a line up by a fraction of a fil', () => {
    // 1.5 × 0.335 = 0.5025 rounds up to 0.503; 16% of it is 0.080 (0.08048): the line is 0.583
    const roundedUp = soldLine('Mineral water', { quantity: '1.5', unit_price: '0.335', price_includes_tax: false, tax_rate: '16', tax_category: 'standard' });
    const shelf = soldLine('Olive oil 1L', { quantity: '3', unit_price: '5.990', price_includes_tax: true, tax_rate: '16', tax_category: 'standard', discount: { type: 'percent', percent: 7 } });
    const bread = soldLine('Bread', { quantity: '4', unit_price: '0.250', price_includes_tax: true, tax_rate: '0', tax_category: 'exempt' });
    const lines = [roundedUp, shelf, bread];
    expect(roundedUp.gross).toBe(583);

    const mapped = posReceiptDocument({
      type: 'pos_receipt',
      ...identity,
      seller: SELLER,
      track: 'general_sales',
      receipt: { id: uuidv7(), kind: 'sale', number: 'T1-000009', date: '2026-03-10', note: undefined, payments: [payment('cash', 30_000)], lines, new_lines: [] },
      customer: null,
    });
    const computed = jofotara.computeDocument(mapped.document);

    expect(computed.type_name).toBe('012');
    expect(computed.buyer).toBeNull();
    computed.lines.forEach((line, index) => {
      // net + tax is the receipt's line total to a nano; the discount is never negative
      expect(Number(line.total - BigInt(lines[index]!.gross) * 1_000_000n)).toBeGreaterThanOrEqual(-1);
      expect(Number(line.total - BigInt(lines[index]!.gross) * 1_000_000n)).toBeLessThanOrEqual(1);
      expect(line.discount >= 0n).toBe(true);
    });
    expect(fils(jofotara.formatNanos(computed.totals.payable))).toBe(sum(lines, (l) => l.gross));
    // The receipt rounds each line's tax to the fil and the portal computes it to nine decimals:
    // per line they differ by less than half a fil, so over several taxed lines the tax total may
    // differ by a fil (here 2.386 against the receipt's 2.385) while the payable does not.
    computed.lines.forEach((line, index) => {
      const difference = line.general_tax! - BigInt(lines[index]!.tax) * 1_000_000n;
      expect(difference <= 500_000n && difference >= -500_000n).toBe(true);
    });
    expect(Math.abs(fils(jofotara.formatNanos(computed.totals.general_tax)) - sum(lines, (l) => l.tax))).toBeLessThanOrEqual(1);
    expect(jofotara.crossCheck(jofotara.buildInvoiceXml(mapped.document))).toEqual([]);
    // the shelf line keeps its price before tax (5.990 / 1.16) and shows its discount
    expect(computed.lines[1]!.unit_price).toBe(5_163_793_103n);
    expect(computed.lines[1]!.discount > 0n).toBe(true);
  });

  it('is a cash invoice when every tender is money in hand, receivable when part is on account', () => {
    expect(posPaymentMethod([{ tender: 'cash' }, { tender: 'card' }, { tender: 'cliq' }, { tender: 'store_credit' }])).toBe('cash');
    expect(posPaymentMethod([{ tender: 'cash' }, { tender: 'on_account' }])).toBe('receivable');
  });

  it('refuses a sale on account to a customer without identification, and taxed lines on the income track', () => {
    const line = soldLine('Item', { quantity: '1', unit_price: '1.000', price_includes_tax: true, tax_rate: '16', tax_category: 'standard' });
    const receipt = { id: uuidv7(), kind: 'sale' as const, number: 'T1-000010', date: '2026-03-10', note: undefined, payments: [payment('on_account', 1000)], lines: [line], new_lines: [] };
    const anonymous = { organization_id: 'org', id: 'c', contact_type: 'customer', name: 'Walk-in Ahmad', name_key: 'walk-in ahmad', currency: 'JOD', is_active: true, version: 1, created_at: '', updated_at: '' } as ContactRecord;

    const onAccount = () => posReceiptDocument({ type: 'pos_receipt', ...identity, seller: SELLER, track: 'general_sales', receipt, customer: anonymous });
    const income = () =>
      posReceiptDocument({ type: 'pos_receipt', ...identity, seller: SELLER, track: 'income', receipt: { ...receipt, payments: [payment('cash', 1000)] }, customer: null });

    expect(onAccount).toThrow(ValidationError);
    expect(onAccount).toThrow(/receivable e-invoice.*Walk-in Ahmad/);
    expect(income).toThrow(/income-track taxpayer/);
  });

  it('the sweep’s key range starts at the first UUIDv7 of the moment', () => {
    const at = Date.parse('2026-03-10T08:00:00.000Z');
    const id = uuidv7(at);
    expect(id >= uuidv7Floor(at)).toBe(true);
    expect(uuidv7(at - 1) < uuidv7Floor(at)).toBe(true);
  });
});

describe('submitPosReceipt with the local DynamoDB and the JoFotara simulator', () => {
  it('submits a cash + card sale as a cash invoice (012) whose accepted totals are the receipt’s to the fil; a second call submits nothing', async () => {
    // prepare: 16% shelf prices (a weighed quantity, a discount) and an exempt line
    const setup = await einvoicingOrganization();
    const lines = [
      soldLine('Cheese (kg)', { quantity: '0.735', unit_price: '8.990', price_includes_tax: true, tax_rate: '16', tax_category: 'standard', discount: { type: 'percent', percent: 5 } }),
      soldLine('Bread', { quantity: '3', unit_price: '0.450', price_includes_tax: true, tax_rate: '0', tax_category: 'exempt' }),
    ];
    const total = sum(lines, (l) => l.gross);
    const sale = await writeReceipt(setup.org.id, setup.users.member.user.id, { number: 'T1-000001', lines, payments: [payment('cash', 5_000), payment('card', total - 5_000)] });

    // act
    await submitPosReceipt(setup.org.id, sale.id);
    const queued = await getSubmission(setup.org.id, 'pos_receipt', sale.id);
    const messages = await deliverQueued(setup.org.id);

    // assess
    expect(messages).toHaveLength(1);
    expect(queued).toMatchObject({ state: 'queued', document_number: 'T1-000001', type_code: '388', type_name: '012', payment_method: 'cash', icv: 1 });
    const accepted = await acceptedTotals('pos_receipt', setup.org.id, sale.id);
    expect(accepted.typeCode).toEqual(['012', '388']);
    expect(accepted.payable).toBe(sale.total);
    expect(accepted.tax).toBe(sale.tax);
    expect(accepted.net).toBe(sale.net);
    expect(accepted.stored).toMatchObject({ einv_num: 'T1-000001', einv_inv_uuid: accepted.stored.uuid });
    expect(simulator.control.submissions().map((s) => s.status)).toEqual(['SUBMITTED']);
    const flagged = (await PosTransaction.get({ organization_id: setup.org.id, id: sale.id }).go()).data!;
    expect(flagged.einvoice_status).toBe('queued');
    const states = await einvoiceStatusOf(setup.org.id, [sale.id, uuidv7()]);
    expect([...states.values()]).toEqual(['submitted', null]);
    expect(presentEinvoiceStatus(flagged, states)).toBe('submitted');

    // a second call (and the sweep) write and queue nothing
    await submitPosReceipt(setup.org.id, sale.id);
    const swept = await resubmitMissing(setup.org.id, { minAgeMs: 0 });
    const after = await getSubmission(setup.org.id, 'pos_receipt', sale.id);
    expect(swept).toBe(0);
    expect(await drainEinvoiceQueue(setup.org.id)).toEqual([]);
    expect(after!.version).toBe(accepted.stored.version);
    expect(after!.icv).toBe(1);
    expect(simulator.control.submissions()).toHaveLength(1);
  });

  it('submits a sale partly on account as a receivable invoice (022) naming the customer; the sweep finds it when the post-commit call never ran', async () => {
    const setup = await einvoicingOrganization();
    const lines = [
      soldLine('Printer paper', { quantity: '4', unit_price: '3.275', price_includes_tax: false, tax_rate: '16', tax_category: 'standard' }),
      soldLine('Textbook', { quantity: '1', unit_price: '12.500', price_includes_tax: true, tax_rate: '0', tax_category: 'exempt' }),
    ];
    const total = sum(lines, (l) => l.gross);
    const sale = await writeReceipt(setup.org.id, setup.users.member.user.id, {
      number: 'T2-000001',
      lines,
      payments: [payment('cash', 10_000), payment('on_account', total - 10_000)],
      customer: { id: setup.contacts.business.id, name: setup.contacts.business.name },
    });

    const swept = await resubmitMissing(setup.org.id, { minAgeMs: 0 });
    await deliverQueued(setup.org.id);

    expect(swept).toBe(1);
    const accepted = await acceptedTotals('pos_receipt', setup.org.id, sale.id);
    expect(accepted.typeCode).toEqual(['022', '388']);
    expect(accepted.stored).toMatchObject({ payment_method: 'receivable', business_type: 'b2b' });
    expect(accepted.xml).toMatch(/<cbc:ID schemeID="TN">87654321<\/cbc:ID>/);
    expect(accepted.payable).toBe(sale.total);
    expect(accepted.tax).toBe(sale.tax);
    expect(accepted.net).toBe(sale.net);
    expect(await resubmitMissing(setup.org.id, { minAgeMs: 0 })).toBe(0);
  });

  it('credits a return as a 381 of its sale once the sale is accepted, referencing the sale’s number and UUID; a return without a receipt is not submitted', async () => {
    // prepare: the sale, and its return made before JoFotara accepted the sale
    const setup = await einvoicingOrganization();
    const cashier = setup.users.member.user.id;
    const lines = [
      soldLine('Headphones', { quantity: '2', unit_price: '24.990', price_includes_tax: true, tax_rate: '16', tax_category: 'standard', discount: { type: 'amount', amount: '2.000' } }),
      soldLine('Bread', { quantity: '3', unit_price: '0.450', price_includes_tax: true, tax_rate: '0', tax_category: 'exempt' }),
    ];
    const sale = await writeReceipt(setup.org.id, cashier, { number: 'T3-000001', lines, payments: [payment('cash', sum(lines, (l) => l.gross))] });
    const returned = [returnedLine(lines[0]!, 2000)];
    const credit = await writeReceipt(setup.org.id, cashier, { kind: 'return', number: 'T3-000002', lines: returned, original_transaction_id: sale.id, reason: 'Faulty left earpiece' });
    const receiptless = await writeReceipt(setup.org.id, cashier, {
      kind: 'return',
      number: 'T3-000003',
      lines: [soldLine('Mug', { quantity: '1', unit_price: '3.500', price_includes_tax: true, tax_rate: '16', tax_category: 'standard' })],
      customer: { id: setup.contacts.consumer.id, name: setup.contacts.consumer.name },
    });

    // act 1: the return is posted (and submitted) before its sale
    await submitPosReceipt(setup.org.id, credit.id);
    await submitPosReceipt(setup.org.id, receiptless.id);
    const waiting = (await PosTransaction.get({ organization_id: setup.org.id, id: credit.id }).go()).data!;
    const firstRound = await deliverQueued(setup.org.id);

    // assess 1: the sale went first (submitted on the return's behalf); the credit note waits
    expect(firstRound.map((m) => m.document_type)).toEqual(['pos_receipt']);
    expect(waiting.einvoice_status).toBe('waiting_for_sale');
    expect(await getSubmission(setup.org.id, 'pos_return', credit.id)).toBeNull();
    expect(presentEinvoiceStatus(waiting, await einvoiceStatusOf(setup.org.id, [credit.id]))).toBe('waiting_for_sale');
    const noReceipt = (await PosTransaction.get({ organization_id: setup.org.id, id: receiptless.id }).go()).data!;
    expect(noReceipt.einvoice_status).toBe('not_applicable');
    expect(await getSubmission(setup.org.id, 'pos_return', receiptless.id)).toBeNull();
    expect(await getSubmission(setup.org.id, 'pos_receipt', receiptless.id)).toBeNull();

    // act 2: the sweep, once the sale is accepted
    const swept = await resubmitMissing(setup.org.id, { minAgeMs: 0 });
    const secondRound = await deliverQueued(setup.org.id);

    // assess 2
    expect(swept).toBe(1);
    expect(secondRound.map((m) => m.document_type)).toEqual(['pos_return']);
    const saleSubmission = (await getSubmission(setup.org.id, 'pos_receipt', sale.id))!;
    const accepted = await acceptedTotals('pos_return', setup.org.id, credit.id);
    expect(accepted.typeCode).toEqual(['012', '381']);
    const reference = /<cac:BillingReference>[\s\S]*?<cbc:ID>([^<]*)<\/cbc:ID>\s*<cbc:UUID>([^<]*)<\/cbc:UUID>\s*<cbc:DocumentDescription>([^<]*)</.exec(accepted.xml)!;
    expect(reference.slice(1, 3)).toEqual(['T3-000001', saleSubmission.uuid]);
    expect(fils(reference[3]!)).toBe(sale.total);
    expect(accepted.xml).toContain('<cbc:InstructionNote>Faulty left earpiece</cbc:InstructionNote>');
    expect(accepted.stored).toMatchObject({ invoice_id: sale.id, document_number: 'T3-000002', icv: 2 });
    expect(accepted.payable).toBe(credit.total);
    expect(accepted.tax).toBe(credit.tax);
    expect(accepted.net).toBe(credit.net);
    expect(simulator.control.submissions().map((s) => [s.invoice_id, s.status])).toEqual([
      ['T3-000001', 'SUBMITTED'],
      ['T3-000002', 'SUBMITTED'],
    ]);
    const states = await einvoiceStatusOf(setup.org.id, [sale.id, credit.id, receiptless.id]);
    expect(Object.fromEntries(states)).toEqual({ [sale.id]: 'submitted', [credit.id]: 'submitted', [receiptless.id]: null });
    expect(await resubmitMissing(setup.org.id, { minAgeMs: 0 })).toBe(0);
  });

  it('does nothing when e-invoicing is not connected for the organization', async () => {
    const setup = await einvoicingOrganization({ configured: false });
    const lines = [soldLine('Bread', { quantity: '1', unit_price: '0.450', price_includes_tax: true, tax_rate: '0', tax_category: 'exempt' })];
    const sale = await writeReceipt(setup.org.id, setup.users.member.user.id, { number: 'T4-000001', lines, payments: [payment('cash', 450)] });

    await submitPosReceipt(setup.org.id, sale.id);
    const swept = await resubmitMissing(setup.org.id, { minAgeMs: 0 });

    expect(swept).toBe(0);
    expect(await getSubmission(setup.org.id, 'pos_receipt', sale.id)).toBeNull();
    expect((await PosTransaction.get({ organization_id: setup.org.id, id: sale.id }).go()).data!.einvoice_status).toBeUndefined();
    expect(await drainEinvoiceQueue(setup.org.id)).toEqual([]);
    const { data } = await EinvoiceSubmission.query.byDocument({ organization_id: setup.org.id }).go();
    expect(data).toEqual([]);
  });
});
