/// The kinds of motion and disturbance a generated face sequence goes through.
package enum FaceSequenceSegment: String, Sendable, CaseIterable, Codable {
    /// The face holds still at the centre (jitter is measured here).
    case still
    /// The face moves along a figure-of-eight across the frame.
    case translation
    /// The head rolls to +25° and −25°.
    case roll
    /// The face grows to 1.4 and shrinks to 0.6 of its size.
    case scale
    /// The face leaves the frame to the right, stays out, and comes back.
    case exit
    /// A hand-sized occluder (0.6 x 0.7 face sizes) sweeps across the lower face, over the nose,
    /// mouth and chin: up to about 40% of the face square is hidden.
    case occlusion
    /// The light drops to 30% with stronger sensor noise, then comes back.
    case lowLight
    /// Camera shake: random jumps of up to ±12 px and ±3° every frame.
    case shake
}
