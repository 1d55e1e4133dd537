// Browser storage for unit tests that touch IndexedDB (Dexie), in plain Node.
import 'fake-indexeddb/auto';
