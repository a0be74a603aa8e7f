import { useId } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Bitcoin, CreditCard, Landmark, type LucideIcon } from 'lucide-react';
import { createOrderRequestSchema, type CreateOrderRequest, type Order } from '@contract/orders';
import type { PaymentMethod } from '@contract/payments';
import { Button } from '@/components/ui/button';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { useCart } from '@/features/cart/api/get-cart';
import { useCreateOrder } from '@/features/cart/api/create-order';
import { CART_MESSAGES } from '@/features/cart/utils/cart-errors';
import { cartTotal, lineTotal } from '@/features/cart/utils/cart-totals';
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';
import { LOGIN_REQUIRED_REDIRECT_DELAY_MS } from '@/lib/constants';
import { formatINR } from '@/lib/format';

const paymentOptions: readonly {
  value: PaymentMethod;
  label: string;
  description: string;
  icon: LucideIcon;
}[] = [
  {
    value: 'stripe',
    label: 'Card',
    description: 'Charged now; the order is paid at once.',
    icon: CreditCard,
  },
  {
    value: 'crypto',
    label: 'Crypto',
    description: 'We send payment details; the order ships once payment is confirmed.',
    icon: Bitcoin,
  },
  {
    value: 'bank_transfer',
    label: 'Bank transfer',
    description: 'We send our bank details; the order ships once the transfer arrives.',
    icon: Landmark,
  },
];

const defaultValues: CreateOrderRequest = {
  shippingAddress: {
    fullName: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    postalCode: '',
    country: 'India',
    phone: '',
  },
  paymentMethod: 'stripe',
};

/** Field names the API's 400 issues may point at (`shippingAddress.city`, `paymentMethod`). */
const fieldNames = [
  ...Object.keys(defaultValues.shippingAddress).map((key) => `shippingAddress.${key}`),
  'paymentMethod',
] as Path<CreateOrderRequest>[];

const GENERIC_FAILURE = 'Your order could not be placed. Please try again.';

interface CheckoutFormProps {
  onBack: () => void;
  /** A line can no longer be served (409): back to the cart with the API's message, which names the product. */
  onOutOfStock: (message: string) => void;
  onPlaced: (order: Order) => void;
}

