// The CaptureCore types that appear in BlinkID's public API, re-exported so that integrators need
// only `import BlinkID` (each import names one declaration; nothing else of CaptureCore leaks).
@_exported import struct CaptureCore.GrayImage
@_exported import enum CaptureCore.ImageCodec
@_exported import enum CaptureCore.ImageError
@_exported import enum CaptureCore.LicenseError
@_exported import struct CaptureCore.RGBA
@_exported import struct CaptureCore.RGBAImage
@_exported import enum CaptureCore.ResourceDownloaderError
