import HTTPTypes
@testable import KanbanServer
import Testing

/// The web board's service worker (`/assets/sw.js`) and the outbox module it caches.
@Suite("Service worker")
struct ServiceWorkerRouteTests {
    @Test("The service worker is JavaScript, revalidated on every load, and may take the scope /")
    func serviceWorker() async throws {
        try await ServerHarness.withServer { api, _ in
            let response = try await api.get("/assets/sw.js")
            #expect(response.status == 200)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/")
            #expect(response.text.contains("addEventListener('fetch'"))
            // It caches every file of the page (a module missing there would not load offline),
            // and each is served.
            #expect(response.text.contains("'/'"), "sw.js does not cache the page")
            for file in WebAssets.files.keys.sorted() where file != "sw.js" {
                #expect(response.text.contains("'/assets/\(file)'"), "sw.js does not cache \(file)")
                #expect(try await api.get("/assets/\(file)").status == 200, "\(file) is not served")
            }
        }
    }

    @Test("Other files do not claim a service worker scope")
    func otherFiles() async throws {
        try await ServerHarness.withServer { api, _ in
            for path in ["/", "/assets/board.js", "/assets/outbox.js"] {
                let response = try await api.get(path)
                #expect(response.status == 200)
                #expect(response.headers[HTTPField.Name("Service-Worker-Allowed")!] == nil, "\(path) says Service-Worker-Allowed")
            }
        }
    }
}
