internal import CCairo
import CaptureCore

/// Namespace for seeded synthetic material (documents, glyphs) used by tests, eval and training.
package enum DocumentSynthesis {}
