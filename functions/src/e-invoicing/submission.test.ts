import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { jofotara } from '@daftar/shared';
import { validateAgainstUblInvoiceXsd } from '@daftar/shared/jofotara/fixtures';
import { call } from '../../test/client.js';
import { AuditLog } from '../db/auditLog.js';
import { EinvoiceSubmission } from '../db/einvoiceSubmission.js';
import { Invoice } from '../db/invoice.js';
import { documentUuid } from './mapping.js';
import { getSettingsItem } from './settings.js';
import { getSubmission, isLockedByEinvoicing } from './submission.js';
import { callJofotara, drainEinvoiceQueue, einvoicingOrganization } from './test-support.js';

const submissionsOf = async (organizationId: string) =>
  (await EinvoiceSubmission.query.byDocument({ organization_id: organizationId }).go({ pages: 'all' })).data;

describe('JoFotara preview', () => {
  it('shows, for each track, XML that validates against the UBL 2.1 XSD and passes every cross-check, and writes nothing', async () => {
    // prepare: one organization per track, each with a confirmed invoice the track can carry
    const general = await einvoicingOrganization({ track: 'general_sales' });
    const generalInvoice = await general.createConfirmed();
    const special = await einvoicingOrganization({ track: 'special_sales' });
    const specialInvoice = await special.createConfirmed();
    const income = await einvoicingOrganization({ track: 'income' });
    const incomeInvoice = await income.createConfirmed({ lines: income.untaxedLines() });
    const inclusive = await einvoicingOrganization({ track: 'general_sales' });
    const inclusiveInvoice = await inclusive.createConfirmed({ price_includes_tax: true });

    // act
    const previews = await Promise.all(
      [
        [general, generalInvoice],
        [special, specialInvoice],
        [income, incomeInvoice],
        [inclusive, inclusiveInvoice],
      ].map(([setup, invoice]) => {
        const s = setup as typeof general;
        return callJofotara('GET', s.paths.preview((invoice as { id: string }).id), s.as('viewer'));
      }),
    );

    // assess
    for (const res of previews) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [g, s, i, inc] = previews.map((res) => res.body);
    expect([g.summary.type_name, s.summary.type_name, i.summary.type_name, inc.summary.type_name]).toEqual(['022', '023', '021', '022']);
    for (const preview of [g, s, i, inc]) {
      expect(preview.cross_check).toEqual({ passed: true, failures: [] });
      expect(jofotara.crossCheck(preview.xml)).toEqual([]);
      expect(preview.summary.type_code).toBe('388');
      expect(preview.summary.icv).toBe(1);
      expect(preview.summary.icv_provisional).toBe(true);
      expect(preview.submission.state).toBe('not_submitted');
    }
    const validation = await validateAgainstUblInvoiceXsd([
      { name: 'general.xml', xml: g.xml },
      { name: 'special.xml', xml: s.xml },
      { name: 'income.xml', xml: i.xml },
      { name: 'inclusive.xml', xml: inc.xml },
    ]);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    // general sales: mixed rates (S 16, S 10, O, Z), the discounts as amounts, the buyer by TN
    expect(g.summary.tax_groups.map((group: { category: string; rate: string }) => `${group.category}${group.rate}`)).toEqual(['S16', 'S10', 'O0', 'Z0']);
    expect(g.summary.lines[0]).toMatchObject({ line_number: 1, quantity: '2', unit_price: '24.500', discount: '4.000', net: '45.000', tax_category: 'S', tax_rate: '16', general_tax: '7.200', total: '52.200' });
    expect(g.summary.lines[2]).toMatchObject({ discount: '0.050', tax_rate: '10' });
    expect(g.summary.buyer).toEqual({ id_scheme: 'TN', id: '87654321', name: 'فنادق البتراء', postal_code: '77110', governorate: 'JO-AQ', phone: '96232015555' });
    expect(g.summary.business_type).toBe('b2b');
    expect(g.summary.payment_method).toBe('receivable');
    expect(g.summary.uuid).toBe(documentUuid(general.org.id, 'invoice', generalInvoice.id));
    expect(g.summary.ledger_total).toBe(generalInvoice.gross_total);
    expect(g.xml).toContain(`<cbc:ID>${generalInvoice.number}</cbc:ID>`);
    // special sales: every line carries its (zero) OTH subtotal before the general tax
    expect(s.xml.match(/schemeID="UN\/ECE 5153">OTH</g)).toHaveLength(4);
    // income: no tax anywhere
    expect(i.xml).not.toContain('<cac:TaxTotal>');
    expect(i.summary.totals).toMatchObject({ tax_exclusive: '132.750', allowance_total: '5.000', payable: '127.750' });
    // a tax-inclusive price is brought back before tax
    expect(inc.summary.lines[0]).toMatchObject({ unit_price: '21.120689655', tax_rate: '16' });

    // writes nothing: no submission, the invoice counter untouched
    const messages = await drainEinvoiceQueue(general.org.id);
    for (const setup of [general, special, income, inclusive]) {
      expect(await submissionsOf(setup.org.id)).toEqual([]);
      expect((await getSettingsItem(setup.org.id))!.icv_counter).toBe(0);
    }
    expect(messages).toEqual([]);
  });

  it('takes the spec’s preview parameters: invoice_type, payment_method and business_type', async () => {
    const setup = await einvoicingOrganization({ track: 'general_sales' });
    const invoice = await setup.createConfirmed({ contact_id: setup.contacts.consumer.id });

    const defaults = await callJofotara('GET', setup.paths.preview(invoice.id), setup.as('viewer'));
    const chosen = await callJofotara('GET', setup.paths.preview(invoice.id), {
      ...setup.as('viewer'),
      query: { invoice_type: 'special_sales', payment_method: 'cash', business_type: 'b2c' },
    });
    const badValue = await callJofotara('GET', setup.paths.preview(invoice.id), { ...setup.as('viewer'), query: { payment_method: 'credit' } });

    expect(defaults.status).toBe(200);
    expect(defaults.body.summary).toMatchObject({ type_name: '022', business_type: 'b2c', matches_registered_track: true, buyer: { id_scheme: 'NIN', id: '9861012345', name: 'Rania Haddad' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.summary).toMatchObject({ type_name: '013', invoice_type: 'special_sales', payment_method: 'cash', matches_registered_track: false });
    expect(chosen.body.cross_check.passed).toBe(true);
    expect(badValue.status).toBe(422);
  });

  it('answers 409 for a draft, 409 listing what is missing when not configured, and 404 for another organization’s invoice', async () => {
    const setup = await einvoicingOrganization();
    const draft = await setup.createDraft({ contact_id: setup.contacts.business.id, issue_date: '2025-06-15', lines: setup.mixedLines() });
    const unconfigured = await einvoicingOrganization({ configured: false });
    const invoice = await unconfigured.createConfirmed();
    const other = await einvoicingOrganization();

    const draftPreview = await callJofotara('GET', setup.paths.preview(draft.id), setup.as('viewer'));
    const notConfigured = await callJofotara('GET', unconfigured.paths.preview(invoice.id), unconfigured.as('viewer'));
    const foreign = await callJofotara('GET', setup.paths.preview(invoice.id), setup.as('viewer'));
    const outsider = await callJofotara('GET', setup.paths.preview(draft.id), { token: other.users.owner.token });

    expect(draftPreview.status).toBe(409);
    expect(draftPreview.body.detail).toMatch(/draft/i);
    expect(notConfigured.status).toBe(409);
    // The tax number and legal name come from the organization's profile (issue 12); the rest is missing.
    expect(notConfigured.body.detail).not.toContain('seller_tin');
    expect(notConfigured.body.detail).toContain('taxpayer_track');
    expect(foreign.status).toBe(404);
    expect(outsider.status).toBe(404);
  });
});

describe('JoFotara submit', () => {
  it('queues a confirmed invoice once: 202 queued, the UUID and invoice counter stored, one message; a second click is 409', async () => {
    // prepare
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    expect(await isLockedByEinvoicing(setup.org.id, invoice.id)).toBe(false);

    // act
    const first = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    const second = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));

    // assess: the reply
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body).toMatchObject({
      state: 'queued',
      document_type: 'invoice',
      document_id: invoice.id,
      document_number: invoice.number,
      uuid: documentUuid(setup.org.id, 'invoice', invoice.id),
      icv: 1,
      invoice_type: 'general_sales',
      payment_method: 'receivable',
      business_type: 'b2b',
      type_code: '388',
      type_name: '022',
      attempts: 0,
      locked: true,
      can_submit: false,
      qr: null,
    });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/already queued/);
    // what is stored: one submission, the counter drawn once
    const stored = await submissionsOf(setup.org.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ state: 'queued', icv: 1, version: 1, document: { kind: 'invoice', id: invoice.number, icv: 1 } });
    expect((await getSettingsItem(setup.org.id))!.icv_counter).toBe(1);
    expect(await isLockedByEinvoicing(setup.org.id, invoice.id)).toBe(true);
    // one message on the queue, naming the submission
    const queued = await drainEinvoiceQueue(setup.org.id);
    expect(queued).toEqual([
      { organization_id: setup.org.id, document_type: 'invoice', document_id: invoice.id, queue_id: stored[0]!.queue_id },
    ]);
    // audited
    const audit = (await AuditLog.query.byOrganization({ organization_id: setup.org.id }).go({ pages: 'all' })).data.filter((a) => a.action.startsWith('einvoice.'));
    expect(audit.map((a) => a.action)).toEqual(['einvoice.queued']);
    expect(audit[0]!.entity_id).toBe(invoice.id);
    // the state route shows it
    const state = await callJofotara('GET', setup.paths.state(invoice.id), setup.as('viewer'));
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ state: 'queued', icv: 1 });
  });

  it('queues two simultaneous clicks once', async () => {
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();

    const replies = await Promise.all([1, 2, 3].map(() => callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'))));

    expect(replies.map((r) => r.status).sort()).toEqual([202, 409, 409]);
    expect(await submissionsOf(setup.org.id)).toHaveLength(1);
    expect(await drainEinvoiceQueue(setup.org.id)).toHaveLength(1);
  });

  it('takes cash when asked, and by default for an invoice paid in full', async () => {
    const setup = await einvoicingOrganization();
    const asked = await setup.createConfirmed();
    const paid = await setup.createConfirmed();
    const gross = (await Invoice.get({ organization_id: setup.org.id, id: paid.id }).go()).data!.gross_total;
    await Invoice.patch({ organization_id: setup.org.id, id: paid.id }).set({ amount_paid: gross, status: 'paid' }).go();

    const cash = await callJofotara('POST', setup.paths.submit(asked.id), { ...setup.as('admin'), json: { payment_method: 'cash' } });
    const byDefault = await callJofotara('POST', setup.paths.submit(paid.id), setup.as('owner'));

    expect(cash.status).toBe(202);
    expect(cash.body).toMatchObject({ payment_method: 'cash', type_name: '012', icv: 1 });
    expect(byDefault.status).toBe(202);
    expect(byDefault.body).toMatchObject({ payment_method: 'cash', type_name: '012', icv: 2 });
  });

  it('refuses a draft (409), an organization without settings (409 listing them), a viewer or member (403), and writes nothing', async () => {
    const setup = await einvoicingOrganization();
    const draft = await setup.createDraft({ contact_id: setup.contacts.business.id, issue_date: '2025-06-15', lines: setup.mixedLines() });
    const invoice = await setup.createConfirmed();
    const unconfigured = await einvoicingOrganization({ configured: false });
    const unconfiguredInvoice = await unconfigured.createConfirmed();

    const draftSubmit = await callJofotara('POST', setup.paths.submit(draft.id), setup.as('admin'));
    const notConfigured = await callJofotara('POST', unconfigured.paths.submit(unconfiguredInvoice.id), unconfigured.as('admin'));
    const viewer = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('viewer'));
    const member = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('member'));
    const unknownField = await callJofotara('POST', setup.paths.submit(invoice.id), { ...setup.as('admin'), json: { payment_method: 'cash', channel: 'x' } });

    expect(draftSubmit.status).toBe(409);
    expect(draftSubmit.body.detail).toMatch(/draft/i);
    expect(notConfigured.status).toBe(409);
    expect(notConfigured.body.detail).toBe(
      'E-invoicing is not set up for this organization: missing income_source_sequence, taxpayer_track, client_id, secret_key',
    );
    expect(viewer.status).toBe(403);
    expect(member.status).toBe(403);
    expect(unknownField.status).toBe(422);
    expect(await submissionsOf(setup.org.id)).toEqual([]);
    expect(await submissionsOf(unconfigured.org.id)).toEqual([]);
    expect((await getSettingsItem(setup.org.id))!.icv_counter).toBe(0);
    expect(await drainEinvoiceQueue(setup.org.id)).toEqual([]);
  });

  it('refuses with 422 what JoFotara would refuse, naming the field, and draws no invoice counter', async () => {
    const setup = await einvoicingOrganization({ track: 'general_sales' });
    const walkInReceivable = await setup.createConfirmed({ contact_id: setup.contacts.walkIn.id });
    const b2bWithoutTin = await setup.createConfirmed({ contact_id: setup.contacts.consumer.id });
    const income = await einvoicingOrganization({ track: 'income' });
    const taxedIncome = await income.createConfirmed();

    const receivable = await callJofotara('POST', setup.paths.submit(walkInReceivable.id), setup.as('admin'));
    const b2b = await callJofotara('POST', setup.paths.submit(b2bWithoutTin.id), { ...setup.as('admin'), json: { business_type: 'b2b' } });
    const otherTrack = await callJofotara('POST', setup.paths.submit(walkInReceivable.id), { ...setup.as('admin'), json: { invoice_type: 'income', payment_method: 'cash' } });
    const taxed = await callJofotara('POST', income.paths.submit(taxedIncome.id), income.as('admin'));
    const counterAfterRefusals = (await getSettingsItem(setup.org.id))!.icv_counter;
    const walkInCash = await callJofotara('POST', setup.paths.submit(walkInReceivable.id), { ...setup.as('admin'), json: { payment_method: 'cash' } });

    expect(receivable.status).toBe(422);
    expect(receivable.body.detail[0]).toMatchObject({ loc: ['jofotara', 'invoice', 'buyer'], msg: expect.stringMatching(/receivable invoice needs the buyer/) });
    expect(b2b.status).toBe(422);
    expect(b2b.body.detail[0]).toMatchObject({ loc: ['contact', 'tax_number'] });
    expect(otherTrack.status).toBe(422);
    expect(otherTrack.body.detail[0]).toMatchObject({ loc: ['body', 'invoice_type'] });
    expect(taxed.status).toBe(422);
    expect(taxed.body.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ['invoice', 'lines', 0, 'tax_rate'],
      ['invoice', 'lines', 2, 'tax_rate'],
    ]);
    expect(counterAfterRefusals).toBe(0);
    expect(await submissionsOf(income.org.id)).toEqual([]);
    // a walk-in customer may buy for cash without identification
    expect(walkInCash.status, JSON.stringify(walkInCash.body)).toBe(202);
    expect(walkInCash.body).toMatchObject({ payment_method: 'cash', business_type: 'b2c', icv: 1 });
  });

  it('leaves the submission failed, not queued, when the queue refuses the message (503), and lets it be submitted again', async () => {
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    const sqs = mockClient(SQSClient);
    sqs.on(SendMessageCommand).rejects(new Error('queue unavailable'));

    let refused;
    try {
      refused = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    } finally {
      sqs.restore();
    }
    const stored = await getSubmission(setup.org.id, 'invoice', invoice.id);
    const again = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));

    expect(refused.status).toBe(503);
    expect(stored).toMatchObject({ state: 'failed', icv: 1, last_error: expect.stringMatching(/could not be queued/) });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ state: 'queued', icv: 1, uuid: stored!.uuid });
    expect((await getSettingsItem(setup.org.id))!.icv_counter).toBe(1);
    expect(await drainEinvoiceQueue(setup.org.id)).toHaveLength(1);
  });

  it('lets a submission stuck in flight for hours be submitted again, keeping its UUID and counter', async () => {
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    const first = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    const hoursAgo = new Date(Date.now() - 7 * 60 * 60 * 1000).toISOString();
    await EinvoiceSubmission.patch({ organization_id: setup.org.id, document_type: 'invoice', document_id: invoice.id }).set({ state: 'submitting', updated_at: hoursAgo }).go();

    const state = await callJofotara('GET', setup.paths.state(invoice.id), setup.as('viewer'));
    const again = await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));

    expect(state.body).toMatchObject({ state: 'submitting', can_submit: true });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ state: 'queued', uuid: first.body.uuid, icv: first.body.icv });
    expect(await drainEinvoiceQueue(setup.org.id)).toHaveLength(2);
  });

  it('keeps invoice routes working beside it (the invoice itself is unchanged by a submission)', async () => {
    const setup = await einvoicingOrganization();
    const invoice = await setup.createConfirmed();
    const before = await call('GET', `/api/v1/organizations/${setup.org.id}/invoices/${invoice.id}`, setup.as('viewer'));

    await callJofotara('POST', setup.paths.submit(invoice.id), setup.as('admin'));
    const after = await call('GET', `/api/v1/organizations/${setup.org.id}/invoices/${invoice.id}`, setup.as('viewer'));

    expect(after.body).toEqual(before.body);
  });
});
