import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Bitcoin, CreditCard, Landmark, type LucideIcon } from 'lucide-react';
import { createOrderRequestSchema, type CreateOrderRequest, type Order } from '@contract/orders';
import { INDIAN_STATES } from '@contract/gst';
import type { PaymentMethod } from '@contract/payments';
import { Button } from '@/components/ui/button';
import { FormMessage, FormRow, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { TestModeNotice } from '@/components/ui/test-mode-notice';
import { useCreateOrder } from '@/features/orders/api/create-order';
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';
import { LOGIN_REQUIRED_REDIRECT_DELAY_MS } from '@/lib/constants';
import { usePaymentTestMode } from '@/lib/payment-settings';

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
    description:
      'The wallet details and your reference follow; the order ships once a Director confirms the payment.',
    icon: Bitcoin,
  },
  {
    value: 'bank_transfer',
    label: 'Bank transfer',
    description:
      'The bank details and your reference follow; the order ships once a Director confirms the transfer.',
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
    gstin: '',
  },
  paymentMethod: 'stripe',
};

/** Field names the API's 400 issues may point at (`shippingAddress.city`, `paymentMethod`). */
const fieldNames = [
  ...Object.keys(defaultValues.shippingAddress).map((key) => `shippingAddress.${key}`),
  'paymentMethod',
] as Path<CreateOrderRequest>[];

const GENERIC_FAILURE = 'Your order could not be placed. Please try again.';

const LOGIN_REQUIRED = { title: 'Login Required', description: 'Please log in to complete your purchase.' };

export interface CheckoutFormProps {
  /** What is being ordered, with its total (the cart renders it). */
  orderSummary: ReactNode;
  /** Nothing to order: 'Place Order' stays disabled. */
  empty: boolean;
  onBack: () => void;
  /** A line can no longer be served (409): back to the cart with the API's message, which names the product. */
  onOutOfStock: (message: string) => void;
  onPlaced: (order: Order) => void;
}

/** Shipping address, payment method and the order summary; 'Place Order' turns the cart into an order. */
export function CheckoutForm({ orderSummary, empty, onBack, onOutOfStock, onPlaced }: CheckoutFormProps) {
  const paymentLabelId = useId();
  const statesListId = useId();
  const createOrder = useCreateOrder();
  const testMode = usePaymentTestMode();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(createOrderRequestSchema), defaultValues });
  const address = errors.shippingAddress;

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
        handleUnauthorizedError(error, LOGIN_REQUIRED, {
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
        <FormRow>
          <TextField
            label="City"
            autoComplete="address-level2"
            error={address?.city?.message}
            {...register('shippingAddress.city')}
          />
          <TextField
            label="State"
            autoComplete="address-level1"
            list={statesListId}
            hint="The place of supply for GST"
            error={address?.state?.message}
            {...register('shippingAddress.state')}
          />
          <datalist id={statesListId}>
            {INDIAN_STATES.map((state) => (
              <option key={state.code} value={state.name} />
            ))}
          </datalist>
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
        </FormRow>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={address?.phone?.message}
          {...register('shippingAddress.phone')}
        />
        <TextField
          label="GSTIN"
          hint="Optional: a registered business gets it on the tax invoice to claim input tax credit"
          autoComplete="off"
          spellCheck={false}
          error={address?.gstin?.message}
          {...register('shippingAddress.gstin')}
        />
      </fieldset>

      <div className="grid gap-3">
        <p id={paymentLabelId} className="font-mono text-xs tracking-widest text-muted-foreground uppercase">
          Payment method
        </p>
        {testMode && <TestModeNotice />}
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
              {paymentOptions.map(({ value, label, description: charged, icon: Icon }) => {
                const id = `${paymentLabelId}-${value}`;
                // Nothing is charged in test mode: the card completes at once all the same.
                const description =
                  testMode && value === 'stripe'
                    ? 'Completes now, without a charge; the order is paid at once.'
                    : charged;
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

      {orderSummary}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack} disabled={createOrder.isPending}>
          <ArrowLeft aria-hidden="true" />
          Back to cart
        </Button>
        <Button type="submit" size="lg" disabled={createOrder.isPending || empty}>
          {createOrder.isPending && <Spinner className="text-primary-foreground" label="Placing order" />}
          Place Order
        </Button>
      </div>
    </form>
  );
}
