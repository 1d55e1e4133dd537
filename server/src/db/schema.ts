/**
 * Drizzle table definitions for typed queries. The SQL files in server/migrations are the
 * source of truth for the schema; these mirror them (a test checks that they agree).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Postgres full-text search vector (a generated column: only ever read by SQL). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const stores = pgTable('stores', {
  storeId: text('store_id').primaryKey(),
  currency: char('currency', { length: 3 }).notNull(),
});

export const storefronts = pgTable('storefronts', {
  locale: text('locale').primaryKey(),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.storeId),
  language: text('language').notNull(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  registrationCountry: char('registration_country', { length: 2 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.model, t.id] })],
);

/** One row per key (decision 034): the current key of a purpose has no retiredAt. */
export const oidcKeys = pgTable('oidc_keys', {
  id: text('id').primaryKey(),
  purpose: text('purpose').notNull(),
  material: jsonb('material').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const webSessions = pgTable('web_sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshToken: text('refresh_token'),
  /** The embedded provider's grant the session came from; ended with it (decision 031). */
  grantId: text('grant_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The buyer's last activity (SPEC 4.4): 1800 s after it, the session ends. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  /** Whose session: a buyer's (`store_session`) or a customer service agent's (decision 063). */
  purpose: text('purpose').notNull().default('buyer'),
});

/** Customer service agents and the site regions they serve (decision 063). */
export const supportAgents = pgTable('support_agents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  regions: text('regions').array().notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

/** An agent acting for a buyer and one of their accounts (decision 063). */
export const agentSessions = pgTable('agent_sessions', {
  id: uuid('id').primaryKey(),
  agentId: uuid('agent_id')
    .notNull()
    .references(() => users.id),
  signInHash: text('sign_in_hash').notNull(),
  buyerId: uuid('buyer_id')
    .notNull()
    .references(() => users.id),
  accountId: uuid('account_id'),
  savedCardConsent: boolean('saved_card_consent').notNull().default(false),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
});

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable('products', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  program: text('program').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  format: text('format').notNull(),
  qualificationLevel: char('qualification_level', { length: 1 }).notNull(),
  notDiscountable: boolean('not_discountable').notNull().default(false),
  soldOnline: boolean('sold_online').notNull().default(true),
  orderableOnline: boolean('orderable_online').notNull().default(true),
  preOrder: boolean('pre_order').notNull().default(false),
  availableOn: date('available_on', { mode: 'string' }),
  minOrderQuantity: integer('min_order_quantity'),
  maxOrderQuantity: integer('max_order_quantity'),
  stock: integer('stock'),
  aimsweb: boolean('aimsweb').notNull().default(false),
  upc: text('upc'),
  image: text('image'),
  search: tsvector('search'),
});

export const productPrices = pgTable(
  'product_prices',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => products.code, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.storeId] })],
);

/** A price the catalog changes to on a day (migration 021; quotes' early expiration). */
export const scheduledPrices = pgTable(
  'scheduled_prices',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => products.code, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.storeId, t.startsOn] })],
);

export const promotions = pgTable('promotions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  appliesTo: text('applies_to').notNull(),
  productCodes: text('product_codes').array().notNull().default([]),
  discountBasisPoints: integer('discount_basis_points').notNull(),
  minimumSubtotalMinor: bigint('minimum_subtotal_minor', { mode: 'number' }).notNull().default(0),
  storeId: text('store_id').references(() => stores.storeId),
});

export const customerAccounts = pgTable('customer_accounts', {
  id: uuid('id').primaryKey(),
  accountNumber: text('account_number').notNull().unique(),
  name: text('name').notNull(),
  accountType: text('account_type').notNull(),
  taxExempt: boolean('tax_exempt').notNull().default(false),
  hasOrdered: boolean('has_ordered').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An account number merged into another (SPEC 6; migration 026). */
export const customerAccountMerges = pgTable('customer_account_merges', {
  mergedNumber: text('merged_number').primaryKey(),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => customerAccounts.id, { onDelete: 'cascade' }),
  mergedOn: date('merged_on', { mode: 'string' }).notNull(),
});

export const customerMembers = pgTable(
  'customer_members',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.userId] })],
);

export const customerDiscounts = pgTable(
  'customer_discounts',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    programme: text('programme').notNull(),
    status: text('status').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.programme] })],
);

export const qualifiedUsers = pgTable('qualified_users', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  level: char('level', { length: 1 }).notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** The level an account specialist recorded; approved qualifications may raise `level`. */
  recordedLevel: char('recorded_level', { length: 1 }),
});

/** Certificates of qualifications (migration 027, decision 057): base64, owner only. */
export const qualificationFiles = pgTable('qualification_files', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const qualifications = pgTable('qualifications', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  issuer: text('issuer').notNull(),
  reference: text('reference'),
  issuedOn: date('issued_on', { mode: 'string' }),
  expiresOn: date('expires_on', { mode: 'string' }),
});

export const platformAccounts = pgTable('platform_accounts', {
  id: uuid('id').primaryKey(),
  platform: text('platform').notNull(),
  accountNumber: text('account_number').notNull(),
  customerId: uuid('customer_id').references(() => customerAccounts.id, { onDelete: 'set null' }),
  ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
});

