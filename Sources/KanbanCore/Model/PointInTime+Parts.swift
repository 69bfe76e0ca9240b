extension PointInTime {
    /// The sequence number, when this is one.
    public var sequence: UInt64? {
        if case .sequence(let sequence) = self { sequence } else { nil }
    }

    /// The moment, when this is one.
    public var moment: Timestamp? {
        if case .moment(let moment) = self { moment } else { nil }
    }
}
