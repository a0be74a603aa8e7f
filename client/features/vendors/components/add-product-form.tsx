import type { Category } from '@contract/catalog';
import { TIER_MAX, TIER_MIN } from '@contract/tiers';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';
import { FormActions } from '@/components/ui/form-parts';
import { ProductTaxFields } from '@/components/ui/product-tax-fields';
import { Textarea } from '@/components/ui/textarea';
import { useCreateVendorProduct } from '@/features/vendors/api/create-vendor-product';
import { VENDOR_MESSAGES } from '@/features/vendors/utils/messages';
import {
  PRODUCT_FIELD_NAMES,
  productDefaults,
  productFormSchema,
  toProductRequest,
  type ProductFormOutput,
  type ProductFormValues,
} from '@/features/vendors/utils/product-form';
import { useApiForm } from '@/lib/use-api-form';

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
    submit,
    formState: { errors },
  } = useApiForm<ProductFormValues, ProductFormOutput>(productFormSchema, {
    defaultValues: productDefaults(categories[0]?.id),
  });

  const onSubmit = submit((values) => createProduct.mutateAsync(toProductRequest(values)), {
    fields: PRODUCT_FIELD_NAMES,
    formMessage: 'unplaced',
    fallbackMessage: VENDOR_MESSAGES.productFailed.description,
    errorToastTitle: VENDOR_MESSAGES.productFailed.title,
    successToast: VENDOR_MESSAGES.productAdded,
    reset: true,
    onSuccess: onSubmitted,
  });

  const busy = createProduct.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add product" className="grid gap-4">
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <TextField label="Product name" error={errors.name?.message} {...register('name')} />
      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Textarea rows={3} {...field} {...register('description')} />}
      </FormField>
      <FormRow>
        <TextField
          label="Price (INR)"
          inputMode="decimal"
          placeholder="e.g. 45999.00"
          error={errors.price?.message}
          {...register('price')}
        />
        <SelectField
          label="Category"
          error={errors.categoryId?.message}
          options={categories}
          optionValue={(category) => category.id}
          optionLabel={(category) => category.name}
          {...register('categoryId')}
        >
          {categories.length === 0 && <option value="">No categories available</option>}
        </SelectField>
        <SelectField
          label="Minimum tier"
          error={errors.minimumTier?.message}
          options={TIERS}
          optionLabel={(tier) => `Tier ${tier}`}
          {...register('minimumTier')}
        />
        <TextField
          label="Stock count"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.stockCount?.message}
          {...register('stockCount')}
        />
      </FormRow>
      <FormRow>
        <ProductTaxFields
          hsnCode={register('hsnCode')}
          gstRate={register('gstRate')}
          errors={{ hsnCode: errors.hsnCode?.message, gstRate: errors.gstRate?.message }}
          ratePlaceholder="Choose a rate"
        />
      </FormRow>
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
      <FormActions busy={busy} onCancel={onCancel} submitLabel="Add Product" busyLabel="Adding product" />
    </form>
  );
}
