import OTel
import ServiceLifecycle

/// How `kanban serve` exports its spans: over OTLP/HTTP (protobuf) with swift-otel, when
/// `--otel-endpoint` or the standard OpenTelemetry environment asks for it; off otherwise.
/// Only spans: logs stay on standard error and metrics on `/metrics`.
enum SpanExport {
    /// The service name spans carry unless `OTEL_SERVICE_NAME` names another.
    static let serviceName = "kanban"

    /// Whether spans are to be exported: `endpoint` (`--otel-endpoint`) is given, or the
    /// environment sets `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or
    /// `OTEL_TRACES_EXPORTER` (other than `none`; swift-otel 1.6.0 implements `otlp` only);
    /// never with `OTEL_SDK_DISABLED=true`.
    static func isRequested(endpoint: String?, environment: [String: String]) -> Bool {
        if environment["OTEL_SDK_DISABLED"]?.lowercased() == "true" { return false }
        if endpoint != nil { return true }
        if let exporter = environment["OTEL_TRACES_EXPORTER"] { return exporter.lowercased() != "none" }
        return environment["OTEL_EXPORTER_OTLP_ENDPOINT"] != nil || environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] != nil
    }

    /// Why the environment's settings cannot be honoured, or `nil` when they can: swift-otel
    /// stops the process (a fatal error, not a thrown one) when asked for OTLP/gRPC without
    /// its gRPC trait, which this build leaves out, so that is refused before bootstrapping.
    static func refusal(environment: [String: String]) -> String? {
        for key in ["OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] where environment[key]?.lowercased() == "grpc" {
            return "cannot export spans: \(key)=grpc, but OTLP over HTTP is the one exporter built in (http/protobuf or http/json)"
        }
        return nil
    }

    /// Bootstraps the process's tracer (`InstrumentationSystem`, once per process) and returns
    /// the service that batches and sends the spans, to run in the server's service group: it
    /// sends what is left when the group shuts down. `endpoint`, the collector's base URL
    /// (`/v1/traces` is added), wins over the environment's endpoints; the rest of the
    /// `OTEL_*` settings apply as the OpenTelemetry specification has them.
    static func bootstrap(endpoint: String?, environment: [String: String]) throws -> any Service {
        var configuration = OTel.Configuration.default
        configuration.serviceName = serviceName
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        // Failures to export only, on standard error; `OTEL_LOG_LEVEL=info` shows its settings.
        configuration.diagnosticLogLevel = .warning
        var environment = environment
        if let endpoint {
            environment["OTEL_EXPORTER_OTLP_ENDPOINT"] = endpoint
            environment["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] = nil
            environment["OTEL_TRACES_EXPORTER"] = "otlp"
        }
        return try OTel.bootstrap(configuration: configuration, environment: environment)
    }
}
