import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../kysely';

/**
 * Search that forgives (ADR 009): accents ignored, the category's words
 * indexed with the text, the campus inside the index, and a vocabulary to
 * correct misspelt words against.
 *
 * SQLite: an FTS5 index over posts' own columns (external content: the text
 * is not stored twice) with prefix indexes for typing, kept in step by
 * triggers, and an fts5vocab table over it. PostgreSQL: a text search
 * configuration that unaccents, a stored tsvector of text and category, the
 * words of every post in `search_words` with a trigram index (pg_trgm), and
 * an index for the newest matches of a campus.
 */
export function search(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') await sqliteUp(db);
      else await postgresUp(db);
    },
  };
}

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const name of ['posts_fts_insert', 'posts_fts_update', 'posts_fts_delete']) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
  }
  await sql`drop table if exists posts_fts`.execute(db);

  await sql`create virtual table posts_search using fts5(
    text, category, campus_id,
    content = 'posts', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  await sql`create trigger posts_search_insert after insert on posts begin
    insert into posts_search(rowid, text, category, campus_id)
    values (new.rowid, new.text, new.category, new.campus_id); end`.execute(db);
  await sql`create trigger posts_search_delete after delete on posts begin
    insert into posts_search(posts_search, rowid, text, category, campus_id)
    values ('delete', old.rowid, old.text, old.category, old.campus_id); end`.execute(db);
  await sql`create trigger posts_search_update after update of text, category on posts begin
    insert into posts_search(posts_search, rowid, text, category, campus_id)
    values ('delete', old.rowid, old.text, old.category, old.campus_id);
    insert into posts_search(rowid, text, category, campus_id)
    values (new.rowid, new.text, new.category, new.campus_id); end`.execute(db);
  await sql`insert into posts_search(posts_search) values ('rebuild')`.execute(db);
  await sql`create virtual table posts_search_vocab using fts5vocab(posts_search, 'row')`.execute(
    db,
  );
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`do $$ begin
    if not exists (select 1 from pg_ts_config where cfgname = 'quad') then
      create text search configuration quad (copy = english);
      alter text search configuration quad
        alter mapping for hword, hword_part, word with unaccent, english_stem;
    end if;
  end $$`.execute(db);

  await sql`drop index if exists posts_search`.execute(db);
  await sql`alter table posts drop column if exists search`.execute(db);
  await sql`alter table posts add column search tsvector generated always as (
    to_tsvector('quad'::regconfig, coalesce(text, '') || ' ' || coalesce(category, ''))) stored`.execute(
    db,
  );
  await sql`create index posts_search on posts using gin (search)`.execute(db);
  // The newest matches of a campus first, comments included.
  await sql`create index posts_campus_created on posts (campus_id, created_at)`.execute(db);

  await sql`create table search_words (word text collate "C" primary key)`.execute(db);
  await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(
    db,
  );
  await sql`create function posts_search_words() returns trigger language plpgsql as $$ begin
    insert into search_words (word)
      select distinct lexeme from unnest(to_tsvector('simple',
        unaccent(coalesce(new.text, '') || ' ' || coalesce(new.category, ''))))
      where length(lexeme) between 3 and 40
    on conflict do nothing;
    return new;
  end $$`.execute(db);
  await sql`create trigger posts_search_words after insert or update of text, category on posts
    for each row execute function posts_search_words()`.execute(db);
  await sql`insert into search_words (word)
    select distinct lexeme from posts, unnest(to_tsvector('simple',
      unaccent(coalesce(text, '') || ' ' || coalesce(category, ''))))
    where length(lexeme) between 3 and 40
    on conflict do nothing`.execute(db);
}
