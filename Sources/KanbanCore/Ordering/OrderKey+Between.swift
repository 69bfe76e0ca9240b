extension OrderKey {
    /// A key strictly between `lower` and `upper`; `nil` stands for the column's start or end.
    ///
    /// `lower` must sort before `upper` when both are given. The result is never the lowest key
    /// of all (`Int64.min` with no fraction), which nothing could be put below.
    public static func between(_ lower: OrderKey?, _ upper: OrderKey?) -> OrderKey {
        switch (lower, upper) {
        case (nil, nil):
            return .middle
        case (let lower?, nil):
            // Above `lower`: one integer step up, or a fraction above it at the ceiling.
            return lower.integer < Int64.max ? OrderKey(integer: lower.integer + 1)
                : OrderKey(integer: lower.integer, fraction: midpoint(above: lower.fraction, below: nil))
        case (nil, let upper?):
            // Below `upper`: one integer step down, or a fraction below it near the floor. At
            // `Int64.min` the fraction is not empty (that key is never made, and the decoder
            // refuses it), so the midpoint exists.
            if upper.integer > Int64.min + 1 { return OrderKey(integer: upper.integer - 1) }
            if upper.integer == Int64.min + 1 { return OrderKey(integer: Int64.min, fraction: [0x80]) }
            // Below the lowest key there is none: rather than search forever, share its key
            // (the card id breaks the tie). Only a state built by hand can hold that key.
            if upper.fraction.isEmpty { return upper }
            return OrderKey(integer: upper.integer, fraction: midpoint(above: [], below: upper.fraction))
        case (let lower?, let upper?):
            precondition(lower < upper, "OrderKey.between needs lower < upper")
            let (gap, overflow) = upper.integer.subtractingReportingOverflow(lower.integer)
            if overflow || gap >= 2 {
                // Halve without overflowing: both halves fit in Int64.
                return OrderKey(integer: lower.integer / 2 + upper.integer / 2 + (lower.integer % 2 + upper.integer % 2) / 2)
            }
            if upper.integer == lower.integer {
                return OrderKey(integer: lower.integer, fraction: midpoint(above: lower.fraction, below: upper.fraction))
            }
            // Adjacent integers: stay on the shorter side.
            let upperFraction = upper.fraction
            if !upperFraction.isEmpty && lower.fraction.count > upperFraction.count {
                return OrderKey(integer: upper.integer, fraction: midpoint(above: [], below: upperFraction))
            }
            return OrderKey(integer: lower.integer, fraction: midpoint(above: lower.fraction, below: nil))
        }
    }

    /// Base-256 digits strictly between the fractions `above` and `below` (`nil` = 1.0),
    /// with no trailing zero.
    static func midpoint(above lower: [UInt8], below upper: [UInt8]?) -> [UInt8] {
        var result = [UInt8]()
        var upper = upper
        var index = 0
        while true {
            let low = index < lower.count ? Int(lower[index]) : 0
            let high = upper.map { index < $0.count ? Int($0[index]) : 0 } ?? 256
            if low == high {
                result.append(UInt8(low))
            } else if high - low > 1 {
                result.append(UInt8((low + high) / 2))
                return result
            } else {
                // Neighbouring digits: keep `low` and find a digit above the rest of `lower`.
                result.append(UInt8(low))
                upper = nil
            }
            index += 1
        }
    }
}
