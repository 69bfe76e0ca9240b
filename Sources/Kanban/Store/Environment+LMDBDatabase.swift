import LMDBStorage

extension Environment {
    /// The named database `database`, created when missing.
    package func database(_ database: LMDBDatabase) throws -> Database {
        try self.database(named: database.rawValue)
    }

    /// The named database `database` when it exists, without creating it; `nil` when it does not.
    package func existingDatabase(_ database: LMDBDatabase) throws -> Database? {
        try existingDatabase(named: database.rawValue)
    }
}
