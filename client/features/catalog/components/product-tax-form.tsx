import type { z } from 'zod';
import { productTaxSchema, type Product } from '@contract/catalog';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-field';
import { ProductTaxFields } from '@/components/ui/product-tax-fields';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateProductTax } from '@/features/catalog/api/update-product-tax';
import { useApiForm } from '@/lib/use-api-form';
import { cn } from '@/lib/utils';

type ProductTaxInput = z.input<typeof productTaxSchema>;
type ProductTaxOutput = z.output<typeof productTaxSchema>;

/**
 * Directors set a product's HSN code and GST rate (design 12.7), checked by the API's own schema so the browser and
 * the server give the same messages. Orders already placed keep the rate they were sold at.
 */
export function ProductTaxForm({
  product,
  className,
}: {
  product: Pick<Product, 'id' | 'hsnCode' | 'gstRate'>;
  className?: string;
}) {
  const update = useUpdateProductTax(product.id);
  const {
    register,
    submit,
    formState: { errors },
  } = useApiForm<ProductTaxInput, ProductTaxOutput>(productTaxSchema, {
    defaultValues: { hsnCode: product.hsnCode, gstRate: product.gstRate },
  });

  const onSubmit = submit((values) => update.mutateAsync(values), {
    fields: ['hsnCode', 'gstRate'],
    fallbackMessage: 'The tax details could not be saved. Please try again.',
    apiMessageFor: [403, 404],
    reset: (saved) => ({ hsnCode: saved.hsnCode, gstRate: saved.gstRate }),
    successToast: {
      title: 'Tax Details Saved',
      description: 'New orders use them; orders already placed keep theirs.',
    },
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Tax details"
      className={cn('grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-5', className)}
    >
      <div className="grid gap-1">
        <h3 className="font-semibold">Tax details (Directors)</h3>
        <p className="text-sm text-muted-foreground">
          The HSN code and GST rate the tax invoice prints. Orders already placed keep the rate they were sold
          at.
        </p>
      </div>
      <FormMessage>{errors.root?.server?.message}</FormMessage>
      <div className="grid gap-4 sm:grid-cols-2">
        <ProductTaxFields
          hsnCode={register('hsnCode')}
          gstRate={register('gstRate')}
          errors={{ hsnCode: errors.hsnCode?.message, gstRate: errors.gstRate?.message }}
        />
      </div>
      <Button type="submit" disabled={update.isPending} className="justify-self-start">
        {update.isPending && <Spinner className="text-primary-foreground" label="Saving the tax details" />}
        Save Tax Details
      </Button>
    </form>
  );
}