export const accountQualifiedUsers = pgTable(
  'account_qualified_users',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.userId] })],
);

export const accountInvitations = pgTable(
  'account_invitations',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.email] })],
);

export const userPlatformAccounts = pgTable(
  'user_platform_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformAccountId: uuid('platform_account_id')
      .notNull()
      .references(() => platformAccounts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.platformAccountId] })],
);

export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  organization: text('organization'),
  line1: text('line1').notNull(),
  line2: text('line2'),
  line3: text('line3'),
  town: text('town').notNull(),
  region: text('region'),
  postalCode: text('postal_code').notNull().default(''),
  country: char('country', { length: 2 }).notNull(),
  phone: text('phone'),
  defaultShipping: boolean('default_shipping').notNull().default(false),
  defaultBilling: boolean('default_billing').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentMethods = pgTable('payment_methods', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  gatewayToken: text('gateway_token').notNull(),
  brand: text('brand').notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  holderName: text('holder_name').notNull(),
  billingAddressId: uuid('billing_address_id').references(() => addresses.id, {
    onDelete: 'set null',
  }),
  /** The buyer's default card (at most one per buyer; migration 026). */
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const streams = pgTable('streams', {
  streamId: text('stream_id').primaryKey(),
  kind: text('kind').notNull(),
  ownerKind: text('owner_kind').notNull(),
  ownerId: text('owner_id').notNull(),
  storeId: text('store_id').references(() => stores.storeId),
  version: integer('version').notNull().default(0),
  snapshot: jsonb('snapshot'),
  snapshotVersion: integer('snapshot_version').notNull().default(0),
  snapshotShape: integer('snapshot_shape').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const events = pgTable(
  'events',
  {
    streamId: text('stream_id')
      .notNull()
      .references(() => streams.streamId, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    v: integer('v').notNull(),
    data: jsonb('data').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    commandId: text('command_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    position: bigserial('position', { mode: 'number' }).notNull(),
    /** The writing transaction (xid8): readers in commit order never skip a late commit. */
    transactionId: text('transaction_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.version] })],
);

export const commands = pgTable(
  'commands',
  {
    streamId: text('stream_id')
      .notNull()
      .references(() => streams.streamId, { onDelete: 'cascade' }),
    commandId: text('command_id').notNull(),
    /** The browser client that queued it; null for a command the store issued itself. */
    clientId: text('client_id'),
    seq: bigint('seq', { mode: 'number' }),
    status: text('status').notNull(),
    code: text('code'),
    message: jsonb('message'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.commandId] })],
);

/** A client's last sequence number, per owner it writes for (decision 034). */
export const syncClients = pgTable(
  'sync_clients',
  {
    clientId: text('client_id').notNull(),
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ownerKind, t.ownerId] })],
);

export const readModels = pgTable(
  'read_models',
  {
    model: text('model').notNull(),
    streamId: text('stream_id')
      .notNull()
      .references(() => streams.streamId, { onDelete: 'cascade' }),
    ownerKind: text('owner_kind').notNull(),
    ownerId: text('owner_id').notNull(),
    storeId: text('store_id'),
    version: integer('version').notNull(),
    doc: jsonb('doc').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.model, t.streamId] })],
);

export const readModelShapes = pgTable('read_model_shapes', {
  model: text('model').primaryKey(),
  shape: integer('shape').notNull(),
  rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }).notNull().defaultNow(),
});

export const checkpoints = pgTable('checkpoints', {
  name: text('name').primaryKey(),
  transactionId: text('transaction_id').notNull().default('0'),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Reactions due later (decision 047): issued by the manager's runner once due. */
export const scheduledReactions = pgTable('scheduled_reactions', {
  commandId: text('command_id').primaryKey(),
  manager: text('manager').notNull(),
  kind: text('kind').notNull(),
  streamId: text('stream_id').notNull(),
  ownerKind: text('owner_kind').notNull(),
  ownerId: text('owner_id').notNull(),
  storeId: text('store_id'),
  command: jsonb('command').notNull(),
  causationId: text('causation_id').notNull(),
  correlationId: text('correlation_id').notNull(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const parkedReactions = pgTable(
  'parked_reactions',
  {
    manager: text('manager').notNull(),
    streamId: text('stream_id').notNull(),
    version: integer('version').notNull(),
    error: text('error').notNull(),
    parkedAt: timestamp('parked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.manager, t.streamId, t.version] })],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const schema = {
  stores,
  storefronts,
  users,
  oidcModels,
  oidcKeys,
  webSessions,
  loginThrottle,
  products,
  productPrices,
  scheduledPrices,
  promotions,
  customerAccounts,
  customerAccountMerges,
  customerMembers,
  customerDiscounts,
  qualifiedUsers,
  qualifications,
  qualificationFiles,
  platformAccounts,
  addresses,
  paymentMethods,
  streams,
  events,
  commands,
  syncClients,
  readModels,
  readModelShapes,
  checkpoints,
  scheduledReactions,
  parkedReactions,
  idempotencyKeys,
};
