import Foundation

/// The device as the payload and the `deviceRequestInfo` describe it (brand, model, platform, OS).
package struct DeviceDescription: Sendable, Equatable {
    package var brand: String
    package var model: String
    package var platform: String
    package var osVersion: String

    package init(brand: String, model: String, platform: String, osVersion: String) {
        self.brand = brand
        self.model = model
        self.platform = platform
        self.osVersion = osVersion
    }

    /// This machine. On Linux the model is the CPU architecture and the OS version the kernel's.
    package static let current: DeviceDescription = {
        #if canImport(UIKit)
        return DeviceDescription(
            brand: "APPLE", model: "IPHONE", platform: "IOS",
            osVersion: ProcessInfo.processInfo.operatingSystemVersionString)
        #else
        var name = utsname()
        uname(&name)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return DeviceDescription(
            brand: "LINUX", model: field(name.machine).uppercased(), platform: "LINUX",
            osVersion: field(name.release))
        #endif
    }()
}
