import Foundation
import Testing
@testable import KanbanServer

/// The counting behind token throttling: per address and per guessed token.
@Suite("Token guess throttle")
struct TokenGuessThrottleTests {
    @Test("One wrong token tried from many addresses is throttled on its own; other tokens from those addresses are not")
    func perToken() {
        let throttle = TokenGuessThrottle()
        for index in 0..<TokenGuessThrottle.allowedFailures {
            throttle.failed(address: "10.0.0.\(index)", token: "stale-token-of-a-script")
        }
        #expect(throttle.wait(address: "10.0.0.99", token: "stale-token-of-a-script") != nil)
        #expect(throttle.wait(address: "10.0.0.99", token: "another-guess-entirely") == nil)
        #expect(throttle.wait(address: "10.0.0.1", token: "another-guess-entirely") == nil)
    }

    @Test("Many wrong tokens from one address throttle the address, for a minute from its first failure")
    func perAddress() {
        let throttle = TokenGuessThrottle()
        let start = ContinuousClock.now
        for index in 0..<TokenGuessThrottle.allowedFailures {
            throttle.failed(address: "192.0.2.7", token: "guess-\(index)", now: start)
        }
        #expect(throttle.wait(address: "192.0.2.7", token: "guess-new", now: start + .seconds(1)) == 59)
        #expect(throttle.wait(address: "192.0.2.8", token: "guess-new", now: start + .seconds(1)) == nil)
        #expect(throttle.wait(address: "192.0.2.7", token: "guess-new", now: start + .seconds(61)) == nil)
    }
}
