-- Products' UPC-A codes and pictures (decision 058): shown on product pages and in search
-- when the `upc` and `image-capability` flags are on. The seed fills them, also in a
-- catalog seeded before these columns.
alter table products add column upc text check (upc ~ '^[0-9]{12}$');
alter table products add column image text;
