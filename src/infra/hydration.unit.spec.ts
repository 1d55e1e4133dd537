import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModule(inBrowser: boolean) {
  vi.resetModules();
  if (inBrowser) vi.stubGlobal('window', { location: { origin: 'https://store.example' } });
  return import('./hydration');
}

describe('when a server-rendered page is ready (its parts hydrated)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('waits for every part of the first render, in any order', async () => {
    const { expectPart, partHydrated, whenPartsHydrated } = await freshModule(true);
    const ready = vi.fn();
    expectPart('header');
    expectPart('page');
    expectPart('footer');
    partHydrated('footer');
    whenPartsHydrated(ready);
    expect(ready).not.toHaveBeenCalled();
    partHydrated('header');
    expect(ready).not.toHaveBeenCalled();
    partHydrated('page');
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('is ready at once when every part hydrated before the frame asked', async () => {
    const { expectPart, partHydrated, whenPartsHydrated } = await freshModule(true);
    expectPart('page');
    partHydrated('page');
    const ready = vi.fn();
    whenPartsHydrated(ready);
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('once ready, a part mounted later (another page) does not hold anything back', async () => {
    const { expectPart, partHydrated, whenPartsHydrated } = await freshModule(true);
    whenPartsHydrated(() => undefined);
    expectPart('later');
    const ready = vi.fn();
    whenPartsHydrated(ready);
    expect(ready).toHaveBeenCalledTimes(1);
    partHydrated('later');
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('keeps no list on the server, which renders parts but never hydrates them', async () => {
    const { expectPart, whenPartsHydrated } = await freshModule(false);
    expectPart('header');
    const ready = vi.fn();
    whenPartsHydrated(ready);
    expect(ready).toHaveBeenCalledTimes(1);
  });
});
