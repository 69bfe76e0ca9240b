-- Today's write: a node's batch of :batch commands under the one claim, one statement per round
-- trip as the engine's client (PostgresNIO) sends them, each after the one before is answered:
-- BEGIN, the claim, the catch-up read of what other nodes appended, the batch's idempotency
-- answers; the node decides; the boards' rows and events, the answers kept, the head moved,
-- the expired answers purged, COMMIT.
\set n :n + 1
BEGIN;
SELECT position AS claimed FROM log_head FOR UPDATE \gset
SELECT count(*) AS copied, sum(length(data)) AS bytes FROM events WHERE position > :claimed::int8 - :copied::int8;
SELECT count(*) AS known FROM idempotency WHERE (actor, key) IN (SELECT 'a', 'k' || :client_id::int8 || '-' || :n::int8 || '-' || g FROM generate_series(1, :batch::int8) g);
WITH input AS (SELECT g, (g * 7 + :client_id::int8 + :n::int8) % :boards::int8 AS board_id FROM generate_series(1, :batch::int8) g),
     counts AS (SELECT board_id, count(*) AS c FROM input GROUP BY board_id),
     moved AS (UPDATE boards b SET head = b.head + c.c, last_position = :claimed::int8 + :batch::int8 FROM counts c WHERE b.board_id = c.board_id RETURNING b.board_id, b.head - c.c AS old),
     numbered AS (SELECT i.board_id, i.g, row_number() OVER (PARTITION BY i.board_id ORDER BY i.g) AS o FROM input i)
INSERT INTO events (board_id, seq, position, data)
SELECT n.board_id, m.old + n.o, :claimed::int8 + n.g, convert_to(repeat('e', 120), 'UTF8') FROM numbered n JOIN moved m USING (board_id);
INSERT INTO idempotency (actor, key, remembered_at, answer)
SELECT 'a', 'k' || :client_id::int8 || '-' || :n::int8 || '-' || g, :n::int8, convert_to(repeat('r', 200), 'UTF8') FROM generate_series(1, :batch::int8) g;
UPDATE log_head SET position = :claimed::int8 + :batch::int8;
DELETE FROM idempotency WHERE (actor, key) IN (SELECT actor, key FROM idempotency WHERE remembered_at < :n::int8 - 100 LIMIT 256);
COMMIT;
