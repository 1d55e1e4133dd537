import { describe, expect, it } from 'vitest';
import type { ProductSummary } from './catalog';
import { productStructuredData, scriptSafeJson, storefrontAlternates } from './structured-data';

const product: ProductSummary & { description: string } = {
  code: 'ADI-KIT',
  name: 'Adolescent Distress Inventory, Complete Kit',
  program: 'ADI',
  category: 'behavior',
  format: 'physical-kit',
  qualificationLevel: 'B',
  availability: 'in-stock',
  priceMinor: 123456,
  currency: 'USD',
  description: 'A kit </script><script>alert(1)</script>',
};

describe('product structured data', () => {
  it('gives the storefront price as a decimal with its currency and availability', () => {
    const data = productStructuredData(product, 'https://store.example/en-us/p/ADI-KIT');
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: 'ADI-KIT',
      offers: {
        '@type': 'Offer',
        price: '1234.56',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('writes a currency without minor units without decimals (JPY)', () => {
    const data = productStructuredData({ ...product, priceMinor: 4200, currency: 'JPY' }, 'u');
    expect(data.offers).toMatchObject({ price: '4200', priceCurrency: 'JPY' });
  });

  it('makes no offer where the store has no price or does not sell online', () => {
    expect(productStructuredData({ ...product, priceMinor: null }, 'u').offers).toBeUndefined();
    expect(
      productStructuredData({ ...product, availability: 'not-sold-online' }, 'u').offers,
    ).toBeUndefined();
  });

  it('cannot close its script element', () => {
    const json = scriptSafeJson(productStructuredData(product, 'u'));
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({ description: product.description });
  });

  it('links every storefront and an x-default', () => {
    const alternates = storefrontAlternates('https://store.example', '/p/ADI-KIT');
    expect(alternates).toHaveLength(11);
    expect(alternates).toContainEqual({
      hreflang: 'fr-CA',
      href: 'https://store.example/fr-ca/p/ADI-KIT',
    });
    expect(alternates.at(-1)).toEqual({
      hreflang: 'x-default',
      href: 'https://store.example/en-us/p/ADI-KIT',
    });
  });
});
