// The secrets of this run — the app token, every provider's API key, the Apphud key — kept so that
// every error message can be masked in one place (`ErrorText` in the terminal), whichever layer
// made it and whatever a server echoed back into it.
import Synchronization

/// The secrets Lyra holds in this process, for masking error text.
public enum KnownSecrets {
    private static let secrets = Mutex<Set<String>>([])

    /// Adds `values` (nil and empty ones are skipped); they stay known for the rest of the run.
    public static func register(_ values: some Sequence<String?>) {
        let new = values.compactMap { $0 }.filter { !$0.isEmpty }
        guard !new.isEmpty else { return }
        secrets.withLock { $0.formUnion(new) }
    }

    /// `text` with every known secret masked (see ``SecretText/redacting(_:in:)``), longest first so a
    /// secret that contains another is masked whole.
    public static func redacting(in text: String) -> String {
        let known = secrets.withLock { $0 }
        guard !known.isEmpty else { return text }
        return known.sorted { $0.count > $1.count }.reduce(text) { SecretText.redacting($1, in: $0) }
    }
}
