/**
 * Issue #14's inventory speed figures, measured inside the API bench's session (same emulators,
 * same functions environment), as ratios within one run:
 *
 * 1. The valuation report and the stock report with 100,000 stock movements ÷ the same with 1,000
 *    (bar: at most 1.2). Two organizations hold the same 50 tracked products (with barcodes) at the
 *    main store; the reports read the levels (one item per product × location), never the
 *    movements, so the ratio should stay near 1. An as-of valuation 30 days back also reads the
 *    movements after that day (levels less what moved since), so it is timed too.
 * 2. `products/by-barcode/{code}` and `products/{id}/availability`: one DynamoDB round trip each
 *    beyond authentication (the principal's one BatchGetItem).
 * 3. Confirming a 20-line invoice of tracked products: still one TransactWriteItems, and p50 at most
 *    1.3 × the same invoice of untracked products (same prices and taxes, same catalogue reads).
 *
 * Seeding. Each organization gets the same few hundred movements through the API, all dated in
 * the last 30 days: two receipts per product (POST inventory/stock-movements) and ten 20-line
 * invoices confirmed (each line issues stock at cost), so levels, products and the journal are what
 * the API makes them. The rest (to 1,000 or 100,000 movements) are StockMovement items written
 * directly with BatchWriteItem, which is what the large organization's history costs to read, and
 * seeding it through the API would take hours. Those bulk movements do not touch the levels (the
 * reports read levels, so they report the API-made stock in both organizations), and they are all
 * dated more than 30 days ago: as-of valuation reads only movements after its day, so a valuation
 * of today reads none of them and one 30 days back reads exactly the API-made ones, the same in
 * both organizations; a difference left is the table's size, not the work asked.
 * BENCH_LARGE_MOVEMENTS shrinks the large organization for a smoke run of the bench itself.
 */
import { randomUUID } from 'node:crypto';
import { batchWrite } from './batch-write.js';
import type { HttpResponseLike } from '../infra/local/apigw.js';
import { measureSmallLarge, readsText, type SmallLargeTimed } from './reports.js';
import { formatRatio, median, pairedRatio, percentile, ratio, round, timeMs } from './stats.js';
import { ok } from './http.js';

type Call = (method: string, url: string, init?: { token?: string; json?: unknown }) => Promise<HttpResponseLike>;

/** A lookup's DynamoDB calls per request: all of them, and those after the principal's BatchGetItem. */
export interface LookupCalls {
  request: string;
  calls: number;
  p50_ms: number | null;
  dynamodb_calls: number;
  dynamodb_calls_beyond_auth: number;
  dynamodb_commands: Record<string, number>;
}

export interface ConfirmSide {
  p50_ms: number | null;
  p99_ms: number | null;
  transact_write_items_per_confirm: number;
  /** Items in the confirm's TransactWriteItems (the largest seen). */
  transaction_actions: number | null;
  dynamodb_commands_per_confirm: Record<string, number>;
  /** Of the p50: the TransactWriteItems' own time, and all DynamoDB calls' (the rest is the function's work). */
  transaction_p50_ms: number | null;
  dynamodb_p50_ms: number | null;
}

export interface InventoryBenchResult {
  products: number;
  small: { movements: number; through_api: number; written_directly: number };
  large: { movements: number; through_api: number; written_directly: number };
  seeding_s: number;
  samples: number;
  valuation_report: SmallLargeTimed & { request: string };
  valuation_report_30_days_back: SmallLargeTimed & { request: string };
  stock_report: SmallLargeTimed & { request: string };
  by_barcode: LookupCalls;
  availability: LookupCalls;
  confirm_20_line_invoice: {
    pairs: number;
    tracked: ConfirmSide;
    untracked: ConfirmSide;
    ratio_tracked_to_untracked_p50: number | null;
    /** Per-pair ratios (tracked i / untracked i, confirmed back to back, order alternating). */
    pair_ratio_tracked_to_untracked: { median: number | null; p25: number | null; p75: number | null };
    bar: string;
  };
  /** What one more action of each kind adds to a TransactWriteItems on this DynamoDB (see measureActionCosts). */
  transaction_action_costs: ActionCosts;
  bars: { reports: string; lookups: string; confirm: string };
}

