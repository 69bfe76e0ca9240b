// The log's seam (`LogStore`, its reading and writing protocols and their types) lives in
// KanbanLog, below the engine, so a store such as PostgreSQL's depends on it and not on the
// engine. Programs that import Kanban see it as before.
@_exported import KanbanLog
