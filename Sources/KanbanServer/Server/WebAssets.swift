/// The web board's files, compiled into the binary (no build step, nothing fetched): the page
/// at `/` and the rest at `/assets/NAME`.
enum WebAssets {
    /// One file and its media type.
    struct Asset: Sendable {
        var bytes: [UInt8]
        var contentType: String
        /// For a service worker script, the widest scope it may take (`Service-Worker-Allowed`).
        var serviceWorkerScope: String? = nil
    }

    /// The page.
    static let page = Asset(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8")

    /// The other files, by name.
    static let files: [String: Asset] = [
        "access.js": Asset(bytes: PackageResources.access_js, contentType: "text/javascript; charset=utf-8"),
        "api.js": Asset(bytes: PackageResources.api_js, contentType: "text/javascript; charset=utf-8"),
        "base.css": Asset(bytes: PackageResources.base_css, contentType: "text/css; charset=utf-8"),
        "board-details.js": Asset(bytes: PackageResources.board_details_js, contentType: "text/javascript; charset=utf-8"),
        "board.css": Asset(bytes: PackageResources.board_css, contentType: "text/css; charset=utf-8"),
        "board.js": Asset(bytes: PackageResources.board_js, contentType: "text/javascript; charset=utf-8"),
        "card-details.js": Asset(bytes: PackageResources.card_details_js, contentType: "text/javascript; charset=utf-8"),
        "card-dialog.js": Asset(bytes: PackageResources.card_dialog_js, contentType: "text/javascript; charset=utf-8"),
        "cards.css": Asset(bytes: PackageResources.cards_css, contentType: "text/css; charset=utf-8"),
        "columns.js": Asset(bytes: PackageResources.columns_js, contentType: "text/javascript; charset=utf-8"),
        "details.js": Asset(bytes: PackageResources.details_js, contentType: "text/javascript; charset=utf-8"),
        "dom.js": Asset(bytes: PackageResources.dom_js, contentType: "text/javascript; charset=utf-8"),
        "drag.js": Asset(bytes: PackageResources.drag_js, contentType: "text/javascript; charset=utf-8"),
        "due.js": Asset(bytes: PackageResources.due_js, contentType: "text/javascript; charset=utf-8"),
        "filters.js": Asset(bytes: PackageResources.filters_js, contentType: "text/javascript; charset=utf-8"),
        "flow.js": Asset(bytes: PackageResources.flow_js, contentType: "text/javascript; charset=utf-8"),
        "flowview.js": Asset(bytes: PackageResources.flowview_js, contentType: "text/javascript; charset=utf-8"),
        "format.js": Asset(bytes: PackageResources.format_js, contentType: "text/javascript; charset=utf-8"),
        "history.js": Asset(bytes: PackageResources.history_js, contentType: "text/javascript; charset=utf-8"),
        "i18n-en.js": Asset(bytes: PackageResources.i18n_en_js, contentType: "text/javascript; charset=utf-8"),
        "i18n-fr.js": Asset(bytes: PackageResources.i18n_fr_js, contentType: "text/javascript; charset=utf-8"),
        "i18n-ko.js": Asset(bytes: PackageResources.i18n_ko_js, contentType: "text/javascript; charset=utf-8"),
        "i18n.js": Asset(bytes: PackageResources.i18n_js, contentType: "text/javascript; charset=utf-8"),
        "icon.svg": Asset(bytes: PackageResources.icon_svg, contentType: "image/svg+xml"),
        "identity.js": Asset(bytes: PackageResources.identity_js, contentType: "text/javascript; charset=utf-8"),
        "live.js": Asset(bytes: PackageResources.live_js, contentType: "text/javascript; charset=utf-8"),
        "outbox.js": Asset(bytes: PackageResources.outbox_js, contentType: "text/javascript; charset=utf-8"),
        "overlays.css": Asset(bytes: PackageResources.overlays_css, contentType: "text/css; charset=utf-8"),
        "render.js": Asset(bytes: PackageResources.render_js, contentType: "text/javascript; charset=utf-8"),
        "store.js": Asset(bytes: PackageResources.store_js, contentType: "text/javascript; charset=utf-8"),
        // The service worker that makes the page load offline: it serves the whole site, so it may
        // take the scope `/` although it lives under `/assets/`.
        "sw.js": Asset(bytes: PackageResources.sw_js, contentType: "text/javascript; charset=utf-8", serviceWorkerScope: "/"),
        "sync.js": Asset(bytes: PackageResources.sync_js, contentType: "text/javascript; charset=utf-8"),
        "ui.js": Asset(bytes: PackageResources.ui_js, contentType: "text/javascript; charset=utf-8"),
        "undo.js": Asset(bytes: PackageResources.undo_js, contentType: "text/javascript; charset=utf-8"),
    ]

    /// The OpenAPI 3.1 description of `/api`.
    static let openAPI = Asset(bytes: PackageResources.openapi_yaml, contentType: "application/yaml; charset=utf-8")
}