/** Shipping address, payment method and the order summary; 'Place Order' turns the cart into an order. */
export function CheckoutForm({ onBack, onOutOfStock, onPlaced }: CheckoutFormProps) {
  const paymentLabelId = useId();
  const cart = useCart();
  const createOrder = useCreateOrder();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(createOrderRequestSchema), defaultValues });
  const address = errors.shippingAddress;
  const lines = cart.data ?? [];

  const onSubmit = handleSubmit(async ({ shippingAddress: { line2, ...shippingAddress }, paymentMethod }) => {
    try {
      const order = await createOrder.mutateAsync({
        // An empty second line is left out rather than stored as ''.
        shippingAddress: { ...shippingAddress, ...(line2 ? { line2 } : {}) },
        paymentMethod,
      });
      onPlaced(order);
    } catch (error) {
      if (
        handleUnauthorizedError(error, CART_MESSAGES.checkoutLoginRequired, {
          delayMs: LOGIN_REQUIRED_REDIRECT_DELAY_MS,
        })
      ) {
        return;
      }
      if (error instanceof ApiError && error.status === 409) {
        onOutOfStock(errorMessage(error, GENERIC_FAILURE));
        return;
      }
      const issues = error instanceof ApiError && error.status === 400 ? (error.body?.issues ?? []) : [];
      const placed = issues.filter((issue) => {
        const field = fieldNames.find((name) => name === issue.path);
        if (field) setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
        return Boolean(field);
      });
      if (placed.length === 0 || placed.length < issues.length) {
        setError('root.server', { type: 'server', message: errorMessage(error, GENERIC_FAILURE) });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Checkout" className="grid gap-6">
      <FormMessage>{errors.root?.server?.message}</FormMessage>

      <fieldset className="grid gap-4">
        <legend className="mb-3 font-mono text-xs tracking-widest text-muted-foreground uppercase">
          Shipping address
        </legend>
        <TextField
          label="Full name"
          autoComplete="name"
          error={address?.fullName?.message}
          {...register('shippingAddress.fullName')}
        />
        <TextField
          label="Address line 1"
          autoComplete="address-line1"
          error={address?.line1?.message}
          {...register('shippingAddress.line1')}
        />
        <TextField
          label="Address line 2"
          autoComplete="address-line2"
          hint="Optional"
          error={address?.line2?.message}
          {...register('shippingAddress.line2')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="City"
            autoComplete="address-level2"
            error={address?.city?.message}
            {...register('shippingAddress.city')}
          />
          <TextField
            label="State"
            autoComplete="address-level1"
            error={address?.state?.message}
            {...register('shippingAddress.state')}
          />
          <TextField
            label="Postal code"
            autoComplete="postal-code"
            error={address?.postalCode?.message}
            {...register('shippingAddress.postalCode')}
          />
          <TextField
            label="Country"
            autoComplete="country-name"
            error={address?.country?.message}
            {...register('shippingAddress.country')}
          />
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={address?.phone?.message}
          {...register('shippingAddress.phone')}
        />
      </fieldset>

      <div className="grid gap-3">
        <p id={paymentLabelId} className="font-mono text-xs tracking-widest text-muted-foreground uppercase">
          Payment method
        </p>
        <Controller
          control={control}
          name="paymentMethod"
          render={({ field }) => (
            <RadioGroup
              aria-labelledby={paymentLabelId}
              value={field.value}
              onValueChange={field.onChange}
              className="gap-2 sm:grid-cols-3"
            >
              {paymentOptions.map(({ value, label, description, icon: Icon }) => {
                const id = `${paymentLabelId}-${value}`;
                return (
                  <Label
                    key={value}
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-3 rounded-md border bg-surface p-3 leading-normal font-normal transition-colors hover:border-primary/60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
                  >
                    <RadioGroupItem id={id} value={value} className="mt-0.5" />
                    <span className="grid gap-1">
                      <span className="flex items-center gap-1.5 font-medium">
                        <Icon aria-hidden="true" className="size-4 text-primary" />
                        {label}
                      </span>
                      <span className="text-xs text-muted-foreground">{description}</span>
                    </span>
                  </Label>
                );
              })}
            </RadioGroup>
          )}
        />
        {errors.paymentMethod?.message && (
          <p className="text-xs font-medium text-red-400">{errors.paymentMethod.message}</p>
        )}
      </div>

      <section
        aria-labelledby={`${paymentLabelId}-summary`}
        className="grid gap-3 rounded-md border bg-surface p-4"
      >
        <h3
          id={`${paymentLabelId}-summary`}
          className="font-mono text-xs tracking-widest text-muted-foreground uppercase"
        >
          Order summary
        </h3>
        <ul className="grid gap-2 text-sm">
          {lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-4">
              <span className="min-w-0">
                {line.product.name} <span className="text-muted-foreground">× {line.quantity}</span>
              </span>
              <span className="shrink-0 font-mono">{formatINR(lineTotal(line))}</span>
            </li>
          ))}
        </ul>
        <Separator />
        <p className="flex items-baseline justify-between">
          <span className="text-sm font-medium">Total:</span>
          <span className="font-mono text-lg font-bold" data-testid="checkout-total">
            {formatINR(cartTotal(lines))}
          </span>
        </p>
      </section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={createOrder.isPending}>
          <ArrowLeft aria-hidden="true" />
          Back to cart
        </Button>
        <Button type="submit" size="lg" disabled={createOrder.isPending || lines.length === 0}>
          {createOrder.isPending && <Spinner className="text-primary-foreground" label="Placing order" />}
          Place Order
        </Button>
      </div>
    </form>
  );
}
