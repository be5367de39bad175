/// How a frame's rims are coloured.
package enum FrameFinish: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// One colour with a soft top-to-bottom shade (acetate).
    case solid
    /// Mottled tortoiseshell: dark patches over the frame colour.
    case tortoise
    /// Thin metal with a bright sheen along the top of each wire.
    case metal
}
