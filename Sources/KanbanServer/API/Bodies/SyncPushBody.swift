/// `POST /api/sync/push`: `{"clientGroupID"?, "clientID", "mutations": [MutationBody…]}`. The
/// envelope is read strictly (a 400 changes nothing); each mutation's arguments leniently (one
/// that cannot be read is refused by itself, so the client's queue goes on).
struct SyncPushBody: Decodable, Sendable {
    /// The browser profile or replica the client belongs to: accepted (Replicache clients send
    /// it); mutations are numbered and decided per `clientID` alone.
    var clientGroupID: String?
    var clientID: String
    var mutations: [MutationBody]
}
