-- The tables of the write-shape model (scripts/cluster/shapes/run.sh): the shared log's, cut to
-- what a write touches, plus the per-board shape's `pending` and its sequencer.
DROP TABLE IF EXISTS log_head, boards, events, idempotency, pending CASCADE;
CREATE TABLE log_head (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), position bigint NOT NULL);
INSERT INTO log_head (position) VALUES (0);
CREATE TABLE boards (board_id int PRIMARY KEY, head bigint NOT NULL DEFAULT 0, last_position bigint NOT NULL DEFAULT 0);
INSERT INTO boards (board_id) SELECT generate_series(0, 63);
CREATE TABLE events (
    board_id int NOT NULL, seq bigint NOT NULL, position bigint NOT NULL, data bytea NOT NULL,
    PRIMARY KEY (board_id, seq), UNIQUE (board_id, position));
CREATE INDEX events_position ON events (position);
CREATE TABLE idempotency (
    actor text NOT NULL, key text NOT NULL, remembered_at bigint NOT NULL, answer bytea NOT NULL,
    PRIMARY KEY (actor, key));
-- A board's decided events, committed but not yet numbered: one row per write and board.
CREATE TABLE pending (id bigserial PRIMARY KEY, board_id int NOT NULL, first_seq bigint NOT NULL, datas bytea[] NOT NULL);

-- One turn of the sequencer: under its lock, every pending row committed so far gets the next
-- dense positions, in the order the rows were made (a board's rows in its order), moves to
-- `events`, and the head follows. Run on its own (autocommit): the rows it sees are committed,
-- so readers of `events` never see a gap fill later. Returns the log's new end.
CREATE OR REPLACE FUNCTION kanban_sequence() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    head bigint;
    moved bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(7);
    SELECT position INTO head FROM log_head;
    WITH taken AS (DELETE FROM pending RETURNING id, board_id, first_seq, datas),
         numbered AS (
             SELECT t.board_id, t.first_seq + u.o - 1 AS seq, u.d AS data, row_number() OVER (ORDER BY t.id, u.o) AS r
             FROM taken t, unnest(t.datas) WITH ORDINALITY AS u(d, o))
    INSERT INTO events (board_id, seq, position, data) SELECT board_id, seq, head + r, data FROM numbered;
    GET DIAGNOSTICS moved = ROW_COUNT;
    IF moved > 0 THEN
        UPDATE log_head SET position = head + moved;
        UPDATE boards b SET last_position = e.last FROM (
            SELECT board_id, max(position) AS last FROM events WHERE position > head GROUP BY board_id) e
        WHERE b.board_id = e.board_id;
    END IF;
    RETURN head + moved;
END $$;
