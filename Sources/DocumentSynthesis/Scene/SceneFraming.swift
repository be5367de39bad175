/// Where the tuning family puts the document relative to the frame, for the capture-status rules to
/// be decided on frames that deserve every status (``TrueCaptureStatus``), not only `success`.
///
/// | framing | placement |
/// | --- | --- |
/// | ``inside`` | the whole document inside the frame, at least 2% of the shorter side from every border |
/// | ``partial`` | 10–45% of its extent beyond one border |
/// | ``overfilled`` | projected width 95–130% of the frame's: too close to be seen whole, cut or not |
/// | ``steep`` | inside, tilted 36–52° (the tier's rotation and size) |
/// | ``nearEdge`` | inside, its nearest corner 0.2–1.8% of the shorter side from a border |
///
/// ``inside`` and ``partial`` draw exactly as the composer did before framings existed, so every frame
/// of the tiers' evaluations stays what it was.
package enum SceneFraming: String, Sendable, Codable, CaseIterable {
    case inside
    case partial
    case overfilled
    case steep
    case nearEdge

    /// The mix of `capkit eval`'s tuning placement line: a third inside, the rest spread over the
    /// framings that deserve another status.
    package static let placementMix: [(SceneFraming, Double)] = [
        (.inside, 0.32), (.partial, 0.2), (.overfilled, 0.16), (.steep, 0.16), (.nearEdge, 0.16),
    ]

    /// The framing of the placement mix for the frame of `seed` (its own stream: the frame's other
    /// draws are those of the framing alone).
    package static func placement(seed: UInt64) -> SceneFraming {
        var random = SeededGenerator(seed: seed ^ 0x5CE4_F2A1_9B3D_0C77)
        return random.pick(placementMix.map(\.0), weights: placementMix.map(\.1))
    }

    /// Tilt range of ``steep`` frames, degrees.
    static let steepTiltDegrees = 36.0...52.0
    /// Projected width of ``overfilled`` documents over the frame width.
    static let overfilledWidthFraction = 0.95...1.3
    /// Distance of a ``nearEdge`` document's nearest corner from the border, share of the shorter side.
    static let nearEdgeMarginFraction = 0.002...0.018
}
