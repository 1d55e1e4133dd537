/**
 * Finding a customer for customer service (decision 063): by email, name, customer account
 * number, order number (Web reference # or Order #) or quote number, only among the
 * customers of the agent's regions. Agents are never found as customers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { normalizedOrderNumber } from '../../../domain/order/lookup';
import { ORDERS_READ_MODEL } from '../../../domain/order/order';
import { QUOTES_READ_MODEL } from '../../../domain/quote/stream';
import type { SupportCustomer } from '../../../domain/support/api';
import { STOREFRONT_COUNTRIES } from '../../../domain/storefront/country-locale';
import {
  agentServes,
  CUSTOMER_SEARCH_LIMIT,
  customerRegion,
  regionCountries,
  type CustomerMatch,
} from '../../../domain/support/support';
import type { Db } from '../db/database';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `%` and `_` typed by an agent match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Candidate {
  id: string;
  email: string;
  given_name: string;
  family_name: string;
  registration_country: string;
  matched_by: CustomerMatch;
  rank: number;
}

function textArray(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`array[]::text[]`
    : sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
}

/** A user (`u`) registered in one of these regions. */
function inRegions(regions: readonly string[]): SQL {
  const { countries, elsewhere } = regionCountries(regions);
  const inCountries = sql`u.registration_country = any(${textArray(countries)})`;
  return elsewhere
    ? sql`(${inCountries} or u.registration_country <> all(${textArray(STOREFRONT_COUNTRIES)}))`
    : inCountries;
}

export async function findCustomers(
  db: Db,
  query: string,
  regions: readonly string[],
): Promise<SupportCustomer[]> {
  const text = query.trim();
  const upper = normalizedOrderNumber(text);
  const pattern = likePattern(text.toLowerCase());
  const served = rowsOf<Candidate>(
    await db.execute(sql`
      with found as (
        select u.id::text as id, 'email' as matched_by, case when lower(u.email) = ${text.toLowerCase()} then 0 else 2 end as rank
          from users u where lower(u.email) like ${pattern}
        union all
        select u.id::text, 'name', 3 from users u
         where lower(u.given_name || ' ' || u.family_name) like ${pattern}
            or lower(u.family_name || ' ' || u.given_name) like ${pattern}
            or lower(u.family_name || ', ' || u.given_name) like ${pattern}
        union all
        select m.user_id::text, 'account', 1 from customer_accounts c
          join customer_members m on m.customer_id = c.id
         where upper(c.account_number) = ${upper}
        union all
        select r.doc -> 'buyer' ->> 'userId', 'order', 1 from read_models r
         where r.model = ${ORDERS_READ_MODEL}
           and (upper(r.doc ->> 'webReference') = ${upper}
                or upper(r.doc -> 'fulfilment' ->> 'orderNumber') = ${upper})
        union all
        select r.doc -> 'quote' -> 'buyer' ->> 'userId', 'quote', 1 from read_models r
         where r.model = ${QUOTES_READ_MODEL} and upper(r.doc -> 'quote' ->> 'number') = ${upper}
      ), best as (
        select distinct on (id) id, matched_by, rank from found order by id, rank
      )
      select u.id, u.email, u.given_name, u.family_name, u.registration_country, b.matched_by, b.rank
        from best b join users u
          on u.id = case when b.id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                         then b.id::uuid end
       where not exists (
         select 1 from support_agents a where a.user_id = u.id and a.removed_at is null)
         and ${inRegions(regions)}
       order by b.rank, lower(u.family_name), lower(u.given_name), u.id
       limit ${CUSTOMER_SEARCH_LIMIT}`),
  );
  if (served.length === 0) return [];
  const accounts = rowsOf<{ user_id: string; id: string; account_number: string; name: string }>(
    await db.execute(sql`
      select m.user_id, c.id, c.account_number, c.name
        from customer_members m join customer_accounts c on c.id = m.customer_id
       where m.user_id in (${sql.join(
         served.map((c) => sql`${c.id}::uuid`),
         sql`, `,
       )})
       order by c.account_type desc, c.account_number`),
  );
  return served.map((c) => ({
    id: c.id,
    firstName: c.given_name,
    lastName: c.family_name,
    email: c.email,
    country: c.registration_country,
    region: customerRegion(c.registration_country),
    accounts: accounts
      .filter((a) => a.user_id === c.id)
      .map((a) => ({ id: a.id, number: a.account_number, name: a.name })),
    matchedBy: c.matched_by,
  }));
}

/** A customer an agent may open: found, not an agent, in the agent's regions. */
export async function servedCustomer(
  db: Db,
  buyerId: string,
  regions: readonly string[],
): Promise<{ readonly id: string; readonly registrationCountry: string } | undefined> {
  const [row] = rowsOf<{ id: string; registration_country: string }>(
    await db.execute(sql`
      select u.id, u.registration_country from users u
       where u.id = ${buyerId}::uuid
         and not exists (
           select 1 from support_agents a where a.user_id = u.id and a.removed_at is null)`),
  );
  if (!row || !agentServes(regions, row.registration_country)) return undefined;
  return { id: row.id, registrationCountry: row.registration_country };
}
