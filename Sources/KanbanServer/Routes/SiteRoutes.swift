import HTTPTypes
import Hummingbird
import Kanban
import NIOCore

/// What is not the JSON API: the web board (`/`, `/assets/NAME`), `/healthz`, `/metrics` and
/// `/api/openapi.yaml`.
struct SiteRoutes {
    let engine: KanbanEngine
    let metrics: ServerMetrics

    /// Only the page's own files may run or load: no inline script, no other origin.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    func add(to router: Router<KanbanRequestContext>) {
        router.get("/") { _, _ in Self.serve(WebAssets.page) }
        router.get("assets/{file}") { _, context in
            guard let asset = WebAssets.files[try context.parameters.require("file")] else {
                throw APIError(.notFound, "no such file")
            }
            return Self.serve(asset)
        }
        router.get("healthz") { _, _ in
            try JSONResponse.make(HealthOutput(status: "ok", sequence: try engine.lastSequence()))
        }
        router.get("metrics") { _, _ in
            let text = metrics.render(writes: engine.writeStatistics, lastSequence: try engine.lastSequence(), lostPositions: try engine.sync.lostPositionCount())
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        router.get("api/openapi.yaml") { _, _ in Self.serve(WebAssets.openAPI) }
    }

    /// `asset` with its type, revalidated on every load, framed by no one; a service worker
    /// script also says the scope it may take.
    static func serve(_ asset: WebAssets.Asset) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if let scope = asset.serviceWorkerScope { headers[HTTPField.Name("Service-Worker-Allowed")!] = scope }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }

    /// `{"status": "ok", "sequence"}`.
    struct HealthOutput: Encodable, Sendable {
        var status: String
        var sequence: UInt64
    }
}
