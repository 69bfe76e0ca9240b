extension StringProtocol {
    /// Whether the text is one or more ASCII digits and nothing else: what a sequence number or
    /// a count is written as. Swift's integer parsing also takes a sign ("+5"); this does not.
    public var isASCIIDigits: Bool {
        !isEmpty && utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
