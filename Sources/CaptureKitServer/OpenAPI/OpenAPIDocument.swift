/// The OpenAPI 3.1 description of every route, served at `GET /openapi.yaml`.
///
/// A test compares its `paths` with the router's routes, in both directions: a route missing here,
/// or described here but not routed, fails the suite.
package enum OpenAPIDocument {
    /// The document.
    package static let yaml = #"""
openapi: 3.1.0
info:
  title: CaptureKit server
  version: 1.0.0
  description: |
    The vendor backend of the CaptureKit SDKs: FBx-style licence validation, the resource CDN
    (signed manifest and content-addressed blobs), the eyewear catalog, and administration.
    Every error is JSON {"error": {"code", "message"}} with a stable machine code.
    Signed tokens are compact JWS (EdDSA/Ed25519); the public keys are at GET /v1/keys.
servers:
  - url: http://127.0.0.1:8080
tags:
  - name: operations
  - name: licences
  - name: resources
  - name: catalog
  - name: administration
  - name: fortface
components:
  securitySchemes:
    customerAPIKey:
      type: http
      scheme: bearer
      description: A customer API key (fbx_live_... or fbx_test_...), sent by the customer's backend, never by the app.
    adminToken:
      type: http
      scheme: bearer
      description: The admin token (first start writes it to <data-dir>/admin-token). Customer API keys are refused (403 adminOnly).
    metricsToken:
      type: http
      scheme: bearer
      description: The metrics token (CAPTUREKIT_METRICS_TOKEN, or <data-dir>/metrics-token written on first start); the admin token is accepted too.
  parameters:
    sha256:
      name: sha256
      in: path
      required: true
      schema: {type: string, pattern: "^[0-9a-f]{64}$"}
    sku:
      name: sku
      in: path
      required: true
      description: 1 to 64 letters, digits, '.', '-' or '_', and not '.' or '..' (the resource-name rule); otherwise 400 invalidSKU.
      schema: {type: string, pattern: "^[A-Za-z0-9._-]{1,64}$", not: {enum: [".", ".."]}}
    customerId:
      name: customerId
      in: path
      required: true
      schema: {type: string}
    keyId:
      name: keyId
      in: path
      required: true
      schema: {type: string}
    licenseId:
      name: licenseId
      in: path
      required: true
      schema: {type: string}
    range:
      name: Range
      in: header
      required: false
      description: One byte range (bytes=a-b, bytes=a-, bytes=-n); several ranges are ignored (200).
      schema: {type: string}
  responses:
    Error:
      description: An error with a stable machine code.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    Blob:
      description: The bytes (200), with ETag "<sha256>", Accept-Ranges bytes, Cache-Control immutable.
      content:
        application/octet-stream: {}
    PartialBlob:
      description: One range of the bytes, with Content-Range.
      content:
        application/octet-stream: {}
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code, message]
          properties:
            code:
              type: string
              description: |
                Stable machine code: badRequest, invalidJSON, payloadTooLarge, unsupportedMediaType, routeNotFound,
                methodNotAllowed, rateLimited, storageUnavailable, internalError, metricsTokenRequired,
                invalidMetricsToken, adminTokenRequired,
                invalidAdminToken, adminOnly, customerNotFound, customerRevoked, apiKeyIdNotFound, licenseNotFound,
                alreadyRevoked, blobNotFound, resourceVersionConflict, invalidAPIKey, apiKeyNotFound,
                licenseForAPIKeyNotFound, manifestNotPublished, resourceNotFound, rangeNotSatisfiable,
                invalidSKU, frameNotFound, assetNotFound; Fortface: deviceRequestInfoRefused, handshakeQuotaExceeded, sessionKeysExhausted,
                sessionNotFound, sessionExpired, sessionKeyAlreadyUsed, invalidPayload, fileSizeTooBig,
                imageMismatch, missingImage, unexpectedImage, fileCorrupted, wrongRoute, frontSideRequired,
                documentIdOnFirstSide, documentNotFound, documentAlreadyComplete, documentTypeMismatch, classifierUnavailable.
            message: {type: string}
    Status:
      type: object
      properties:
        status: {type: string}
    Submission:
      type: object
      additionalProperties: false
      required: [sessionId, key, data]
      properties:
        sessionId: {type: string}
        key: {type: string, description: "standard base64: the payload key wrapped with RSA-OAEP-SHA256 (344 characters for RSA-2048)"}
        data: {type: string, description: "standard base64: iv(12) || AES-256-GCM ciphertext || tag(16) of the metadata JSON"}
        imgData: {type: [string, "null"], description: "standard base64: iv || ciphertext || tag of the image (captures only)"}
        documentId: {type: string, description: "the first side's documentId, on a second side only"}
    DocumentAnswer:
      type: object
      description: The Fortface guide's answer, plus documentId.
      required: [api, documentId, handshake, message, providers, sdk, title]
      properties:
        api: {type: object, properties: {timestamp: {type: integer, description: ms since 1970}, version: {type: string}}}
        documentId: {type: string}
        handshake: {type: object, properties: {sessionId: {type: string}, sessionKey: {type: string}}}
        message: {type: string}
        providers:
          type: object
          properties:
            fortfaceSdk:
              type: object
              properties:
                automatic: {type: boolean, description: captured automatically by the camera (false for uploads)}
                confidence: {type: number}
                type: {enum: [RG_FRONT, CNH_FRONT, RG_BACK, CNH_BACK, UNDEFINED, DOC_NOT_FOUND, PASSPORT]}
            identify: {type: object, properties: {status: {type: string}}}
            ocr: {type: object, properties: {status: {type: string}, type: {type: string}}}
        sdk: {type: object, properties: {brand: {type: string}, model: {type: string}, platform: {type: string}}}
        title: {type: string}
    PublicKeySet:
      type: object
      required: [signingKeyId, keys]
      properties:
        signingKeyId: {type: string, description: kid of the key that signs new tokens}
        keys:
          type: array
          items:
            type: object
            required: [kty, crv, alg, use, kid, x]
            properties:
              kty: {const: OKP}
              crv: {const: Ed25519}
              alg: {const: EdDSA}
              use: {const: sig}
              kid: {type: string}
              x: {type: string, description: raw 32-byte public key, base64url}
    ValidationRequest:
      type: object
      required: [apiKey, bundleId, nonce]
      properties:
        apiKey: {type: string, description: "fbx_live_ or fbx_test_ + 43 base64url + 4-character checksum"}
        bundleId: {type: string, maxLength: 255}
        sdkVersion: {type: string, maxLength: 64}
        platform: {type: string, maxLength: 64}
        nonce: {type: string, pattern: "^[A-Za-z0-9_-]{8,128}$"}
    ValidationResponse:
      type: object
      required: [token]
      properties:
        token:
          type: string
          description: |
            Compact JWS, typ license-validation+jwt, claims {status, keyId, bundleId, features, nonce, iat,
            cacheUntil, graceUntil} (seconds since 1970).
    Customer:
      type: object
      properties:
        id: {type: string}
        name: {type: string}
        status: {enum: [active, revoked]}
        createdAt: {type: integer}
    APIKey:
      type: object
      properties:
        id: {type: string}
        customerId: {type: string}
        mode: {enum: [live, test]}
        status: {enum: [active, suspended, revoked]}
        createdAt: {type: integer}
        apiKey: {type: string, description: Only in the answer that created the key; stored as SHA-256 only.}
    License:
      type: object
      properties:
        id: {type: string}
        customerId: {type: string}
        product: {enum: [fbx, blinkid, fortface]}
        bundleIds: {type: array, items: {type: string}}
        platforms: {type: array, items: {enum: [ios, android, linux]}}
        features: {type: array, items: {type: string}}
        issuedAt: {type: integer}
        notBefore: {type: integer}
        expiresAt: {type: integer}
        maxSdk: {type: string}
        status: {enum: [active, revoked]}
        keyId: {type: string, description: kid of the signing key}
        tokenSha256: {type: string, description: "Lowercase hex SHA-256 of the licence key (all that is stored)"}
        token: {type: string, description: "The licence key (compact JWS, typ license+jwt); only in the answer that issued the licence, never stored"}
    IssueLicenseRequest:
      type: object
      required: [product, bundleIds]
      properties:
        product: {enum: [fbx, blinkid, fortface]}
        bundleIds: {type: array, items: {type: string}, minItems: 1, maxItems: 100}
        platforms: {type: array, items: {enum: [ios, android, linux]}}
        features: {type: array, items: {type: string}}
        validDays: {type: integer, minimum: 1, maximum: 3650, default: 365}
        notBefore: {type: integer, description: seconds since 1970, default now}
        maxSdk: {type: string, default: 999.999.999}
        online:
          type: object
          properties:
            required: {type: boolean}
            ttlH: {type: integer}
            graceD: {type: integer}
    ManifestEntry:
      type: object
      properties:
        name: {type: string}
        version: {type: string}
        size: {type: integer}
        sha256: {type: string}
    Frame:
      type: object
      properties:
        sku: {type: string}
        name: {type: string}
        lensWidthMm: {type: number}
        bridgeWidthMm: {type: number}
        templeLengthMm: {type: number}
        colors:
          type: array
          items:
            type: object
            properties:
              name: {type: string}
              hex: {type: string, pattern: "^#[0-9A-Fa-f]{6}$"}
        assets:
          type: array
          items:
            type: object
            properties:
              role: {type: string}
              sha256: {type: string}
              mediaType: {type: string}
              size: {type: integer}
              url: {type: string}
