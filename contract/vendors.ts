import { z } from 'zod';
import { moneySchema, PRODUCT_APPROVAL_STATUSES, productSchema, productTaxSchema } from './catalog.js';
import { listQuerySchema } from './lists.js';
import { DEFAULT_TIER, TIER_MAX, TIER_MIN } from './tiers.js';

export const VENDOR_BUSINESS_TYPES = [
  'manufacturer',
  'distributor',
  'retailer',
  'service_provider',
  'consultant',
] as const;
export type VendorBusinessType = (typeof VENDOR_BUSINESS_TYPES)[number];

/** Upper case, as the vendor portal shows them. */
export const VENDOR_APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type VendorApplicationStatus = (typeof VENDOR_APPLICATION_STATUSES)[number];

/** The vendor application dialog and `POST /api/vendor/applications` share these rules and messages. */
export const vendorApplicationRequestSchema = z.object({
  companyName: z
    .string({ error: 'Company name must be at least 2 characters' })
    .trim()
    .min(2, 'Company name must be at least 2 characters')
    .max(200, 'Company name must be at most 200 characters'),
  contactEmail: z
    .string({ error: 'Valid email is required' })
    .trim()
    .pipe(z.email({ error: 'Valid email is required' })),
  phone: z
    .string({ error: 'Valid phone number is required' })
    .trim()
    .min(10, 'Valid phone number is required')
    .max(30, 'Phone number must be at most 30 characters'),
  businessType: z.enum(VENDOR_BUSINESS_TYPES, { error: 'Business type is required' }),
  description: z
    .string({ error: 'Description must be at least 50 characters' })
    .trim()
    .min(50, 'Description must be at least 50 characters')
    .max(5000, 'Description must be at most 5000 characters'),
  /** What the form's tag input holds; may be empty. */
  certifications: z
    .array(z.string().trim().min(1, 'Certification cannot be empty').max(100), {
      error: 'Certifications must be a list',
    })
    .max(20, 'At most 20 certifications')
    .default([]),
});
export type VendorApplicationRequest = z.input<typeof vendorApplicationRequestSchema>;

export const vendorApplicationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  companyName: z.string(),
  contactEmail: z.string(),
  phone: z.string(),
  businessType: z.enum(VENDOR_BUSINESS_TYPES),
  description: z.string(),
  certifications: z.array(z.string()),
  status: z.enum(VENDOR_APPLICATION_STATUSES),
  reviewNote: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type VendorApplication = z.infer<typeof vendorApplicationSchema>;

/** `?scope=all` (Directors only) lists every applicant's; `status` narrows it, e.g. the review queue's PENDING. */
export const vendorApplicationListQuerySchema = listQuerySchema.extend({
  scope: z.enum(['own', 'all']).default('own'),
  status: z.enum(VENDOR_APPLICATION_STATUSES).optional(),
});

export const VENDOR_REVIEW_DECISIONS = ['APPROVED', 'REJECTED'] as const;

export const reviewVendorApplicationRequestSchema = z.object({
  status: z.enum(VENDOR_REVIEW_DECISIONS, { error: 'Status must be APPROVED or REJECTED' }),
  reviewNote: z.string().trim().max(1000, 'Review note must be at most 1000 characters').optional(),
});
export type ReviewVendorApplicationRequest = z.input<typeof reviewVendorApplicationRequestSchema>;

/** What a vendor may set on a new product; it starts pending until a Director approves it. */
export const vendorProductRequestSchema = z
  .object({
    name: z
      .string({ error: 'Product name must be at least 2 characters' })
      .trim()
      .min(2, 'Product name must be at least 2 characters')
      .max(200, 'Product name must be at most 200 characters'),
    description: z
      .string({ error: 'Description must be at least 20 characters' })
      .trim()
      .min(20, 'Description must be at least 20 characters')
      .max(5000, 'Description must be at most 5000 characters'),
    /** Rupees; a number or a decimal string, answered as a decimal string. */
    price: z
      .union([z.number(), z.string().trim()], { error: 'Price is required' })
      .transform((value) => String(value))
      .pipe(
        z
          .string()
          .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Price must be a positive amount with at most 2 decimals')
          .refine((value) => Number(value) > 0, 'Price must be a positive amount with at most 2 decimals'),
      ),
    /** A category id, or its slug in `category`. */
    categoryId: z.string().trim().max(100).optional(),
    category: z.string().trim().max(100).optional(),
    minimumTier: z.coerce
      .number({ error: 'Minimum tier must be between 1 and 4' })
      .int('Minimum tier must be between 1 and 4')
      .min(TIER_MIN, 'Minimum tier must be between 1 and 4')
      .max(TIER_MAX, 'Minimum tier must be between 1 and 4')
      .default(DEFAULT_TIER),
    stockCount: z.coerce
      .number({ error: 'Stock must be a whole number of 0 or more' })
      .int('Stock must be a whole number of 0 or more')
      .min(0, 'Stock must be a whole number of 0 or more')
      .max(1_000_000, 'Stock must be at most 1000000'),
    imageUrl: z
      .union([z.url({ error: 'Please enter a valid URL', protocol: /^https?$/ }), z.literal('')])
      .optional()
      .transform((value) => value || undefined),
    specifications: z.record(z.string().max(100), z.string().max(500)).optional(),
    /**
     * What the tax invoice prints for it (design 12.7). The vendor's form asks for both; a request without them
     * gets the catalogue's defaults (HSN 8543, 18 %), which a Director corrects on the product's page.
     */
    hsnCode: productTaxSchema.shape.hsnCode.optional(),
    gstRate: productTaxSchema.shape.gstRate.optional(),
  })
  .refine((value) => Boolean(value.categoryId || value.category), {
    path: ['categoryId'],
    message: 'Category is required',
  });
export type VendorProductRequest = z.input<typeof vendorProductRequestSchema>;

export const vendorProductSchema = productSchema.extend({
  approvalStatus: z.enum(PRODUCT_APPROVAL_STATUSES),
  vendorId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;

/** `?scope=pending` (Directors only) is the review queue of every vendor's pending products. */
export const vendorProductListQuerySchema = listQuerySchema.extend({
  scope: z.enum(['own', 'pending']).default('own'),
});

export const reviewVendorProductRequestSchema = z.object({
  approvalStatus: z.enum(['approved', 'rejected'], { error: 'Approval status must be approved or rejected' }),
});
export type ReviewVendorProductRequest = z.infer<typeof reviewVendorProductRequestSchema>;

/** From the vendor's own products and the paid or fulfilled order lines that sold them. */
export const vendorStatsSchema = z.object({
  totalProducts: z.number().int(),
  approvedProducts: z.number().int(),
  pendingProducts: z.number().int(),
  unitsSold: z.number().int(),
  revenue: moneySchema,
  orders: z.number().int(),
});
export type VendorStats = z.infer<typeof vendorStatsSchema>;

/** The 403 a vendor product creation answers before the user's application is approved. */
export const VENDOR_APPLY_FIRST_MESSAGE = 'Apply as a vendor first';
