import { useState, type FormEvent } from 'react';
import { FileText } from 'lucide-react';
import type { Order } from '@contract/orders';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { LoadingMessage } from '@/components/ui/spinner';
import { TestModeNotice } from '@/components/ui/test-mode-notice';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { creditNoteHref, invoiceHref, useOrder } from '@/features/orders/api/get-order';
import { useRequestReturn } from '@/features/orders/api/request-return';
import { OrderStatusBadge, OrderTimeline } from '@/features/orders/components/order-status';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { usePaymentTestMode } from '@/lib/payment-settings';

const CANCELLABLE = new Set(['pending', 'paid']);
const RETURNABLE = new Set(['delivered', 'partially_refunded']);

/** One order for its buyer: lines with their tax, address, timeline, tracking, documents, cancel and return. */
export function OrderDetail({ id }: { id: string }) {
  const { data: order, isPending, error, refetch } = useOrder(id);
  const testMode = usePaymentTestMode();
  if (isPending) return <LoadingMessage>Loading the order...</LoadingMessage>;
  if (error)
    return (
      <LoadError
        message={errorMessage(error, 'The order could not be loaded.')}
        onRetry={() => void refetch()}
      />
    );
  const money = (amount: string) => formatMoney(amount, order.currency);
  const address = order.shippingAddress;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle className="font-mono">{order.orderNumber}</CardTitle>
            <OrderStatusBadge status={order.status} />
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full min-w-[34rem] text-sm">
              <caption className="sr-only">Items, with the GST each price includes</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2 font-medium">Item</th>
                  <th className="py-2 text-right font-medium">Qty</th>
                  <th className="py-2 text-right font-medium">Taxable</th>
                  <th className="py-2 text-right font-medium">GST</th>
                  <th className="py-2 text-right font-medium">Total</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {order.lines.map((line) => (
                  <tr key={`${line.productId}-${line.name}`}>
                    <td className="py-2">
                      {line.name}
                      {line.hsnCode && (
                        <span className="block text-xs text-muted-foreground">
                          HSN {line.hsnCode}, GST {line.gstRate}%
                          {line.returnedQuantity > 0 && `, ${line.returnedQuantity} returned`}
                        </span>
                      )}
                    </td>
                    <td className="py-2 text-right font-mono">{line.quantity}</td>
                    <td className="py-2 text-right font-mono">
                      {line.taxableValue ? money(line.taxableValue) : '-'}
                    </td>
                    <td className="py-2 text-right font-mono">
                      {line.igst && Number(line.igst) > 0
                        ? `IGST ${money(line.igst)}`
                        : line.cgst
                          ? `CGST+SGST ${money(String((Number(line.cgst) + Number(line.sgst)).toFixed(2)))}`
                          : '-'}
                    </td>
                    <td className="py-2 text-right font-mono">{money(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={4} className="pt-3 text-right font-semibold">
                    Total (GST included)
                  </td>
                  <td className="pt-3 text-right font-mono font-semibold">{money(order.total)}</td>
                </tr>
                {Number(order.refundedTotal) > 0 && (
                  <tr>
                    <td colSpan={4} className="text-right text-muted-foreground">
                      Refunded
                    </td>
                    <td className="text-right font-mono text-muted-foreground">
                      {money(order.refundedTotal)}
                    </td>
                  </tr>
                )}
              </tfoot>
            </table>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderTimeline order={order} />
          </CardContent>
        </Card>
        {CANCELLABLE.has(order.status) && <CancelOrder order={order} />}
        {RETURNABLE.has(order.status) && <RequestReturn order={order} />}
      </div>
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Shipping to</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm">
            <p className="font-medium">{address.fullName}</p>
            <p>{address.line1}</p>
            {address.line2 && <p>{address.line2}</p>}
            <p>
              {address.city}, {address.state} {address.postalCode}
            </p>
            <p>{address.country}</p>
            {address.gstin && <p className="font-mono text-xs">GSTIN {address.gstin}</p>}
            {order.trackingNumber && (
              <p className="mt-2">
                {order.carrier}: <span className="font-mono">{order.trackingNumber}</span>
              </p>
            )}
            {order.paymentReference && (
              <p className="mt-2 text-muted-foreground">
                Payment reference <span className="font-mono">{order.paymentReference}</span>
              </p>
            )}
            {testMode && <TestModeNotice className="mt-2" />}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Documents</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            {order.invoiceNumber ? (
              <a
                className="inline-flex items-center gap-2 text-primary hover:underline"
                href={invoiceHref(order.id)}
                download
              >
                <FileText aria-hidden="true" className="size-4" /> Tax invoice {order.invoiceNumber}
              </a>
            ) : (
              <p className="text-muted-foreground">The tax invoice is issued when the payment completes.</p>
            )}
            {order.creditNotes.map((note) => (
              <a
                key={note.id}
                className="inline-flex items-center gap-2 text-primary hover:underline"
                href={creditNoteHref(order.id, note.id)}
                download
              >
                <FileText aria-hidden="true" className="size-4" /> Credit note {note.number} (
                {money(note.total)})
              </a>
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate({ id: order.id, reason });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cancel this order</CardTitle>
      </CardHeader>
      <CardContent>
        <form aria-label="Cancel order" onSubmit={submit} className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            {order.status === 'paid'
              ? 'It has not shipped yet: the stock goes back and the whole amount is refunded to how you paid.'
              : 'Nothing was paid yet: the order and its payment are called off.'}
          </p>
          <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} required />
          <FormMessage>
            {cancel.error ? errorMessage(cancel.error, 'The order could not be cancelled.') : null}
          </FormMessage>
          <Button
            type="submit"
            variant="destructive"
            disabled={cancel.isPending}
            className="justify-self-start"
          >
            Cancel order
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RequestReturn({ order }: { order: Order }) {
  const requestReturn = useRequestReturn();
  const returnable = order.lines.filter((line) => line.productId && line.quantity > line.returnedQuantity);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    requestReturn.mutate({
      id: order.id,
      reason,
      lines: returnable
        .map((line) => ({ productId: line.productId!, quantity: Number(quantities[line.productId!] ?? 0) }))
        .filter((line) => line.quantity > 0),
    });
  };
  if (returnable.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Return items</CardTitle>
      </CardHeader>
      <CardContent>
        <form aria-label="Request a return" onSubmit={submit} className="grid gap-3">
          {returnable.map((line) => (
            <TextField
              key={line.productId}
              label={`${line.name} (up to ${line.quantity - line.returnedQuantity})`}
              type="number"
              min={0}
              max={line.quantity - line.returnedQuantity}
              value={quantities[line.productId!] ?? ''}
              onChange={(e) => setQuantities({ ...quantities, [line.productId!]: e.target.value })}
            />
          ))}
          <TextField
            label="Why are you returning them?"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
          <FormMessage>
            {requestReturn.error
              ? errorMessage(requestReturn.error, 'The return could not be requested.')
              : null}
          </FormMessage>
          {requestReturn.isSuccess && (
            <p role="status" className="text-sm">
              Return requested: a Director will decide it.
            </p>
          )}
          <Button type="submit" disabled={requestReturn.isPending} className="justify-self-start">
            Request return
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
