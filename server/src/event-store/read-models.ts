/**
 * Read models (projections) on the server: each is a document per stream that the event
 * store writes in the same statement as the events it comes from (group-writer.ts), so a
 * read model never shows a state the events do not hold. Orders, quotes and invoices are
 * such read models. When a read model's shape version changes, it is rebuilt on start from
 * the events of every stream of its kind.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyStreamKind, StreamRegistry } from '../../../domain/sync/stream-kind';
import type { Db } from '../db/database';
import { readModels, readModelShapes, streams } from '../db/schema';
import type { EventStore } from './event-store';

/** Rebuilds every read model whose stored shape differs from its definition's. */
export async function rebuildStaleReadModels(
  db: Db,
  store: EventStore,
  registry: StreamRegistry,
): Promise<string[]> {
  const rebuilt: string[] = [];
  const shapes = new Map(
    (await db.select().from(readModelShapes)).map((row) => [row.model, row.shape]),
  );
  for (const kind of registry.kinds) {
    for (const model of kind.readModels ?? []) {
      if (shapes.get(model.name) === model.shape) continue;
      await rebuild(db, store, kind, model.name);
      await db
        .insert(readModelShapes)
        .values({ model: model.name, shape: model.shape })
        .onConflictDoUpdate({
          target: readModelShapes.model,
          set: { shape: model.shape, rebuiltAt: new Date() },
        });
      rebuilt.push(model.name);
    }
  }
  return rebuilt;
}

async function rebuild(
  db: Db,
  store: EventStore,
  kind: AnyStreamKind,
  name: string,
): Promise<void> {
  const model = kind.readModels?.find((m) => m.name === name);
  if (!model) return;
  const rows = await db
    .select({ streamId: streams.streamId })
    .from(streams)
    .where(eq(streams.kind, kind.name));
  for (const { streamId } of rows) {
    const current = await store.stateOf(kind, streamId);
    if (!current) continue;
    const doc: unknown = model.project(current.state, current.row) ?? null;
    if (doc === null) {
      await db
        .delete(readModels)
        .where(and(eq(readModels.model, name), eq(readModels.streamId, streamId)));
      continue;
    }
    const values = {
      model: name,
      streamId,
      ownerKind: current.row.ownerKind,
      ownerId: current.row.ownerId,
      storeId: current.row.storeId,
      version: current.row.version,
      doc,
    };
    await db
      .insert(readModels)
      .values(values)
      .onConflictDoUpdate({
        target: [readModels.model, readModels.streamId],
        set: { doc, version: values.version, updatedAt: new Date() },
        // Never over a newer document another instance wrote meanwhile.
        setWhere: sql`${readModels.version} <= ${values.version}`,
      });
  }
}

export interface ReadDocument<T> {
  readonly streamId: string;
  readonly version: number;
  readonly doc: T;
}

/** One stream's document of a read model, if its owner is the one given. */
export async function readDocument<T>(
  db: Db,
  model: string,
  streamId: string,
  owner: { readonly kind: string; readonly id: string },
): Promise<ReadDocument<T> | undefined> {
  const [row] = await db
    .select({ streamId: readModels.streamId, version: readModels.version, doc: readModels.doc })
    .from(readModels)
    .where(
      and(
        eq(readModels.model, model),
        eq(readModels.streamId, streamId),
        eq(readModels.ownerKind, owner.kind),
        eq(readModels.ownerId, owner.id),
      ),
    );
  return row ? { streamId: row.streamId, version: row.version, doc: row.doc as T } : undefined;
}

/** An owner's documents of a read model, newest first. */
export async function findDocuments<T>(
  db: Db,
  model: string,
  owner: { readonly kind: string; readonly id: string },
  limit = 100,
): Promise<ReadDocument<T>[]> {
  const rows = await db
    .select({ streamId: readModels.streamId, version: readModels.version, doc: readModels.doc })
    .from(readModels)
    .where(
      and(
        eq(readModels.model, model),
        eq(readModels.ownerKind, owner.kind),
        eq(readModels.ownerId, owner.id),
      ),
    )
    .orderBy(desc(readModels.updatedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, doc: row.doc as T }));
}
