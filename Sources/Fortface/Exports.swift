// The CaptureCore types that appear in Fortface's public API (the Linux camera provider),
// re-exported so that integrators need only `import Fortface`.
@_exported import struct CaptureCore.FFmpegVideoSource
@_exported import struct CaptureCore.Frame
@_exported import protocol CaptureCore.FrameSource
@_exported import enum CaptureCore.FrameSourceError
@_exported import struct CaptureCore.ImageFilesSource
@_exported import struct CaptureCore.RGBAImage
