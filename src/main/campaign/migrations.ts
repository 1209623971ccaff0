/**
 * Ordered schema migrations. Each has an id that sorts in order; the ids applied to a file are
 * recorded in `schema_migrations`. A file whose applied ids are not a prefix of this list was made
 * by a newer Quarterdeck (or a fork) and is refused rather than guessed at.
 *
 * Append only: never edit or reorder a migration that has shipped.
 */
export interface Migration {
  id: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '0001_campaign',
    sql: `
      CREATE TABLE campaign (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        uuid TEXT NOT NULL,
        name TEXT NOT NULL,
        setting TEXT NOT NULL CHECK (setting IN ('theah', 'atrilia')),
        created_at TEXT NOT NULL
      );
      -- Every write command, in order: what ran, with what input, and whether it is undone.
      CREATE TABLE journal (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        command TEXT NOT NULL,
        input TEXT NOT NULL,
        summary TEXT NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
        undoable INTEGER NOT NULL DEFAULT 1 CHECK (undoable IN (0, 1))
      );
      -- The inverse statements that undo (or, for undone entries, redo) each journal entry.
      CREATE TABLE undo_step (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        seq INTEGER NOT NULL REFERENCES journal(seq) ON DELETE CASCADE,
        sql TEXT NOT NULL
      );
      CREATE INDEX undo_step_seq ON undo_step(seq, id);
    `
  }
]

/** Tables that belong to the machinery, not to the campaign: never captured for undo. */
export const SYSTEM_TABLES = new Set(['schema_migrations', 'journal', 'undo_step', 'sqlite_sequence'])

export const LATEST_SCHEMA = MIGRATIONS[MIGRATIONS.length - 1]!.id
