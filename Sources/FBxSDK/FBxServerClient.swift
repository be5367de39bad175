package import CaptureCore

/// FBx's client for the licence and catalog server: the SDKs' one HTTP client, ``SDKHTTPClient``.
package typealias FBxServerClient = SDKHTTPClient
