import HTTPTypes
import Hummingbird

/// Answers a request whose path is a route but whose method is not with 405 and `Allow`
/// (RFC 9110), instead of the router's 404. Added after every route, it wraps only the router's
/// not-found answer.
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = KanbanRequestContext

    /// Each route's path split into parts (`nil` for a `{parameter}`), with its methods.
    let routes: [(parts: [String?], methods: Set<String>)]

    init(routes descriptions: [Router<Context>.RouteDescription]) {
        var byPath: [String: (parts: [String?], methods: Set<String>)] = [:]
        for route in descriptions {
            let path = route.path.description
            let parts = path.split(separator: "/").map { part -> String? in
                part.hasPrefix("{") || part.hasPrefix(":") ? nil : String(part)
            }
            byPath[path, default: (parts, [])].methods.insert(route.method.rawValue)
            if route.method == .get { byPath[path]?.methods.insert(HTTPRequest.Method.head.rawValue) }
        }
        routes = Array(byPath.values)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = methods(for: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            let list = allowed.sorted().joined(separator: ", ")
            var response = JSONResponse.error(APIError(.methodNotAllowed, "\(request.method.rawValue) is not allowed on \(request.uri.path); allowed: \(list)"))
            response.headers[.allow] = list
            return response
        }
    }

    /// The methods of the routes whose path matches `path`.
    func methods(for path: String) -> Set<String> {
        let parts = path.split(separator: "/")
        var methods = Set<String>()
        for route in routes where route.parts.count == parts.count {
            if zip(route.parts, parts).allSatisfy({ literal, part in literal.map { $0 == part } ?? true }) {
                methods.formUnion(route.methods)
            }
        }
        return methods
    }
}
