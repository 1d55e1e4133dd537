/**
 * A part of the frame that hydrates on its own (issue 31): a Suspense boundary, which React
 * leaves as the server's HTML while it commits the root, then hydrates in short tasks of its
 * own, so a slow phone answers input between them. A click on a part not yet hydrated makes
 * React hydrate that part first.
 */
import { Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { expectPart, partHydrated } from '../infra/hydration';

function Hydrated({ id }: { id: string }) {
  useEffect(() => {
    partHydrated(id);
  }, [id]);
  return null;
}

export function HydratedPart({ children }: { children: ReactNode }) {
  const id = useId();
  useState(() => {
    expectPart(id);
  });
  return (
    <Suspense fallback={null}>
      {children}
      <Hydrated id={id} />
    </Suspense>
  );
}
