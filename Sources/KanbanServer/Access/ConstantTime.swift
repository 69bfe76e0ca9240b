/// Comparison whose time does not depend on where two secrets first differ.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes, looking at every byte of the longer one.
    static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        var difference: UInt8 = left.count == right.count ? 0 : 1
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