const PRODUCTS = 50;
const INVOICES = 10;
const LINES = 20;

/** EAN-13 with its check digit, under Jordan's GS1 prefix 625 (not a scale label: those start 20–29). */
function ean13(n: number) {
  const body = `625${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Every DynamoDB command of the functions' client with its input, while `recording` is set (installed once). */
let recording: { command: string; input: any; ms: number }[] | null = null;
let recorderInstalled = false;
async function record<T>(fn: () => Promise<T>): Promise<{ value: T; commands: { command: string; input: any; ms: number }[] }> {
  if (!recorderInstalled) {
    const { dynamo } = await import('../functions/src/db/client.js');
    dynamo.middlewareStack.add((next, context) => async (args) => {
      const seen = recording;
      const started = performance.now();
      const out = await next(args);
      seen?.push({ command: context.commandName ?? 'unknown', input: args.input, ms: performance.now() - started });
      return out;
    }, { step: 'initialize', name: 'benchInventoryRecorder' });
    recorderInstalled = true;
  }
  const commands: { command: string; input: any; ms: number }[] = [];
  recording = commands;
  try {
    return { value: await fn(), commands };
  } finally {
    recording = null;
  }
}

/** The principal's read: the BatchGetItem that asks for the token's revocation (http/principal.ts). */
const isAuthentication = (c: { command: string; input: any }) =>
  c.command === 'BatchGetItemCommand' &&
  Object.values((c.input?.RequestItems ?? {}) as Record<string, { Keys: { pk: unknown }[] }>).some((r) => r.Keys.some((k) => String((k.pk as { S?: string })?.S ?? k.pk).startsWith('REVOKED#')));

const tally = (commands: { command: string }[]) => {
  const counts: Record<string, number> = {};
  for (const c of commands) counts[c.command] = (counts[c.command] ?? 0) + 1;
  return counts;
};

export async function measureInventory(opts: { call: Call; token: string; calls: number; log: (line: string) => void }): Promise<InventoryBenchResult> {
  const { call, token, log } = opts;
  const samples = Math.max(50, Math.min(opts.calls, 100));
  const { todayIn, addDays } = await import('../functions/src/ledger/dates.js');
  const today = todayIn('Asia/Amman');
  const monthBack = addDays(today, -30);

  const seedStarted = Date.now();
  const small = await seedOrganization(call, token, 'small', 1_000, today, log);
  const large = await seedOrganization(call, token, 'large', Number(process.env.BENCH_LARGE_MOVEMENTS ?? 100_000), today, log);
  const seedingS = Math.round((Date.now() - seedStarted) / 1000);
  const orgs = { small: { orgId: small.orgId, lines: small.movements }, large: { orgId: large.orgId, lines: large.movements } };

  const timed = async (path: string, check: (body: any) => void): Promise<SmallLargeTimed & { request: string }> => {
    const get = async (orgId: string) => {
      const body = ok(await call('GET', `/api/v1/organizations/${orgId}/${path}`, { token }), path);
      check(body);
      return body;
    };
    const t = await measureSmallLarge({ what: path, ...orgs, calls: samples, get, log: () => {} });
    log(`${path}: ${small.movements} movements p50 ${t.small_p50_ms} ms, ${large.movements} movements p50 ${t.large_p50_ms} ms, ratio ${t.ratio_large_to_small_p50}, pairs ${formatRatio(t.pair_ratio_large_to_small)}; ${readsText(t)}`);
    return { request: `GET …/${path.replace(monthBack, '{today−30}')}`, ...t };
  };
  const sameTotals = (body: any) => {
    // The levels hold the API-made stock of every product, in both organizations.
    if (body.rows?.length !== PRODUCTS) throw new Error(`valuation-report answered ${body.rows?.length} rows, not ${PRODUCTS}`);
  };
  const valuationReport = await timed('inventory/valuation-report', sameTotals);
  const valuationBack = await timed(`inventory/valuation-report?as_of=${monthBack}`, (body) => {
    // 30 days back nothing of the API-made stock had come in yet: every product values at nothing.
    if (body.total_value === undefined) throw new Error('valuation-report answered without total_value');
  });
  const stockReport = await timed('inventory/stock-report', (body) => {
    if (body.data?.length !== PRODUCTS) throw new Error(`stock-report answered ${body.data?.length} levels, not ${PRODUCTS}`);
  });

  // ---- lookups: DynamoDB calls per request (on the large organization)
  const lookup = async (request: string, path: string): Promise<LookupCalls> => {
    const send = async () => ok(await call('GET', `/api/v1/organizations/${large.orgId}/${path}`, { token }), path);
    for (let i = 0; i < 5; i++) await send();
    const times: number[] = [];
    let commands: { command: string; input: any }[] = [];
    for (let i = 0; i < 20; i++) {
      const { ms, value } = await timeMs(() => record(send));
      times.push(ms);
      commands = value.commands;
    }
    const result = {
      request, calls: times.length, p50_ms: round(median(times)),
      dynamodb_calls: commands.length,
      dynamodb_calls_beyond_auth: commands.filter((c) => !isAuthentication(c)).length,
      dynamodb_commands: tally(commands),
    };
    log(`${request}: p50 ${result.p50_ms} ms, ${result.dynamodb_calls} DynamoDB calls (${result.dynamodb_calls_beyond_auth} beyond authentication) ${JSON.stringify(result.dynamodb_commands)}`);
    return result;
  };
  const byBarcode = await lookup('GET …/inventory/products/by-barcode/{code}', `inventory/products/by-barcode/${large.barcodes[7]}`);
  const available = await lookup('GET …/inventory/products/{id}/availability?quantity=2', `inventory/products/${large.productIds[7]}/availability?quantity=2`);

  const confirm = await measureConfirm(call, token, samples, today, log);
  return {
    products: PRODUCTS,
    small: { movements: small.movements, through_api: small.throughApi, written_directly: small.direct },
    large: { movements: large.movements, through_api: large.throughApi, written_directly: large.direct },
    seeding_s: seedingS,
    samples,
    valuation_report: valuationReport,
    valuation_report_30_days_back: valuationBack,
    stock_report: stockReport,
    by_barcode: byBarcode,
    availability: available,
    confirm_20_line_invoice: confirm,
    transaction_action_costs: await measureActionCosts(samples, confirm, log),
    bars: {
      reports: 'at 100,000 movements at most 1.2 × at 1,000',
      lookups: 'one DynamoDB round trip each (beyond authentication)',
      confirm: 'one TransactWriteItems; p50 at most 1.3 × untracked',
    },
  };
}

/** An organization with Jordan's GST, a customer, and `count` products (tracked or not) at the same prices and taxes. */
async function organizationWithProducts(call: Call, token: string, name: string, products: { count: number; tracked: boolean; skuPrefix: string; barcodeFrom: number }[]) {
  const org = ok(await call('POST', '/api/v1/organizations', { token, json: { name: `${name} ${Date.now().toString(36)}` } }), 'organization') as { id: string };
  const ORG = `/api/v1/organizations/${org.id}`;
  ok(await call('POST', `${ORG}/taxes/jordan-gst/setup?gst_registration_number=12345678`, { token }), 'jordan-gst setup');
  const taxes = ok(await call('GET', `${ORG}/taxes`, { token }), 'taxes') as { data: { id: string; rate: string }[] };
  const gst16 = taxes.data.find((t) => Number(t.rate) === 16)!;
  const gst8 = taxes.data.find((t) => Number(t.rate) === 8) ?? gst16;
  const customer = ok(await call('POST', `${ORG}/contacts`, { token, json: { contact_type: 'customer', name: 'Bench Customer' } }), 'contact') as { id: string };
  const made: { id: string; barcode: string; tax_id: string; price: string; tracked: boolean }[][] = [];
  for (const set of products) {
    const list: (typeof made)[number] = [];
    for (let i = 0; i < set.count; i++) {
      const barcode = ean13(set.barcodeFrom + i);
      const price = `${3 + i}.${String(125 + i * 7).padStart(3, '0').slice(-3)}`;
      const taxId = i % 3 === 0 ? gst8.id : gst16.id;
      const product = ok(await call('POST', `${ORG}/products-services`, {
        token,
        json: {
          sku: `${set.skuPrefix}-${String(i + 1).padStart(3, '0')}`, name: `Bench item ${i + 1}`, name_ar: `صنف ${i + 1}`,
          sale_price: price, cost: `${1 + (i % 5)}.500`, tax_id: taxId, barcodes: [barcode], is_tracked_inventory: set.tracked, reorder_point: '10',
        },
      }), 'product') as { id: string };
      list.push({ id: product.id, barcode, tax_id: taxId, price, tracked: set.tracked });
    }
    made.push(list);
  }
  return { orgId: org.id, ORG, customerId: customer.id, products: made };
}

/** Receive `quantity` of each product through the API, dated `date` (receipt by hand at a unit cost). */
async function receive(call: Call, token: string, ORG: string, productIds: string[], quantity: string, date: string) {
  for (const [i, id] of productIds.entries()) {
    ok(await call('POST', `${ORG}/inventory/stock-movements`, { token, json: { movement_type: 'receipt', product_id: id, quantity, unit_cost: `${1 + (i % 5)}.${String(100 + i).slice(-3)}`, date } }), 'receipt');
  }
}

/** A 20-line draft invoice of these products (quantities 1–4, the products' prices and taxes). */
const draftInvoice = (call: Call, token: string, ORG: string, customerId: string, products: { id: string; tax_id: string; price: string }[], date: string, offset = 0) =>
  call('POST', `${ORG}/invoices/with-line-items`, {
    token,
    json: {
      contact_id: customerId,
      issue_date: date,
      lines: Array.from({ length: LINES }, (_, i) => {
        const p = products[(i + offset) % products.length]!;
        return { product_id: p.id, description: `Item ${i + 1}`, quantity: String(1 + (i % 4)), unit_price: p.price, tax_id: p.tax_id };
      }),
    },
  }).then((res) => ok(res, 'draft invoice') as { id: string });

/**
 * One organization of the pair: 50 tracked products, the same API-made movements as its twin
 * (two receipts per product, ten 20-line invoices, all in the last 30 days), and `movements` in
 * all, the rest written directly, dated from 31 days back over up to a year and a half.
 */
async function seedOrganization(call: Call, token: string, label: string, movements: number, today: string, log: (line: string) => void) {
  const { addDays } = await import('../functions/src/ledger/dates.js');
  const org = await organizationWithProducts(call, token, `Bench Inventory ${label}`, [{ count: PRODUCTS, tracked: true, skuPrefix: 'INV', barcodeFrom: 1 }]);
  const products = org.products[0]!;
  const ids = products.map((p) => p.id);
  await receive(call, token, org.ORG, ids, '500', addDays(today, -29));
  await receive(call, token, org.ORG, ids, '250', addDays(today, -15));
  for (let n = 0; n < INVOICES; n++) {
    const invoice = await draftInvoice(call, token, org.ORG, org.customerId, products, addDays(today, -28 + n * 2), n * 5);
    ok(await call('POST', `${org.ORG}/invoices/${invoice.id}/confirm`, { token }), 'confirm');
  }
  const throughApi = PRODUCTS * 2 + INVOICES * LINES;
  const direct = Math.max(movements - throughApi, 0);
  const started = Date.now();
  await writeMovements(org.orgId, ids, direct, addDays(today, -31), (done) => log(`seeding inventory ${label}: ${done}/${direct} movements written directly (${Math.round((Date.now() - started) / 1000)} s)`));
  log(`seeded inventory ${label}: ${throughApi} movements through the API, ${direct} directly (${Math.round((Date.now() - started) / 1000)} s for those)`);
  return { orgId: org.orgId, productIds: ids, barcodes: products.map((p) => p.barcode), movements: throughApi + direct, throughApi, direct };
}

/**
 * `count` StockMovement items, receipts and sales by turns over the products, a few a day going back
 * from `latest`, put 25 to a BatchWriteItem by four writers at once.
 */
async function writeMovements(organizationId: string, productIds: string[], count: number, latest: string, progress: (done: number) => void) {
  if (!count) return;
  const { StockMovement } = await import('../functions/src/db/stockMovement.js');
  const { addDays } = await import('../functions/src/ledger/dates.js');
  const { uuidv7 } = await import('../functions/src/platform/ids.js');
  const perDay = Math.max(1, Math.ceil(count / 540)); // about a year and a half of history, whatever the count
  const item = (i: number) => {
    const productId = productIds[i % productIds.length]!;
    const receipt = Math.floor(i / productIds.length) % 4 === 0; // one receipt to three sales
    const quantity = (1 + (i % 7)) * 1000 * (receipt ? 4 : 1);
    const unitCost = 1000 + (i % 5) * 250;
    const date = addDays(latest, -Math.floor(i / perDay));
    const id = uuidv7();
    return (StockMovement.create({
      organization_id: organizationId, id, product_id: productId, location_id: 'main',
      movement_type: receipt ? 'receipt' : 'issue',
      quantity: receipt ? quantity : -quantity,
      value: (receipt ? 1 : -1) * Math.round((quantity * unitCost) / 1000),
      ...(receipt ? { unit_cost: unitCost } : {}),
      reference_type: receipt ? 'manual' : 'invoice',
      // A receipt by hand is its own reference (as inventory/stock.ts writes it); a sale names its invoice.
      reference_id: receipt ? id : randomUUID(),
      date, created_at: `${date}T09:00:00.000Z`,
    }).params() as { Item: Record<string, unknown>; TableName: string });
  };
  await batchWrite(count, item, progress, 10_000);
}

export interface ActionCosts {
  samples: number;
  /** p50 of a transaction of 11 puts (the untracked confirm's size), and of it with 20 more actions of each kind. */
  base_11_puts_ms: number | null;
  plus_20_ms: Record<'condition_checks' | 'puts' | 'updates', number | null>;
  /** The least a tracked confirm adds to its transaction with one versioned update per line (20 × an update), against the bar's whole allowance (0.3 × untracked p50). */
  one_update_per_line_ms: number | null;
  bar_allowance_ms: number | null;
}

/**
 * What an action costs inside a TransactWriteItems on this DynamoDB: 11 puts (an untracked
 * invoice's confirm writes 11 items), then the same with 20 more condition checks, puts or
 * versioned updates of existing items, alternating, on scratch items of one partition. It tells how
 * much of the 1.3 × bar any design that writes each product's stock in the invoice's transaction
 * must spend on the writes alone.
 */
async function measureActionCosts(samples: number, confirm: InventoryBenchResult['confirm_20_line_invoice'], log: (line: string) => void): Promise<ActionCosts> {
  const [{ documentClient }, { config }, { TransactWriteCommand, PutCommand }] = await Promise.all([
    import('../functions/src/db/client.js'), import('../functions/src/platform/config.js'), import('@aws-sdk/lib-dynamodb'),
  ]);
  const TableName = config.tableName;
  const pk = `BENCH#ACTIONS#${randomUUID()}`;
  const body = 'x'.repeat(800);
  for (let i = 0; i < LINES; i++) await documentClient.send(new PutCommand({ TableName, Item: { pk, sk: `LEVEL#${i}`, version: 0, on_hand: 1_000_000, layers: body } }));
  const versions = Array.from({ length: LINES }, () => 0);
  let n = 0;
  const base = () => Array.from({ length: 11 }, () => ({ Put: { TableName, Item: { pk, sk: `DOC#${n++}`, body }, ConditionExpression: 'attribute_not_exists(pk)' } }));
  const more = {
    condition_checks: () => Array.from({ length: LINES }, (_, i) => ({ ConditionCheck: { TableName, Key: { pk, sk: `LEVEL#${i}` }, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': versions[i] } } })),
    puts: () => Array.from({ length: LINES }, () => ({ Put: { TableName, Item: { pk, sk: `MOVE#${n++}`, quantity: -1000, value: -250 } } })),
    updates: () => Array.from({ length: LINES }, (_, i) => ({ Update: { TableName, Key: { pk, sk: `LEVEL#${i}` }, UpdateExpression: 'SET version = :next, on_hand = on_hand - :q', ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': versions[i], ':next': ++versions[i]!, ':q': 1000 } } })),
  };
  const times: Record<'base' | keyof typeof more, number[]> = { base: [], condition_checks: [], puts: [], updates: [] };
  const rounds = Math.min(samples, 60);
  for (let r = 0; r < rounds + 5; r++) {
    for (const kind of ['base', 'condition_checks', 'puts', 'updates'] as const) {
      const items = kind === 'base' ? base() : [...base(), ...more[kind]()];
      const { ms } = await timeMs(() => documentClient.send(new TransactWriteCommand({ TransactItems: items as never })));
      if (r >= 5) times[kind].push(ms);
    }
  }
  const baseMs = median(times.base);
  const plus = (kind: keyof typeof more) => round(median(times[kind])! - baseMs!);
  const result: ActionCosts = {
    samples: rounds,
    base_11_puts_ms: round(baseMs),
    plus_20_ms: { condition_checks: plus('condition_checks'), puts: plus('puts'), updates: plus('updates') },
    one_update_per_line_ms: plus('updates'),
    bar_allowance_ms: confirm.untracked.p50_ms === null ? null : round(0.3 * confirm.untracked.p50_ms),
  };
  log(`transaction actions: 11 puts p50 ${result.base_11_puts_ms} ms; 20 more condition checks +${result.plus_20_ms.condition_checks} ms, puts +${result.plus_20_ms.puts} ms, versioned updates +${result.plus_20_ms.updates} ms — the bar's whole allowance for a tracked confirm is ${result.bar_allowance_ms} ms`);
  return result;
}

/** Calls as `Command ms [what]`: a GetItem's sort key, a BatchGetItem's key count, a transaction's actions by kind and sort-key prefix. */
function describeCalls(commands: { command: string; input: any; ms: number }[]): string {
  const prefix = (sk: unknown) => String(sk ?? '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '*');
  return commands.map((c) => {
    const what = c.input?.Key
      ? prefix(c.input.Key.sk?.S ?? c.input.Key.sk)
      : c.input?.RequestItems
        ? `${Object.values(c.input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((s, r) => s + r.Keys.length, 0)} keys`
        : c.input?.TransactItems
          ? JSON.stringify(tally((c.input.TransactItems as Record<string, { Key?: { sk?: unknown }; Item?: { sk?: unknown } }>[]).map((t) => {
            const [kind, action] = Object.entries(t)[0]!;
            return `${kind} ${prefix(action.Key?.sk ?? action.Item?.sk)}`;
          }).map((command) => ({ command }))))
          : c.input?.KeyConditionExpression ?? '';
    return `${c.command.replace(/Command$/, '')} ${round(c.ms)} ms [${what}]`;
  }).join('; ');
}

/**
 * Confirming a 20-line invoice of tracked products vs the same invoice of untracked ones (same
 * prices, taxes and quantities; both name their products, so both read the catalogue): drafts made
 * outside the timing, confirmed in pairs back to back, the tracked one first in even pairs.
 */
async function measureConfirm(call: Call, token: string, pairs: number, today: string, log: (line: string) => void): Promise<InventoryBenchResult['confirm_20_line_invoice']> {
  const org = await organizationWithProducts(call, token, 'Bench Inventory confirm', [
    { count: LINES, tracked: true, skuPrefix: 'TRK', barcodeFrom: 1_001 },
    { count: LINES, tracked: false, skuPrefix: 'UNT', barcodeFrom: 2_001 },
  ]);
  const [tracked, untracked] = org.products as [typeof org.products[number], typeof org.products[number]];
  // Enough on hand that no sale goes short (each invoice takes 50 units over the 20 products).
  await receive(call, token, org.ORG, tracked.map((p) => p.id), String(10 * (pairs + 10)), today);
  type Sample = { ms: number; commands: { command: string; input: any; ms: number }[] };
  const sides = { tracked: [] as Sample[], untracked: [] as Sample[] };
  const confirmOne = async (products: typeof tracked): Promise<Sample> => {
    const draft = await draftInvoice(call, token, org.ORG, org.customerId, products, today);
    const { ms, value } = await timeMs(() => record(() => call('POST', `${org.ORG}/invoices/${draft.id}/confirm`, { token })));
    ok(value.value, 'confirm');
    return { ms, commands: value.commands };
  };
  for (let i = 0; i < pairs + 5; i++) {
    const order = i % 2 === 0 ? (['tracked', 'untracked'] as const) : (['untracked', 'tracked'] as const);
    for (const side of order) {
      const s = await confirmOne(side === 'tracked' ? tracked : untracked);
      if (i >= 5) sides[side].push(s); // the first five pairs warm up
    }
  }
  const summary = (list: Sample[]): ConfirmSide => {
    const ms = list.map((s) => s.ms);
    const transactions = list.map((s) => s.commands.filter((c) => c.command === 'TransactWriteItemsCommand'));
    return {
      p50_ms: round(median(ms)),
      p99_ms: round(percentile(ms, 99)),
      transact_write_items_per_confirm: Math.max(...transactions.map((t) => t.length)),
      transaction_actions: Math.max(0, ...transactions.flat().map((t) => t.input?.TransactItems?.length ?? 0)) || null,
      dynamodb_commands_per_confirm: tally(list[list.length - 1]?.commands ?? []),
      transaction_p50_ms: round(median(list.map((s) => s.commands.filter((c) => c.command === 'TransactWriteItemsCommand').reduce((n, c) => n + c.ms, 0)))),
      dynamodb_p50_ms: round(median(list.map((s) => s.commands.reduce((n, c) => n + c.ms, 0)))),
    };
  };
  // BENCH_DUMP=1 prints each side's last confirm, call by call: what it asked and how long it took.
  if (process.env.BENCH_DUMP) for (const side of ['tracked', 'untracked'] as const) log(`${side}: ${describeCalls(sides[side].at(-1)!.commands)}`);
  const t = summary(sides.tracked);
  const u = summary(sides.untracked);
  const trackedMs = sides.tracked.map((s) => s.ms);
  const untrackedMs = sides.untracked.map((s) => s.ms);
  const result = {
    pairs: trackedMs.length,
    tracked: t,
    untracked: u,
    ratio_tracked_to_untracked_p50: ratio(median(trackedMs), median(untrackedMs)),
    pair_ratio_tracked_to_untracked: (({ pairs: _pairs, ...r }) => r)(pairedRatio(trackedMs, untrackedMs)),
    bar: 'one TransactWriteItems; p50 at most 1.3 × untracked',
  };
  log(`confirm 20-line invoice: tracked p50 ${t.p50_ms} ms (${t.transact_write_items_per_confirm} TransactWriteItems of ${t.transaction_actions} actions; ${JSON.stringify(t.dynamodb_commands_per_confirm)}), untracked p50 ${u.p50_ms} ms (${u.transact_write_items_per_confirm} of ${u.transaction_actions}; ${JSON.stringify(u.dynamodb_commands_per_confirm)}) ; transaction p50 ${t.transaction_p50_ms} vs ${u.transaction_p50_ms} ms, DynamoDB ${t.dynamodb_p50_ms} vs ${u.dynamodb_p50_ms} ms → ratio ${result.ratio_tracked_to_untracked_p50}, pairs ${formatRatio(result.pair_ratio_tracked_to_untracked)}`);
  return result;
}
