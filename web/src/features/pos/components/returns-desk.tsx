import { Button } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readerMessage } from '../../../lib/form-errors';
import { useCurrentOrganization } from '../../../lib/organizations';
import type { PosCustomer } from '../api/customers';
import type { PosSession } from '../api/get-open-session';
import { useTerminals, type PosTerminal } from '../api/get-terminals';
import { posKey } from '../api/keys';
import type { PosTransaction } from '../api/list-session-receipts';
import type { CatalogueIndex } from '../offline/catalogue';
import { useOutbox } from '../offline/register-outbox';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import type { ReceiptData } from './receipt';
import { ReceiptSheet, ReceiptsDrawer } from './recent-receipts';
import { mayReturnWithoutReceipt, receiptFromTransaction } from './return-model';
import { ReturnsPanel } from './returns-panel';
import { StoreCreditDialog } from './store-credit-dialog';

interface ReturnsDeskOptions {
  organizationId: string;
  shop: { name: string; currency: string };
  terminal: PosTerminal;
  session: PosSession;
  /** The customer on the register's ticket. */
  customer: PosCustomer | null;
  catalogue: CatalogueIndex | null;
  taxes: readonly TaxOption[];
  isAdmin: boolean;
  cashier: string | null;
}

/** Whether an open dialog has the keys rather than the register (one fading out after it closed does not). */
const busyElsewhere = () => !!document.querySelector('[role="dialog"]:not([data-state="closed"])');

/**
 * The register's receipts, returns and store credit: the buttons it shows next to the customer,
 * the dialogs they open, and their keys (F8 receipts, F9 return). Kept apart from the sale screen
 * so the sale's own flow stays as it is.
 */
export function useReturnsDesk({ organizationId, shop, terminal, session, customer, catalogue, taxes, isAdmin, cashier }: ReturnsDeskOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { organization } = useCurrentOrganization();
  const terminals = useTerminals(organizationId);
  const { snapshot } = useOutbox();
  const [receiptsOpen, setReceiptsOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const [returnStart, setReturnStart] = useState<PosTransaction | null>(null);
  const [viewing, setViewing] = useState<PosTransaction | null>(null);
  const [returnReceipt, setReturnReceipt] = useState<ReceiptData | null>(null);
  const [creditOpen, setCreditOpen] = useState(false);

  const receiptContext = useMemo(
    () => ({ shopName: shop.name, header: terminal.receipt_header, footer: terminal.receipt_footer, terminalName: terminal.name, cashier }),
    [shop.name, terminal, cashier],
  );
  const canReturnWithoutReceipt = mayReturnWithoutReceipt(organization?.pos_receiptless_returns, isAdmin);

  // A ticket the outbox just posted changes the session's receipts (and a sale's returnable lines).
  const sentCount = snapshot.sent.size;
  useEffect(() => {
    if (sentCount) void queryClient.invalidateQueries({ queryKey: [...posKey(organizationId), 'transactions'] });
  }, [sentCount, organizationId, queryClient]);

  const openReturn = (start: PosTransaction | null) => {
    setViewing(null);
    setReceiptsOpen(false);
    setReturnStart(start);
    setReturnOpen(true);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (busyElsewhere()) return;
      if (event.key === 'F8') {
        event.preventDefault();
        setReceiptsOpen(true);
      } else if (event.key === 'F9') {
        event.preventDefault();
        setReturnStart(null);
        setReturnOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const sentReturn = returnReceipt ? snapshot.sent.get(returnReceipt.id) : undefined;
  const refusal = returnReceipt ? snapshot.items.find((i) => i.id === returnReceipt.id)?.refusal?.detail : undefined;

  const actions = (
    <>
      <Button size="2" variant="soft" color="gray" onClick={() => setReceiptsOpen(true)}>
        {t('pos.receipts.button')}
      </Button>
      <Button size="2" variant="soft" color="orange" onClick={() => openReturn(null)}>
        {t('pos.returns.button')}
      </Button>
    </>
  );

  const dialogs = (
    <>
      <ReceiptsDrawer
        organizationId={organizationId}
        terminalId={terminal.id}
        sessionId={session.id}
        currency={shop.currency}
        open={receiptsOpen}
        onOpenChange={setReceiptsOpen}
        outboxItems={snapshot.items}
        onOpenReceipt={(tx) => {
          setReceiptsOpen(false);
          setViewing(tx);
        }}
      />
      <ReceiptSheet
        key={viewing?.id ?? 'none'}
        organizationId={organizationId}
        data={viewing ? receiptFromTransaction(viewing, { ...receiptContext, currency: shop.currency }) : null}
        number={viewing?.number ?? null}
        refused={null}
        onClose={() => setViewing(null)}
        onReturn={viewing?.kind === 'sale' ? () => openReturn(viewing) : undefined}
      />
      <ReturnsPanel
        organizationId={organizationId}
        terminal={terminal}
        terminals={terminals.data?.data ?? [terminal]}
        sessionId={session.id}
        currency={shop.currency}
        catalogue={catalogue}
        taxes={taxes}
        canReturnWithoutReceipt={canReturnWithoutReceipt}
        receipt={receiptContext}
        open={returnOpen}
        onOpenChange={setReturnOpen}
        start={returnStart}
        ticketCustomer={customer}
        onPosted={setReturnReceipt}
      />
      <ReceiptSheet
        key={returnReceipt?.id ?? 'no-return'}
        organizationId={organizationId}
        // Once posted, the server's figures (its split over the tenders) replace the register's preview.
        data={returnReceipt ? (sentReturn ? receiptFromTransaction(sentReturn, { ...receiptContext, currency: shop.currency }) : returnReceipt) : null}
        number={sentReturn?.number ?? null}
        refused={refusal ? readerMessage(refusal) : null}
        onClose={() => setReturnReceipt(null)}
      />
      <StoreCreditDialog organizationId={organizationId} customer={customer} sessionId={session.id} currency={shop.currency} open={creditOpen} onOpenChange={setCreditOpen} />
    </>
  );

  return { actions, dialogs, openStoreCredit: () => setCreditOpen(true), open: receiptsOpen || returnOpen || creditOpen || !!viewing || !!returnReceipt };
}
