import type { CartLine } from '@contract/cart';
import type { Category, Product, ProductDetail, Review } from '@contract/catalog';

export const categories: Category[] = [
  { id: 'c1', name: 'Surveillance & Audio', slug: 'surveillance-audio' },
  { id: 'c2', name: 'Counter-Surveillance', slug: 'counter-surveillance' },
];

let counter = 0;

/** A product with sensible defaults; ids are uuids, as the API's are. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  counter += 1;
  const suffix = String(counter).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${suffix}`,
    name: `Product ${counter}`,
    slug: `product-${counter}`,
    description: 'Professional equipment for field teams.',
    price: '45999.00',
    imageUrl: '/images/categories/counter-surveillance.svg',
    minimumTier: 1,
    inStock: true,
    stockCount: 30,
    specifications: { Range: '1 MHz - 8 GHz', Battery: '10 h' },
    category: categories[1]!,
    hsnCode: '8543',
    gstRate: '18',
    averageRating: null,
    reviewCount: 0,
    ...overrides,
  };
}

export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return { ...makeProduct(overrides), canReview: false, ...overrides };
}

export function makeCartLine(
  overrides: { id?: string; quantity?: number; product?: Partial<CartLine['product']> } = {},
): CartLine {
  const product = makeProduct();
  return {
    id: overrides.id ?? `line-${product.id}`,
    quantity: overrides.quantity ?? 1,
    product: {
      id: product.id,
      name: product.name,
      price: product.price,
      imageUrl: product.imageUrl,
      minimumTier: product.minimumTier,
      inStock: product.inStock,
      stockCount: product.stockCount,
      ...overrides.product,
    },
  };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  counter += 1;
  return {
    id: `review-${counter}`,
    rating: 4,
    body: 'Found two hidden transmitters in the first sweep.',
    authorName: 'Dana R.',
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}