paths:
  /health:
    get:
      tags: [operations]
      summary: Liveness (200 while the process runs).
      responses:
        "200": {description: Alive., content: {application/json: {schema: {$ref: "#/components/schemas/Status"}}}}
  /ready:
    get:
      tags: [operations]
      summary: Readiness (the database answers).
      responses:
        "200": {description: Ready., content: {application/json: {schema: {$ref: "#/components/schemas/Status"}}}}
        "503": {$ref: "#/components/responses/Error"}
  /metrics:
    get:
      tags: [operations]
      security: [{metricsToken: []}, {adminToken: []}, {}]
      summary: Prometheus metrics (text exposition format). Needs a bearer token unless the server is bound to loopback or started with --metrics-auth open.
      responses:
        "200": {description: Metrics., content: {text/plain: {}}}
        "401": {$ref: "#/components/responses/Error"}
  /openapi.yaml:
    get:
      tags: [operations]
      summary: This document.
      responses:
        "200": {description: The OpenAPI document., content: {application/yaml: {}}}
  /v1/keys:
    get:
      tags: [licences]
      summary: Public keys (JWK set) verifying licences, validation answers and manifests.
      responses:
        "200": {description: Keys., content: {application/json: {schema: {$ref: "#/components/schemas/PublicKeySet"}}}}
        "429": {$ref: "#/components/responses/Error"}
  /v1/licenses/validate:
    post:
      tags: [licences]
      summary: Validate an FBx-style API key for a bundle id.
      description: |
        invalidAPIKey (401) - missing, malformed, bad checksum, refused test key, revoked or suspended key or customer;
        apiKeyNotFound (404) - well formed but unknown; licenseForAPIKeyNotFound (403) - no active fbx licence
        covering the bundle id. Body at most 4096 bytes.
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/ValidationRequest"}}}
      responses:
        "200": {description: Signed answer., content: {application/json: {schema: {$ref: "#/components/schemas/ValidationResponse"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
        "415": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
  /v1/handshake:
    post:
      tags: [fortface]
      security: [{customerAPIKey: []}]
      summary: Verify a device's deviceRequestInfo and open a capture session with a single-use RSA key.
      description: |
        Checks, in order: size (16 KiB), strict base64url, ES256 / fortface-dri+jwt / v=1, the device certificate
        against the device CA, the signature, iat/exp (+-120 s), the customer's policy (app registered, env equal
        to the app's environment, no dbg in production), then consumes the token's jti (single use). Every refusal
        is 401 deviceRequestInfoRefused. 429 handshakeQuotaExceeded with Retry-After when this customer used up
        its share (a token bucket: CAPTUREKIT_FORTFACE_HANDSHAKE_RATE per second, bursts of
        CAPTUREKIT_FORTFACE_HANDSHAKE_BURST); other customers are still served. 503 sessionKeysExhausted with
        Retry-After when the shared key pool is empty (the device token is then not consumed).
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, additionalProperties: false, required: [deviceRequestInfo], properties: {deviceRequestInfo: {type: string}}}
      responses:
        "201":
          description: The session.
          content:
            application/json:
              schema:
                type: object
                properties:
                  sessionId: {type: string, description: 128 random bits, base64url}
                  sessionKey: {type: string, description: RSA-2048 SPKI PEM; pass it to the SDK exactly as received}
                  expiresAt: {type: integer, description: seconds since 1970}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
        "503": {$ref: "#/components/responses/Error"}
  /v1/documents:
    post:
      tags: [fortface]
      security: [{customerAPIKey: []}]
      summary: Submit a capture's {key, data, imgData}; classify it and consume the session.
      description: |
        Body at most 6 MiB (413 before reading). The same payload again gets the same answer; another payload on a
        consumed session is 409 sessionKeyAlreadyUsed. A second side names the first side's documentId and carries
        the first side's type as expectedType.
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/Submission"}}}
      responses:
        "200": {description: Classified., content: {application/json: {schema: {$ref: "#/components/schemas/DocumentAnswer"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
        "410": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
        "422": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
        "503": {$ref: "#/components/responses/Error"}
  /v1/metrics:
    post:
      tags: [fortface]
      security: [{customerAPIKey: []}]
      summary: Submit a cancel or timeout payload ({key, data}); it consumes the session and counts in /metrics.
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/Submission"}}}
      responses:
        "200":
          description: Recorded.
          content:
            application/json:
              schema: {type: object, properties: {sessionId: {type: string}, status: {type: string}, recorded: {type: boolean}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
        "410": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
        "422": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
  /v1/resources/manifest:
    get:
      tags: [resources]
      summary: The latest resource manifest, signed (typ resource-manifest+jwt); manifestVersion never decreases.
      responses:
        "200": {description: The compact JWS as the body (X-Manifest-Version header)., content: {application/jwt: {}}}
        "404": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
  /v1/resources/{sha256}:
    get:
      tags: [resources]
      summary: A published resource's bytes by SHA-256, with Range support.
      parameters: [{$ref: "#/components/parameters/sha256"}, {$ref: "#/components/parameters/range"}]
      responses:
        "200": {$ref: "#/components/responses/Blob"}
        "206": {$ref: "#/components/responses/PartialBlob"}
        "304": {description: If-None-Match matched.}
        "404": {$ref: "#/components/responses/Error"}
        "416": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
  /v1/frames/{sku}:
    get:
      tags: [catalog]
      summary: An eyewear frame (sizes in mm, colours, asset hashes). Unknown SKU is 404 frameNotFound; a SKU outside the rule is 400 invalidSKU.
      parameters: [{$ref: "#/components/parameters/sku"}]
      responses:
        "200": {description: The frame., content: {application/json: {schema: {$ref: "#/components/schemas/Frame"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
  /v1/frames/{sku}/assets/{sha256}:
    get:
      tags: [catalog]
      summary: One asset of a frame, with Range support.
      parameters:
        - {$ref: "#/components/parameters/sku"}
        - {$ref: "#/components/parameters/sha256"}
        - {$ref: "#/components/parameters/range"}
      responses:
        "200": {$ref: "#/components/responses/Blob"}
        "206": {$ref: "#/components/responses/PartialBlob"}
        "304": {description: If-None-Match matched.}
        "400": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "416": {$ref: "#/components/responses/Error"}
        "429": {$ref: "#/components/responses/Error"}
  /v1/admin/customers:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Create a customer.
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [name], properties: {name: {type: string}}}
      responses:
        "201": {description: Created., content: {application/json: {schema: {$ref: "#/components/schemas/Customer"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
  /v1/admin/customers/{customerId}:
    get:
      tags: [administration]
      security: [{adminToken: []}]
      summary: A customer.
      parameters: [{$ref: "#/components/parameters/customerId"}]
      responses:
        "200": {description: The customer., content: {application/json: {schema: {$ref: "#/components/schemas/Customer"}}}}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
  /v1/admin/customers/{customerId}/revoke:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Revoke a customer (its keys then answer invalidAPIKey). Idempotent.
      parameters: [{$ref: "#/components/parameters/customerId"}]
      responses:
        "200": {description: Revoked., content: {application/json: {schema: {$ref: "#/components/schemas/Customer"}}}}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
  /v1/admin/customers/{customerId}/api-keys:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Create an API key (shown once; stored as SHA-256).
      parameters: [{$ref: "#/components/parameters/customerId"}]
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, properties: {mode: {enum: [live, test], default: live}}}
      responses:
        "201": {description: Created., content: {application/json: {schema: {$ref: "#/components/schemas/APIKey"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
  /v1/admin/customers/{customerId}/licenses:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Issue a licence key (typ license+jwt, signed by the newest key). Answered after commit; the key is shown this once (stored as SHA-256 only).
      parameters: [{$ref: "#/components/parameters/customerId"}]
      requestBody:
        required: true
        content: {application/json: {schema: {$ref: "#/components/schemas/IssueLicenseRequest"}}}
      responses:
        "201": {description: Issued., content: {application/json: {schema: {$ref: "#/components/schemas/License"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
  /v1/admin/api-keys/{keyId}:
    get:
      tags: [administration]
      security: [{adminToken: []}]
      summary: An API key's state (never the key).
      parameters: [{$ref: "#/components/parameters/keyId"}]
      responses:
        "200": {description: The key., content: {application/json: {schema: {$ref: "#/components/schemas/APIKey"}}}}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
  /v1/admin/api-keys/{keyId}/status:
    put:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Suspend, resume or revoke an API key (revocation is final).
      parameters: [{$ref: "#/components/parameters/keyId"}]
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [status], properties: {status: {enum: [active, suspended, revoked]}}}
      responses:
        "200": {description: Updated., content: {application/json: {schema: {$ref: "#/components/schemas/APIKey"}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
  /v1/admin/licenses/{licenseId}:
    get:
      tags: [administration]
      security: [{adminToken: []}]
      summary: A licence, with its key's SHA-256 (never the key).
      parameters: [{$ref: "#/components/parameters/licenseId"}]
      responses:
        "200": {description: The licence., content: {application/json: {schema: {$ref: "#/components/schemas/License"}}}}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
  /v1/admin/licenses/{licenseId}/revoke:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Revoke a licence (validation stops counting it). Idempotent.
      parameters: [{$ref: "#/components/parameters/licenseId"}]
      responses:
        "200": {description: Revoked., content: {application/json: {schema: {$ref: "#/components/schemas/License"}}}}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
  /v1/admin/blobs:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Upload bytes (a resource or a frame asset); the Content-Type is kept as the media type.
      requestBody:
        required: true
        content: {application/octet-stream: {}}
      responses:
        "201":
          description: Stored (or already there).
          content:
            application/json:
              schema:
                type: object
                properties: {sha256: {type: string}, size: {type: integer}, mediaType: {type: string}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
  /v1/admin/resources:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Publish an uploaded blob as resource name/version; the manifest version increases by one.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name, version, sha256]
              properties: {name: {type: string}, version: {type: string}, sha256: {type: string}}
      responses:
        "201":
          description: Published.
          content:
            application/json:
              schema:
                type: object
                properties:
                  manifestVersion: {type: integer}
                  resources: {type: array, items: {$ref: "#/components/schemas/ManifestEntry"}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
        "422": {$ref: "#/components/responses/Error"}
  /v1/admin/devices:
    post:
      tags: [administration, fortface]
      security: [{adminToken: []}]
      summary: Simulated device provisioning - certify a device's P-256 public key for an app (device CA, EdDSA).
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [publicKey, app], properties: {publicKey: {type: string, description: SPKI PEM}, app: {type: string}}}
      responses:
        "201":
          description: The device certificate.
          content:
            application/json:
              schema: {type: object, properties: {kid: {type: string}, certificate: {type: string}, expiresAt: {type: integer}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
  /v1/admin/customers/{customerId}/fortface-apps:
    post:
      tags: [administration, fortface]
      security: [{adminToken: []}]
      summary: Register (or re-register) an app id for a customer, in the sandbox or production environment.
      parameters: [{$ref: "#/components/parameters/customerId"}]
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [appId, environment], properties: {appId: {type: string}, environment: {enum: [sandbox, production]}}}
      responses:
        "201":
          description: Registered.
          content:
            application/json:
              schema: {type: object, properties: {customerId: {type: string}, appId: {type: string}, environment: {type: string}, createdAt: {type: integer}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "404": {$ref: "#/components/responses/Error"}
        "409": {$ref: "#/components/responses/Error"}
  /v1/admin/frames:
    post:
      tags: [administration]
      security: [{adminToken: []}]
      summary: Import (insert or replace by SKU) up to 1000 frames whose assets were uploaded as blobs.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [frames]
              properties:
                frames:
                  type: array
                  items:
                    type: object
                    required: [sku, name, lensWidthMm, bridgeWidthMm, templeLengthMm, colors, assets]
                    properties:
                      sku: {type: string, description: "the resource-name rule (see the sku parameter); otherwise 400 invalidSKU"}
                      name: {type: string}
                      lensWidthMm: {type: number}
                      bridgeWidthMm: {type: number}
                      templeLengthMm: {type: number}
                      colors: {type: array, items: {type: object, properties: {name: {type: string}, hex: {type: string}}}}
                      assets: {type: array, items: {type: object, properties: {role: {type: string}, sha256: {type: string}}}}
      responses:
        "200":
          description: Imported.
          content: {application/json: {schema: {type: object, properties: {imported: {type: integer}}}}}
        "400": {$ref: "#/components/responses/Error"}
        "401": {$ref: "#/components/responses/Error"}
        "403": {$ref: "#/components/responses/Error"}
        "413": {$ref: "#/components/responses/Error"}
        "422": {$ref: "#/components/responses/Error"}
"""#
}
