import type { DefaultValues, Path } from 'react-hook-form';
import { z } from 'zod';
import { productTaxSchema } from '@contract/catalog';
import { vendorProductRequestSchema, type VendorProductRequest } from '@contract/vendors';

/**
 * The form's fields: the request's, with the category chosen by id, the specifications as text lines, and the HSN
 * code and GST rate required (the API takes a request without them, the form asks the vendor, who knows the goods).
 */
export const productFormSchema = vendorProductRequestSchema.safeExtend({
  specificationsText: z.string().max(5000, 'Specifications must be at most 5000 characters'),
  hsnCode: productTaxSchema.shape.hsnCode,
  gstRate: productTaxSchema.shape.gstRate,
});

export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;

export const PRODUCT_FIELD_NAMES = [
  'name',
  'description',
  'price',
  'categoryId',
  'minimumTier',
  'stockCount',
  'imageUrl',
  'hsnCode',
  'gstRate',
] as const satisfies readonly Path<ProductFormValues>[];

export function productDefaults(categoryId: string | undefined): DefaultValues<ProductFormValues> {
  return {
    name: '',
    description: '',
    price: '',
    categoryId: categoryId ?? '',
    minimumTier: 1,
    stockCount: 0,
    imageUrl: '',
    specificationsText: '',
    hsnCode: '',
    gstRate: '',
  };
}

/** 'Weight: 1.2 kg' lines -> { Weight: '1.2 kg' }; lines without a colon are skipped. */
export function parseSpecifications(text: string): Record<string, string> {
  const specifications: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (key && value) specifications[key] = value;
  }
  return specifications;
}

export function toProductRequest({ specificationsText, ...values }: ProductFormOutput): VendorProductRequest {
  const specifications = parseSpecifications(specificationsText);
  return {
    ...values,
    ...(Object.keys(specifications).length > 0 ? { specifications } : {}),
  };
}
