import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from '@/features/catalog/components/product-image';
import { ownImage, productIcon } from '@/features/catalog/utils/product-icons';

const secureDevices = { id: 'c4', name: 'Secure Devices', slug: 'secure-devices' };

describe('product icons', () => {
  it('tells products of one category apart by what they are', () => {
    const names = [
      'Encrypted Satellite Phone SX-2',
      'Faraday Signal-Blocking Bag Set',
      'Hardware-Encrypted USB Drive 64 GB',
      'Hardened Laptop with Privacy Screen',
      'FIDO2 Hardware Security Key (Pair)',
      'Encrypted Portable SSD 2 TB',
      'Encrypted Two-Way Radio Pair',
    ];
    const icons = names.map((name) => productIcon({ name, category: secureDevices }).name);
    expect(new Set(icons).size).toBe(names.length);
  });

  it("falls back to the category's icon, then a parcel", () => {
    expect(productIcon({ name: 'Something New', category: secureDevices }).name).toBe('lock');
    expect(productIcon({ name: 'Something New', category: { id: 'x', name: 'X', slug: 'x' } }).name).toBe(
      'package',
    );
  });

  it("shows a product's own photograph, and the icon instead of the category's drawing", () => {
    expect(ownImage('/images/categories/secure-devices.svg')).toBeNull();
    expect(ownImage('/uploads/p1.jpg')).toBe('/uploads/p1.jpg');
    const { container, rerender } = render(<ProductImage src="/uploads/p1.jpg" iconName="laptop" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/p1.jpg');
    rerender(<ProductImage src={null} iconName="laptop" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('product-icon')).toHaveAttribute('data-icon', 'laptop');
  });
});
