-- The per-board shape: a node's batch of :batch commands for one board, in two waits. First the
-- board's lock (held until its events are numbered, so that the next write of the board decides
-- on them), a share of the log's (a write of the whole log, such as a new board, takes it
-- whole), the catch-up read and the batch's answers; the node decides. Then, sent together: the
-- events into `pending` with the answers, COMMIT without waiting for the disk (no one is
-- answered before the sequencer's commit, which is durable and comes later in the WAL, so it
-- flushes this one too), a turn of the sequencer (which numbers whatever is pending: one flush
-- for all of it), the write's positions, and the board let go.
\set n :n + 1
\set board :client_id % :boards
\startpipeline
SELECT pg_advisory_lock(1000 + :board::int8);
BEGIN;
SELECT pg_advisory_xact_lock_shared(1);
SELECT count(*) AS copied, sum(length(data)) AS bytes FROM events WHERE position > (SELECT position FROM log_head) - :copied::int8;
SELECT count(*) AS known FROM idempotency WHERE (actor, key) IN (SELECT 'a', 'k' || :client_id::int8 || '-' || :n::int8 || '-' || g FROM generate_series(1, :batch::int8) g);
\endpipeline
\startpipeline
SET LOCAL synchronous_commit = off;
WITH moved AS (UPDATE boards SET head = head + :batch::int8 WHERE board_id = :board::int8 RETURNING head - :batch::int8 AS old)
INSERT INTO pending (board_id, first_seq, datas)
SELECT :board::int8, old + 1, array_fill(convert_to(repeat('e', 120), 'UTF8'), ARRAY[:batch::int4]) FROM moved;
INSERT INTO idempotency (actor, key, remembered_at, answer)
SELECT 'a', 'k' || :client_id::int8 || '-' || :n::int8 || '-' || g, :n::int8, convert_to(repeat('r', 200), 'UTF8') FROM generate_series(1, :batch::int8) g;
COMMIT;
SELECT kanban_sequence();
SELECT max(position) FROM events WHERE board_id = :board::int8;
SELECT pg_advisory_unlock(1000 + :board::int8);
\endpipeline
