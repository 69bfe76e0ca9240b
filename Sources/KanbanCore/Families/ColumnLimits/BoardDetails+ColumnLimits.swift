/// How a column's limit changes a board's details (evolve).
extension BoardDetails {
    /// Sets `column`'s limit (and whether it is strict), or lifts it (`nil`).
    mutating func limit(_ column: ColumnID, to limit: ColumnLimit?) {
        limits[column] = limit?.cards
        if limit?.isStrict == true {
            strictLimits.insert(column)
        } else {
            strictLimits.remove(column)
        }
    }
}
