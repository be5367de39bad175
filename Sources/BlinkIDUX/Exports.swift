// BlinkIDUX is used together with BlinkID (the SDK, sessions, camera frames, results), so importing
// BlinkIDUX alone is enough, as in the guide's examples.
@_exported import BlinkID
