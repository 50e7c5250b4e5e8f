// The model chosen explicitly for this run: `--model`, `LYRA_MODEL`, or `/model M` (which wins
// over the session's saved model until the run ends). Kept by AppServices across reloads.
import Foundation
import LyraKit

/// This run's explicit model choice, if any.
@MainActor
final class ModelChoice {
    /// The model text as given (`PROVIDER:MODEL` or a bare model).
    var chosen: String?
}
