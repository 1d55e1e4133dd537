/** The signed-in buyer's quotes in this storefront, for a screen; null until known. */
import { useEffect, useState } from 'react';
import { quoteStoreFor, type QuoteStore } from '../../infra/quotes/quote-store';
import { useStorefront } from '../use-storefront';

export function useQuoteStore(): QuoteStore | null {
  const storefront = useStorefront();
  const [store, setStore] = useState<QuoteStore | null>(null);
  useEffect(() => {
    let current = true;
    void quoteStoreFor(storefront).then((loaded) => {
      if (current) setStore(loaded);
    });
    return () => {
      current = false;
    };
  }, [storefront]);
  return store;
}
