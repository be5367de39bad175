import CaptureCore
import DocumentEngine

/// Version of the BlinkID module.
public let blinkIDVersion = "0.1.0"
