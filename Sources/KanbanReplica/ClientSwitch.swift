/// A replica taking a new client id because a copy of it (its folder copied, or restored from a
/// backup) had used the same one: the origin decided some of the same mutation numbers with other
/// changes. The queued changes were renumbered under the new id and sent again.
public struct ClientSwitch: Codable, Sendable, Equatable {
    /// The client id given up.
    public var from: String
    /// The new client id, random, of the form a clone gives.
    public var to: String
    /// The queued changes renumbered 1, 2, 3… under the new id.
    public var renumbered: Int

    public init(from: String, to: String, renumbered: Int) {
        self.from = from
        self.to = to
        self.renumbered = renumbered
    }
}
