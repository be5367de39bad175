import CaptureCore
package import Crypto
import Foundation

/// Certificates a ``DeviceTokenVerifier`` has already verified, so that a device's second and later
/// tokens skip the certificate's Ed25519 signature check, its JSON and its key parsing.
///
/// A device sends the same certificate with every token until it is provisioned again, and the
/// server's profile put half of a handshake's token verification in checking that certificate anew.
/// Only certificates that verified are kept, keyed by their exact compact text, so a hit is the same
/// bytes that passed the checks before; the validity window is checked again at every use, so an
/// expired certificate is refused from the cache exactly as without it. The cache is bounded: when it
/// is full, the oldest entry gives way. Use one cache with one device CA keyring only.
package final class DeviceCertificateCache: Sendable {
    /// A verified certificate: its claims and the device public key they carry.
    package struct Entry: Sendable {
        /// The certificate's claims.
        package var claims: DeviceCertificate.Claims
        /// The certified device key.
        package var publicKey: P256.Signing.PublicKey
    }

    private struct Storage {
        var entries: [String: Entry] = [:]
        /// Keys in insertion order, used as a ring once the cache is full.
        var order: [String] = []
        var oldest = 0
        var hits = 0
        var misses = 0
    }

    /// The most certificates kept.
    package let capacity: Int
    private let storage = Locked(Storage())

    /// A cache of at most `capacity` certificates (at least 1; certificates are at most 4 KiB each).
    package init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// The verified entry for exactly `certificate`, if it is cached.
    package func entry(for certificate: String) -> Entry? {
        storage.withLock { storage in
            let entry = storage.entries[certificate]
            if entry == nil { storage.misses += 1 } else { storage.hits += 1 }
            return entry
        }
    }

    /// Keeps `entry` for `certificate`, evicting the oldest entry when the cache is full.
    package func insert(_ entry: Entry, for certificate: String) {
        storage.withLock { storage in
            if storage.entries.updateValue(entry, forKey: certificate) != nil { return }
            if storage.order.count < capacity {
                storage.order.append(certificate)
                return
            }
            storage.entries.removeValue(forKey: storage.order[storage.oldest])
            storage.order[storage.oldest] = certificate
            storage.oldest = (storage.oldest + 1) % capacity
        }
    }

    /// How many certificates are cached.
    package var count: Int { storage.withLock { $0.entries.count } }

    /// Lookups answered from the cache and lookups that were not, since the cache was made.
    package var statistics: (hits: Int, misses: Int) { storage.withLock { ($0.hits, $0.misses) } }
}
