import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Category } from '@contract/catalog';
import { TIER_MAX, TIER_MIN } from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { FormField, FormMessage, TextField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateVendorProduct } from '@/features/vendor/api/create-vendor-product';
import { VENDOR_MESSAGES } from '@/features/vendor/utils/messages';
import {
  PRODUCT_FIELD_NAMES,
  productDefaults,
  productFormSchema,
  toProductRequest,
  type ProductFormOutput,
  type ProductFormValues,
} from '@/features/vendor/utils/product-form';
import { ApiError, errorMessage, handleUnauthorizedError } from '@/lib/api-client';

const TIERS = Array.from({ length: TIER_MAX - TIER_MIN + 1 }, (_, index) => TIER_MIN + index);

interface AddProductFormProps {
  categories: readonly Category[];
  onCancel: () => void;
  onSubmitted: () => void;
}

/** A new product for the vendor's inventory; it waits for a Director's approval before it is listed. */
export function AddProductForm({ categories, onCancel, onSubmitted }: AddProductFormProps) {
  const createProduct = useCreateVendorProduct();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productDefaults(categories[0]?.id),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createProduct.mutateAsync(toProductRequest(values));
    } catch (error) {
      if (handleUnauthorizedError(error)) return;
      if (error instanceof ApiError && error.status === 400 && error.body?.issues?.length) {
        const issues = error.body.issues;
        const placed = issues.filter((issue) => {
          const field = PRODUCT_FIELD_NAMES.find((name) => name === issue.path);
          if (field) setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
          return Boolean(field);
        });
        if (placed.length === issues.length) return;
      }
      const message = errorMessage(error, VENDOR_MESSAGES.productFailed.description);
      setError('root.server', { type: 'server', message });
      toast({ variant: 'destructive', title: VENDOR_MESSAGES.productFailed.title, description: message });
      return;
    }
    toast(VENDOR_MESSAGES.productAdded);
    reset();
    onSubmitted();
  });

  const busy = createProduct.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add product" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField label="Product name" error={errors.name?.message} {...register('name')} />
      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Textarea rows={3} {...field} {...register('description')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (INR)"
          inputMode="decimal"
          placeholder="e.g. 45999.00"
          error={errors.price?.message}
          {...register('price')}
        />
        <FormField label="Category" error={errors.categoryId?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('categoryId')}>
              {categories.length === 0 && <option value="">No categories available</option>}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Minimum tier" error={errors.minimumTier?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('minimumTier')}>
              {TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  Tier {tier}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <TextField
          label="Stock count"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.stockCount?.message}
          {...register('stockCount')}
        />
      </div>
      <TextField
        label="Image URL"
        type="url"
        hint="Optional"
        placeholder="https://"
        error={errors.imageUrl?.message}
        {...register('imageUrl')}
      />
      <FormField
        label="Specifications"
        hint="Optional. One per line, as Name: value (e.g. Weight: 1.2 kg)."
        error={errors.specificationsText?.message}
      >
        {(field) => <Textarea rows={3} {...field} {...register('specificationsText')} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner className="text-primary-foreground" label="Adding product" />}
          Add Product
        </Button>
      </div>
    </form>
  );
}
