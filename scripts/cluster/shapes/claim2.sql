-- Today's claim with its statements merged, one round trip each, as the engine's client can
-- send them: BEGIN; the claim alone (a statement that waited for the claim reads other tables
-- as of before the wait, so it reads nothing else); the catch-up read and the answers in one
-- statement; the node decides; every write in one statement of data-modifying WITHs; COMMIT.
\set n :n + 1
BEGIN;
SELECT position AS claimed FROM log_head FOR UPDATE \gset
SELECT (SELECT count(*) FROM events WHERE position > :claimed::int8 - :copied::int8) AS copied,
       (SELECT count(*) FROM idempotency WHERE (actor, key) IN (SELECT 'a', 'k' || :client_id::int8 || '-' || :n::int8 || '-' || g FROM generate_series(1, :batch::int8) g)) AS known;
WITH input AS (SELECT g, (g * 7 + :client_id::int8 + :n::int8) % :boards::int8 AS board_id FROM generate_series(1, :batch::int8) g),
     counts AS (SELECT board_id, count(*) AS c FROM input GROUP BY board_id),
     moved AS (UPDATE boards b SET head = b.head + c.c, last_position = :claimed::int8 + :batch::int8 FROM counts c WHERE b.board_id = c.board_id RETURNING b.board_id, b.head - c.c AS old),
     numbered AS (SELECT i.board_id, i.g, row_number() OVER (PARTITION BY i.board_id ORDER BY i.g) AS o FROM input i),
     appended AS (INSERT INTO events (board_id, seq, position, data)
                  SELECT n.board_id, m.old + n.o, :claimed::int8 + n.g, convert_to(repeat('e', 120), 'UTF8') FROM numbered n JOIN moved m USING (board_id) RETURNING 1),
     kept AS (INSERT INTO idempotency (actor, key, remembered_at, answer)
              SELECT 'a', 'k' || :client_id::int8 || '-' || :n::int8 || '-' || g, :n::int8, convert_to(repeat('r', 200), 'UTF8') FROM generate_series(1, :batch::int8) g RETURNING 1),
     advanced AS (UPDATE log_head SET position = :claimed::int8 + :batch::int8 WHERE position = :claimed::int8 RETURNING 1),
     purged AS (DELETE FROM idempotency WHERE (actor, key) IN (SELECT actor, key FROM idempotency WHERE remembered_at < :n::int8 - 100 LIMIT 256) RETURNING 1)
SELECT (SELECT count(*) FROM appended), (SELECT count(*) FROM kept), (SELECT count(*) FROM advanced), (SELECT count(*) FROM purged);
COMMIT;
